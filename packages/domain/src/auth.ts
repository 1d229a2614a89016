/**
 * Staff sign-in rules shared by the server's auth module and the web app's login pages. The wire
 * shapes (requests and answers) are in contracts/auth.ts and contracts/staff.ts.
 */

/** An access token lives 15 minutes. */
export const ACCESS_TOKEN_TTL_MS = 15 * 60 * 1000;
/** A refresh token lives 30 days (each refresh issues a new one). */
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** The web app refreshes this long before the access token expires (spec section 9). */
export const TOKEN_REFRESH_MARGIN_MS = 30_000;

export const AUTH_MODES = ['json', 'session'] as const;
export type AuthMode = (typeof AUTH_MODES)[number];

/**
 * The web app escapes angle brackets in credentials before sending them (spec section 5); the
 * server undoes it before comparing.
 */
export function escapeAngleBrackets(value: string): string {
  return value.replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

export function unescapeAngleBrackets(value: string): string {
  return value.replaceAll('&lt;', '<').replaceAll('&gt;', '>');
}
