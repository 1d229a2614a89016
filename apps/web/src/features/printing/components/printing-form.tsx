import { useId, useState } from 'react';
import { Plus, Save, Trash2 } from 'lucide-react';
import {
  MAX_STATIONS,
  PRINT_ON,
  PRINTER_ADDRESS_MESSAGE,
  effectiveStations,
  parsePrinterAddress,
  type PrintOn,
} from '@carte/domain/kitchen';
import { TICKET_WIDTHS, type TicketWidth } from '@carte/domain/ticket';
import { LANGUAGES, isLanguage, type Language } from '@carte/domain/languages';
import { useTranslation } from '../../../i18n/react.tsx';
import { LANGUAGE_NAMES } from '../../../i18n/languages.ts';
import { notify } from '../../../lib/toast.ts';
import { isApiError } from '../../../lib/api-client.ts';
import type { StaffVenueSettings } from '../../../lib/staff/venue-api.ts';
import { serverIssueText, type ServerIssue } from '../../../lib/staff/server-issue-text.ts';
import { useUnsavedGuard } from '../../../lib/staff/use-unsaved-guard.ts';
import {
  ConfirmDialog,
  errorText,
  inputClass,
  PageHeading,
  primaryButton,
  secondaryButton,
  Spinner,
  useErrorText,
} from '../../../components/staff/ui.tsx';
import { useSavePrinting, type StationInput } from '../api/printing.ts';

/** A station as the form holds it: `key` names it on the page; a new one's id is made from its name on save. */
interface StationRow {
  key: string;
  id: string | null;
  name: string;
  printer: string;
  width: TicketWidth;
  language: Language;
}

/** "Bar & Grill" -> "bar-grill": lowercase letters, digits and -, as the server's station ids. */
export function stationIdOf(name: string, taken: ReadonlySet<string>): string {
  const base =
    name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 36) || 'station';
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  return id;
}

function rowsOf(venue: StaffVenueSettings): StationRow[] {
  return effectiveStations(
    venue.stations?.map((s) => ({ ...s, language: isLanguage(s.language) ? s.language : undefined })),
  ).map((s) => ({
    key: s.id,
    id: s.id,
    name: s.name,
    printer: s.printer ?? '',
    width: s.width ?? 80,
    language: s.language ?? 'en',
  }));
}

/** Each category's station key as shown: its own when it still exists, else the first station's. */
function routesOf(venue: StaffVenueSettings, rows: StationRow[]): Record<string, string> {
  const keys = new Set(rows.map((r) => r.key));
  return Object.fromEntries(
    venue.categories.map((c) => [c.id, c.station && keys.has(c.station) ? c.station : rows[0]!.key]),
  );
}

/**
 * The venue's kitchen stations (issue 18 item 3, architecture 4.11): their names, printers, paper and
 * ticket language; when tickets print; which station each category goes to. Owners change the
 * stations; managers may route categories (the server's rules). Saved stations first, then routes.
 */
export function PrintingForm({ venue }: { venue: StaffVenueSettings }) {
  const { t } = useTranslation();
  const ids = useId();
  const explain = useErrorText();
  const owner = venue.role === 'owner';
  const save = useSavePrinting(venue.id);
  const [initial] = useState(() => {
    const rows = rowsOf(venue);
    return { rows, printOn: venue.printOn ?? ('accepted' as PrintOn), routes: routesOf(venue, rows) };
  });
  const [rows, setRows] = useState(initial.rows);
  const [printOn, setPrintOn] = useState<PrintOn>(initial.printOn);
  const [routes, setRoutes] = useState(initial.routes);
  const [next, setNext] = useState(1);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);

  const venueDirty = JSON.stringify(rows) !== JSON.stringify(initial.rows) || printOn !== initial.printOn;
  const changedRoutes = venue.categories.filter((c) => routes[c.id] !== initial.routes[c.id]);
  const dirty = (owner && venueDirty) || changedRoutes.length > 0;
  const guard = useUnsavedGuard(dirty);

  const issueText = (issue: ServerIssue) =>
    /printer$/.test(issue.path) && issue.message === PRINTER_ADDRESS_MESSAGE
      ? t('admin.printingPage.errors.printer')
      : serverIssueText(t, issue);

  const update = (index: number, change: Partial<StationRow>) =>
    setRows((list) => list.map((r, i) => (i === index ? { ...r, ...change } : r)));

  const remove = (index: number) => {
    const gone = rows[index]!;
    const left = rows.filter((_, i) => i !== index);
    setRows(left);
    setRoutes((r) => Object.fromEntries(Object.entries(r).map(([c, k]) => [c, k === gone.key ? left[0]!.key : k])));
  };

  const add = () => {
    setRows((list) => [...list, { key: `new-${next}`, id: null, name: '', printer: '', width: 80, language: 'en' }]);
    setNext((n) => n + 1);
  };

  const submit = async () => {
    setProblem(null);
    const found: Record<string, string> = {};
    rows.forEach((r, i) => {
      if (!r.name.trim()) found[`stations[${i}].name`] = t('admin.printingPage.errors.name');
      if (r.printer.trim() && !parsePrinterAddress(r.printer))
        found[`stations[${i}].printer`] = t('admin.printingPage.errors.printer');
    });
    setErrors(found);
    if (Object.keys(found).length) {
      setProblem(t('admin.printingPage.fix'));
      return;
    }
    // The stored stations keep their ids; a new one's is made from its name, unique among them.
    const taken = new Set(rows.flatMap((r) => (r.id ? [r.id] : [])));
    const idOf = new Map<string, string>();
    const stations: StationInput[] = rows.map((r) => {
      const id = r.id ?? stationIdOf(r.name, taken);
      taken.add(id);
      idOf.set(r.key, id);
      return { id, name: r.name.trim(), printer: r.printer.trim() || null, width: r.width, language: r.language };
    });
    try {
      await save.mutateAsync({
        venue: owner && venueDirty ? { stations, printOn } : null,
        routes: changedRoutes.map((c) => ({ id: c.id, station: idOf.get(routes[c.id]!) ?? null })),
      });
      notify(t('admin.printingPage.saved'), { kind: 'success' });
    } catch (error) {
      const server: Record<string, string> = {};
      if (isApiError(error)) for (const i of error.issues) server[i.path] ??= issueText(i);
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

  return (
    <form
      noValidate
      aria-labelledby={`${ids}-title`}
      className="flex flex-col gap-6"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <PageHeading id={`${ids}-title`} title={t('admin.printingPage.title')} intro={t('admin.printingPage.intro')} />
      {owner ? null : <p className="text-sm text-muted">{t('admin.printingPage.readOnly')}</p>}

      <section
        aria-labelledby={`${ids}-stations`}
        className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4"
      >
        <h2 id={`${ids}-stations`} className="text-lg font-bold">
          {t('admin.printingPage.stations')}
        </h2>
        {errors.stations ? <p className={errorText}>{errors.stations}</p> : null}
        {rows.map((row, i) => {
          const path = (field: string) => `stations[${i}].${field}`;
          const control = (field: string) => `${ids}-in-${path(field)}`;
          const label = row.name.trim() || t('admin.printingPage.station', { n: i + 1 });
          return (
            <div
              key={row.key}
              role="group"
              aria-label={label}
              className="grid grid-cols-1 gap-3 rounded-xl border border-line p-3 sm:grid-cols-2"
            >
              <div className="flex min-w-0 flex-col gap-1">
                <label htmlFor={control('name')} className="text-sm font-semibold">
                  {t('admin.printingPage.stationName')}
                </label>
                <input
                  id={control('name')}
                  className={inputClass}
                  value={row.name}
                  maxLength={40}
                  disabled={!owner}
                  aria-invalid={errors[path('name')] ? true : undefined}
                  aria-describedby={described(path('name'))}
                  onChange={(e) => update(i, { name: e.target.value })}
                />
                {fieldError(path('name'))}
                {fieldError(path('id'))}
              </div>
              <div className="flex min-w-0 flex-col gap-1">
                <label htmlFor={control('printer')} className="text-sm font-semibold">
                  {t('admin.printingPage.printer')}
                </label>
                <input
                  id={control('printer')}
                  className={inputClass}
                  value={row.printer}
                  inputMode="url"
                  autoCapitalize="off"
                  spellCheck={false}
                  placeholder="192.168.1.50:9100"
                  disabled={!owner}
                  aria-invalid={errors[path('printer')] ? true : undefined}
                  aria-describedby={[`${control('printer')}-hint`, described(path('printer'))]
                    .filter(Boolean)
                    .join(' ')}
                  onChange={(e) => update(i, { printer: e.target.value })}
                />
                <p id={`${control('printer')}-hint`} className="text-sm text-muted">
                  {t('admin.printingPage.printerHint')}
                </p>
                {fieldError(path('printer'))}
              </div>
              <div className="flex min-w-0 flex-col gap-1">
                <label htmlFor={control('width')} className="text-sm font-semibold">
                  {t('admin.printingPage.width')}
                </label>
                <select
                  id={control('width')}
                  className={inputClass}
                  value={row.width}
                  disabled={!owner}
                  onChange={(e) => update(i, { width: Number(e.target.value) as TicketWidth })}
                >
                  {TICKET_WIDTHS.map((w) => (
                    <option key={w} value={w}>
                      {t(`admin.printingPage.width${w}`)}
                    </option>
                  ))}
                </select>
              </div>
              <div className="flex min-w-0 flex-col gap-1">
                <label htmlFor={control('language')} className="text-sm font-semibold">
                  {t('admin.printingPage.language')}
                </label>
                <select
                  id={control('language')}
                  className={inputClass}
                  value={row.language}
                  disabled={!owner}
                  onChange={(e) => update(i, { language: e.target.value as Language })}
                >
                  {LANGUAGES.map((l) => (
                    <option key={l} value={l} lang={l}>
                      {LANGUAGE_NAMES[l]}
                    </option>
                  ))}
                </select>
              </div>
              {owner && rows.length > 1 ? (
                <button
                  type="button"
                  className={`${secondaryButton} justify-self-start sm:col-span-2`}
                  onClick={() => remove(i)}
                >
                  <Trash2 aria-hidden="true" className="size-5" />
                  {t('admin.printingPage.removeStation', { name: label })}
                </button>
              ) : null}
            </div>
          );
        })}
        {owner && rows.length < MAX_STATIONS ? (
          <button type="button" className={`${secondaryButton} self-start`} onClick={add}>
            <Plus aria-hidden="true" className="size-5" />
            {t('admin.printingPage.addStation')}
          </button>
        ) : null}
        {owner && rows.length >= MAX_STATIONS ? (
          <p className="text-sm text-muted">{t('admin.printingPage.errors.max', { max: MAX_STATIONS })}</p>
        ) : null}
      </section>

      <fieldset className="flex flex-col gap-2 rounded-2xl border border-line bg-surface p-4">
        <legend className="float-left mb-2 text-lg font-bold">{t('admin.printingPage.printOn')}</legend>
        {PRINT_ON.map((value) => (
          <label key={value} className="flex min-h-11 items-center gap-2">
            <input
              type="radio"
              name={`${ids}-print-on`}
              value={value}
              checked={printOn === value}
              disabled={!owner}
              onChange={() => setPrintOn(value)}
            />
            {t(value === 'accepted' ? 'admin.printingPage.printOnAccepted' : 'admin.printingPage.printOnPlaced')}
          </label>
        ))}
        {errors.printOn ? <p className={errorText}>{errors.printOn}</p> : null}
      </fieldset>

      <section
        aria-labelledby={`${ids}-routes`}
        className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4"
      >
        <div className="flex flex-col gap-1">
          <h2 id={`${ids}-routes`} className="text-lg font-bold">
            {t('admin.printingPage.routes')}
          </h2>
          <p className="text-sm text-muted">{t('admin.printingPage.routesIntro')}</p>
        </div>
        {venue.categories.length === 0 ? (
          <p className="text-muted">{t('admin.printingPage.noCategories')}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {venue.categories.map((c) => (
              <li key={c.id} className="flex flex-wrap items-center justify-between gap-2">
                <label htmlFor={`${ids}-route-${c.id}`} className="min-w-0 font-semibold break-words">
                  <span aria-hidden="true">{c.name}</span>
                  <span className="sr-only">{t('admin.printingPage.routeOf', { category: c.name })}</span>
                </label>
                <select
                  id={`${ids}-route-${c.id}`}
                  className={`${inputClass} sm:w-64`}
                  value={routes[c.id]}
                  onChange={(e) => setRoutes((r) => ({ ...r, [c.id]: e.target.value }))}
                >
                  {rows.map((r, i) => (
                    <option key={r.key} value={r.key}>
                      {r.name.trim() || t('admin.printingPage.station', { n: i + 1 })}
                    </option>
                  ))}
                </select>
              </li>
            ))}
          </ul>
        )}
      </section>

      <div role="alert" className="empty:hidden">
        {problem ? <p className={errorText}>{problem}</p> : null}
      </div>
      <div className="sticky bottom-0 flex flex-wrap items-center gap-3 border-t border-line bg-surface py-3">
        <button type="submit" className={primaryButton} disabled={save.isPending}>
          {save.isPending ? <Spinner /> : <Save aria-hidden="true" className="size-5" />}
          {t('admin.printingPage.save')}
        </button>
        {dirty ? (
          <span role="status" className="text-sm text-muted">
            {t('admin.common.unsaved')}
          </span>
        ) : null}
      </div>
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
