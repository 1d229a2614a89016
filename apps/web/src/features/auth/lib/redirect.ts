import type { StaffVenue } from '../api/auth-api.ts';

export const LOGIN_PATH = '/admin/login';
export const SELECT_VENUE_PATH = '/admin/select-venue';
export const REDIRECT_PARAM = 'redirect';

/** Only a staff page of this site: never another origin, never the login or logout page again. */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/admin') || value.startsWith('//') || value.includes('\\')) return null;
  const path = value.split(/[?#]/)[0]!;
  if (path === LOGIN_PATH || path === '/admin/logout' || path === '/admin' || path === '/admin/') return null;
  return value;
}

/** The login page for someone who was on `from` (they come back there after signing in). */
export function loginHref(from?: string): string {
  const back = safeRedirect(from);
  return back ? `${LOGIN_PATH}?${REDIRECT_PARAM}=${encodeURIComponent(back)}` : LOGIN_PATH;
}

/** Where a signed-in user goes: back where they were sent from, their only venue, or the choice. */
export function afterLoginPath(
  venues: readonly StaffVenue[],
  redirect: string | null | undefined,
  invitations = 0,
): string {
  const back = safeRedirect(redirect);
  if (back) return back;
  // Invitations waiting for an answer are shown on the venue choice, at sign-in.
  if (venues.length === 1 && invitations === 0) return `/admin/${encodeURIComponent(venues[0]!.venueUrl)}`;
  return SELECT_VENUE_PATH;
}
