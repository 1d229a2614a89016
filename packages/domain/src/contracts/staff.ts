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
export const staffInviteSchema = z.strictObject({
  venueId: idSchema('venue'),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'must be an e-mail address' })),
  role: staffRoleSchema.optional(),
});
export type StaffInvite = z.infer<typeof staffInviteSchema>;

/** The invite's answer: the temporary password is shown once, only for a newly created account. */
export const staffInviteAnswerSchema = z.object({
  member: staffMemberSchema,
  created: z.boolean(),
  temporaryPassword: z.string().nullable(),
});
export type StaffInviteAnswer = z.infer<typeof staffInviteAnswerSchema>;
