import { staffInvitationAnswerSchema, staffInviteSchema } from '@carte/domain';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticated, requireUser, requireVenueRole } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import type { ModuleDeps } from '../../http/module.ts';
import { createStaffService } from './staff.service.ts';

const venueQuery = z.object({ venueId: z.uuid({ error: 'must be a venue id' }) });
const removeQuery = venueQuery.extend({ userId: z.uuid({ error: 'must be a user id' }) });

/**
 * GET/POST/DELETE /api/venue/staff: an owner lists, invites and removes the venue's staff. Managers
 * and everyone else get 403; without a user, 401 before the input is looked at. GET
 * /api/staff/invitations and POST /api/staff/invitations/accept|decline: the invited person answers.
 */
export const staffRoutes: FastifyPluginAsync<ModuleDeps> = async (fastify, deps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = createStaffService({ db: deps.database.db, events: deps.events });
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get('/venue/staff', { preValidation: authenticated, schema: { querystring: venueQuery } }, async (request) => {
    await requireVenueRole(request, request.query.venueId, ['owner']);
    return ok(await service.listStaff(request.query.venueId));
  });

  app.post(
    '/venue/staff',
    { preValidation: authenticated, schema: { body: staffInviteSchema } },
    async (request, reply) => {
      const owner = requireUser(request);
      await requireVenueRole(request, request.body.venueId, ['owner']);
      const answer = await service.inviteStaff(request.body, owner.id);
      reply.status(201);
      return ok(answer);
    },
  );

  app.delete(
    '/venue/staff',
    { preValidation: authenticated, schema: { querystring: removeQuery } },
    async (request) => {
      await requireVenueRole(request, request.query.venueId, ['owner']);
      await service.removeStaff(request.query.venueId, request.query.userId);
      return ok(null);
    },
  );

  // The signed-in person's own invitations: listed at sign-in, accepted or declined by them alone.
  app.get('/staff/invitations', { preValidation: authenticated }, async (request) => {
    return ok(await service.invitationsOf(requireUser(request).id));
  });

  app.post(
    '/staff/invitations/accept',
    { preValidation: authenticated, schema: { body: staffInvitationAnswerSchema } },
    async (request) => {
      await service.acceptInvitation(requireUser(request).id, request.body.venueId);
      return ok(null);
    },
  );

  app.post(
    '/staff/invitations/decline',
    { preValidation: authenticated, schema: { body: staffInvitationAnswerSchema } },
    async (request) => {
      await service.declineInvitation(requireUser(request).id, request.body.venueId);
      return ok(null);
    },
  );
};
