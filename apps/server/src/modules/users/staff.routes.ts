import {
  nothing,
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
import { authenticated, requireVenueRole } from '../../http/auth.ts';
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
  description: 'Answers 201 when an account was created (with its temporary password, shown once), 200 otherwise.',
  tag: 'staff',
  auth: 'staff',
  body: staffInviteSchema,
  data: staffInviteAnswerSchema,
  status: 201,
  alsoOk: [200],
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
    await requireVenueRole(request, request.body.venueId, ['owner']);
    const answer = await service.inviteStaff(request.body);
    reply.status(answer.created ? 201 : 200);
    return ok(answer);
  });

  app.delete('/venue/staff', { preValidation: authenticated, schema: removeStaff }, async (request) => {
    await requireVenueRole(request, request.query.venueId, ['owner']);
    await service.removeStaff(request.query.venueId, request.query.userId);
    return ok(null);
  });
};
