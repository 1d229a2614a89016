import {
  nothing,
  staffInvitationAnswerSchema,
  staffInvitationSchema,
  staffInviteAnswerSchema,
  staffInviteSchema,
  staffMemberSchema,
  staffRemoveQuerySchema,
  staffVenueQuerySchema,
} from '@carte/domain';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contract } from '../../http/contract.ts';
import { authenticated, requireUser, requireVenueRole } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import type { ModuleDeps } from '../../http/module.ts';
import { createStaffService } from './staff.service.ts';

const staffErrors = ['VENUE_NOT_FOUND'] as const;
const listStaff = contract({
  summary: "The venue's staff (owners only)",
  tag: 'staff',
  auth: 'staff',
  querystring: staffVenueQuerySchema,
  data: z.array(staffMemberSchema),
  errors: staffErrors,
});
const inviteStaff = contract({
  summary: 'Invite a person to the venue as owner or manager (owners only)',
  description:
    'Answers 201 and the same shape whether or not the e-mail has an account: the person joins once they accept ' +
    'at their next sign-in; the temporary password (shown once) signs in a person who had no account.',
  tag: 'staff',
  auth: 'staff',
  body: staffInviteSchema,
  data: staffInviteAnswerSchema,
  status: 201,
  errors: [...staffErrors, 'STAFF_EXISTS'],
});
const removeStaff = contract({
  summary: 'Remove a person from the venue (owners only; a venue keeps one owner)',
  tag: 'staff',
  auth: 'staff',
  querystring: staffRemoveQuerySchema,
  data: nothing,
  errors: [...staffErrors, 'STAFF_NOT_FOUND', 'LAST_OWNER'],
});

const myInvitations = contract({
  summary: "The invitations to a venue's staff waiting for the signed-in person's answer",
  tag: 'staff',
  auth: 'staff',
  data: z.array(staffInvitationSchema),
});
const answerInvitation = (choice: 'Accept' | 'Decline') =>
  contract({
    summary: `${choice} an invitation to a venue's staff (the invited person only)`,
    tag: 'staff',
    auth: 'staff',
    body: staffInvitationAnswerSchema,
    data: nothing,
    errors: ['INVITATION_NOT_FOUND'],
  });

/**
 * GET/POST/DELETE /api/venue/staff: an owner lists, invites and removes the venue's staff. Managers
 * and everyone else get 403; without a user, 401 before the input is looked at.
 */
export const staffRoutes: FastifyPluginAsync<ModuleDeps> = async (fastify, deps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = createStaffService({ db: deps.database.db, events: deps.events });
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get('/venue/staff', { preValidation: authenticated, schema: listStaff }, async (request) => {
    await requireVenueRole(request, request.query.venueId, ['owner']);
    return ok(await service.listStaff(request.query.venueId));
  });

  app.post('/venue/staff', { preValidation: authenticated, schema: inviteStaff }, async (request, reply) => {
    const owner = requireUser(request);
    await requireVenueRole(request, request.body.venueId, ['owner']);
    const answer = await service.inviteStaff(request.body, owner.id);
    reply.status(201);
    return ok(answer);
  });

  // The signed-in person's own invitations: listed at sign-in, accepted or declined by them alone.
  app.get('/staff/invitations', { preValidation: authenticated, schema: myInvitations }, async (request) => {
    return ok(await service.invitationsOf(requireUser(request).id));
  });

  app.post(
    '/staff/invitations/accept',
    { preValidation: authenticated, schema: answerInvitation('Accept') },
    async (request) => {
      await service.acceptInvitation(requireUser(request).id, request.body.venueId);
      return ok(null);
    },
  );

  app.post(
    '/staff/invitations/decline',
    { preValidation: authenticated, schema: answerInvitation('Decline') },
    async (request) => {
      await service.declineInvitation(requireUser(request).id, request.body.venueId);
      return ok(null);
    },
  );

  app.delete('/venue/staff', { preValidation: authenticated, schema: removeStaff }, async (request) => {
    await requireVenueRole(request, request.query.venueId, ['owner']);
    await service.removeStaff(request.query.venueId, request.query.userId);
    return ok(null);
  });
};
