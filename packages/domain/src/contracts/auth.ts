import { z } from '../zod.ts';
import { AUTH_MODES } from '../auth.ts';
import { idSchema } from './common.ts';

/**
 * Staff sign-in (architecture 4.6, spec sections 3 and 4): POST /api/auth/login, /refresh, /logout,
 * /otp/*, GET /api/users/me, POST /api/users/me/password, GET and DELETE /api/_auth/session.
 */

/** A one-time code: six digits (RFC 6238 as used by authenticator apps). */
export const otpSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { error: 'must be a 6-digit code' });

/** POST /api/auth/otp/verify and /disable */
export const otpBodySchema = z.strictObject({ otp: otpSchema }).meta({ examples: [{ otp: '492039' }] });

/** POST /api/auth/login */
export const loginPayloadSchema = z
  .strictObject({
    email: z.string().max(320),
    password: z.string().max(4096),
    otp: z.string().max(20).optional(),
    mode: z.enum(AUTH_MODES).optional(),
  })
  .meta({ examples: [{ email: 'owner@example.com', password: 'a long staff password', mode: 'json' }] });
export type LoginPayload = z.infer<typeof loginPayloadSchema>;

/** POST /api/auth/refresh and /api/auth/logout; refresh_token is needed in json mode only. */
export const refreshPayloadSchema = z
  .strictObject({
    mode: z.enum(AUTH_MODES).optional(),
    refresh_token: z.string().max(200).optional(),
  })
  .meta({ examples: [{ mode: 'json', refresh_token: 'kJ3v9Qm2xT7pR1sL8wZ4yN6bH0cF5dGa' }] });
export type RefreshPayload = z.infer<typeof refreshPayloadSchema>;

/** POST /api/users/me/password: the current password and the new one (escaped like login). */
export const passwordChangeSchema = z
  .strictObject({
    password: z.string().max(4096),
    new_password: z.string().max(4096),
  })
  .meta({ examples: [{ password: 'a long staff password', new_password: 'an even longer staff password' }] });
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

/** The json-mode answer of login and refresh ("auth token record"). `expires` is in ms. */
export const authTokenRecordSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  /** Lifetime of the access token in milliseconds. */
  expires: z.number().int(),
  /** When the access token expires, in milliseconds since the epoch. */
  expires_at: z.number().int(),
});
export type AuthTokenRecord = z.infer<typeof authTokenRecordSchema>;

/** The session-mode answer of login and refresh: the tokens travel as httpOnly cookies. */
export const sessionTokenAnswerSchema = z.object({ expires: z.number().int(), expires_at: z.number().int() });
export type SessionTokenAnswer = z.infer<typeof sessionTokenAnswerSchema>;

/** Login and refresh answer one or the other, by `mode`. */
export const tokenAnswerSchema = z.union([authTokenRecordSchema, sessionTokenAnswerSchema]);

/** GET /api/users/me */
export const authUserSchema = z.object({
  id: idSchema('user'),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

export const staffRoleSchema = z.enum(['owner', 'manager']);
export type StaffRole = z.infer<typeof staffRoleSchema>;

/** A venue the user owns or manages. */
export const staffVenueSchema = z.object({
  id: idSchema('venue'),
  venueUrl: z.string(),
  name: z.string(),
  role: staffRoleSchema,
});
export type StaffVenue = z.infer<typeof staffVenueSchema>;

/** The session's user: GET /api/users/me's fields, and whether sign-in asks for a one-time code. */
export const sessionUserSchema = authUserSchema.extend({ otp_enabled: z.boolean() });
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** GET /api/_auth/session */
export const sessionAnswerSchema = z.object({
  user: sessionUserSchema.nullable(),
  venues: z.array(staffVenueSchema),
  /** Invitations to a venue's staff waiting for this user's answer (GET /api/staff/invitations). */
  invitations: z.number().int().optional(),
});
export type SessionAnswer = z.infer<typeof sessionAnswerSchema>;

/** POST /api/auth/otp/enable: the secret to type or scan; active once /otp/verify accepts a code. */
export const otpEnableAnswerSchema = z.object({ secret: z.string(), otpauth_url: z.string() });
export type OtpEnableAnswer = z.infer<typeof otpEnableAnswerSchema>;

/** POST /api/auth/otp/verify and /disable: whether one-time codes are now asked at sign-in. */
export const otpStateSchema = z.object({ enabled: z.boolean() });
