import { useId, useMemo, useState } from 'react';
import { Plus, Save, Trash2 } from 'lucide-react';
import { scheduleFieldsSchema, type WeekDay } from '@carte/domain/hours';
import { zodFieldIssues } from '@carte/domain/contracts/common';
import { useTranslation } from '../../../i18n/react.tsx';
import { notify } from '../../../lib/toast.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useUpdateVenue, type StaffVenueSettings } from '../../../lib/staff/venue-api.ts';
import { serverIssueText } from '../../../lib/staff/server-issue-text.ts';
import {
  errorText,
  inputClass,
  primaryButton,
  secondaryButton,
  Spinner,
  useErrorText,
} from '../../../components/staff/ui.tsx';
import {
  fromRanges,
  hoursOf,
  RangeList,
  toRanges,
  WeekEditor,
  weekOf,
  type Range,
} from '../../../components/staff/week-editor.tsx';

interface Closure {
  from: string;
  to: string;
  note: string;
}
interface SpecialDay {
  date: string;
  ranges: Range[];
}

/** The zones the browser knows, for the time zone field's suggestions. */
function knownZones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  try {
    return intl.supportedValuesOf?.('timeZone') ?? [];
  } catch {
    return [];
  }
}

/**
 * The venue's opening hours (architecture 4.10): the time zone, a week of ranges per day (several a
 * day, past midnight), closures, special days and the last-order margin. Each day is a short list of
 * "opens / closes" rows, so the week is edited on a phone as well as on a desk. Problems are shown
 * beside the field in the staff's language, whether the form or the server found them.
 */
export function OpeningHoursForm({ venue }: { venue: StaffVenueSettings }) {
  const { t } = useTranslation();
  const ids = useId();
  const explain = useErrorText();
  const readOnly = venue.role !== 'owner';
  const update = useUpdateVenue(venue.id);
  const zones = useMemo(() => knownZones(), []);
  const [timezone, setTimezone] = useState(venue.timezone ?? '');
  const [alwaysOpen, setAlwaysOpen] = useState(!venue.hours);
  const [week, setWeek] = useState<Record<WeekDay, Range[]>>(() => weekOf(venue.hours));
  const [lastOrder, setLastOrder] = useState(venue.lastOrderMinutes ? String(venue.lastOrderMinutes) : '');
  const [closures, setClosures] = useState<Closure[]>(() =>
    venue.closures.map((c) => ({ from: c.from, to: c.to, note: c.note ?? '' })),
  );
  const [special, setSpecial] = useState<SpecialDay[]>(() =>
    venue.specialHours.map((s) => ({ date: s.date, ranges: toRanges(s.ranges) })),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);

  const body = () => ({
    timezone: timezone.trim() || null,
    hours: alwaysOpen ? null : hoursOf(week),
    closures: closures.map((c) => ({ from: c.from, to: c.to, ...(c.note.trim() ? { note: c.note.trim() } : {}) })),
    specialHours: special.map((s) => ({ date: s.date, ranges: fromRanges(s.ranges) })),
    lastOrderMinutes: lastOrder.trim() === '' ? null : Number(lastOrder),
  });

  const save = async () => {
    setProblem(null);
    const payload = body();
    const found: Record<string, string> = {};
    const parsed = scheduleFieldsSchema.safeParse(payload);
    if (!parsed.success) {
      for (const issue of zodFieldIssues(parsed.error)) found[issue.path] = serverIssueText(t, issue);
    }
    const needsZone = payload.hours || payload.closures.length || payload.specialHours.length;
    if (needsZone && !payload.timezone) found.timezone = t('admin.hours.errors.timezoneRequired');
    setErrors(found);
    if (Object.keys(found).length) {
      setProblem(Object.values(found)[0]!);
      return;
    }
    try {
      await update.mutateAsync({ id: venue.id, ...payload });
      notify(t('admin.hours.saved'), { kind: 'success' });
    } catch (error) {
      const server: Record<string, string> = {};
      if (isApiError(error)) for (const i of error.issues) server[i.path] = serverIssueText(t, i);
      setErrors(server);
      setProblem(Object.values(server)[0] ?? explain(error));
    }
  };

  const titleId = `${ids}-title`;
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-4">
      <h2 id={titleId} className="text-lg font-bold">
        {t('admin.hours.title')}
      </h2>
      <p className="text-sm text-muted">{readOnly ? t('admin.hours.readOnly') : t('admin.hours.intro')}</p>

      <div className="flex flex-col gap-1">
        <label htmlFor={`${ids}-tz`} className="text-sm font-semibold">
          {t('admin.hours.timezone')}
        </label>
        <input
          id={`${ids}-tz`}
          className={inputClass}
          value={timezone}
          list={`${ids}-zones`}
          disabled={readOnly}
          autoComplete="off"
          aria-invalid={errors.timezone ? true : undefined}
          aria-describedby={`${ids}-tz-hint${errors.timezone ? ` ${ids}-tz-error` : ''}`}
          onChange={(e) => setTimezone(e.target.value)}
        />
        <datalist id={`${ids}-zones`}>
          {zones.map((z) => (
            <option key={z} value={z} />
          ))}
        </datalist>
        <p id={`${ids}-tz-hint`} className="text-sm text-muted">
          {t('admin.hours.timezoneHint')}
        </p>
        {errors.timezone ? (
          <p id={`${ids}-tz-error`} className={errorText}>
            {errors.timezone}
          </p>
        ) : null}
      </div>

      <label className="flex min-h-11 items-center gap-2 font-semibold">
        <input
          type="checkbox"
          className="size-5"
          checked={alwaysOpen}
          disabled={readOnly}
          onChange={(e) => setAlwaysOpen(e.target.checked)}
        />
        {t('admin.hours.alwaysOpen')}
      </label>

      {alwaysOpen ? null : <WeekEditor week={week} errors={errors} readOnly={readOnly} onChange={setWeek} />}

      <div className="flex flex-col gap-1">
        <label htmlFor={`${ids}-last`} className="text-sm font-semibold">
          {t('admin.hours.lastOrder')}
        </label>
        <input
          id={`${ids}-last`}
          type="number"
          inputMode="numeric"
          min={0}
          max={240}
          className={`${inputClass} w-32`}
          value={lastOrder}
          disabled={readOnly}
          aria-invalid={errors.lastOrderMinutes ? true : undefined}
          aria-describedby={errors.lastOrderMinutes ? `${ids}-last-error` : undefined}
          onChange={(e) => setLastOrder(e.target.value)}
        />
        {errors.lastOrderMinutes ? (
          <p id={`${ids}-last-error`} className={errorText}>
            {t('admin.hours.errors.lastOrder')}
          </p>
        ) : null}
      </div>

      <fieldset className="flex flex-col gap-2 border-t border-line pt-2">
        <legend className="font-semibold">{t('admin.hours.closures')}</legend>
        <ul className="flex flex-col gap-3">
          {closures.map((c, i) => {
            const error = errors[`closures[${i}].to`] ?? errors[`closures[${i}].from`] ?? errors[`closures[${i}]`];
            const set = (k: keyof Closure, v: string) =>
              setClosures(closures.map((x, j) => (j === i ? { ...x, [k]: v } : x)));
            return (
              <li key={i} className="flex flex-wrap items-end gap-2">
                <label className="flex flex-col text-sm">
                  {t('admin.hours.closureFrom')}
                  <input
                    type="date"
                    className={inputClass}
                    value={c.from}
                    disabled={readOnly}
                    onChange={(e) => set('from', e.target.value)}
                  />
                </label>
                <label className="flex flex-col text-sm">
                  {t('admin.hours.closureTo')}
                  <input
                    type="date"
                    className={inputClass}
                    value={c.to}
                    disabled={readOnly}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${ids}-closure-${i}-error` : undefined}
                    onChange={(e) => set('to', e.target.value)}
                  />
                </label>
                <label className="flex min-w-40 flex-1 flex-col text-sm">
                  {t('admin.hours.closureNote')}
                  <input
                    className={inputClass}
                    value={c.note}
                    disabled={readOnly}
                    maxLength={120}
                    onChange={(e) => set('note', e.target.value)}
                  />
                </label>
                {readOnly ? null : (
                  <button
                    type="button"
                    className={`${secondaryButton} min-h-11 min-w-11`}
                    aria-label={t('admin.hours.removeClosure')}
                    onClick={() => setClosures(closures.filter((_, j) => j !== i))}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                  </button>
                )}
                {error ? (
                  <p id={`${ids}-closure-${i}-error`} className={`${errorText} w-full`}>
                    {error}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
        {readOnly ? null : (
          <button
            type="button"
            className={`${secondaryButton} min-h-11 self-start`}
            onClick={() => setClosures([...closures, { from: '', to: '', note: '' }])}
          >
            <Plus aria-hidden="true" className="size-4" />
            {t('admin.hours.addClosure')}
          </button>
        )}
      </fieldset>

      <fieldset className="flex flex-col gap-2 border-t border-line pt-2">
        <legend className="font-semibold">{t('admin.hours.specialDays')}</legend>
        <ul className="flex flex-col gap-3">
          {special.map((s, i) => {
            const dateError = errors[`specialHours[${i}].date`];
            return (
              <li key={i} className="flex flex-col gap-2">
                <div className="flex flex-wrap items-end gap-2">
                  <label className="flex flex-col text-sm">
                    {t('admin.hours.specialDate')}
                    <input
                      type="date"
                      className={inputClass}
                      value={s.date}
                      disabled={readOnly}
                      aria-invalid={dateError ? true : undefined}
                      onChange={(e) =>
                        setSpecial(special.map((x, j) => (j === i ? { ...x, date: e.target.value } : x)))
                      }
                    />
                  </label>
                  {readOnly ? null : (
                    <button
                      type="button"
                      className={`${secondaryButton} min-h-11 min-w-11`}
                      aria-label={t('admin.hours.removeSpecial')}
                      onClick={() => setSpecial(special.filter((_, j) => j !== i))}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                    </button>
                  )}
                </div>
                {dateError ? <p className={errorText}>{dateError}</p> : null}
                <RangeList
                  ranges={s.ranges}
                  path={`specialHours[${i}].ranges`}
                  dayLabel={s.date}
                  errors={errors}
                  readOnly={readOnly}
                  onChange={(next) => setSpecial(special.map((x, j) => (j === i ? { ...x, ranges: next } : x)))}
                />
              </li>
            );
          })}
        </ul>
        {readOnly ? null : (
          <button
            type="button"
            className={`${secondaryButton} min-h-11 self-start`}
            onClick={() => setSpecial([...special, { date: '', ranges: [{ from: '19:00', to: '23:00' }] }])}
          >
            <Plus aria-hidden="true" className="size-4" />
            {t('admin.hours.addSpecial')}
          </button>
        )}
      </fieldset>

      {problem ? (
        <p role="alert" className={errorText}>
          {problem}
        </p>
      ) : null}
      {readOnly ? null : (
        <button
          type="button"
          className={`${primaryButton} self-start`}
          disabled={update.isPending}
          onClick={() => void save()}
        >
          {update.isPending ? <Spinner /> : <Save aria-hidden="true" className="size-4" />}
          {t('admin.hours.save')}
        </button>
      )}
    </section>
  );
}
