import { describe, expect, it } from 'vitest';
import { z } from '../zod.ts';
import { createCategorySchema, updateCategorySchema } from './category.ts';
import { createProductSchema, updateProductSchema } from './product.ts';
import { venueSettingsSchema } from './venue.ts';
import { pauseRequestSchema } from './venue-service.ts';

/**
 * Each body schema's example (shown in the OpenAPI document, sent by the generated route test) is a
 * body the schema accepts; the same body with an unknown field is refused with unrecognized_keys.
 */
const BODIES: [string, z.ZodType][] = [
  ['POST /api/product', createProductSchema],
  ['PATCH /api/product', updateProductSchema],
  ['POST /api/category', createCategorySchema],
  ['PATCH /api/category', updateCategorySchema],
  ['PATCH /api/venue', venueSettingsSchema],
  ['POST /api/venue/pause', pauseRequestSchema],
];

describe.each(BODIES)('the example of %s', (_route, schema) => {
  const examples = (z.globalRegistry.get(schema)?.examples ?? []) as unknown[];

  it('is there, and the schema accepts it', () => {
    expect(examples).toHaveLength(1);
    const parsed = schema.safeParse(examples[0]);
    expect(parsed.error?.issues ?? []).toEqual([]);
  });

  it('with an unknown field is refused', () => {
    const parsed = schema.safeParse({ ...(examples[0] as object), colour: 'red' });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => i.code)).toContain('unrecognized_keys');
  });
});
