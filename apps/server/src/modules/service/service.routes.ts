import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { authenticated, requireVenueRole } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import type { ModuleDeps } from '../../http/module.ts';
import { createVenueServiceService } from './service.service.ts';

const venueQuery = z.object({ venueId: z.uuid({ error: 'must be a venue id' }) });

/** The venue id a body or query names, or 400 naming the field. */
function venueIdIn(input: unknown): string {
  const id = input && typeof input === 'object' ? (input as { venueId?: unknown }).venueId : undefined;
  const parsed = z.uuid().safeParse(id);
  if (!parsed.success) {
    throw new AppError('VALIDATION', {
      issues: [{ path: 'venueId', message: id === undefined ? 'is required' : 'must be a venue id' }],
    });
  }
  return parsed.data.toLowerCase();
}

/**
 * Running a service from the board (architecture 4.10): pause ordering for the venue or a category
 * and resume it; read the state the board shows. Owners and managers of the venue.
 */
export const serviceRoutes: FastifyPluginAsync<ModuleDeps> = async (fastify, deps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = createVenueServiceService({ db: deps.database.db });
  const staff = { preValidation: authenticated };

  app.get('/venue/service', { ...staff, schema: { querystring: venueQuery } }, async (request, reply) => {
    await requireVenueRole(request, request.query.venueId);
    reply.header('cache-control', 'no-store');
    return ok(await service.state(request.query.venueId));
  });

  app.post('/venue/pause', staff, async (request) => {
    await requireVenueRole(request, venueIdIn(request.body));
    return ok(await service.pause(request.body));
  });

  app.delete('/venue/pause', staff, async (request) => {
    await requireVenueRole(request, venueIdIn(request.query));
    return ok(await service.resume(request.query));
  });
};
