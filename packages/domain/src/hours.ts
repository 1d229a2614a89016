import { z } from './zod.ts';

/**
 * Opening hours (architecture.md 4.10): when a venue takes orders, in its own time zone.
 *
 * - `hours` is a week of ranges per day; a day with `[]` is closed; no `hours` at all means every
 *   day is open all day. A range may pass midnight (`["19:00", "01:30"]` ends on the next day) and
 *   `"24:00"` ends a day, so `["00:00", "24:00"]` is the whole day.
 * - `closures` close whole local dates (from and to included): a service that starts on a closed
 *   date does not happen; one that started the evening before runs to its end.
 * - `specialHours` replace the week's ranges on one date, and win over a closure of that date (an
 *   exception to an exception: "closed for the holidays, but open on New Year's Eve").
 * - `lastOrderMinutes`: orders stop that many minutes before a service ends. Services that touch
 *   (a range to `24:00` and the next day's from `00:00`) are one service.
 * - A category's own `hours` (same week shape) narrow the venue's: a dish of that category may be
 *   ordered when both are open.
 *
 * Local wall times are turned into instants with the platform's time zone data (Intl), so
 * daylight-saving changes follow the zone: a time that does not exist (in the hour skipped in spring)
 * moves forward by the gap (02:30 becomes 03:30), and a repeated one (autumn) is taken at its first
 * occurrence, as Temporal's "compatible" disambiguation does.
 */

export const WEEK_DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];

/** `"HH:MM"`, from `"00:00"` to `"24:00"`. */
export type ClockTime = string;
export type TimeRange = [ClockTime, ClockTime];
export type WeekHours = Record<WeekDay, TimeRange[]>;

export interface Closure {
  /** First closed local date, `YYYY-MM-DD`. */
  from: string;
  /** Last closed local date (included). */
  to: string;
  note?: string | undefined;
}

export interface SpecialDay {
  date: string;
  ranges: TimeRange[];
}

export interface VenueSchedule {
  /** IANA time zone name, e.g. `Europe/Paris`. */
  timezone: string;
  hours?: WeekHours | null | undefined;
  closures?: Closure[] | null | undefined;
  specialHours?: SpecialDay[] | null | undefined;
  lastOrderMinutes?: number | null | undefined;
}

/** A range that passes midnight may end this late on the next day; later reads as a typing mistake. */
export const LATEST_PAST_MIDNIGHT_END = '08:00';
export const MAX_LAST_ORDER_MINUTES = 240;
/** A closure longer than this is a venue that has closed: say so by removing its hours instead. */
export const MAX_CLOSURE_DAYS = 366;
/** How far ahead the next opening is looked for. */
const SEARCH_DAYS = MAX_CLOSURE_DAYS + 8;
const MINUTE = 60_000;
const DAY_MINUTES = 24 * 60;

// ------------------------------------------------------------------------------------------------
// Calendar dates and clock times

const TIME_RE = /^(?:([01]\d|2[0-3]):([0-5]\d)|24:00)$/;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Minutes since midnight of `"HH:MM"` (`"24:00"` is 1440), or NaN. */
export function clockMinutes(time: string): number {
  const m = TIME_RE.exec(time);
  if (!m) return Number.NaN;
  if (time === '24:00') return DAY_MINUTES;
  return Number(m[1]) * 60 + Number(m[2]);
}

export function isCalendarDate(date: string): boolean {
  const m = DATE_RE.exec(date);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

function dateToUtcDays(date: string): number {
  const m = DATE_RE.exec(date)!;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / (DAY_MINUTES * MINUTE);
}

function utcDaysToDate(days: number): string {
  return new Date(days * DAY_MINUTES * MINUTE).toISOString().slice(0, 10);
}

/** `date` moved by `days` calendar days. */
export function addDays(date: string, days: number): string {
  return utcDaysToDate(dateToUtcDays(date) + days);
}

/** Whole days from `a` to `b` (negative when `b` is earlier). */
export function daysBetween(a: string, b: string): number {
  return dateToUtcDays(b) - dateToUtcDays(a);
}

/** The week day of a calendar date. */
export function weekDayOf(date: string): WeekDay {
  // 1970-01-01 was a Thursday.
  const index = (((dateToUtcDays(date) + 3) % 7) + 7) % 7;
  return WEEK_DAYS[index]!;
}

// ------------------------------------------------------------------------------------------------
// Time zones

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timezone: string): Intl.DateTimeFormat {
  let f = formatters.get(timezone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timezone, f);
  }
  return f;
}

/** True for a time zone name the platform knows (`Europe/Paris`, `UTC`, `Asia/Bangkok`). */
export function isTimeZone(timezone: string): boolean {
  if (!timezone || timezone.length > 64) return false;
  try {
    formatterFor(timezone);
    return true;
  } catch {
    return false;
  }
}

export interface LocalTime {
  /** `YYYY-MM-DD` in the zone. */
  date: string;
  /** Minutes since local midnight. */
  minutes: number;
}

/** The local date and time of an instant in a zone. */
export function localTime(instant: number, timezone: string): LocalTime {
  const parts: Record<string, string> = {};
  for (const p of formatterFor(timezone).formatToParts(new Date(instant))) parts[p.type] = p.value;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** The zone's offset from UTC at an instant, in minutes (Paris in winter: 60). */
export function zoneOffsetMinutes(instant: number, timezone: string): number {
  const parts: Record<string, string> = {};
  for (const p of formatterFor(timezone).formatToParts(new Date(instant))) parts[p.type] = p.value;
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / MINUTE);
}

/** Offsets in force just before and just after each local date (most dates: the same twice). */
const dayOffsetCache = new Map<string, [number, number]>();

function dayOffsets(date: string, timezone: string): [number, number] {
  const key = `${timezone}|${date}`;
  let offsets = dayOffsetCache.get(key);
  if (!offsets) {
    const midnight = dateToUtcDays(date) * DAY_MINUTES * MINUTE;
    // Zones run from UTC-12 to UTC+14: these instants lie before the local day starts and after it ends.
    offsets = [
      zoneOffsetMinutes(midnight - 14 * 60 * MINUTE, timezone),
      zoneOffsetMinutes(midnight + 36 * 60 * MINUTE, timezone),
    ];
    if (dayOffsetCache.size > 10_000) dayOffsetCache.clear();
    dayOffsetCache.set(key, offsets);
  }
  return offsets;
}

/**
 * The instant of a local wall time (`minutes` since the local midnight of `date`, up to 1440).
 * Skipped times (spring) move forward by the gap; repeated ones (autumn) take their first occurrence.
 */
export function zonedInstant(date: string, minutes: number, timezone: string): number {
  const wall = dateToUtcDays(date) * DAY_MINUTES * MINUTE + minutes * MINUTE;
  const [before, after] = dayOffsets(date, timezone);
  // No change of offset around this date: one subtraction.
  if (before === after) return wall - before * MINUTE;
  const early = wall - before * MINUTE;
  const late = wall - after * MINUTE;
  const readsBack = (instant: number) => {
    const local = localTime(instant, timezone);
    return local.date === date ? local.minutes === minutes : minutes === DAY_MINUTES && local.minutes === 0;
  };
  // Repeated time (autumn): both readings exist, the earlier instant comes first.
  const candidates = [early, late].filter(readsBack).sort((a, b) => a - b);
  if (candidates.length) return candidates[0]!;
  // Skipped time (spring): read with the offset before the change, it lands after the gap.
  return early;
}

/** An instant as ISO 8601 with the zone's offset: `2026-12-24T19:00:00+01:00`. */
export function toZonedIso(instant: number, timezone: string): string {
  const offset = zoneOffsetMinutes(instant, timezone);
  const local = new Date(instant + offset * MINUTE).toISOString().slice(0, 19);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

// ------------------------------------------------------------------------------------------------
// Services

/** A stretch of time, `[start, end)` in epoch milliseconds. */
export interface Window {
  start: number;
  end: number;
}

const ALL_DAY: TimeRange[] = [['00:00', '24:00']];

/** The ranges a schedule has on one local date, before merging. */
export function rangesOn(
  date: string,
  schedule: Pick<VenueSchedule, 'hours' | 'closures' | 'specialHours'>,
): TimeRange[] {
  const special = schedule.specialHours?.find((s) => s.date === date);
  if (special) return special.ranges;
  if (schedule.closures?.some((c) => c.from <= date && date <= c.to)) return [];
  if (!schedule.hours) return ALL_DAY;
  return schedule.hours[weekDayOf(date)] ?? [];
}

function rangeWindow(date: string, range: TimeRange, timezone: string): Window | null {
  const start = clockMinutes(range[0]);
  let end = clockMinutes(range[1]);
  if (Number.isNaN(start) || Number.isNaN(end)) return null;
  if (end <= start) end += DAY_MINUTES;
  const endDate = end > DAY_MINUTES ? addDays(date, 1) : date;
  const endMinutes = end > DAY_MINUTES ? end - DAY_MINUTES : end;
  return { start: zonedInstant(date, start, timezone), end: zonedInstant(endDate, endMinutes, timezone) };
}

/** Merges windows that overlap or touch; sorted by start. */
function mergeWindows(windows: Window[]): Window[] {
  const sorted = [...windows].sort((a, b) => a.start - b.start);
  const out: Window[] = [];
  for (const w of sorted) {
    const last = out[out.length - 1];
    if (last && w.start <= last.end) last.end = Math.max(last.end, w.end);
    else out.push({ ...w });
  }
  return out;
}

/**
 * The services that start on local dates `from` to `to` (both included), merged where they touch,
 * each as it is open for orders (ended `lastOrderMinutes` early; a service shorter than that is gone).
 */
export function orderingWindows(
  schedule: VenueSchedule,
  from: string,
  to: string,
  ranges: (date: string) => TimeRange[] = (date) => rangesOn(date, schedule),
): Window[] {
  const raw: Window[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    for (const range of ranges(date)) {
      const w = rangeWindow(date, range, schedule.timezone);
      if (w && w.end > w.start) raw.push(w);
    }
  }
  const margin = (schedule.lastOrderMinutes ?? 0) * MINUTE;
  return mergeWindows(raw)
    .map((w) => ({ start: w.start, end: w.end - margin }))
    .filter((w) => w.end > w.start);
}

export interface OpeningState {
  open: boolean;
  /** While open: when orders stop (the end of the service, less the last-order margin). */
  closesAt?: number | undefined;
  /** The next time orders open (after `closesAt` when open); none within a year and a week. */
  nextOpening?: number | undefined;
}

function stateFrom(windows: (from: string, to: string) => Window[], timezone: string, at: number): OpeningState {
  const today = localTime(at, timezone).date;
  // A service that started yesterday (past midnight) may still run; a longer one is merged from it.
  let start = addDays(today, -1);
  let current: Window | undefined;
  for (let chunk = 0; start <= addDays(today, SEARCH_DAYS); chunk += 1) {
    const end = addDays(start, chunk === 0 ? 3 : chunk === 1 ? 10 : 60);
    // Windows of a chunk may merge with the next chunk's: look one day beyond and keep the rest.
    for (const w of windows(start, addDays(end, 1))) {
      if (current) {
        if (w.start > current.end) return { open: true, closesAt: current.end, nextOpening: w.start };
        current = { start: current.start, end: Math.max(current.end, w.end) };
        continue;
      }
      if (w.start <= at && at < w.end) current = w;
      else if (w.start > at) return { open: false, nextOpening: w.start };
    }
    start = addDays(end, 1);
  }
  // Open for as far as the search looks: no closing time to give.
  return current ? { open: true } : { open: false };
}

/** Whether the venue takes orders at `at`, until when, and when it opens next. */
export function openingStateAt(schedule: VenueSchedule, at: number): OpeningState {
  if (!schedule.hours && !schedule.closures?.length && !schedule.specialHours?.length) return { open: true };
  return stateFrom((from, to) => orderingWindows(schedule, from, to), schedule.timezone, at);
}

/**
 * A category's own window (its `hours`, in the venue's zone) narrowed by the venue's: open when both
 * are. A category without hours follows the venue.
 */
export function categoryOpeningStateAt(
  schedule: VenueSchedule,
  categoryHours: WeekHours | null | undefined,
  at: number,
): OpeningState {
  if (!categoryHours) return openingStateAt(schedule, at);
  const both = (from: string, to: string): Window[] => {
    const venue = orderingWindows(schedule, from, to);
    const category = orderingWindows({ ...schedule, lastOrderMinutes: 0 }, from, to, (date) =>
      rangesOn(date, { hours: categoryHours }),
    );
    const out: Window[] = [];
    for (const v of venue) {
      for (const c of category) {
        const start = Math.max(v.start, c.start);
        const end = Math.min(v.end, c.end);
        if (end > start) out.push({ start, end });
      }
    }
    return mergeWindows(out);
  };
  return stateFrom(both, schedule.timezone, at);
}

// ------------------------------------------------------------------------------------------------
// Validation (the import file, PATCH /api/venue, the settings form)

function rangeSpan(range: TimeRange): { start: number; end: number } {
  const start = clockMinutes(range[0]);
  let end = clockMinutes(range[1]);
  if (end <= start) end += DAY_MINUTES;
  return { start, end };
}

export const clockTimeSchema = z.string({ error: 'must be a time such as 12:00' }).regex(TIME_RE, {
  error: 'must be a time from 00:00 to 24:00, such as 19:30',
});

export const timeRangeSchema = z
  .tuple([clockTimeSchema, clockTimeSchema], { error: 'must be a range such as ["12:00", "15:00"]' })
  .superRefine((range, ctx) => {
    const [start, end] = range;
    if (start === '24:00') {
      ctx.addIssue({ code: 'custom', path: [0], message: 'cannot start at 24:00', params: { code: 'invalid_range' } });
      return;
    }
    const s = clockMinutes(start);
    const e = clockMinutes(end);
    if (s === e || (e === 0 && s === 0)) {
      ctx.addIssue({ code: 'custom', message: 'ends when it starts', params: { code: 'empty_range' } });
    } else if (e < s && e > clockMinutes(LATEST_PAST_MIDNIGHT_END)) {
      ctx.addIssue({
        code: 'custom',
        message: `ends before it starts (a range past midnight ends by ${LATEST_PAST_MIDNIGHT_END})`,
        params: { code: 'inverted_range', latest: LATEST_PAST_MIDNIGHT_END },
      });
    }
  });

/** Ranges of one day: none may overlap another. */
export const dayRangesSchema = z
  .array(timeRangeSchema, { error: 'must be a list of ranges' })
  .max(6, { error: 'has more than 6 ranges' })
  .superRefine((ranges, ctx) => {
    const spans = ranges.map((r, i) => ({ ...rangeSpan(r), i })).sort((a, b) => a.start - b.start);
    for (let k = 1; k < spans.length; k++) {
      if (spans[k]!.start < spans[k - 1]!.end) {
        ctx.addIssue({
          code: 'custom',
          path: [spans[k]!.i],
          message: `overlaps ${ranges[spans[k - 1]!.i]!.join('-')}`,
          params: { code: 'overlapping_ranges' },
        });
      }
    }
  });

export const weekHoursSchema = z
  .object(
    Object.fromEntries(WEEK_DAYS.map((d) => [d, dayRangesSchema.default([])])) as Record<
      WeekDay,
      z.ZodDefault<typeof dayRangesSchema>
    >,
    {
      error: (issue) =>
        issue.code === 'invalid_type'
          ? 'must give the ranges of each day, e.g. {"mon": [["12:00", "15:00"]], "tue": []}'
          : undefined,
    },
  )
  .strict()
  .superRefine((week, ctx) => {
    // A range past midnight must end before the next day's first range starts.
    WEEK_DAYS.forEach((day, i) => {
      const next = WEEK_DAYS[(i + 1) % 7]!;
      for (const range of week[day]) {
        const { end } = rangeSpan(range);
        if (end <= DAY_MINUTES) continue;
        const spill = end - DAY_MINUTES;
        week[next].forEach((r, j) => {
          if (clockMinutes(r[0]) < spill) {
            ctx.addIssue({
              code: 'custom',
              path: [next, j],
              message: `overlaps ${day}'s ${range.join('-')}`,
              params: { code: 'overlapping_ranges' },
            });
          }
        });
      }
    });
  });

export const calendarDateSchema = z
  .string({ error: 'must be a date such as 2026-12-24' })
  .refine(isCalendarDate, { error: 'must be a date such as 2026-12-24' });

export const closureSchema = z
  .object({
    from: calendarDateSchema,
    to: calendarDateSchema,
    note: z.string({ error: 'must be text' }).trim().max(120, { error: 'is longer than 120 characters' }).optional(),
  })
  .strict()
  .superRefine((c, ctx) => {
    if (!isCalendarDate(c.from) || !isCalendarDate(c.to)) return;
    if (c.to < c.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'is before from', params: { code: 'ends_before_start' } });
    } else if (daysBetween(c.from, c.to) >= MAX_CLOSURE_DAYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `makes a closure longer than ${MAX_CLOSURE_DAYS} days`,
        params: { code: 'too_long', max: MAX_CLOSURE_DAYS },
      });
    }
  });

export const specialDaySchema = z.object({ date: calendarDateSchema, ranges: dayRangesSchema }).strict();

export const timeZoneSchema = z
  .string({ error: 'must be a time zone such as Europe/Paris' })
  .refine(isTimeZone, { error: 'is not a known time zone (use a name such as Europe/Paris)' });

/** The schedule fields of a venue (import file, PATCH /api/venue); `timezone` required once any is set. */
export const scheduleFieldsSchema = z.object({
  timezone: timeZoneSchema.nullable().optional(),
  hours: weekHoursSchema.nullable().optional(),
  closures: z.array(closureSchema).max(100, { error: 'has more than 100 closures' }).nullable().optional(),
  specialHours: z
    .array(specialDaySchema)
    .max(100, { error: 'has more than 100 special days' })
    .superRefine((days, ctx) => {
      const seen = new Set<string>();
      days.forEach((d, i) => {
        if (seen.has(d.date)) {
          ctx.addIssue({ code: 'custom', path: [i, 'date'], message: 'is given twice', params: { code: 'duplicate' } });
        }
        seen.add(d.date);
      });
    })
    .nullable()
    .optional(),
  lastOrderMinutes: z
    .number({ error: 'must be a number of minutes' })
    .int({ error: 'must be a whole number of minutes' })
    .min(0, { error: 'must be at least 0' })
    .max(MAX_LAST_ORDER_MINUTES, { error: `must be at most ${MAX_LAST_ORDER_MINUTES}` })
    .nullable()
    .optional(),
});
export type ScheduleFields = z.output<typeof scheduleFieldsSchema>;

/** True when the fields hold something that needs a time zone. */
export function scheduleNeedsTimeZone(fields: Partial<ScheduleFields>): boolean {
  return Boolean(fields.hours || fields.closures?.length || fields.specialHours?.length);
}

/** The schedule to store from parsed fields: null without a time zone (no hours = always open). */
export function scheduleFromFields(fields: Partial<ScheduleFields>): VenueSchedule | null {
  if (!fields.timezone) return null;
  const schedule: VenueSchedule = { timezone: fields.timezone };
  if (fields.hours) schedule.hours = fields.hours;
  if (fields.closures?.length) schedule.closures = fields.closures;
  if (fields.specialHours?.length) schedule.specialHours = fields.specialHours;
  if (fields.lastOrderMinutes) schedule.lastOrderMinutes = fields.lastOrderMinutes;
  return schedule;
}

/** The schedule's fields as the import file and the settings carry them (all null when unset). */
export function scheduleToFields(schedule: VenueSchedule | null | undefined): {
  timezone: string | null;
  hours: WeekHours | null;
  closures: Closure[];
  specialHours: SpecialDay[];
  lastOrderMinutes: number | null;
} {
  return {
    timezone: schedule?.timezone ?? null,
    hours: schedule?.hours ?? null,
    closures: schedule?.closures ?? [],
    specialHours: schedule?.specialHours ?? [],
    lastOrderMinutes: schedule?.lastOrderMinutes ?? null,
  };
}
