import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, staffVenueIds } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import type { ModuleDeps } from '../../http/module.ts';
import { MAX_LIMIT, readItems, resolveCollection } from './items.service.ts';

const itemsQuery = z.object({
  fields: z.string({ error: 'must be a comma-separated list' }).max(2000).optional(),
  filter: z.string({ error: 'must be JSON' }).max(10_000).optional(),
  search: z.string({ error: 'must be a text' }).max(200).optional(),
  sort: z.string({ error: 'must be a comma-separated list' }).max(500).optional(),
  limit: z.coerce
    .number()
    .int()
    .refine((n) => n === -1 || (n >= 1 && n <= MAX_LIMIT), { error: `must be -1 or from 1 to ${MAX_LIMIT}` })
    .optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  // Accepted for compatibility with the content backend's SDK; not used.
  deep: z.string().optional(),
  alias: z.string().optional(),
  aggregate: z.string().optional(),
  groupBy: z.string().optional(),
});

/**
 * GET /api/items/:collection: read-only, staff only, rows of the caller's venues only. The
 * collection name is checked first (400 empty, 403 core collections, 404 unknown), then the user.
 */
export const itemsRoutes: FastifyPluginAsync<ModuleDeps> = async (fastify, deps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const handler = async (
    collection: string | undefined,
    request: Parameters<typeof requireUser>[0],
    query: z.infer<typeof itemsQuery>,
  ) => {
    resolveCollection(collection);
    requireUser(request);
    return ok(await readItems(deps.database.db, collection, await staffVenueIds(request), query));
  };
  app.get('/items', { schema: { querystring: itemsQuery } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return handler('', request, request.query);
  });
  app.get(
    '/items/:collection',
    { schema: { querystring: itemsQuery, params: z.object({ collection: z.string() }) } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return handler(request.params.collection, request, request.query);
    },
  );
};
