import { z } from '../zod.ts';
import { staffRoleSchema } from './auth.ts';
import { idSchema } from './common.ts';
import { LANGUAGES } from '../languages.ts';

/** A venue's staff: GET, POST and DELETE /api/venue/staff (owners only). */

export const staffVenueQuerySchema = z.strictObject({ venueId: idSchema('venue') });
export const staffRemoveQuerySchema = staffVenueQuerySchema.extend({ userId: idSchema('user') });

/** One member of a venue's staff (GET /api/venue/staff). */
export const staffMemberSchema = z.object({
  id: idSchema('user'),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  role: staffRoleSchema,
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** POST /api/venue/staff `{venueId, email, role?}` */
export const staffInviteSchema = z
  .strictObject({
    venueId: idSchema('venue'),
    email: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.email({ error: 'must be an e-mail address' })),
    role: staffRoleSchema.optional(),
    /** The language of the e-mail (the owner's screen language); English when absent. */
    language: z.enum(LANGUAGES).optional(),
  })
  .meta({
    examples: [
      {
        venueId: '7d2e9b10-4f3a-4b6c-8d1e-2a3b4c5d6e7f',
        email: 'new.manager@example.com',
        role: 'manager',
        language: 'fr',
      },
    ],
  });
export type StaffInvite = z.infer<typeof staffInviteSchema>;

/** How long an invitation's one-time link works (decision 026). */
export const INVITATION_TTL_MS = 48 * 60 * 60 * 1000;
/** The password a new account sets (the users module's MIN_PASSWORD_LENGTH and MAX_PASSWORD_LENGTH). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 1024;

/**
 * The invite's answer, the same whether or not the e-mail already has an account (so it tells the
 * owner nothing about other people's accounts) and never a password: a one-time link valid 48 hours
 * goes to the person by e-mail; they join once they accept it.
 */
export const staffInviteAnswerSchema = z.object({
  id: idSchema('invitation'),
  email: z.string(),
  role: staffRoleSchema,
  status: z.literal('invited'),
  expires_at: z.string(),
  /** How the e-mail left: `sent` by SMTP, `kept` in the outbox (no SMTP_URL), `failed` (see the outbox). */
  mail: z.enum(['sent', 'kept', 'failed']),
});
export type StaffInviteAnswer = z.infer<typeof staffInviteAnswerSchema>;

/** GET /api/venue/staff/invitations: the venue's invitations not yet accepted (owners only). */
export const pendingInvitationSchema = z.object({
  id: idSchema('invitation'),
  email: z.string(),
  role: staffRoleSchema,
  invited_at: z.string(),
  expires_at: z.string(),
  expired: z.boolean(),
});
export type PendingInvitation = z.infer<typeof pendingInvitationSchema>;

/** POST /api/venue/staff/invitations/resend `{venueId, id}`; DELETE ...?venueId&id revokes. */
export const invitationRefSchema = z.strictObject({ venueId: idSchema('venue'), id: idSchema('invitation') }).meta({
  examples: [{ venueId: '7d2e9b10-4f3a-4b6c-8d1e-2a3b4c5d6e7f', id: 'e5f6a7b8-c9d0-4e1f-a2b3-c4d5e6f7a8b9' }],
});
export type InvitationRef = z.infer<typeof invitationRefSchema>;

/** The one-time link's token (the part after `#` of /admin/invite#...). */
const inviteTokenSchema = z.string().min(20).max(200);

/** POST /api/staff/invite/lookup `{token}`: what the link's page shows (public, the token is the right). */
export const inviteLookupSchema = z
  .strictObject({ token: inviteTokenSchema })
  .meta({ examples: [{ token: 'Vq3xL9mT2kR7wZ5pN8cJ4hF6dS1aG0bY' }] });
export const inviteLookupAnswerSchema = z.object({
  email: z.string(),
  role: staffRoleSchema,
  venueName: z.string(),
  expires_at: z.string(),
  /** `new`: the person sets a name and password; `existing`: they sign in and accept there. */
  account: z.enum(['new', 'existing']),
});
export type InviteLookupAnswer = z.infer<typeof inviteLookupAnswerSchema>;

/** POST /api/staff/invite/accept: a new person sets their name and password and is signed in. */
export const inviteAcceptSchema = z
  .strictObject({
    token: inviteTokenSchema,
    first_name: z.string().trim().min(1).max(100),
    last_name: z.string().trim().max(100).optional(),
    password: z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH),
  })
  .meta({
    examples: [
      {
        token: 'Vq3xL9mT2kR7wZ5pN8cJ4hF6dS1aG0bY',
        first_name: 'Giulia',
        last_name: 'Bianchi',
        password: 'a long new password',
      },
    ],
  });
export type InviteAccept = z.infer<typeof inviteAcceptSchema>;
export const inviteAcceptAnswerSchema = z.object({
  venueId: idSchema('venue'),
  venueUrl: z.string(),
  expires: z.number().int(),
  expires_at: z.number().int(),
});
export type InviteAcceptAnswer = z.infer<typeof inviteAcceptAnswerSchema>;

/** GET /api/staff/invitations: an invitation waiting for the signed-in user's answer. */
export const staffInvitationSchema = z.object({
  venueId: idSchema('venue'),
  venueName: z.string(),
  venueUrl: z.string(),
  role: staffRoleSchema,
  invitedAt: z.string(),
});
export type StaffInvitation = z.infer<typeof staffInvitationSchema>;

/** POST /api/staff/invitations/accept and /decline `{venueId}`: the invited person answers. */
export const staffInvitationAnswerSchema = z
  .strictObject({ venueId: idSchema('venue') })
  .meta({ examples: [{ venueId: '7d2e9b10-4f3a-4b6c-8d1e-2a3b4c5d6e7f' }] });
export type StaffInvitationAnswerBody = z.infer<typeof staffInvitationAnswerSchema>;
