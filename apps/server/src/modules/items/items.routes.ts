import { itemsParamsSchema, itemsQuerySchema, itemsSchema, type ItemsQuery } from '@carte/domain';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser, staffVenueIds } from '../../http/auth.ts';
import { contract } from '../../http/contract.ts';
import { ok } from '../../http/envelope.ts';
import type { ModuleDeps } from '../../http/module.ts';
import { readItems, resolveCollection } from './items.service.ts';

const description =
  "Read-only, staff only, rows of the caller's venues only. The collection name is checked first " +
  '(400 empty, 403 core collections such as users, 404 unknown), then the user. Unknown query ' +
  'parameters are ignored, as the content backend does.';
const listItems = contract({
  summary: "Rows of a collection (venues, categories, products, orders), the caller's venues only",
  description,
  tag: 'items',
  auth: 'staff',
  params: itemsParamsSchema,
  querystring: itemsQuerySchema,
  data: itemsSchema,
  errors: ['COLLECTION_EMPTY', 'CORE_COLLECTION', 'COLLECTION_NOT_FOUND'],
});
const noCollection = contract({
  summary: 'Without a collection name: 400 Collection cannot be empty',
  description,
  tag: 'items',
  auth: 'staff',
  querystring: itemsQuerySchema,
  data: itemsSchema,
  errors: ['COLLECTION_EMPTY'],
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
    query: ItemsQuery,
  ) => {
    resolveCollection(collection);
    requireUser(request);
    return ok(await readItems(deps.database.db, collection, await staffVenueIds(request), query));
  };
  app.get('/items', { schema: noCollection }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return handler('', request, request.query);
  });
  app.get('/items/:collection', { schema: listItems }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return handler(request.params.collection, request, request.query);
  });
};
