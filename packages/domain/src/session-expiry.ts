/**
 * Session expiry (spec sections 4 and 9): the stored cart and order (and chat history) reset after
 * 2 hours of inactivity, or when the stored order was created more than 2 hours ago; the stored
 * state of another venue resets when the route's venue differs.
 */

/** 2 hours. */
export const SESSION_RESET_MS = 7_200_000;

export interface StoredSessionInfo {
  /** The venue the stored state belongs to. */
  venueUrl: string | null | undefined;
  /** Last time the guest did something (ms since epoch). */
  lastActivityAt: number | null | undefined;
  /** The stored order's date_created (ISO text or ms), when there is an order. */
  orderDateCreated?: string | number | null | undefined;
}

export type ResetReason = 'inactive' | 'order-expired' | 'other-venue';

function toMs(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const ms = typeof value === 'number' ? value : Date.parse(value);
  return Number.isFinite(ms) ? ms : null;
}

/** True when more than 2 hours have passed since `since` (exactly 2 hours is not yet expired). */
export function isOlderThanSession(since: string | number | null | undefined, now: number): boolean {
  const ms = toMs(since);
  return ms !== null && now - ms > SESSION_RESET_MS;
}

/**
 * Why the stored state must be reset for this route's venue, or null to keep it.
 * The venue check comes first: another venue's cart is never shown, however fresh.
 */
export function sessionResetReason(stored: StoredSessionInfo, routeVenueUrl: string, now: number): ResetReason | null {
  if (stored.venueUrl && stored.venueUrl !== routeVenueUrl) return 'other-venue';
  if (isOlderThanSession(stored.lastActivityAt, now)) return 'inactive';
  if (isOlderThanSession(stored.orderDateCreated, now)) return 'order-expired';
  return null;
}

export function shouldResetSession(stored: StoredSessionInfo, routeVenueUrl: string, now: number): boolean {
  return sessionResetReason(stored, routeVenueUrl, now) !== null;
}
