import { useId, useState, type ComponentProps } from 'react';
import { Plus, Save, Trash2 } from 'lucide-react';
import { legalSchema, taxSettingsSchema } from '@carte/domain/contracts/tax-settings';
import { zodFieldIssues } from '@carte/domain/contracts/common';
import type { FieldIssue } from '@carte/domain/errors';
import { MAX_TAX_RATES, type TaxMode } from '@carte/domain/tax';
import { useTranslation } from '../../../i18n/react.tsx';
import { notify } from '../../../lib/toast.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useUpdateVenue, type StaffVenueSettings } from '../../../lib/staff/venue-api.ts';
import { parseAmount } from '../../../lib/staff/parse-amount.ts';
import { serverIssueText } from '../../../lib/staff/server-issue-text.ts';
import {
  errorText,
  inputClass,
  primaryButton,
  secondaryButton,
  Spinner,
  SwitchRow,
  useErrorText,
} from '../../../components/staff/ui.tsx';

interface RateRow {
  id: string;
  name: string;
  percent: string;
}

const percentText = (p: number) => String(p);
/** A typed percentage as a number (comma or point); NaN when it is not one. */
const percentOf = (text: string) => (text.trim() === '' ? Number.NaN : parseAmount(text));

/**
 * The venue's taxes and the seller printed on receipts (architecture 4.13, decision 016): prices
 * with or without tax, the rates, the default rate, an optional service charge and its rate, and the
 * legal name, address and tax number. Checked by the same domain schemas as the server; the
 * server's own refusals show beside their field in the staff's language.
 */
export function TaxSettingsForm({ venue }: { venue: StaffVenueSettings }) {
  const { t } = useTranslation();
  const ids = useId();
  const explain = useErrorText();
  const readOnly = venue.role !== 'owner';
  const update = useUpdateVenue(venue.id);
  const tax = venue.tax ?? null;
  const [enabled, setEnabled] = useState(tax !== null);
  const [mode, setMode] = useState<TaxMode>(tax?.mode ?? 'inclusive');
  const [rates, setRates] = useState<RateRow[]>(
    tax?.rates.map((r) => ({ id: r.id, name: r.name, percent: percentText(r.percent) })) ?? [
      { id: '', name: '', percent: '' },
    ],
  );
  const [defaultRate, setDefaultRate] = useState(tax?.defaultRate ?? '');
  const [scPercent, setScPercent] = useState(tax?.serviceCharge ? percentText(tax.serviceCharge.percent) : '');
  const [scRate, setScRate] = useState(tax?.serviceCharge?.rate ?? '');
  const [legalName, setLegalName] = useState(venue.legal?.name ?? '');
  const [legalAddress, setLegalAddress] = useState(venue.legal?.address ?? '');
  const [legalTaxId, setLegalTaxId] = useState(venue.legal?.taxId ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);

  const rateIds = rates.map((r) => r.id.trim()).filter(Boolean);
  const body = () => ({
    tax: enabled
      ? {
          mode,
          rates: rates.map((r) => ({ id: r.id.trim(), name: r.name.trim(), percent: percentOf(r.percent) })),
          defaultRate,
          serviceCharge: scPercent.trim()
            ? { percent: percentOf(scPercent), ...(scRate ? { rate: scRate } : {}) }
            : null,
        }
      : null,
    legal:
      legalName.trim() || legalAddress.trim() || legalTaxId.trim()
        ? { name: legalName, address: legalAddress, taxId: legalTaxId.trim() || null }
        : null,
  });

  /** One problem per field: the first the schema found (a missing default is "required", not "unknown"). */
  const show = (issues: FieldIssue[], prefix: string) => {
    const found: Record<string, string> = {};
    for (const i of issues) found[`${prefix}${i.path}`] ??= serverIssueText(t, i);
    return found;
  };

  const submit = async () => {
    setProblem(null);
    const value = body();
    const found: Record<string, string> = {};
    if (value.tax) {
      const parsed = taxSettingsSchema.safeParse(value.tax);
      if (!parsed.success) Object.assign(found, show(zodFieldIssues(parsed.error), 'tax.'));
    }
    if (value.legal) {
      const parsed = legalSchema.safeParse(value.legal);
      if (!parsed.success) Object.assign(found, show(zodFieldIssues(parsed.error), 'legal.'));
    }
    setErrors(found);
    if (Object.keys(found).length) {
      setProblem(t('admin.taxPage.fix'));
      return;
    }
    try {
      await update.mutateAsync({ id: venue.id, ...value });
      notify(t('admin.taxPage.saved'), { kind: 'success' });
    } catch (error) {
      const server: Record<string, string> = {};
      if (isApiError(error)) for (const i of error.issues) server[i.path] ??= serverIssueText(t, i);
      setErrors(server);
      setProblem(explain(error));
    }
  };

  const fieldError = (path: string) =>
    errors[path] ? (
      <p id={`${ids}-${path}`} className={errorText}>
        {errors[path]}
      </p>
    ) : null;
  const described = (path: string) => (errors[path] ? `${ids}-${path}` : undefined);
  const input = (
    path: string,
    label: string,
    value: string,
    set: (v: string) => void,
    extra: Partial<ComponentProps<'input'>> = {},
  ) => (
    <div className="flex min-w-0 flex-1 flex-col gap-1">
      <label htmlFor={`${ids}-in-${path}`} className="text-sm font-semibold">
        {label}
      </label>
      <input
        id={`${ids}-in-${path}`}
        className={inputClass}
        value={value}
        disabled={readOnly}
        aria-invalid={errors[path] ? true : undefined}
        aria-describedby={described(path)}
        onChange={(e) => set(e.target.value)}
        {...extra}
      />
      {fieldError(path)}
    </div>
  );
  const rateSelect = (path: string, label: string, value: string, set: (v: string) => void, optional: boolean) => (
    <div className="flex min-w-0 flex-1 flex-col gap-1">
      <label htmlFor={`${ids}-in-${path}`} className="text-sm font-semibold">
        {label}
      </label>
      <select
        id={`${ids}-in-${path}`}
        className={inputClass}
        value={value}
        disabled={readOnly}
        aria-invalid={errors[path] ? true : undefined}
        aria-describedby={described(path)}
        onChange={(e) => set(e.target.value)}
      >
        <option value="">{optional ? t('admin.taxPage.noRate') : t('admin.taxPage.chooseRate')}</option>
        {rateIds.map((id) => (
          <option key={id} value={id}>
            {rates.find((r) => r.id.trim() === id)?.name || id}
          </option>
        ))}
      </select>
      {fieldError(path)}
    </div>
  );

  return (
    <section
      aria-labelledby={`${ids}-title`}
      className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-4"
    >
      <div className="flex flex-col gap-1">
        <h2 id={`${ids}-title`} className="text-lg font-bold">
          {t('admin.taxPage.title')}
        </h2>
        <p className="text-sm text-muted">{t('admin.taxPage.intro')}</p>
      </div>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (!readOnly) void submit();
        }}
      >
        <SwitchRow label={t('admin.taxPage.enabled')} checked={enabled} onChange={setEnabled} disabled={readOnly} />
        {enabled ? (
          <>
            <fieldset className="flex flex-col gap-2">
              <legend className="text-sm font-semibold">{t('admin.taxPage.mode')}</legend>
              {(['inclusive', 'exclusive'] as const).map((m) => (
                <label key={m} className="flex min-h-11 items-center gap-2">
                  <input
                    type="radio"
                    name={`${ids}-mode`}
                    checked={mode === m}
                    disabled={readOnly}
                    onChange={() => setMode(m)}
                  />
                  {t(`admin.taxPage.modes.${m}`)}
                </label>
              ))}
            </fieldset>
            <fieldset className="flex flex-col gap-3">
              <legend className="text-sm font-semibold">{t('admin.taxPage.rates')}</legend>
              {errors['tax.rates'] ? <p className={errorText}>{errors['tax.rates']}</p> : null}
              {rates.map((rate, i) => {
                const set = (key: keyof RateRow) => (v: string) =>
                  setRates((rows) => rows.map((r, j) => (j === i ? { ...r, [key]: v } : r)));
                return (
                  <div
                    key={i}
                    role="group"
                    aria-label={t('admin.taxPage.rateNumber', { n: i + 1 })}
                    className="flex flex-wrap items-start gap-2 rounded-xl bg-surface-2 p-3"
                  >
                    {input(`tax.rates[${i}].id`, t('admin.taxPage.rateId'), rate.id, set('id'))}
                    {input(`tax.rates[${i}].name`, t('admin.taxPage.rateName'), rate.name, set('name'))}
                    {input(`tax.rates[${i}].percent`, t('admin.taxPage.ratePercent'), rate.percent, set('percent'), {
                      inputMode: 'decimal',
                    })}
                    {readOnly ? null : (
                      <button
                        type="button"
                        className={`${secondaryButton} sm:mt-6`}
                        aria-label={t('admin.taxPage.removeRate', { n: i + 1 })}
                        onClick={() => setRates((rows) => rows.filter((_, j) => j !== i))}
                      >
                        <Trash2 aria-hidden="true" className="size-5" />
                      </button>
                    )}
                  </div>
                );
              })}
              {readOnly || rates.length >= MAX_TAX_RATES ? null : (
                <button
                  type="button"
                  className={`${secondaryButton} self-start`}
                  onClick={() => setRates((rows) => [...rows, { id: '', name: '', percent: '' }])}
                >
                  <Plus aria-hidden="true" className="size-5" />
                  {t('admin.taxPage.addRate')}
                </button>
              )}
            </fieldset>
            {rateSelect('tax.defaultRate', t('admin.taxPage.defaultRate'), defaultRate, setDefaultRate, false)}
            <div className="flex flex-wrap gap-2">
              {input('tax.serviceCharge.percent', t('admin.taxPage.serviceCharge'), scPercent, setScPercent, {
                inputMode: 'decimal',
              })}
              {rateSelect('tax.serviceCharge.rate', t('admin.taxPage.serviceChargeRate'), scRate, setScRate, true)}
            </div>
          </>
        ) : null}
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-semibold">{t('admin.taxPage.legal')}</legend>
          {input('legal.name', t('admin.taxPage.legalName'), legalName, setLegalName, { autoComplete: 'organization' })}
          {input('legal.address', t('admin.taxPage.legalAddress'), legalAddress, setLegalAddress, {
            autoComplete: 'street-address',
          })}
          {input('legal.taxId', t('admin.taxPage.legalTaxId'), legalTaxId, setLegalTaxId)}
        </fieldset>
        <div role="alert" className="empty:hidden">
          {problem ? <p className={errorText}>{problem}</p> : null}
        </div>
        {readOnly ? null : (
          <button type="submit" className={`${primaryButton} self-start`} disabled={update.isPending}>
            {update.isPending ? <Spinner /> : <Save aria-hidden="true" className="size-5" />}
            {t('admin.taxPage.save')}
          </button>
        )}
      </form>
    </section>
  );
}
