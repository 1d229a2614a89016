import { useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/react.tsx';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Eye, Save, Send, Store } from 'lucide-react';
import { currencySymbol } from '@carte/domain/money';
import { expandSeats } from '@carte/domain/seats';
import { SLOT_MINUTES } from '@carte/domain/fulfilment';
import { textColourOn } from '../../../lib/contrast.ts';
import { notify } from '../../../lib/toast.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useUpdateVenue, type StaffVenueSettings } from '../../../lib/staff/venue-api.ts';
import {
  settingsFormSchema,
  settingsPatch,
  settingsPathOf,
  toSettingsValues,
  type SettingsFormValues,
} from '../lib/settings-form-model.ts';
import { serverIssueText } from '../../../lib/staff/server-issue-text.ts';
import { useUnsavedGuard } from '../../../lib/staff/use-unsaved-guard.ts';
import { useFieldError } from '../../../components/staff/ui.tsx';
import { PhotoField } from '../../../components/staff/photo-field.tsx';
import {
  ConfirmDialog,
  Field,
  inputClass,
  primaryButton,
  Spinner,
  SwitchRow,
  useErrorText,
  useRevealedAlert,
} from '../../../components/staff/ui.tsx';

/** The venue's settings (architecture.md 4.7): owners edit them, managers see them read-only. */
export function SettingsForm({ venue }: { venue: StaffVenueSettings }) {
  const { t } = useTranslation();
  const ids = useId();
  const fieldError = useFieldError();
  const explain = useErrorText();
  const readOnly = venue.role !== 'owner';
  const initial = useMemo(() => toSettingsValues(venue), [venue]);
  const form = useForm<SettingsFormValues>({ resolver: zodResolver(settingsFormSchema), defaultValues: initial });
  const { control, register, handleSubmit, formState, setError, reset } = form;
  const update = useUpdateVenue(venue.id);
  const [problem, setProblem] = useState<string | null>(null);
  const problemAlert = useRevealedAlert();
  const guard = useUnsavedGuard(formState.isDirty && !readOnly);
  const watched = useWatch({ control });
  const symbol = currencySymbol(venue.currency);

  const onSubmit = async (values: SettingsFormValues) => {
    setProblem(null);
    const patch = settingsPatch(venue, values);
    if (Object.keys(patch).length === 1) {
      notify(t('admin.settingsPage.noChanges'), { kind: 'info' });
      return;
    }
    try {
      await update.mutateAsync(patch);
      reset(values);
      notify(t('admin.settingsPage.saved'), { kind: 'success' });
    } catch (error) {
      const rest: string[] = [];
      let focused = false;
      if (isApiError(error)) {
        for (const issue of error.issues) {
          const path = settingsPathOf(issue.path);
          if (path) {
            setError(path, { type: 'server', message: serverIssueText(t, issue) }, { shouldFocus: !focused });
            focused = true;
          } else rest.push(`${issue.path}: ${serverIssueText(t, issue)}`);
        }
      }
      if (!focused) problemAlert.reveal();
      setProblem([explain(error), ...rest].join(' '));
    }
  };

  const text = (
    name: keyof SettingsFormValues,
    label: string,
    options: { hint?: string; max?: number; auto?: string } = {},
  ) => (
    <Field label={label} hint={options.hint} error={fieldError(formState.errors[name]?.message)}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          className={inputClass}
          readOnly={readOnly}
          autoComplete={options.auto ?? 'off'}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          {...register(name)}
        />
      )}
    </Field>
  );

  const decimal = (
    name: keyof SettingsFormValues,
    label: string,
    hint?: string,
    // Fields whose rule reads this one: checked again when it changes (a radius needs its centre).
    deps?: (keyof SettingsFormValues)[],
  ) => (
    <Field label={label} hint={hint} error={fieldError(formState.errors[name]?.message)}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          inputMode="decimal"
          readOnly={readOnly}
          className={inputClass}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          {...register(name, deps ? { deps } : {})}
        />
      )}
    </Field>
  );

  const seats = expandSeats(watched.seats ?? '');

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      aria-labelledby={`${ids}-title`}
      className="flex flex-col gap-4"
      // A new build's reload offer waits while this form has unsaved changes (lib/build-check.ts).
      data-unsaved={(formState.isDirty && !readOnly) || undefined}
    >
      <div className="flex flex-col gap-1">
        <h1 id={`${ids}-title`} className="text-2xl font-bold">
          {t('admin.nav.settings')}
        </h1>
        <p className="max-w-prose text-muted">{t('admin.settingsPage.intro')}</p>
      </div>
      {readOnly ? (
        <p role="status" className="flex items-start gap-2 rounded-xl bg-surface-2 px-3 py-2">
          <Eye aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          {t('admin.settingsPage.readOnly')}
        </p>
      ) : null}
      <div id={problemAlert.id} role="alert" className="empty:hidden">
        {problem ? (
          <p className="rounded-xl border border-red-600/40 bg-red-50 px-3 py-2 text-sm font-medium text-red-800 dark:bg-red-950/40 dark:text-red-200">
            {problem}
          </p>
        ) : null}
      </div>

      <Section title={t('admin.settingsPage.identity')}>
        {text('name', t('admin.settingsPage.name'))}
        <Controller
          control={control}
          name="headerIcon"
          render={({ field, fieldState }) => (
            <PhotoField
              venueId={venue.id}
              label={t('admin.settingsPage.headerIcon')}
              hint={t('admin.settingsPage.headerIconHint')}
              url={field.value?.url ?? null}
              previewSize={64}
              disabled={readOnly}
              onUploaded={(asset) => field.onChange({ assetId: asset.id, url: asset.url })}
              onRemove={() => field.onChange(null)}
              serverError={fieldError(fieldState.error?.message)}
            />
          )}
        />
        {text('inputPlaceholder', t('admin.settingsPage.placeholder'), {
          hint: t('admin.settingsPage.placeholderHint'),
        })}
      </Section>

      <Section title={t('admin.settingsPage.colours')}>
        <Controller
          control={control}
          name="useTheme"
          render={({ field }) => (
            <SwitchRow
              label={t('admin.settingsPage.useTheme')}
              hint={t('admin.settingsPage.useThemeHint')}
              checked={field.value}
              onChange={field.onChange}
              disabled={readOnly}
            />
          )}
        />
        {watched.useTheme ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <ColourField name="primary" label={t('admin.settingsPage.primary')} readOnly={readOnly} form={form} />
            <ColourField
              name="accent"
              label={t('admin.settingsPage.accent')}
              readOnly={readOnly}
              form={form}
              optional
            />
          </div>
        ) : null}
        <ThemePreview
          name={watched.name || venue.name}
          iconUrl={watched.headerIcon?.url ?? null}
          primary={watched.useTheme ? (watched.primary ?? '') : ''}
          accent={watched.useTheme ? (watched.accent ?? '') : ''}
          placeholder={watched.inputPlaceholder || t('admin.settingsPage.placeholderSample')}
        />
      </Section>

      <Section title={t('admin.settingsPage.tables')}>
        <Field
          label={t('admin.settingsPage.seats')}
          hint={t('admin.settingsPage.seatsHint')}
          error={fieldError(formState.errors.seats?.message)}
        >
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              className={inputClass}
              readOnly={readOnly}
              autoComplete="off"
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              {...register('seats')}
            />
          )}
        </Field>
        <div>
          <p id={`${ids}-seats`} className="mb-2 text-sm font-semibold">
            {t('admin.settingsPage.seatsPreview', { count: seats.length })}
          </p>
          <ul aria-labelledby={`${ids}-seats`} className="flex max-h-48 flex-wrap gap-1.5 overflow-y-auto">
            {seats.map((s) => (
              <li key={s} className="rounded-full bg-surface-2 px-2.5 py-1 text-sm font-medium">
                {s}
              </li>
            ))}
          </ul>
        </div>
      </Section>

      <Section title={t('admin.settingsPage.textMenuTitle')}>
        <Controller
          control={control}
          name="useTextMenu"
          render={({ field }) => (
            <SwitchRow
              label={t('admin.settingsPage.useTextMenu')}
              hint={t('admin.settingsPage.useTextMenuHint')}
              checked={field.value}
              onChange={field.onChange}
              disabled={readOnly}
            />
          )}
        />
        <Field label={t('admin.settingsPage.textMenu')} error={fieldError(formState.errors.textMenu?.message)}>
          {({ id, describedBy, invalid }) => (
            <textarea
              id={id}
              rows={watched.useTextMenu ? 8 : 3}
              readOnly={readOnly}
              className={`${inputClass} py-2 font-mono text-sm`}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              {...register('textMenu')}
            />
          )}
        </Field>
      </Section>

      <Section title={t('admin.settingsPage.delivery')}>
        <Field
          className="max-w-56"
          label={t('admin.settingsPage.deliveryFee', { symbol })}
          hint={t('admin.settingsPage.deliveryFeeHint')}
          error={fieldError(formState.errors.deliveryFee?.message)}
        >
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              inputMode="decimal"
              readOnly={readOnly}
              className={inputClass}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              {...register('deliveryFee')}
            />
          )}
        </Field>
        <Controller
          control={control}
          name="enable_uber_direct"
          render={({ field }) => (
            <SwitchRow
              label={t('admin.settingsPage.courier')}
              hint={t('admin.settingsPage.courierHint')}
              checked={field.value}
              onChange={field.onChange}
              disabled={readOnly}
            />
          )}
        />
        {text('pickupAddress', t('admin.settingsPage.pickupAddress'), { auto: 'street-address' })}
        {text('pickupPhone', t('admin.settingsPage.pickupPhone'), { auto: 'tel' })}
        {decimal(
          'minimumOrder',
          t('admin.settingsPage.minimumOrder', { symbol }),
          t('admin.settingsPage.minimumOrderHint'),
        )}
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1 font-semibold">{t('admin.settingsPage.area')}</legend>
          <p className="text-sm text-muted">{t('admin.settingsPage.areaHint')}</p>
          <div className="grid gap-3 sm:grid-cols-3">
            {decimal('radiusKm', t('admin.settingsPage.radiusKm'), undefined, ['originLat', 'originLng', 'postcodes'])}
            {decimal('originLat', t('admin.settingsPage.originLat'))}
            {decimal('originLng', t('admin.settingsPage.originLng'))}
          </div>
          <Field
            label={t('admin.settingsPage.postcodes')}
            hint={t('admin.settingsPage.postcodesHint')}
            error={fieldError(formState.errors.postcodes?.message)}
          >
            {({ id, describedBy, invalid }) => (
              <textarea
                id={id}
                rows={2}
                readOnly={readOnly}
                className={`${inputClass} py-2`}
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
                {...register('postcodes')}
              />
            )}
          </Field>
        </fieldset>
      </Section>

      <Section title={t('admin.settingsPage.pickup')}>
        <Controller
          control={control}
          name="pickupEnabled"
          render={({ field }) => (
            <SwitchRow
              label={t('admin.settingsPage.pickupEnabled')}
              hint={t('admin.settingsPage.pickupEnabledHint')}
              checked={field.value}
              onChange={field.onChange}
              disabled={readOnly}
            />
          )}
        />
        <Field
          className="max-w-56"
          label={t('admin.settingsPage.slotMinutes')}
          error={fieldError(formState.errors.slotMinutes?.message)}
        >
          {({ id, describedBy, invalid }) => (
            <select
              id={id}
              disabled={readOnly || !watched.pickupEnabled}
              className={inputClass}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              {...register('slotMinutes')}
            >
              {SLOT_MINUTES.map((m) => (
                <option key={m} value={String(m)}>
                  {t('admin.settingsPage.slotOption', { minutes: m })}
                </option>
              ))}
            </select>
          )}
        </Field>
      </Section>

      <Section title={t('admin.settingsPage.payment')}>
        <Controller
          control={control}
          name="cardPayment"
          render={({ field }) => (
            <SwitchRow
              label={t('admin.settingsPage.cardPayment')}
              hint={t('admin.settingsPage.cardPaymentHint')}
              checked={field.value}
              onChange={field.onChange}
              disabled={readOnly}
            />
          )}
        />
      </Section>

      {readOnly ? null : (
        <div className="sticky bottom-0 z-10 -mx-3 flex flex-wrap items-center gap-3 border-t border-line bg-surface/95 px-3 py-3 backdrop-blur sm:mx-0 sm:rounded-2xl sm:border">
          <button type="submit" className={primaryButton} disabled={formState.isSubmitting}>
            {formState.isSubmitting ? <Spinner /> : <Save aria-hidden="true" className="size-5" />}
            {t('admin.settingsPage.save')}
          </button>
          {formState.isDirty ? (
            <span role="status" className="text-sm text-muted">
              {t('admin.common.unsaved')}
            </span>
          ) : null}
        </div>
      )}
      <ConfirmDialog
        open={guard.pending !== null}
        onOpenChange={(open) => (open ? null : guard.stay())}
        title={t('admin.common.discardTitle')}
        description={t('admin.common.discardText')}
        confirmLabel={t('admin.common.discard')}
        onConfirm={() => guard.leave()}
      />
    </form>
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

function ColourField({
  name,
  label,
  readOnly,
  form,
  optional = false,
}: {
  name: 'primary' | 'accent';
  label: string;
  readOnly: boolean;
  form: ReturnType<typeof useForm<SettingsFormValues>>;
  optional?: boolean;
}) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const value = useWatch({ control: form.control, name });
  const valid = /^#[0-9a-fA-F]{6}$/.test(value);
  return (
    <Field
      label={label}
      hint={optional ? t('admin.settingsPage.accentHint') : t('admin.settingsPage.primaryHint')}
      error={fieldError(form.formState.errors[name]?.message)}
    >
      {({ id, describedBy, invalid }) => (
        <div className="flex items-center gap-2">
          <input
            type="color"
            aria-label={t('admin.settingsPage.pickColour', { name: label })}
            disabled={readOnly}
            value={valid ? value.toLowerCase() : '#000000'}
            onChange={(e) => form.setValue(name, e.target.value, { shouldDirty: true, shouldValidate: true })}
            className="h-11 w-14 shrink-0 cursor-pointer rounded-lg border border-line bg-surface p-1"
          />
          <input
            id={id}
            className={`${inputClass} font-mono`}
            placeholder={optional ? '#5f7a3a' : '#0f766e'}
            readOnly={readOnly}
            autoComplete="off"
            spellCheck={false}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            {...form.register(name)}
          />
        </div>
      )}
    </Field>
  );
}

/** A mini guest header, input and button in the chosen colours, text black or white by contrast. */
function ThemePreview({
  name,
  iconUrl,
  primary,
  accent,
  placeholder,
}: {
  name: string;
  iconUrl: string | null;
  primary: string;
  accent: string;
  placeholder: string;
}) {
  const { t } = useTranslation();
  const brand = /^#[0-9a-fA-F]{6}$/.test(primary) ? primary : '#1f2937';
  const on = textColourOn(brand);
  const accentColour = /^#[0-9a-fA-F]{6}$/.test(accent) ? accent : null;
  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="text-sm font-semibold">{t('admin.settingsPage.preview')}</figcaption>
      <div data-testid="theme-preview" className="overflow-hidden rounded-2xl border border-line bg-bg">
        <div className="flex h-12 items-center gap-2 border-b border-line bg-surface px-3">
          <span
            className="flex size-7 items-center justify-center overflow-hidden rounded-lg"
            style={{ background: brand, color: on }}
          >
            {iconUrl ? (
              <img src={iconUrl} alt="" width={28} height={28} className="size-full object-cover" />
            ) : (
              <Store aria-hidden="true" className="size-4" />
            )}
          </span>
          <span className="truncate font-semibold">{name}</span>
          {accentColour ? (
            <span aria-hidden="true" className="ml-auto size-3 rounded-full" style={{ background: accentColour }} />
          ) : null}
        </div>
        <div className="flex flex-col gap-3 p-3">
          <span
            className="self-start rounded-full px-4 py-2 text-sm font-semibold"
            style={{ background: brand, color: on }}
          >
            {t('admin.settingsPage.previewButton')}
          </span>
          <div className="flex items-center gap-2 rounded-full border border-line bg-surface py-1 pr-1 pl-3 text-sm text-muted">
            <span className="min-w-0 flex-1 truncate">{placeholder}</span>
            <span
              className="flex size-8 items-center justify-center rounded-full"
              style={{ background: brand, color: on }}
            >
              <Send aria-hidden="true" className="size-4" />
            </span>
          </div>
        </div>
      </div>
    </figure>
  );
}
