import { useId, useState } from 'react';
import { choiceProblems, groupRule, ITEM_NOTES_MAX_LENGTH, type GroupRule } from '@carte/domain/options';
import type { PublicProduct } from '@carte/domain/public-types';
import { useTranslation } from '../../../i18n/react.tsx';
import { formatPriceDifference, toMinor } from '@carte/domain/money';
import { displayPrice } from '../../../lib/money.ts';

/** A dish's line as the waiter composed it: its options (by the guests' rules) and a note. */
export interface ChosenLine {
  variationIds: string[];
  notes: string | null;
}

/**
 * The options of a dish for a waiter's order (architecture 4.12: the same rules as guests): each
 * option group with its rule (a group of one is a radio list), the extras, a note for the kitchen;
 * "Add" stays off until every group's rule is met (the domain's `choiceProblems`, as the server checks).
 */
export function StaffOptionsPicker({
  product,
  currency,
  onAdd,
  onCancel,
}: {
  product: PublicProduct;
  currency: string;
  onAdd: (line: ChosenLine) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const ids = useId();
  const [chosen, setChosen] = useState<string[]>([]);
  const [notes, setNotes] = useState('');
  const groups = product.variationGroups ?? [];
  const grouped = new Set(groups.flatMap((g) => g.variationIds));
  const extras = product.variations.filter((v) => !grouped.has(v.id));
  const byId = new Map(product.variations.map((v) => [v.id, v]));
  const problems = choiceProblems(product, chosen);
  const unit = (product.price ?? 0) + chosen.reduce((s, id) => s + (byId.get(id)?.price_variation ?? 0), 0);
  const money = (amount: number) => displayPrice(amount, currency, i18n.language) ?? '';
  const ruleText = (rule: GroupRule) =>
    rule.kind === 'exactly'
      ? t('admin.tables.options.exactly', { count: rule.count })
      : rule.kind === 'atLeast'
        ? t('admin.tables.options.atLeast', { count: rule.count })
        : rule.kind === 'upTo'
          ? t('admin.tables.options.upTo', { count: rule.count })
          : t('admin.tables.options.between', { min: rule.min, max: rule.max });
  const optionLabel = (id: string) => {
    const v = byId.get(id);
    if (!v) return id;
    // "+€3.50", "-€1.50": the signed difference, as the guest's chooser writes it.
    return v.price_variation
      ? `${v.name} (${formatPriceDifference(toMinor(v.price_variation), currency, i18n.language)})`
      : v.name;
  };

  return (
    <section
      aria-label={t('admin.tables.options.title', { name: product.name })}
      className="flex flex-col gap-3 rounded-xl border-2 border-brand p-3"
    >
      <h3 className="text-lg font-bold">{t('admin.tables.options.title', { name: product.name })}</h3>
      {groups.map((group) => {
        const single = group.max === 1;
        const count = group.variationIds.filter((id) => chosen.includes(id)).length;
        return (
          <fieldset key={group.id} className="flex flex-col gap-1">
            <legend className="font-semibold">
              {group.name} · <span className="font-normal text-muted">{ruleText(groupRule(group))}</span>
            </legend>
            {group.variationIds.map((id) => {
              const checked = chosen.includes(id);
              return (
                <label key={id} className="flex min-h-11 items-center gap-2 text-lg">
                  <input
                    type={single ? 'radio' : 'checkbox'}
                    name={`${ids}-${group.id}`}
                    className="size-5"
                    checked={checked}
                    disabled={!single && !checked && count >= group.max}
                    onChange={() =>
                      setChosen((c) =>
                        single
                          ? [...c.filter((x) => !group.variationIds.includes(x)), id]
                          : checked
                            ? c.filter((x) => x !== id)
                            : [...c, id],
                      )
                    }
                  />
                  {optionLabel(id)}
                </label>
              );
            })}
          </fieldset>
        );
      })}
      {extras.length ? (
        <fieldset className="flex flex-col gap-1">
          <legend className="font-semibold">{t('admin.tables.options.extras')}</legend>
          {extras.map((v) => (
            <label key={v.id} className="flex min-h-11 items-center gap-2 text-lg">
              <input
                type="checkbox"
                className="size-5"
                checked={chosen.includes(v.id)}
                onChange={(e) => setChosen((c) => (e.target.checked ? [...c, v.id] : c.filter((x) => x !== v.id)))}
              />
              {optionLabel(v.id)}
            </label>
          ))}
        </fieldset>
      ) : null}
      <label className="flex flex-col gap-1 font-semibold">
        {t('admin.tables.options.note')}
        <input
          value={notes}
          maxLength={ITEM_NOTES_MAX_LENGTH}
          onChange={(e) => setNotes(e.target.value)}
          className="min-h-11 rounded-xl border-2 border-line bg-surface px-3 font-normal"
        />
      </label>
      <div className="flex flex-wrap justify-end gap-2">
        <button
          type="button"
          onClick={onCancel}
          className="inline-flex min-h-12 items-center rounded-2xl border-2 border-line px-4 text-lg font-semibold"
        >
          {t('admin.tables.options.back')}
        </button>
        <button
          type="button"
          disabled={problems.length > 0}
          onClick={() => onAdd({ variationIds: chosen, notes: notes.trim() || null })}
          className="inline-flex min-h-12 items-center rounded-2xl bg-brand px-4 text-lg font-bold text-brand-contrast disabled:opacity-60"
        >
          {t('admin.tables.options.add', { name: product.name, price: money(unit) })}
        </button>
      </div>
    </section>
  );
}
