import {
  categoryOpeningStateAt,
  openingStateAt,
  toZonedIso,
  type OpeningState,
  type VenueSchedule,
  type WeekHours,
} from './hours.ts';

/**
 * Whether a guest may order now (architecture 4.10): the venue's hours, a pause set by staff for
 * the venue or a category, and each category's own window. One function answers the public venue
 * (what the guest pages say) and the order check (what POST /api/order refuses), so a page never
 * says "open" for an order the server would refuse at the same instant.
 */

/** A pause of ordering: until an instant (epoch ms), or until staff resume it (null). */
export interface Pause {
  until: string | null;
  message: string | null;
}

export interface ServiceSettings {
  schedule: VenueSchedule | null;
  pause: Pause | null;
  prepMinutes: number | null;
}

export interface CategoryService {
  id: string;
  hours: WeekHours | null | undefined;
  pause: Pause | null;
}

/** What the public venue carries as `availability` (ISO times with the venue's offset). */
export interface PublicAvailability {
  open: boolean;
  closesAt?: string;
  nextOpening?: string;
  paused?: { until?: string; message?: string };
  prepMinutes?: number;
  /** The venue's time zone: the guest pages write times in it. */
  timezone?: string;
}

/** A pause still in force at `at` (a pause whose end has passed has resumed by itself). */
export function activePause(pause: Pause | null | undefined, at: number): Pause | null {
  if (!pause) return null;
  if (pause.until === null) return pause;
  const until = Date.parse(pause.until);
  return Number.isFinite(until) && until > at ? pause : null;
}

const zoneOf = (schedule: VenueSchedule | null) => schedule?.timezone ?? 'UTC';

function isoIn(instant: number | undefined, timezone: string): string | undefined {
  return instant === undefined ? undefined : toZonedIso(instant, timezone);
}

/** The next instant after `at` where a state may change (its closing or opening), or Infinity. */
function nextChange(state: OpeningState, at: number): number {
  const candidates = [state.closesAt, state.nextOpening].filter((t): t is number => t !== undefined && t > at);
  return candidates.length ? Math.min(...candidates) : Number.POSITIVE_INFINITY;
}

function pauseEnd(pause: Pause | null, at: number): number {
  if (!pause?.until) return Number.POSITIVE_INFINITY;
  const until = Date.parse(pause.until);
  return until > at ? until : Number.POSITIVE_INFINITY;
}

export interface AvailabilitySnapshot {
  availability: PublicAvailability;
  /** Per category id: may its dishes be ordered now (its window, its pause, the venue's state). */
  categories: Map<string, boolean>;
  /** Until when this answer holds (the next opening, closing or end of a pause): cache it that long. */
  validUntil: number;
}

/** The venue's and its categories' availability at `at`. */
export function availabilityAt(
  settings: ServiceSettings,
  categories: CategoryService[],
  at: number,
): AvailabilitySnapshot {
  const schedule = settings.schedule;
  const timezone = zoneOf(schedule);
  const state = schedule ? openingStateAt(schedule, at) : { open: true };
  const pause = activePause(settings.pause, at);
  let validUntil = Math.min(nextChange(state, at), pauseEnd(pause, at));

  const availability: PublicAvailability = { open: state.open };
  const closesAt = isoIn(state.closesAt, timezone);
  const nextOpening = isoIn(state.nextOpening, timezone);
  if (closesAt) availability.closesAt = closesAt;
  if (nextOpening) availability.nextOpening = nextOpening;
  if (pause) {
    availability.paused = {};
    if (pause.until) availability.paused.until = toZonedIso(Date.parse(pause.until), timezone);
    if (pause.message) availability.paused.message = pause.message;
  }
  if (settings.prepMinutes) availability.prepMinutes = settings.prepMinutes;
  if (schedule) availability.timezone = schedule.timezone;

  const byCategory = new Map<string, boolean>();
  for (const c of categories) {
    const categoryPause = activePause(c.pause, at);
    validUntil = Math.min(validUntil, pauseEnd(categoryPause, at));
    let open = state.open;
    if (c.hours) {
      const own = categoryOpeningStateAt(schedule ?? { timezone }, c.hours, at);
      open = own.open;
      validUntil = Math.min(validUntil, nextChange(own, at));
    }
    byCategory.set(c.id, open && !pause && !categoryPause);
  }
  return { availability, categories: byCategory, validUntil };
}

export type OrderRefusal =
  | { code: 'VENUE_CLOSED'; nextOpening?: string }
  | { code: 'ORDERING_PAUSED'; until?: string; message?: string }
  | { code: 'NOT_AVAILABLE_NOW'; productIds: string[] };

/**
 * Why an order may not be placed at `at`, or null when it may: the venue closed, ordering paused
 * (the venue's pause, or the pause of a category a dish is in), or a dish whose categories are all
 * outside their window. A dish in several categories may be ordered when one of them is available.
 */
export function orderRefusalAt(
  settings: ServiceSettings,
  categories: CategoryService[],
  products: { productId: string; categoryIds: string[] }[],
  at: number,
): OrderRefusal | null {
  const snapshot = availabilityAt(settings, categories, at);
  const { availability } = snapshot;
  if (availability.paused) {
    return {
      code: 'ORDERING_PAUSED',
      ...(availability.paused.until ? { until: availability.paused.until } : {}),
      ...(availability.paused.message ? { message: availability.paused.message } : {}),
    };
  }
  if (!availability.open) {
    return { code: 'VENUE_CLOSED', ...(availability.nextOpening ? { nextOpening: availability.nextOpening } : {}) };
  }
  const pausedCategories = new Set(categories.filter((c) => activePause(c.pause, at)).map((c) => c.id));
  const blocked: string[] = [];
  let pausedOnly = true;
  for (const p of products) {
    if (p.categoryIds.length === 0) continue;
    if (p.categoryIds.some((id) => snapshot.categories.get(id) ?? true)) continue;
    blocked.push(p.productId);
    if (!p.categoryIds.every((id) => pausedCategories.has(id))) pausedOnly = false;
  }
  if (!blocked.length) return null;
  if (pausedOnly) {
    const pause = categories.find((c) => pausedCategories.has(c.id) && c.pause?.message)?.pause;
    return { code: 'ORDERING_PAUSED', ...(pause?.message ? { message: pause.message } : {}) };
  }
  return { code: 'NOT_AVAILABLE_NOW', productIds: [...new Set(blocked)] };
}
