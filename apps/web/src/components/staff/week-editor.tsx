import { Plus, Trash2 } from 'lucide-react';
import { WEEK_DAYS, type WeekDay, type WeekHours } from '@carte/domain/hours';
import { useTranslation } from '../../i18n/react.tsx';
import { errorText, inputClass, secondaryButton } from './ui.tsx';

export interface Range {
  from: string;
  to: string;
}

export const toRanges = (ranges: readonly (readonly [string, string])[] | undefined): Range[] =>
  (ranges ?? []).map(([from, to]) => ({ from, to }));
export const fromRanges = (ranges: Range[]): [string, string][] => ranges.map((r) => [r.from, r.to]);
export const emptyWeek = (): Record<WeekDay, Range[]> =>
  Object.fromEntries(WEEK_DAYS.map((d) => [d, []])) as unknown as Record<WeekDay, Range[]>;
export const weekOf = (hours: Partial<Record<WeekDay, readonly (readonly [string, string])[]>> | null | undefined) =>
  hours ? (Object.fromEntries(WEEK_DAYS.map((d) => [d, toRanges(hours[d])])) as Record<WeekDay, Range[]>) : emptyWeek();
export const hoursOf = (week: Record<WeekDay, Range[]>): WeekHours =>
  Object.fromEntries(WEEK_DAYS.map((d) => [d, fromRanges(week[d])])) as WeekHours;

/**
 * One day's "opens / closes" rows (several a day, past midnight), each removable, and a button to add
 * one: short enough to edit a week on a phone. `errors` are keyed by the field path the server or the
 * form names (`hours.mon[0]`).
 */
export function RangeList({
  ranges,
  path,
  dayLabel,
  errors,
  readOnly,
  onChange,
}: {
  ranges: Range[];
  path: string;
  dayLabel: string;
  errors: Record<string, string>;
  readOnly: boolean;
  onChange: (next: Range[]) => void;
}) {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-col gap-2">
      {ranges.map((r, i) => {
        const error = errors[`${path}[${i}]`] ?? errors[`${path}[${i}][0]`] ?? errors[`${path}[${i}][1]`];
        const errorId = `${path}-${i}-error`.replace(/[^\w-]/g, '-');
        const set = (k: keyof Range, v: string) => onChange(ranges.map((x, j) => (j === i ? { ...x, [k]: v } : x)));
        return (
          <li key={i} className="flex flex-wrap items-end gap-2">
            <label className="flex flex-col text-sm">
              {t('admin.hours.opens')}
              <input
                type="time"
                className={`${inputClass} w-32`}
                value={r.from}
                disabled={readOnly}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                onChange={(e) => set('from', e.target.value)}
              />
            </label>
            <label className="flex flex-col text-sm">
              {t('admin.hours.closes')}
              <input
                type="time"
                className={`${inputClass} w-32`}
                value={r.to}
                disabled={readOnly}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                onChange={(e) => set('to', e.target.value)}
              />
            </label>
            {readOnly ? null : (
              <button
                type="button"
                className={`${secondaryButton} min-h-11 min-w-11`}
                aria-label={t('admin.hours.removeRange', { from: r.from, to: r.to, day: dayLabel })}
                onClick={() => onChange(ranges.filter((_, j) => j !== i))}
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </button>
            )}
            {error ? (
              <p id={errorId} className={`${errorText} w-full`}>
                {error}
              </p>
            ) : null}
          </li>
        );
      })}
      <li className="flex items-center gap-3">
        {ranges.length ? null : <span className="text-sm text-muted">{t('admin.hours.closed')}</span>}
        {readOnly ? null : (
          <button
            type="button"
            className={`${secondaryButton} min-h-11 min-w-11`}
            aria-label={t('admin.hours.addRange', { day: dayLabel })}
            onClick={() => onChange([...ranges, { from: '12:00', to: '15:00' }])}
          >
            <Plus aria-hidden="true" className="size-4" />
          </button>
        )}
      </li>
    </ul>
  );
}

/** The seven days, each a fieldset with its ranges (`hours.<day>` paths). */
export function WeekEditor({
  week,
  errors,
  readOnly = false,
  onChange,
}: {
  week: Record<WeekDay, Range[]>;
  errors: Record<string, string>;
  readOnly?: boolean;
  onChange: (week: Record<WeekDay, Range[]>) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3">
      {WEEK_DAYS.map((day) => {
        const label = t(`admin.hours.days.${day}`);
        return (
          <fieldset key={day} className="flex flex-col gap-2 border-t border-line pt-2">
            <legend className="font-semibold">{label}</legend>
            <RangeList
              ranges={week[day]}
              path={`hours.${day}`}
              dayLabel={label}
              errors={errors}
              readOnly={readOnly}
              onChange={(next) => onChange({ ...week, [day]: next })}
            />
          </fieldset>
        );
      })}
    </div>
  );
}
