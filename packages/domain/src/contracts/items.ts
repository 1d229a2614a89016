import { z } from '../zod.ts';

/**
 * GET /api/items/:collection (architecture 4.6): read-only rows of the caller's venues, with the
 * content backend's query parameters. Empty name: 400 'Collection cannot be empty'; users, roles,
 * permissions, files: 403 'Cannot use readItems for core collections'.
 */

export const ITEMS_MAX_LIMIT = 1000;
export const ITEMS_DEFAULT_LIMIT = 100;

export const itemsQuerySchema = z.object({
  fields: z.string({ error: 'must be a comma-separated list' }).max(2000).optional(),
  filter: z.string({ error: 'must be JSON' }).max(10_000).optional(),
  search: z.string({ error: 'must be a text' }).max(200).optional(),
  sort: z.string({ error: 'must be a comma-separated list' }).max(500).optional(),
  limit: z.coerce
    .number()
    .int()
    .refine((n) => n === -1 || (n >= 1 && n <= ITEMS_MAX_LIMIT), {
      error: `must be -1 or from 1 to ${ITEMS_MAX_LIMIT}`,
    })
    .optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  // Accepted for compatibility with the content backend's SDK; not used.
  deep: z.string().optional(),
  alias: z.string().optional(),
  aggregate: z.string().optional(),
  groupBy: z.string().optional(),
});
export type ItemsQuery = z.infer<typeof itemsQuerySchema>;

export const itemsParamsSchema = z.object({ collection: z.string() });

/** The rows, each with the fields asked for (all of the collection's fields by default). */
export const itemsSchema = z.array(z.record(z.string(), z.unknown()));
