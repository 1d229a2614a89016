import { useTranslation } from '../../../i18n/react.tsx';
import { Check } from 'lucide-react';
import { capitalise } from '@carte/domain/dietary';
import { iconFor } from '../../../components/product/dietary-icons.tsx';

/**
 * Dietary tags as toggle chips (aria-pressed), with the product card's icons: what staff pick is
 * exactly what guests will see. Tags the product has outside the known list stay offered.
 */
export function DietaryChips({
  label,
  tags,
  value,
  onChange,
  toggle = (current, tag) => (current.includes(tag) ? current.filter((v) => v !== tag) : [...current, tag]),
  disabled = false,
}: {
  label: string;
  tags: readonly string[];
  value: readonly string[];
  onChange: (next: string[]) => void;
  /** The list after a chip is pressed (allergens: `none` and an allergen exclude each other). */
  toggle?: (current: readonly string[], tag: string) => string[];
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const name = (tag: string) => (i18n.exists(`dietary.${tag}`) ? t(`dietary.${tag}`) : capitalise(tag));
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-semibold">{label}</legend>
      <ul className="flex flex-wrap gap-2">
        {tags.map((tag) => {
          const on = value.includes(tag);
          const Icon = iconFor(tag);
          return (
            <li key={tag}>
              <button
                type="button"
                aria-pressed={on}
                disabled={disabled}
                onClick={() => onChange(toggle(value, tag))}
                className={`inline-flex min-h-11 items-center gap-1.5 rounded-full border px-3 text-sm font-medium disabled:opacity-60 ${
                  on
                    ? 'border-transparent bg-brand text-brand-contrast'
                    : 'border-line bg-surface text-fg hover:bg-surface-2'
                }`}
              >
                {on ? <Check aria-hidden="true" className="size-4" /> : null}
                {Icon ? <Icon aria-hidden="true" className="size-4" strokeWidth={1.75} /> : null}
                {name(tag)}
              </button>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
