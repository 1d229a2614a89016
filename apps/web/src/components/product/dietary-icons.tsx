import { useTranslation } from 'react-i18next';
import type { LucideIcon } from 'lucide-react';
import {
  Bean,
  BeanOff,
  Egg,
  EggOff,
  Fish,
  Flame,
  Leaf,
  Milk,
  MilkOff,
  Nut,
  Shrimp,
  TreeDeciduous,
  Vegan,
  Wheat,
  WheatOff,
} from 'lucide-react';
import { capitalise, type DietaryIcon } from '@carte/domain/dietary';
import { Hint } from '../ui/hint.tsx';

/** The one inline SVG set for the dietary identifiers of spec section 2. */
const ICONS: Record<DietaryIcon, LucideIcon> = {
  dairy: Milk,
  'dairy-free': MilkOff,
  gluten: Wheat,
  'gluten-free': WheatOff,
  egg: Egg,
  'egg-free': EggOff,
  fish: Fish,
  bean: Bean,
  'bean-free': BeanOff,
  vegetarian: Leaf,
  vegan: Vegan,
  nuts: Nut,
  'tree nuts': TreeDeciduous,
  seafood: Shrimp,
  spicy: Flame,
};

export function iconFor(id: string): LucideIcon | undefined {
  return Object.prototype.hasOwnProperty.call(ICONS, id) ? ICONS[id as DietaryIcon] : undefined;
}

/**
 * Preferences and allergens in one row: an icon for the known identifiers, the capitalised
 * identifier as text for any other. The tooltip is the translation of the identifier, shown only
 * when one exists (spec section 2); without one, the accessible name is the capitalised identifier.
 */
export function DietaryIcons({ ids }: { ids: readonly string[] }) {
  const { t, i18n } = useTranslation();
  const unique = [...new Set(ids.map((id) => id.trim().toLowerCase()).filter(Boolean))];
  if (unique.length === 0) return null;
  return (
    <ul className="flex flex-wrap items-center gap-1.5" aria-label={t('product.dietary')}>
      {unique.map((id) => {
        const key = `dietary.${id}`;
        const tooltip = !id.includes('.') && i18n.exists(key) ? t(key) : undefined;
        const Icon = iconFor(id);
        const chip = 'inline-flex h-7 items-center justify-center rounded-full bg-surface-2 text-muted';
        const content = Icon ? (
          <Icon aria-hidden="true" className="size-4" strokeWidth={1.75} />
        ) : (
          <span className="px-2 text-xs font-medium">{capitalise(id)}</span>
        );
        return (
          <li key={id} className="flex">
            {tooltip ? (
              <Hint label={tooltip} className={`${chip} ${Icon ? 'w-7' : ''}`}>
                {content}
              </Hint>
            ) : Icon ? (
              <span role="img" aria-label={capitalise(id)} className={`${chip} w-7`}>
                {content}
              </span>
            ) : (
              <span className={chip}>{content}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
