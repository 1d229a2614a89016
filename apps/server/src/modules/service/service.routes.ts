import { pauseRequestSchema, resumeQuerySchema, venueServiceQuerySchema, venueServiceStateSchema } from '@carte/domain';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticated, requireVenueRole } from '../../http/auth.ts';
import { contract } from '../../http/contract.ts';
import { ok } from '../../http/envelope.ts';
import type { ModuleDeps } from '../../http/module.ts';
import { createVenueServiceService } from './service.service.ts';

const tag = 'venue-service';
const serviceState = contract({
  summary: 'The service state the board shows: pauses, prep time, open or closed, by category',
  tag,
  auth: 'staff',
  querystring: venueServiceQuerySchema,
  data: venueServiceStateSchema,
  errors: ['VENUE_NOT_FOUND'],
});
const pause = contract({
  summary: 'Pause ordering for the venue or one category (for minutes, until a time, or until resumed)',
  tag,
  auth: 'staff',
  body: pauseRequestSchema,
  data: venueServiceStateSchema,
  errors: ['VENUE_NOT_FOUND', 'CATEGORY_NOT_FOUND'],
});
const resume = contract({
  summary: 'Resume ordering for the venue or one category, at once',
  tag,
  auth: 'staff',
  querystring: resumeQuerySchema,
  data: venueServiceStateSchema,
  errors: ['VENUE_NOT_FOUND', 'CATEGORY_NOT_FOUND'],
});

/**
 * Running a service from the board (architecture 4.10): pause ordering for the venue or a category
 * and resume it; read the state the board shows. Owners and managers of the venue.
 */
export const serviceRoutes: FastifyPluginAsync<ModuleDeps> = async (fastify, deps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = createVenueServiceService({ db: deps.database.db });
  const staff = { preValidation: authenticated };

  app.get('/venue/service', { ...staff, schema: serviceState }, async (request, reply) => {
    await requireVenueRole(request, request.query.venueId);
    reply.header('cache-control', 'no-store');
    return ok(await service.state(request.query.venueId));
  });

  // Every board of the venue, on every process, reads the service state again (architecture 4.10).
  const changed = (venueId: string) => deps.events.publish({ type: 'venue.updated', orderId: venueId, venueId });

  app.post('/venue/pause', { ...staff, schema: pause }, async (request) => {
    const venueId = request.body.venueId.toLowerCase();
    await requireVenueRole(request, venueId);
    const state = await service.pause(request.body);
    await changed(venueId);
    return ok(state);
  });

  app.delete('/venue/pause', { ...staff, schema: resume }, async (request) => {
    const venueId = request.query.venueId.toLowerCase();
    await requireVenueRole(request, venueId);
    const state = await service.resume(request.query);
    await changed(venueId);
    return ok(state);
  });
};
