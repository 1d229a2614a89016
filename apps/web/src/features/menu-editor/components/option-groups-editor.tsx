import { useTranslation } from '../../../i18n/react.tsx';
import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { Plus, Trash2 } from 'lucide-react';
import { ALLERGEN_TAGS, PREFERENCE_TAGS, tagsToOffer, toggleAllergen } from '../lib/dietary-tags.ts';
import { TEMP_ID_PREFIX, type ProductFormValues } from '../lib/product-form-model.ts';
import { DietaryChips } from './dietary-chips.tsx';
import { errorText, Field, inputClass, secondaryButton, useFieldError } from '../../../components/staff/ui.tsx';

let tempCounter = 0;
/** A temporary id for a new variation (`new-<n>`), unique in this page: the groups refer to it. */
export function nextTempId(taken: readonly string[]): string {
  let id: string;
  do {
    tempCounter += 1;
    id = `${TEMP_ID_PREFIX}${tempCounter}`;
  } while (taken.includes(id));
  return id;
}

/** Variations: name, price difference and their own dietary tags. */
export function VariationsEditor({ currencyHint }: { currencyHint: string }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const { control, register, formState, getValues, setValue } = useFormContext<ProductFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'variations', keyName: 'fieldKey' });
  const errors = formState.errors.variations;

  const removeAt = (index: number) => {
    const key = getValues(`variations.${index}.key`);
    // A removed option leaves the groups it was in.
    getValues('groups').forEach((g, gi) => {
      if (g.variationKeys.includes(key)) {
        setValue(
          `groups.${gi}.variationKeys`,
          g.variationKeys.filter((k) => k !== key),
          { shouldDirty: true },
        );
      }
    });
    remove(index);
  };

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-base font-semibold">{t('admin.productForm.options')}</legend>
      <p className="text-sm text-muted">{t('admin.productForm.optionsHint')}</p>
      {fields.length > 0 ? (
        <ol className="@container flex flex-col gap-3">
          {fields.map((field, index) => (
            <li key={field.fieldKey} className="flex flex-col gap-3 rounded-xl border border-line p-3">
              <div className="grid gap-3 @lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto] @lg:items-start">
                <Field
                  label={t('admin.productForm.optionName', { n: index + 1 })}
                  error={fieldError(errors?.[index]?.name?.message)}
                >
                  {({ id, describedBy, invalid }) => (
                    <input
                      id={id}
                      className={inputClass}
                      aria-describedby={describedBy}
                      aria-invalid={invalid || undefined}
                      {...register(`variations.${index}.name`)}
                    />
                  )}
                </Field>
                <Field
                  label={t('admin.productForm.priceDifference')}
                  hint={currencyHint}
                  error={fieldError(errors?.[index]?.priceDiff?.message)}
                >
                  {({ id, describedBy, invalid }) => (
                    <input
                      id={id}
                      inputMode="decimal"
                      placeholder="0.00"
                      className={inputClass}
                      aria-describedby={describedBy}
                      aria-invalid={invalid || undefined}
                      {...register(`variations.${index}.priceDiff`)}
                    />
                  )}
                </Field>
                <button
                  type="button"
                  className={`${secondaryButton} @lg:mt-6`}
                  onClick={() => removeAt(index)}
                  aria-label={t('admin.productForm.removeOption', { name: field.name || index + 1 })}
                >
                  <Trash2 aria-hidden="true" className="size-5" />
                </button>
              </div>
              <details className="group">
                <summary className="min-h-11 cursor-pointer py-2 text-sm font-semibold">
                  {t('admin.productForm.optionDietary')}
                </summary>
                <div className="flex flex-col gap-3 pt-2">
                  <Controller
                    control={control}
                    name={`variations.${index}.preferences`}
                    render={({ field: f }) => (
                      <DietaryChips
                        label={t('admin.productForm.preferences')}
                        tags={tagsToOffer(PREFERENCE_TAGS, f.value)}
                        value={f.value}
                        onChange={f.onChange}
                      />
                    )}
                  />
                  <Controller
                    control={control}
                    name={`variations.${index}.allergenes`}
                    render={({ field: f }) => (
                      <DietaryChips
                        label={t('admin.productForm.allergens')}
                        tags={tagsToOffer(ALLERGEN_TAGS, f.value)}
                        value={f.value}
                        onChange={f.onChange}
                        toggle={toggleAllergen}
                      />
                    )}
                  />
                </div>
              </details>
            </li>
          ))}
        </ol>
      ) : null}
      <button
        type="button"
        className={`${secondaryButton} self-start`}
        onClick={() =>
          append(
            {
              key: nextTempId(getValues('variations').map((v) => v.key)),
              name: '',
              priceDiff: '',
              preferences: [],
              allergenes: [],
            },
            { shouldFocus: true },
          )
        }
      >
        <Plus aria-hidden="true" className="size-5" />
        {t('admin.productForm.addOption')}
      </button>
    </fieldset>
  );
}

let groupCounter = 0;

/** Option groups: name, min and max, and which options belong to each (an option to one group at most). */
export function GroupsEditor() {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const { control, register, formState, getValues, setValue } = useFormContext<ProductFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'groups', keyName: 'fieldKey' });
  const variations = useWatch({ control, name: 'variations' });
  const groups = useWatch({ control, name: 'groups' });
  const errors = formState.errors.groups;

  const setMember = (groupIndex: number, key: string, member: boolean) => {
    const all = getValues('groups');
    all.forEach((g, gi) => {
      const has = g.variationKeys.includes(key);
      if (gi === groupIndex && member && !has) {
        setValue(`groups.${gi}.variationKeys`, [...g.variationKeys, key], {
          shouldDirty: true,
          shouldValidate: formState.isSubmitted,
        });
      } else if ((gi !== groupIndex && member && has) || (gi === groupIndex && !member && has)) {
        setValue(
          `groups.${gi}.variationKeys`,
          g.variationKeys.filter((k) => k !== key),
          { shouldDirty: true, shouldValidate: formState.isSubmitted },
        );
      }
    });
  };

  const preset = (index: number, min: number, max: number) => {
    setValue(`groups.${index}.min`, min, { shouldDirty: true, shouldValidate: formState.isSubmitted });
    setValue(`groups.${index}.max`, max, { shouldDirty: true, shouldValidate: formState.isSubmitted });
  };

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-base font-semibold">{t('admin.productForm.groups')}</legend>
      <p className="text-sm text-muted">{t('admin.productForm.groupsHint')}</p>
      {fields.length > 0 ? (
        <ol className="flex flex-col gap-3">
          {fields.map((field, index) => {
            const group = groups[index];
            const required = (group?.min ?? 0) >= 1;
            const membersError = fieldError(
              errors?.[index]?.variationKeys?.message ?? errors?.[index]?.variationKeys?.root?.message,
            );
            return (
              <li key={field.fieldKey} className="flex flex-col gap-3 rounded-xl border border-line p-3">
                <div className="flex flex-wrap items-start gap-3">
                  <Field
                    className="min-w-48 flex-1"
                    label={t('admin.productForm.groupName', { n: index + 1 })}
                    error={fieldError(errors?.[index]?.name?.message)}
                  >
                    {({ id, describedBy, invalid }) => (
                      <input
                        id={id}
                        className={inputClass}
                        placeholder={t('admin.productForm.groupNamePlaceholder')}
                        aria-describedby={describedBy}
                        aria-invalid={invalid || undefined}
                        {...register(`groups.${index}.name`)}
                      />
                    )}
                  </Field>
                  <button
                    type="button"
                    className={`${secondaryButton} mt-6`}
                    onClick={() => remove(index)}
                    aria-label={t('admin.productForm.removeGroup', { name: group?.name || index + 1 })}
                  >
                    <Trash2 aria-hidden="true" className="size-5" />
                  </button>
                </div>
                <div className="flex flex-wrap items-start gap-3">
                  <Field
                    className="w-28"
                    label={t('admin.productForm.min')}
                    error={fieldError(errors?.[index]?.min?.message)}
                  >
                    {({ id, describedBy, invalid }) => (
                      <input
                        id={id}
                        type="number"
                        min={0}
                        inputMode="numeric"
                        className={inputClass}
                        aria-describedby={describedBy}
                        aria-invalid={invalid || undefined}
                        {...register(`groups.${index}.min`, { valueAsNumber: true })}
                      />
                    )}
                  </Field>
                  <Field
                    className="w-28"
                    label={t('admin.productForm.max')}
                    error={fieldError(errors?.[index]?.max?.message)}
                  >
                    {({ id, describedBy, invalid }) => (
                      <input
                        id={id}
                        type="number"
                        min={1}
                        inputMode="numeric"
                        className={inputClass}
                        aria-describedby={describedBy}
                        aria-invalid={invalid || undefined}
                        {...register(`groups.${index}.max`, { valueAsNumber: true })}
                      />
                    )}
                  </Field>
                  <div className="flex flex-col gap-1 pt-6">
                    <span
                      className={`inline-flex min-h-8 items-center rounded-full px-3 text-sm font-semibold ${
                        required ? 'bg-brand text-brand-contrast' : 'bg-surface-2 text-muted'
                      }`}
                    >
                      {required ? t('admin.productForm.required') : t('admin.productForm.optional')}
                    </span>
                  </div>
                </div>
                <div className="flex flex-wrap gap-2" role="group" aria-label={t('admin.productForm.presets')}>
                  <button type="button" className={secondaryButton} onClick={() => preset(index, 1, 1)}>
                    {t('admin.productForm.presetExactlyOne')}
                  </button>
                  <button
                    type="button"
                    className={secondaryButton}
                    onClick={() => preset(index, 0, Math.max(1, group?.variationKeys.length ?? 1))}
                  >
                    {t('admin.productForm.presetAny')}
                  </button>
                </div>
                <fieldset className="flex flex-col gap-1">
                  <legend className="mb-1 text-sm font-semibold">{t('admin.productForm.groupMembers')}</legend>
                  {variations.length === 0 ? (
                    <p className="text-sm text-muted">{t('admin.productForm.noOptionsYet')}</p>
                  ) : (
                    <ul className="flex flex-wrap gap-x-4">
                      {variations.map((v, vi) => {
                        const inGroup = group?.variationKeys.includes(v.key) ?? false;
                        const elsewhere = groups.findIndex((g, gi) => gi !== index && g.variationKeys.includes(v.key));
                        return (
                          <li key={v.key}>
                            <label className="flex min-h-11 items-center gap-2">
                              <input
                                type="checkbox"
                                className="size-5 accent-[var(--brand)]"
                                checked={inGroup}
                                onChange={(e) => setMember(index, v.key, e.target.checked)}
                              />
                              <span>
                                {v.name || t('admin.productForm.unnamedOption', { n: vi + 1 })}
                                {elsewhere >= 0 && !inGroup ? (
                                  <span className="text-sm text-muted">
                                    {' '}
                                    (
                                    {t('admin.productForm.inGroup', { name: groups[elsewhere]?.name || elsewhere + 1 })}
                                    )
                                  </span>
                                ) : null}
                              </span>
                            </label>
                          </li>
                        );
                      })}
                    </ul>
                  )}
                  {membersError ? <p className={errorText}>{membersError}</p> : null}
                </fieldset>
              </li>
            );
          })}
        </ol>
      ) : null}
      <button
        type="button"
        className={`${secondaryButton} self-start`}
        onClick={() => {
          groupCounter += 1;
          append(
            { key: `group-new-${groupCounter}`, id: null, name: '', min: 0, max: 1, variationKeys: [] },
            { shouldFocus: true },
          );
        }}
      >
        <Plus aria-hidden="true" className="size-5" />
        {t('admin.productForm.addGroup')}
      </button>
    </fieldset>
  );
}
