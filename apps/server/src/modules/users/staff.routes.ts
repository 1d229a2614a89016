import { staffInviteSchema } from '@carte/domain';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticated, requireVenueRole } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import type { ModuleDeps } from '../../http/module.ts';
import { createStaffService } from './staff.service.ts';

const venueQuery = z.object({ venueId: z.uuid({ error: 'must be a venue id' }) });
const removeQuery = venueQuery.extend({ userId: z.uuid({ error: 'must be a user id' }) });

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

  app.get('/venue/staff', { preValidation: authenticated, schema: { querystring: venueQuery } }, async (request) => {
    await requireVenueRole(request, request.query.venueId, ['owner']);
    return ok(await service.listStaff(request.query.venueId));
  });

  app.post(
    '/venue/staff',
    { preValidation: authenticated, schema: { body: staffInviteSchema } },
    async (request, reply) => {
      await requireVenueRole(request, request.body.venueId, ['owner']);
      const answer = await service.inviteStaff(request.body);
      reply.status(answer.created ? 201 : 200);
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
};
