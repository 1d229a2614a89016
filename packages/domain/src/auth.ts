import { z } from './zod.ts';

/**
 * Staff sign-in wire shapes (architecture 4.6, spec sections 3 and 4), shared by the server's auth
 * module and the web app's login pages.
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

/** A one-time code: six digits (RFC 6238 as used by authenticator apps). */
export const otpSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { error: 'must be a 6-digit code' });

/** POST /api/auth/login */
export const loginPayloadSchema = z.object({
  email: z.string().max(320),
  password: z.string().max(4096),
  otp: z.string().max(20).optional(),
  mode: z.enum(AUTH_MODES).optional(),
});
export type LoginPayload = z.infer<typeof loginPayloadSchema>;

/** POST /api/auth/refresh and /api/auth/logout; refresh_token is needed in json mode only. */
export const refreshPayloadSchema = z.object({
  mode: z.enum(AUTH_MODES).optional(),
  refresh_token: z.string().max(200).optional(),
});
export type RefreshPayload = z.infer<typeof refreshPayloadSchema>;

/** POST /api/users/me/password: the current password and the new one (escaped like login). */
export const passwordChangeSchema = z.object({
  password: z.string().max(4096),
  new_password: z.string().max(4096),
});
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

/** The json-mode answer of login and refresh ("auth token record"). `expires` is in ms. */
export interface AuthTokenRecord {
  access_token: string;
  refresh_token: string;
  /** Lifetime of the access token in milliseconds. */
  expires: number;
  /** When the access token expires, in milliseconds since the epoch. */
  expires_at: number;
}

/** The session-mode answer of login and refresh: the tokens travel as httpOnly cookies. */
export interface SessionTokenAnswer {
  expires: number;
  expires_at: number;
}

/** GET /api/users/me */
export interface AuthUser {
  id: string;
  first_name: string | null;
  last_name: string | null;
  email: string;
}

export type StaffRole = 'owner' | 'manager';

/** A venue the user owns or manages. */
export interface StaffVenue {
  id: string;
  venueUrl: string;
  name: string;
  role: StaffRole;
}

/** The session's user: GET /api/users/me's fields, and whether sign-in asks for a one-time code. */
export interface SessionUser extends AuthUser {
  otp_enabled: boolean;
}

/** GET /api/_auth/session */
export interface SessionAnswer {
  user: SessionUser | null;
  venues: StaffVenue[];
  /** Invitations to a venue's staff waiting for this user's answer (GET /api/staff/invitations). */
  invitations?: number;
}

/** POST /api/auth/otp/enable: the secret to type or scan; active once /otp/verify accepts a code. */
export interface OtpEnableAnswer {
  secret: string;
  otpauth_url: string;
}

/** One member of a venue's staff (GET /api/venue/staff). */
export interface StaffMember {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  role: StaffRole;
}

/** POST /api/venue/staff `{venueId, email, role?}` */
export const staffInviteSchema = z.object({
  venueId: z.uuid({ error: 'must be a venue id' }),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'must be an e-mail address' })),
  role: z.enum(['owner', 'manager']).optional(),
});
export type StaffInvite = z.infer<typeof staffInviteSchema>;

/**
 * The invite's answer, the same whether or not the e-mail already has an account (so it tells the
 * owner nothing about other people's accounts): the person is invited and joins once they accept at
 * their next sign-in. The temporary password is shown once: it signs in a person who had no account;
 * someone who already has one signs in with their own password.
 */
export interface StaffInviteAnswer {
  email: string;
  role: StaffRole;
  status: 'invited';
  temporaryPassword: string;
}

/** GET /api/staff/invitations: an invitation waiting for the signed-in user's answer. */
export interface StaffInvitation {
  venueId: string;
  venueName: string;
  venueUrl: string;
  role: StaffRole;
  invitedAt: string;
}
