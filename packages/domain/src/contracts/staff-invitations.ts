import { z } from '../zod.ts';

/**
 * POST /api/staff/invitations/accept and /decline `{venueId}`: the signed-in person answers an
 * invitation to that venue's staff (issue 16 item 6).
 */
export const staffInvitationAnswerSchema = z.strictObject({
  venueId: z.uuid({ error: 'must be a venue id' }),
});
export type StaffInvitationAnswerBody = z.infer<typeof staffInvitationAnswerSchema>;
