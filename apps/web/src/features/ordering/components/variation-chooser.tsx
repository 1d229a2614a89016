import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from '../../../i18n/react.tsx';
import type { TFunction } from '../../../i18n/translator.ts';
import { Minus, Plus } from '../../../components/ui/icons.tsx';
import { cartLineUnitPriceMinor, MAX_LINE_QUANTITY } from '@carte/domain/cart';
import { formatPrice, formatPriceDifference, toMinor } from '@carte/domain/money';
import {
  chosenDietary,
  charLength,
  defaultChoice,
  groupStates,
  ITEM_NOTES_MAX_LENGTH,
  toggleOption,
  type GroupRule,
  type GroupState,
} from '@carte/domain/options';
import type { PublicVariation } from '@carte/domain/public-types';
import { DietaryIcons } from '../../../components/product/dietary-icons.tsx';
import { reasonsText, SafetyNote } from '../../../components/product/safety-note.tsx';
import { useAllergyProfile } from '../../../lib/stores/allergy-profile.ts';
import { checkProductSafety, isEmptyAllergyProfile, NO_ALLERGENS, optionSafetyReasons } from '@carte/domain/allergens';
import { primaryButton, SheetDialog } from '../../../components/ui/sheet-dialog.tsx';
import type { AddableProduct } from '../hooks/use-cart-actions.ts';

/** A group's rule in the interface language ("Choose 1", "Choose up to 3"), from the domain's groupRule. */
function ruleText(t: TFunction, rule: GroupRule): string {
  switch (rule.kind) {
    case 'exactly':
      return t('cart.ruleExactly', { n: rule.count });
    case 'atLeast':
      return t('cart.ruleAtLeast', { n: rule.count });
    case 'upTo':
      return t('cart.ruleUpTo', { n: rule.count });
    case 'between':
      return t('cart.ruleBetween', { min: rule.min, max: rule.max });
  }
}

function listOf(names: string[], language: string): string {
  try {
    return new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(names);
  } catch {
    return names.join(', ');
  }
}

/** The first `max` characters (code points) of a text, so a surrogate pair is never cut in half. */
function clip(text: string, max: number): string {
  return [...text].slice(0, max).join('');
}

/**
 * Choosing a product's options (architecture.md 4.3): each group a fieldset with its rule, a
 * one-choice group as radio buttons, the others as checkboxes that stop at the group's max; free
 * extras as checkboxes; a note for the kitchen. "Add" waits until every group is satisfied and says
 * which are still open. The rules are the domain's (groupStates, toggleOption), as on the server.
 */
export default function VariationChooser({
  product,
  currency,
  onClose,
  onAdd,
}: {
  product: AddableProduct;
  currency: string;
  onClose: () => void;
  onAdd: (variationIds: string[], quantity: number, notes: string | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [chosen, setChosen] = useState<string[]>(() => defaultChoice(product));
  const [quantity, setQuantity] = useState(1);
  const [notes, setNotes] = useState('');
  const [clipped, setClipped] = useState(false);
  const uid = useId();

  const groups = product.variationGroups ?? [];
  const states = groupStates(product, chosen);
  const grouped = new Set(groups.flatMap((g) => g.variationIds));
  const byId = new Map(product.variations.map((v) => [v.id, v]));
  const extras = product.variations.filter((v) => !grouped.has(v.id));
  const selected = product.variations.filter((v) => chosen.includes(v.id));
  const unit = cartLineUnitPriceMinor({
    product: { id: product.id, name: product.name, price: product.price },
    variations: selected,
  });
  const total = formatPrice(unit * quantity, currency, language);
  const open = states.filter((s) => !s.satisfied);
  const reason =
    open.length > 0
      ? t('cart.stillToChoose', {
          groups: listOf(
            open.map((s) => s.group.name),
            language,
          ),
        })
      : null;
  const reasonId = `${uid}-reason`;
  const notesId = `${uid}-notes`;
  const counterId = `${uid}-counter`;
  const dietary = chosenDietary(product, selected);
  const headerTags = [...dietary.preferences, ...dietary.allergenes.filter((a) => a !== NO_ALLERGENS)];
  // The guest's allergy profile (menu filter or chat): the dish as chosen, and each option's own reasons.
  const profile = useAllergyProfile((s) => s.profile);
  const hideUnsafe = useAllergyProfile((s) => s.hideUnsafe);
  const filtering = !isEmptyAllergyProfile(profile);
  const safety = filtering ? checkProductSafety(product, selected, profile) : null;
  const optionWarning = (v: PublicVariation): string | null => {
    if (!filtering) return null;
    const reasons = optionSafetyReasons(v, profile);
    return reasons.length ? t('allergy.optionUnsafe', { reasons: reasonsText(t, reasons) }) : null;
  };

  const toggle = (id: string) => setChosen((c) => toggleOption(product, c, id));
  const clearGroup = (ids: readonly string[]) => setChosen((c) => c.filter((id) => !ids.includes(id)));
  const onNotes = (event: ChangeEvent<HTMLTextAreaElement>) => {
    const text = event.target.value;
    const tooLong = charLength(text) > ITEM_NOTES_MAX_LENGTH;
    setClipped(tooLong);
    setNotes(tooLong ? clip(text, ITEM_NOTES_MAX_LENGTH) : text);
  };

  const option = (v: PublicVariation, type: 'radio' | 'checkbox', name: string | undefined, state?: GroupState) => {
    const checked = chosen.includes(v.id);
    const disabled = type === 'checkbox' && !checked && Boolean(state?.full);
    const warning = optionWarning(v);
    // Hidden on request, but never an option already chosen nor one of a group the guest must answer.
    if (warning && hideUnsafe && !checked && !state?.required) return null;
    return (
      <OptionRow
        warning={warning}
        key={v.id}
        variation={v}
        type={type}
        name={name}
        checked={checked}
        disabled={disabled}
        onChange={() => (type === 'radio' && checked ? undefined : toggle(v.id))}
        difference={
          (v.price_variation ?? 0) !== 0 ? formatPriceDifference(toMinor(v.price_variation), currency, language) : null
        }
      />
    );
  };

  const step = 'inline-flex size-11 items-center justify-center rounded-full border border-line disabled:opacity-40';
  return (
    <SheetDialog
      open
      onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}
      title={product.name}
      description={t('cart.chooseVariations')}
      closeLabel={t('dialog.close')}
      footer={
        <div className="flex flex-col gap-2">
          <p id={reasonId} aria-live="polite" className="text-sm font-medium text-fg empty:sr-only">
            {reason}
          </p>
          <div className="flex items-center gap-3">
            <div className="flex items-center gap-1" role="group" aria-label={t('cart.quantity')}>
              <button
                type="button"
                className={step}
                aria-label={t('cart.decrease', { name: product.name })}
                disabled={quantity <= 1}
                onClick={() => setQuantity((q) => Math.max(1, q - 1))}
              >
                <Minus aria-hidden="true" className="size-4" />
              </button>
              <span className="w-7 text-center font-semibold tabular-nums" aria-live="polite">
                {quantity}
              </span>
              <button
                type="button"
                className={step}
                aria-label={t('cart.increase', { name: product.name })}
                disabled={quantity >= MAX_LINE_QUANTITY}
                onClick={() => setQuantity((q) => Math.min(MAX_LINE_QUANTITY, q + 1))}
              >
                <Plus aria-hidden="true" className="size-4" />
              </button>
            </div>
            <button
              type="button"
              className={`${primaryButton} !px-3 whitespace-nowrap`}
              disabled={reason !== null}
              aria-describedby={reason ? reasonId : undefined}
              onClick={() => onAdd(chosen, quantity, notes.trim() ? notes.trim() : null)}
            >
              {t('cart.addWithTotal', { total })}
            </button>
          </div>
        </div>
      }
    >
      <div className="flex flex-col gap-4">
        {headerTags.length > 0 || safety ? (
          // Stays in sight while the options scroll: it changes with what is chosen.
          <div className="sticky top-0 z-10 -mt-1 -mb-2 flex flex-col gap-1 bg-surface pb-2" aria-live="polite">
            <DietaryIcons ids={headerTags} />
            {safety ? <SafetyNote safety={safety} /> : null}
          </div>
        ) : null}
        {states.map((state) => {
          const g = state.group;
          const ruleId = `${uid}-rule-${g.id}`;
          const radio = g.max === 1;
          const name = `${uid}-group-${g.id}`;
          const options = g.variationIds.map((id) => byId.get(id)).filter((v): v is PublicVariation => Boolean(v));
          return (
            <fieldset key={g.id} aria-describedby={ruleId} className="flex flex-col gap-2">
              <legend className="mb-1 w-full">
                <span className="flex items-center justify-between gap-2">
                  <span className="font-semibold">{g.name}</span>
                  {state.required ? (
                    <span className="rounded-full border border-line bg-surface-2 px-2 py-0.5 text-xs font-semibold">
                      {t('cart.required')}
                    </span>
                  ) : null}
                </span>
              </legend>
              <p id={ruleId} className="-mt-2 text-sm text-muted">
                {ruleText(t, state.rule)}
              </p>
              {radio && !state.required ? (
                <NoneRow
                  name={name}
                  label={t('cart.none')}
                  checked={state.chosen === 0}
                  onChange={() => clearGroup(g.variationIds)}
                />
              ) : null}
              {options.map((v) => option(v, radio ? 'radio' : 'checkbox', radio ? name : undefined, state))}
            </fieldset>
          );
        })}
        {extras.length > 0 ? (
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 font-semibold">
              {groups.length > 0 ? t('cart.extras') : t('cart.variations')}
            </legend>
            {extras.map((v) => option(v, 'checkbox', undefined))}
          </fieldset>
        ) : null}
        <div className="flex flex-col gap-1">
          <label htmlFor={notesId} className="font-semibold">
            {t('cart.noteLabel')} <span className="font-normal text-muted">{t('cart.optional')}</span>
          </label>
          <textarea
            id={notesId}
            rows={2}
            value={notes}
            onChange={onNotes}
            placeholder={t('cart.notePlaceholder')}
            aria-describedby={counterId}
            className="min-h-12 w-full resize-y rounded-2xl border border-line bg-surface px-3 py-2 text-base"
          />
          <p className="flex justify-between gap-2 text-sm text-muted">
            <span role="status">{clipped ? t('cart.noteTooLong', { max: ITEM_NOTES_MAX_LENGTH }) : ''}</span>
            <span id={counterId} className="tabular-nums">
              {t('cart.noteCounter', { used: charLength(notes), max: ITEM_NOTES_MAX_LENGTH })}
            </span>
          </p>
        </div>
        <p className="flex justify-between font-semibold">
          <span>{t('cart.totalWithVariations')}</span>
          <span className="tabular-nums">{total}</span>
        </p>
      </div>
    </SheetDialog>
  );
}

const row =
  'flex min-h-12 items-center gap-3 rounded-2xl border border-line px-3 has-[:checked]:border-brand has-[:checked]:bg-surface-2 has-[:disabled]:opacity-50';

/**
 * One option: its name is the control's accessible name; its price difference describes it; its own
 * dietary icons sit beside it (outside the labels, since their hints are buttons).
 */
function OptionRow({
  variation,
  type,
  name,
  checked,
  disabled,
  onChange,
  difference,
  warning,
}: {
  variation: PublicVariation;
  type: 'radio' | 'checkbox';
  name: string | undefined;
  checked: boolean;
  disabled: boolean;
  onChange: () => void;
  difference: string | null;
  /** Why this option is not for the guest (allergy profile), or null. */
  warning: string | null;
}) {
  const id = useId();
  const tags = [...(variation.preferences ?? []), ...(variation.allergenes ?? [])];
  return (
    <div className={row}>
      <input
        id={id}
        type={type}
        name={name}
        value={variation.id}
        checked={checked}
        disabled={disabled}
        onChange={onChange}
        aria-labelledby={`${id}-name`}
        aria-describedby={difference ? `${id}-price` : undefined}
        className="size-5 shrink-0 accent-[var(--brand)]"
      />
      <label
        htmlFor={id}
        id={`${id}-name`}
        className="flex min-h-12 min-w-0 flex-1 cursor-pointer flex-col justify-center py-2"
      >
        {variation.name}
        {warning ? <span className="text-sm font-semibold text-red-700 dark:text-red-300">{warning}</span> : null}
      </label>
      {tags.length > 0 ? <DietaryIcons ids={tags} /> : null}
      {difference ? (
        <label
          htmlFor={id}
          id={`${id}-price`}
          className="cursor-pointer py-2 text-sm whitespace-nowrap text-muted tabular-nums"
        >
          {difference}
        </label>
      ) : null}
    </div>
  );
}

/** "None" in an optional one-choice group: radio buttons cannot be unticked otherwise. */
function NoneRow({
  name,
  label,
  checked,
  onChange,
}: {
  name: string;
  label: string;
  checked: boolean;
  onChange: () => void;
}) {
  const id = useId();
  return (
    <div className={row}>
      <input
        id={id}
        type="radio"
        name={name}
        value=""
        checked={checked}
        onChange={onChange}
        className="size-5 shrink-0 accent-[var(--brand)]"
      />
      <label htmlFor={id} className="flex min-h-12 flex-1 cursor-pointer items-center py-2 text-muted">
        {label}
      </label>
    </div>
  );
}
