import { z } from '../zod.ts';
import { weekHoursSchema, type WeekHours } from '../hours.ts';
import type { PublicCategory } from '../public-types.ts';
import { importCategorySchema } from '../venue-import.ts';
import { idSchema } from './common.ts';
import { taxRateIdSchema } from './tax-settings.ts';

/** A venue's menu categories (architecture 4.7): POST, PATCH and DELETE /api/category (owners, managers). */

const EXAMPLE_VENUE = '3f1c2a9e-5b7d-4e1a-9c3b-2d4e6f8a0b1c';
const EXAMPLE_CATEGORY = '6a7b8c9d-0e1f-4a2b-8c3d-4e5f6a7b8c9d';

/** POST /api/category `{venueId, name}`: a new category, last in the menu. */
export const createCategorySchema = z
  .object({ venueId: idSchema('venue'), name: importCategorySchema.shape.name }, { error: 'must be an object' })
  .strict()
  .meta({ examples: [{ venueId: EXAMPLE_VENUE, name: 'Starters' }] });
export type CreateCategoryInput = z.infer<typeof createCategorySchema>;

/** PATCH /api/category `{id, ...}`: rename, move, set its own hours or its kitchen station. */
export const updateCategorySchema = z
  .object(
    {
      id: idSchema('category'),
      name: importCategorySchema.shape.name.optional(),
      /** The category's own week (breakfast until 11); null follows the venue's hours. */
      hours: weekHoursSchema.nullable().optional(),
      /** 0-based place among the venue's categories; the others move to make room. */
      position: z
        .number({ error: 'must be a whole number' })
        .int({ error: 'must be a whole number' })
        .min(0, { error: 'must be at least 0' })
        .max(10_000, { error: 'must be at most 10000' })
        .optional(),
      /** The kitchen station of its dishes (a station id of the venue); null: the first station. */
      station: z
        .string({ error: 'must be a station id' })
        .trim()
        .min(1, { error: 'must be a station id' })
        .nullable()
        .optional(),
      /** The tax rate of its dishes (a rate id of the venue's tax settings); null: the venue's default. */
      taxRate: taxRateIdSchema.nullable().optional(),
    },
    { error: 'must be an object' },
  )
  .strict()
  .meta({ examples: [{ id: EXAMPLE_CATEGORY, name: 'Mains', position: 0 }] });
export type UpdateCategoryInput = z.infer<typeof updateCategorySchema>;

/** DELETE /api/category?id= */
export const categoryIdQuerySchema = z.strictObject({ id: z.string({ error: 'must be a category id' }).optional() });

/** `["12:00", "15:00"]` as answers carry it (the request side checks the times). */
const timeRangeAnswer = z.tuple([z.string(), z.string()]);
/** A week of opening ranges as answers carry it: `{mon: [["12:00", "15:00"]], tue: [], ...}`. */
export const weekHoursAnswerSchema = z.object({
  mon: z.array(timeRangeAnswer),
  tue: z.array(timeRangeAnswer),
  wed: z.array(timeRangeAnswer),
  thu: z.array(timeRangeAnswer),
  fri: z.array(timeRangeAnswer),
  sat: z.array(timeRangeAnswer),
  sun: z.array(timeRangeAnswer),
}) satisfies z.ZodType<WeekHours>;

/** A category as staff calls answer it, in menu order. */
export const staffCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** 0-based place in the menu. */
  position: z.number().int(),
  /** The category's own week, or null when it follows the venue's hours. */
  hours: weekHoursAnswerSchema.nullable().optional(),
  /** The kitchen station of its dishes; null: the first station. */
  station: z.string().nullable().optional(),
  /** The tax rate of its dishes; null: the venue's default rate. */
  taxRate: z.string().nullable().optional(),
}) satisfies z.ZodType<PublicCategory>;
export type StaffCategory = z.infer<typeof staffCategorySchema>;
