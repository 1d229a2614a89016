import { useEffect, useId, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/react.tsx';
import { Controller, FormProvider, useForm, useFormContext, useWatch, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, Plus, Save, Trash2 } from 'lucide-react';
import { currencySymbol } from '@carte/domain/money';
import type { StaffProduct } from '@carte/domain/contracts/product';
import type { PublicCategory } from '@carte/domain/public-types';
import { ProductCard } from '../../../components/product/product-card.tsx';
import { textColourOn } from '../../../lib/contrast.ts';
import { notify } from '../../../lib/toast.ts';
import { useCreateCategory, useDeleteProduct, useSaveProduct } from '../api/products.ts';
import { isApiError } from '../../../lib/api-client.ts';
import type { StaffVenueSettings } from '../../../lib/staff/venue-api.ts';
import { ALLERGEN_TAGS, PREFERENCE_TAGS, tagsToOffer, toggleAllergen } from '../lib/dietary-tags.ts';
import { serverIssueText } from '../../../lib/staff/server-issue-text.ts';
import { categoriesRate, taxRateLabel } from '../lib/tax-rate-label.ts';
import {
  changedFields,
  formPathOf,
  previewProduct,
  productFormSchema,
  toFormValues,
  toProductInput,
  type ProductFormValues,
} from '../lib/product-form-model.ts';
import { useUnsavedGuard } from '../../../lib/staff/use-unsaved-guard.ts';
import { DietaryChips } from './dietary-chips.tsx';
import { GroupsEditor, VariationsEditor } from './option-groups-editor.tsx';
import { useFieldError } from '../../../components/staff/ui.tsx';
import { PhotoField } from '../../../components/staff/photo-field.tsx';
import {
  ConfirmDialog,
  dangerButton,
  errorText,
  Field,
  inputClass,
  primaryButton,
  secondaryButton,
  Spinner,
  SwitchRow,
  useErrorText,
  useRevealedAlert,
} from '../../../components/staff/ui.tsx';

/**
 * The product form (new and edit), in sections: basics, price and options, dietary, categories,
 * photo. The product card beside it on wide screens shows what guests will see. Changes are
 * never lost silently (useUnsavedGuard); the server's field problems show next to their fields.
 */
export function ProductForm({
  venue,
  product,
  listHref,
  onDirtyChange,
}: {
  venue: StaffVenueSettings;
  product: StaffProduct | null;
  listHref: string;
  /** Told whether the form holds unsaved changes (the menu section keeps it on screen on Back). */
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const ids = useId();
  const fieldError = useFieldError();
  const explain = useErrorText();
  const rateIds = useMemo(() => venue.tax?.rates.map((r) => r.id) ?? [], [venue.tax]);
  const initial = useMemo(() => toFormValues(product, rateIds), [product, rateIds]);
  const form = useForm<ProductFormValues>({
    resolver: zodResolver(productFormSchema),
    defaultValues: initial,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { control, register, handleSubmit, formState, setError, reset } = form;
  const save = useSaveProduct(venue.id);
  const remove = useDeleteProduct(venue.id);
  const [formProblems, setFormProblems] = useState<string[]>([]);
  const problemAlert = useRevealedAlert();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const dirty = formState.isDirty && !save.isSuccess;
  const guard = useUnsavedGuard(dirty && !remove.isSuccess);
  useEffect(() => {
    onDirtyChange?.(dirty && !remove.isSuccess);
  }, [dirty, remove.isSuccess, onDirtyChange]);
  /** Leaves the form on purpose (saved, deleted or discarded): nothing to keep on screen. */
  const leave = (to?: string) => {
    onDirtyChange?.(false);
    guard.leave(to);
  };
  const askForPrice = useWatch({ control, name: 'askForPrice' });
  const symbol = currencySymbol(venue.currency);

  const onSubmit = async (next: ProductFormValues) => {
    setFormProblems([]);
    const input = toProductInput(next);
    const patch = changedFields(toProductInput(initial), input);
    if (product && Object.keys(patch).length === 0) {
      notify(t('admin.productForm.noChanges'), { kind: 'info' });
      return;
    }
    try {
      await save.mutateAsync({ id: product?.id ?? null, input, patch });
      notify(t(product ? 'admin.productForm.saved' : 'admin.productForm.created', { name: input.name }), {
        kind: 'success',
      });
      reset(next);
      leave(listHref);
    } catch (error) {
      const problems: string[] = [];
      let focused = false;
      if (isApiError(error) && error.issues.length > 0) {
        for (const issue of error.issues) {
          const path = formPathOf(issue.path);
          if (path) {
            setError(
              path as FieldPath<ProductFormValues>,
              { type: 'server', message: serverIssueText(t, issue) },
              { shouldFocus: !focused },
            );
            focused = true;
          } else problems.push(`${issue.path}: ${serverIssueText(t, issue)}`);
        }
      }
      if (!focused) problemAlert.reveal();
      setFormProblems([explain(error), ...problems]);
    }
  };

  const onDelete = async () => {
    if (!product) return;
    try {
      // mutateAsync: the answer arrives even when the list refresh has already dropped this dish.
      await remove.mutateAsync(product.id);
      setConfirmDelete(false);
      notify(t('admin.productForm.deleted', { name: product.name }), { kind: 'success' });
      leave(listHref);
    } catch (error) {
      setConfirmDelete(false);
      problemAlert.reveal();
      setFormProblems([explain(error)]);
    }
  };

  const title = product ? t('admin.productForm.editTitle', { name: product.name }) : t('admin.productForm.newTitle');

  return (
    <FormProvider {...form}>
      <section aria-labelledby={`${ids}-title`} className="flex flex-col gap-4">
        <div className="flex flex-col gap-2">
          <button
            type="button"
            onClick={() => guard.request(listHref)}
            className="inline-flex min-h-11 items-center gap-1.5 self-start rounded-lg font-semibold underline-offset-4 hover:underline"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            {t('admin.productForm.back')}
          </button>
          <h1 id={`${ids}-title`} className="text-2xl font-bold break-words">
            {title}
          </h1>
        </div>
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_320px] lg:items-start">
          <form
            noValidate
            onSubmit={handleSubmit(onSubmit)}
            className="flex min-w-0 flex-col gap-4"
            aria-labelledby={`${ids}-title`}
            // A new build's reload offer waits while this form has unsaved changes (lib/build-check.ts).
            data-unsaved={(dirty && !remove.isSuccess) || undefined}
          >
            <div id={problemAlert.id} role="alert" className="empty:hidden">
              {formProblems.length > 0 ? (
                <div className="rounded-xl border border-red-600/40 bg-red-50 px-3 py-2 text-sm font-medium text-red-800 dark:bg-red-950/40 dark:text-red-200">
                  {formProblems.map((p) => (
                    <p key={p}>{p}</p>
                  ))}
                </div>
              ) : null}
            </div>

            <Section title={t('admin.productForm.basics')}>
              <Field label={t('admin.productForm.name')} error={fieldError(formState.errors.name?.message)}>
                {({ id, describedBy, invalid }) => (
                  <input
                    id={id}
                    className={inputClass}
                    autoComplete="off"
                    aria-describedby={describedBy}
                    aria-invalid={invalid || undefined}
                    {...register('name')}
                  />
                )}
              </Field>
              <Field
                label={t('admin.productForm.description')}
                hint={t('admin.productForm.descriptionHint')}
                error={fieldError(formState.errors.description?.message)}
              >
                {({ id, describedBy, invalid }) => (
                  <textarea
                    id={id}
                    rows={3}
                    className={`${inputClass} py-2`}
                    aria-describedby={describedBy}
                    aria-invalid={invalid || undefined}
                    {...register('description')}
                  />
                )}
              </Field>
              <Controller
                control={control}
                name="status"
                render={({ field }) => (
                  <SwitchRow
                    label={t('admin.productForm.soldOut')}
                    hint={t('admin.productForm.soldOutHint')}
                    checked={field.value === 'unavailable'}
                    onChange={(on) => field.onChange(on ? 'unavailable' : 'available')}
                  />
                )}
              />
              <Controller
                control={control}
                name="recommended"
                render={({ field }) => (
                  <SwitchRow
                    label={t('admin.productForm.recommended')}
                    hint={t('admin.productForm.recommendedHint')}
                    checked={field.value}
                    onChange={field.onChange}
                  />
                )}
              />
            </Section>

            <Section title={t('admin.productForm.priceAndOptions')}>
              <Controller
                control={control}
                name="askForPrice"
                render={({ field }) => (
                  <SwitchRow
                    label={t('admin.productForm.askForPrice')}
                    hint={t('admin.productForm.askForPriceHint')}
                    checked={field.value}
                    onChange={(on) => {
                      field.onChange(on);
                      if (on) form.clearErrors('price');
                    }}
                  />
                )}
              />
              {askForPrice ? null : (
                <Field
                  className="max-w-56"
                  label={t('admin.productForm.price', { symbol })}
                  error={fieldError(formState.errors.price?.message)}
                >
                  {({ id, describedBy, invalid }) => (
                    <input
                      id={id}
                      inputMode="decimal"
                      placeholder="0.00"
                      className={inputClass}
                      aria-describedby={describedBy}
                      aria-invalid={invalid || undefined}
                      {...register('price')}
                    />
                  )}
                </Field>
              )}
              <VariationsEditor currencyHint={t('admin.productForm.priceDifferenceHint', { symbol })} />
              <GroupsEditor />
            </Section>

            <Section title={t('admin.productForm.dietary')}>
              <Controller
                control={control}
                name="preferences"
                render={({ field }) => (
                  <DietaryChips
                    label={t('admin.productForm.preferences')}
                    tags={tagsToOffer(PREFERENCE_TAGS, initial.preferences)}
                    value={field.value}
                    onChange={field.onChange}
                  />
                )}
              />
              <Controller
                control={control}
                name="allergenes"
                render={({ field }) => (
                  <DietaryChips
                    label={t('admin.productForm.allergens')}
                    tags={tagsToOffer(ALLERGEN_TAGS, initial.allergenes)}
                    value={field.value}
                    onChange={field.onChange}
                    toggle={toggleAllergen}
                  />
                )}
              />
            </Section>

            <Section title={t('admin.productForm.categories')}>
              <Controller
                control={control}
                name="categories"
                render={({ field, fieldState }) => (
                  <CategoryPicker
                    venueId={venue.id}
                    categories={venue.categories}
                    value={field.value}
                    onChange={field.onChange}
                    error={fieldError(fieldState.error?.message)}
                  />
                )}
              />
            </Section>

            {venue.tax ? (
              <Section title={t('admin.productForm.tax')}>
                <TaxRateField venue={venue} tax={venue.tax} />
              </Section>
            ) : null}

            <Section title={t('admin.productForm.photo')}>
              <Controller
                control={control}
                name="image"
                render={({ field, fieldState }) => (
                  <PhotoField
                    venueId={venue.id}
                    label={t('admin.productForm.photoLabel')}
                    url={field.value?.url ?? null}
                    onUploaded={(asset) => field.onChange({ assetId: asset.id, url: asset.url })}
                    onRemove={() => field.onChange(null)}
                    serverError={fieldError(fieldState.error?.message)}
                  />
                )}
              />
            </Section>

            <div className="sticky bottom-0 z-10 -mx-3 flex flex-wrap items-center gap-2 border-t border-line bg-surface/95 px-3 py-3 backdrop-blur sm:mx-0 sm:rounded-2xl sm:border">
              <button type="submit" className={primaryButton} disabled={formState.isSubmitting}>
                {formState.isSubmitting ? <Spinner /> : <Save aria-hidden="true" className="size-5" />}
                {product ? t('admin.productForm.save') : t('admin.productForm.create')}
              </button>
              <button type="button" className={secondaryButton} onClick={() => guard.request(listHref)}>
                {t('admin.common.cancel')}
              </button>
              {dirty ? (
                <span role="status" className="text-sm text-muted">
                  {t('admin.common.unsaved')}
                </span>
              ) : null}
              {product ? (
                <button type="button" className={`${dangerButton} ml-auto`} onClick={() => setConfirmDelete(true)}>
                  <Trash2 aria-hidden="true" className="size-5" />
                  {t('admin.productForm.delete')}
                </button>
              ) : null}
            </div>
          </form>

          <LivePreview venue={venue} />
        </div>
      </section>

      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={t('admin.productForm.deleteTitle', { name: product?.name ?? '' })}
        description={t('admin.productForm.deleteText')}
        confirmLabel={t('admin.productForm.deleteConfirm')}
        onConfirm={() => void onDelete()}
        busy={remove.isPending}
      />
      <ConfirmDialog
        open={guard.pending !== null}
        onOpenChange={(open) => (open ? null : guard.stay())}
        title={t('admin.common.discardTitle')}
        description={t('admin.common.discardText')}
        confirmLabel={t('admin.common.discard')}
        onConfirm={() => leave()}
      />
    </FormProvider>
  );
}

/** The product card as guests will see it, re-rendered on its own as the form changes. */
function LivePreview({ venue }: { venue: StaffVenueSettings }) {
  const { t } = useTranslation();
  const { control } = useFormContext<ProductFormValues>();
  const values = useWatch({ control }) as ProductFormValues;
  const preview = previewProduct(values, venue.categories);
  const brand = venue.theme?.primary;
  return (
    <aside aria-label={t('admin.productForm.preview')} className="flex flex-col gap-2 lg:sticky lg:top-20">
      <h2 className="text-sm font-semibold text-muted">{t('admin.productForm.preview')}</h2>
      <div style={brand ? ({ '--brand': brand, '--brand-contrast': textColourOn(brand) } as CSSProperties) : undefined}>
        <ProductCard product={preview} currency={venue.currency} eager headingLevel={3} />
      </div>
      {values.status === 'unavailable' ? (
        <p className="text-sm text-muted">{t('admin.productForm.previewSoldOut')}</p>
      ) : null}
    </aside>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-4">
      <h2 id={id} className="text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * The dish's own tax rate, or its categories' (the first in menu order that names one, else the
 * venue's default): the first choice says which rate that is for the categories ticked now.
 */
function TaxRateField({ venue, tax }: { venue: StaffVenueSettings; tax: NonNullable<StaffVenueSettings['tax']> }) {
  const { t, i18n } = useTranslation();
  const fieldError = useFieldError();
  const { control, register, formState } = useFormContext<ProductFormValues>();
  const categories = useWatch({ control, name: 'categories' });
  const inherited = categoriesRate(tax, venue.categories, categories);
  return (
    <Field
      className="max-w-md"
      label={t('admin.productForm.taxRate')}
      hint={t('admin.productForm.taxRateHint')}
      error={fieldError(formState.errors.taxRate?.message)}
    >
      {({ id, describedBy, invalid }) => (
        <select
          id={id}
          className={inputClass}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          {...register('taxRate')}
        >
          <option value="">
            {t('admin.productForm.categoryRate', {
              rate: inherited ? taxRateLabel(inherited, i18n.language) : tax.defaultRate,
            })}
          </option>
          {tax.rates.map((r) => (
            <option key={r.id} value={r.id}>
              {taxRateLabel(r, i18n.language)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

function CategoryPicker({
  venueId,
  categories,
  value,
  onChange,
  error,
}: {
  venueId: string;
  categories: PublicCategory[];
  value: string[];
  onChange: (next: string[]) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const create = useCreateCategory(venueId);
  const explain = useErrorText();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [created, setCreated] = useState<PublicCategory[]>([]);
  const all = [...categories, ...created.filter((c) => !categories.some((k) => k.id === c.id))];
  const add = () => {
    const clean = name.trim();
    setProblem(null);
    if (!clean) {
      setProblem(t('admin.productForm.errors.categoryNameRequired'));
      return;
    }
    create.mutate(clean, {
      onSuccess: (category) => {
        setCreated((list) => [...list, category]);
        onChange([...value, category.id]);
        setName('');
      },
      onError: (e) => setProblem(explain(e)),
    });
  };
  return (
    <div className="flex flex-col gap-3">
      <fieldset>
        <legend className="mb-2 text-sm font-semibold">{t('admin.productForm.inCategories')}</legend>
        {all.length === 0 ? <p className="text-sm text-muted">{t('admin.productForm.noCategories')}</p> : null}
        <ul className="flex flex-wrap gap-x-4">
          {all.map((c) => (
            <li key={c.id}>
              <label className="flex min-h-11 items-center gap-2">
                <input
                  type="checkbox"
                  className="size-5 accent-[var(--brand)]"
                  checked={value.includes(c.id)}
                  onChange={(e) => onChange(e.target.checked ? [...value, c.id] : value.filter((v) => v !== c.id))}
                />
                {c.name}
              </label>
            </li>
          ))}
        </ul>
        {error ? <p className={errorText}>{error}</p> : null}
      </fieldset>
      <div className="flex flex-wrap items-end gap-2">
        <Field className="min-w-48 flex-1" label={t('admin.productForm.newCategory')} error={problem ?? undefined}>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              className={inputClass}
              value={name}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              onChange={(e) => setName(e.target.value)}
              onKeyDown={(e) => {
                // Enter adds the category; it must not submit the product form.
                if (e.key === 'Enter') {
                  e.preventDefault();
                  add();
                }
              }}
            />
          )}
        </Field>
        <button
          type="button"
          className={`${secondaryButton} ${problem ? 'mb-7' : ''}`}
          onClick={add}
          disabled={create.isPending}
        >
          {create.isPending ? <Spinner /> : <Plus aria-hidden="true" className="size-5" />}
          {t('admin.productForm.addCategory')}
        </button>
      </div>
    </div>
  );
}
