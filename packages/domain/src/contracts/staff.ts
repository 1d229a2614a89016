import { z } from '../zod.ts';
import { staffRoleSchema } from './auth.ts';
import { idSchema } from './common.ts';

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
  })
  .meta({
    examples: [{ venueId: '7d2e9b10-4f3a-4b6c-8d1e-2a3b4c5d6e7f', email: 'new.manager@example.com', role: 'manager' }],
  });
export type StaffInvite = z.infer<typeof staffInviteSchema>;

/**
 * The invite's answer, the same whether or not the e-mail already has an account (so it tells the
 * owner nothing about other people's accounts): the person is invited and joins once they accept at
 * their next sign-in. The temporary password is shown once: it signs in a person who had no account;
 * someone who already has one signs in with their own password.
 */
export const staffInviteAnswerSchema = z.object({
  email: z.string(),
  role: staffRoleSchema,
  status: z.literal('invited'),
  temporaryPassword: z.string(),
});
export type StaffInviteAnswer = z.infer<typeof staffInviteAnswerSchema>;

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
