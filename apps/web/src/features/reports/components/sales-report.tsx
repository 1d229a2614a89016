import { useId, useState, type ReactNode } from 'react';
import { Download, FileText, Lock } from 'lucide-react';
import { formatPrice } from '@carte/domain/money';
import { reportRangeProblem } from '@carte/domain/reports';
import { PICKUP_SPOT } from '@carte/domain/spot';
import type { SalesReportAnswer } from '@carte/domain/contracts/reports';
import { useTranslation } from '../../../i18n/react.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { notify } from '../../../lib/toast.ts';
import { salesCsvUrl, useCloseDay, useSalesReport, useZList, zReportPdfUrl } from '../api/reports.ts';
import {
  ConfirmDialog,
  errorText,
  Field,
  inputClass,
  LoadError,
  PageHeading,
  primaryButton,
  secondaryButton,
  useErrorText,
} from '../../../components/staff/ui.tsx';

const card = 'flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4';
const h2 = 'text-lg font-bold';

/** The day before `date` (YYYY-MM-DD). */
function previousDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** /admin/:id/sales: the venue's sales by local day or range, CSV exports, closing a day, Z reports. */
export function SalesReport({ venueId }: { venueId: string }) {
  const { t } = useTranslation();
  const zList = useZList(venueId);
  const today = zList.data?.today ?? null;
  const [mode, setMode] = useState<'day' | 'range'>('day');
  // Until the owner picks a day, the venue's today as the server says it is in the venue's zone.
  const [pickedFrom, setFrom] = useState<string | null>(null);
  const [pickedTo, setTo] = useState<string | null>(null);
  const from = pickedFrom ?? today ?? '';
  const to = pickedTo ?? today ?? '';
  const end = mode === 'day' ? from : to;
  const problem = from && end ? reportRangeProblem(from, end) : null;
  const report = useSalesReport(venueId, from, end, Boolean(from && end && !problem));
  const modeName = useId();

  return (
    <section aria-labelledby="sales-title" className="flex flex-col gap-5">
      <PageHeading id="sales-title" title={t('admin.salesPage.title')} intro={t('admin.salesPage.intro')} />
      {zList.isError ? <LoadError error={zList.error} onRetry={() => void zList.refetch()} /> : null}

      <form className={card} onSubmit={(e) => e.preventDefault()} aria-label={t('admin.salesPage.period')}>
        <fieldset className="flex flex-wrap gap-x-5 gap-y-2">
          <legend className="mb-2 font-semibold">{t('admin.salesPage.period')}</legend>
          {(['day', 'range'] as const).map((m) => (
            <label key={m} className="inline-flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name={modeName}
                value={m}
                checked={mode === m}
                onChange={() => {
                  setMode(m);
                  if (m === 'range' && to < from) setTo(from);
                }}
                className="size-5"
              />
              {t(`admin.salesPage.mode.${m}`)}
            </label>
          ))}
        </fieldset>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label={mode === 'day' ? t('admin.salesPage.day') : t('admin.salesPage.from')}>
            {({ id, describedBy, invalid }) => (
              <input
                id={id}
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
                type="date"
                className={inputClass}
                value={from}
                max={today ?? undefined}
                onChange={(e) => setFrom(e.target.value)}
              />
            )}
          </Field>
          {mode === 'range' ? (
            <Field
              label={t('admin.salesPage.to')}
              error={
                problem
                  ? t(problem.code === 'too_long' ? 'admin.salesPage.rangeTooLong' : 'admin.salesPage.rangeInverted')
                  : undefined
              }
            >
              {({ id, describedBy, invalid }) => (
                <input
                  id={id}
                  aria-describedby={describedBy}
                  aria-invalid={invalid || undefined}
                  type="date"
                  className={inputClass}
                  value={to}
                  max={today ?? undefined}
                  onChange={(e) => setTo(e.target.value)}
                />
              )}
            </Field>
          ) : null}
        </div>
        {mode === 'day' && today ? (
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={secondaryButton}
              onClick={() => setFrom(today)}
              aria-pressed={from === today}
            >
              {t('admin.salesPage.today')}
            </button>
            <button
              type="button"
              className={secondaryButton}
              onClick={() => setFrom(previousDay(today))}
              aria-pressed={from === previousDay(today)}
            >
              {t('admin.salesPage.yesterday')}
            </button>
          </div>
        ) : null}
      </form>

      {report.isError ? <LoadError error={report.error} onRetry={() => void report.refetch()} /> : null}
      {report.isPending && from && !problem ? (
        <div aria-busy="true" className="flex flex-col gap-3">
          <Skeleton className="h-24 w-full rounded-2xl" />
          <Skeleton className="h-40 w-full rounded-2xl" />
        </div>
      ) : null}
      {report.data ? <Figures report={report.data} venueId={venueId} mode={mode} today={today} /> : null}

      <ZReports venueId={venueId} />
    </section>
  );
}

function useMoney(currency: string) {
  const { i18n } = useTranslation();
  return (minor: number) => formatPrice(minor, currency, i18n.language);
}

function Figures({
  report,
  venueId,
  mode,
  today,
}: {
  report: SalesReportAnswer;
  venueId: string;
  mode: 'day' | 'range';
  today: string | null;
}) {
  const { t } = useTranslation();
  const money = useMoney(report.currency);
  const closedDay = mode === 'day' ? report.closed[0] : undefined;
  const totals: [string, ReactNode, boolean?][] = [
    [t('admin.salesPage.orders'), report.orders],
    [t('admin.salesPage.gross'), money(report.gross), true],
    [t('admin.salesPage.tax'), money(report.tax_total)],
    [t('admin.salesPage.net'), money(report.net), true],
    [t('admin.salesPage.serviceCharge'), money(report.service_charge)],
    [t('admin.salesPage.delivery'), money(report.delivery)],
    [t('admin.salesPage.tips'), money(report.tips)],
    [
      t('admin.salesPage.refunds', { count: report.refunds.count }),
      money(report.refunds.amount ? -report.refunds.amount : 0),
    ],
    [t('admin.salesPage.takings'), money(report.takings), true],
  ];
  return (
    <div className="flex flex-col gap-5">
      <section aria-labelledby="sales-totals" className={card}>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="sales-totals" className={h2}>
            {report.from === report.to
              ? t('admin.salesPage.totalsDay', { date: report.from })
              : t('admin.salesPage.totalsRange', { from: report.from, to: report.to })}
          </h2>
          <p className="text-sm text-muted">{t('admin.salesPage.timezone', { timezone: report.timezone })}</p>
        </div>
        {report.orders === 0 && report.refunds.count === 0 ? (
          <p className="text-muted">{t('admin.salesPage.empty')}</p>
        ) : null}
        <dl className="grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-2">
          {totals.map(([label, value, strong]) => (
            <div key={label} className="flex items-baseline justify-between gap-3 border-b border-line/60 py-1.5">
              <dt className={strong ? 'font-semibold' : 'text-muted'}>{label}</dt>
              <dd className={`tabular-nums ${strong ? 'font-bold' : ''}`}>{value}</dd>
            </div>
          ))}
        </dl>
        {mode === 'range' && report.closed.length ? (
          <p className="text-sm text-muted">{t('admin.salesPage.closedInRange', { count: report.closed.length })}</p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <a className={secondaryButton} href={salesCsvUrl(venueId, report.from, report.to, 'orders')} download>
            <Download aria-hidden="true" className="size-5" />
            {t('admin.salesPage.csvOrders')}
          </a>
          <a className={secondaryButton} href={salesCsvUrl(venueId, report.from, report.to, 'lines')} download>
            <Download aria-hidden="true" className="size-5" />
            {t('admin.salesPage.csvLines')}
          </a>
        </div>
        {mode === 'day' ? (
          <CloseDay venueId={venueId} date={report.from} today={today} closed={closedDay} timezone={report.timezone} />
        ) : null}
      </section>

      <Table
        title={t('admin.salesPage.taxTitle')}
        columns={[t('admin.salesPage.rate'), t('admin.salesPage.base'), t('admin.salesPage.taxAmount')]}
        rows={report.tax.map((r) => [`${r.name} (${r.percent} %)`, money(r.base), money(r.amount)])}
        empty={t('admin.salesPage.noTax')}
      />
      <Table
        title={t('admin.salesPage.methodsTitle')}
        columns={[
          t('admin.salesPage.method'),
          t('admin.salesPage.orders'),
          t('admin.salesPage.amount'),
          t('admin.salesPage.tips'),
        ]}
        rows={report.by_method.map((m) => [
          t(`admin.salesPage.methods.${m.method}`, { defaultValue: m.method }),
          m.orders,
          money(m.amount),
          money(m.tips),
        ])}
      />
      <HourChart report={report} money={money} />
      <Table
        title={t('admin.salesPage.categoriesTitle')}
        columns={[t('admin.salesPage.category'), t('admin.salesPage.quantity'), t('admin.salesPage.amount')]}
        rows={report.by_category.map((c) => [c.name ?? t('admin.salesPage.noCategory'), c.quantity, money(c.amount)])}
      />
      <Table
        title={t('admin.salesPage.dishesTitle')}
        columns={[t('admin.salesPage.dish'), t('admin.salesPage.quantity'), t('admin.salesPage.amount')]}
        rows={report.by_product.map((p) => [p.name, p.quantity, money(p.amount)])}
      />
      <Table
        title={t('admin.salesPage.tablesTitle')}
        columns={[t('admin.salesPage.table'), t('admin.salesPage.orders'), t('admin.salesPage.amount')]}
        rows={report.by_table.map((x) => [
          x.delivery
            ? t('admin.salesPage.deliveryTo', { spot: x.spot })
            : x.spot === PICKUP_SPOT
              ? t('admin.salesPage.pickup')
              : x.spot,
          x.orders,
          money(x.amount),
        ])}
      />
    </div>
  );
}

function Table({
  title,
  columns,
  rows,
  empty,
}: {
  title: string;
  columns: string[];
  rows: ReactNode[][];
  empty?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section aria-labelledby={id} className={card}>
      <h2 id={id} className={h2}>
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="text-muted">{empty ?? t('admin.salesPage.none')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-left">
            <thead>
              <tr className="border-b border-line text-sm text-muted">
                {columns.map((c, i) => (
                  <th key={c} scope="col" className={`py-2 pr-3 font-semibold ${i ? 'text-right' : ''}`}>
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, r) => (
                <tr key={r} className="border-b border-line/60 last:border-0">
                  {row.map((cell, i) =>
                    i === 0 ? (
                      <th key={i} scope="row" className="py-2 pr-3 font-normal break-words">
                        {cell}
                      </th>
                    ) : (
                      <td key={i} className="py-2 pr-3 text-right tabular-nums whitespace-nowrap">
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** Takings by local hour: a bar chart, described in words and backed by a table of the same figures. */
function HourChart({ report, money }: { report: SalesReportAnswer; money: (minor: number) => string }) {
  const { t } = useTranslation();
  const id = useId();
  const hours = report.by_hour;
  const max = Math.max(1, ...hours.map((h) => h.amount));
  const busiest = hours.reduce((a, b) => (b.amount > a.amount ? b : a), hours[0]!);
  const label = (h: number) => `${String(h).padStart(2, '0')}:00`;
  const summary =
    report.orders === 0
      ? t('admin.salesPage.chartEmpty')
      : t('admin.salesPage.chartSummary', {
          hour: label(busiest.hour),
          amount: money(busiest.amount),
          orders: busiest.orders,
        });
  return (
    <section aria-labelledby={id} className={card}>
      <h2 id={id} className={h2}>
        {t('admin.salesPage.hoursTitle')}
      </h2>
      <figure className="flex flex-col gap-2">
        <svg viewBox="0 0 240 110" role="img" aria-label={summary} className="h-auto w-full text-brand">
          {hours.map((h) => {
            const height = Math.round((h.amount / max) * 90);
            return (
              <g key={h.hour}>
                <rect x={h.hour * 10 + 1} y={95 - height} width={8} height={height} rx={1.5} fill="currentColor" />
                {h.hour % 6 === 0 ? (
                  <text x={h.hour * 10 + 1} y={107} fontSize={7} className="fill-muted" aria-hidden="true">
                    {label(h.hour)}
                  </text>
                ) : null}
              </g>
            );
          })}
          <line x1={0} x2={240} y1={95.5} y2={95.5} stroke="currentColor" strokeOpacity={0.3} />
        </svg>
        <figcaption className="text-sm text-muted">{summary}</figcaption>
      </figure>
      <details>
        <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold">
          {t('admin.salesPage.showTable')}
        </summary>
        <table className="w-full border-collapse text-left">
          <thead>
            <tr className="border-b border-line text-sm text-muted">
              <th scope="col" className="py-1 pr-3">
                {t('admin.salesPage.hour')}
              </th>
              <th scope="col" className="py-1 pr-3 text-right">
                {t('admin.salesPage.orders')}
              </th>
              <th scope="col" className="py-1 pr-3 text-right">
                {t('admin.salesPage.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {hours
              .filter((h) => h.orders)
              .map((h) => (
                <tr key={h.hour} className="border-b border-line/60 last:border-0">
                  <th scope="row" className="py-1 pr-3 font-normal">
                    {label(h.hour)}
                  </th>
                  <td className="py-1 pr-3 text-right tabular-nums">{h.orders}</td>
                  <td className="py-1 pr-3 text-right tabular-nums">{money(h.amount)}</td>
                </tr>
              ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}

function CloseDay({
  venueId,
  date,
  today,
  closed,
  timezone,
}: {
  venueId: string;
  date: string;
  today: string | null;
  closed: { date: string; number: number } | undefined;
  timezone: string;
}) {
  const { t, i18n } = useTranslation();
  const explain = useErrorText();
  const close = useCloseDay(venueId);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (closed)
    return (
      <div className="flex flex-wrap items-center gap-3 rounded-xl bg-surface-2 p-3">
        <Lock aria-hidden="true" className="size-5" />
        <p className="min-w-0 flex-1">{t('admin.salesPage.closedDay', { number: closed.number })}</p>
        <a
          className={secondaryButton}
          href={zReportPdfUrl(venueId, closed.number, i18n.language)}
          target="_blank"
          rel="noopener"
        >
          <FileText aria-hidden="true" className="size-5" />
          {t('admin.salesPage.openPdf', { number: closed.number })}
        </a>
      </div>
    );
  if (!today || date >= today)
    return <p className="text-sm text-muted">{t('admin.salesPage.notOver', { timezone })}</p>;
  return (
    <div className="flex flex-col items-start gap-2">
      <button type="button" className={primaryButton} onClick={() => setConfirming(true)}>
        <Lock aria-hidden="true" className="size-5" />
        {t('admin.salesPage.closeDay')}
      </button>
      {error ? (
        <p role="alert" className={errorText}>
          {error}
        </p>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('admin.salesPage.closeTitle', { date })}
        description={t('admin.salesPage.closeText')}
        confirmLabel={t('admin.salesPage.closeConfirm')}
        destructive={false}
        busy={close.isPending}
        onConfirm={() =>
          close.mutate(date, {
            onSuccess: (z) => {
              setError(null);
              notify(t('admin.salesPage.closedToast', { number: z.number }), { kind: 'success' });
            },
            onError: (e) => setError(explain(e)),
            onSettled: () => setConfirming(false),
          })
        }
      />
    </div>
  );
}

function ZReports({ venueId }: { venueId: string }) {
  const { t, i18n } = useTranslation();
  const list = useZList(venueId);
  const reports = list.data?.reports ?? [];
  return (
    <section aria-labelledby="z-title" className={card}>
      <h2 id="z-title" className={h2}>
        {t('admin.salesPage.zTitle')}
      </h2>
      {list.isPending ? <Skeleton className="h-12 w-full" /> : null}
      {list.data && reports.length === 0 ? <p className="text-muted">{t('admin.salesPage.zEmpty')}</p> : null}
      {reports.length ? (
        <ul className="flex flex-col">
          {reports.map((z) => (
            <li
              key={z.number}
              className="flex flex-wrap items-center justify-between gap-2 border-b border-line/60 py-2 last:border-0"
            >
              <span className="min-w-0">
                <span className="font-semibold">{t('admin.salesPage.zRow', { number: z.number, date: z.date })}</span>
                <span className="block text-sm text-muted">{t('admin.salesPage.zOrders', { count: z.orders })}</span>
              </span>
              <a
                className={secondaryButton}
                href={zReportPdfUrl(venueId, z.number, i18n.language)}
                target="_blank"
                rel="noopener"
              >
                <FileText aria-hidden="true" className="size-5" />
                {t('admin.salesPage.openPdf', { number: z.number })}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
