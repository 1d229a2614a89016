import type { FieldIssue } from './errors.ts';
import type { z } from './zod.ts';
import type {
  publicCategorySchema,
  publicProductSchema,
  publicVariationGroupSchema,
  publicVariationSchema,
  publicVenueResponseSchema,
  publicVenueSchema,
} from './contracts/public-venue.ts';

/**
 * Shapes of the public API (architecture.md section 4.2), shared by server and web: the types of the
 * contract's schemas (contracts/public-venue.ts), written once there.
 */
export type PublicVariation = z.infer<typeof publicVariationSchema>;
/** An option group (architecture.md 4.3): choose from `min` to `max` of `variationIds`. */
export type PublicVariationGroup = z.infer<typeof publicVariationGroupSchema>;
export type PublicCategory = z.infer<typeof publicCategorySchema>;
export type PublicProduct = z.infer<typeof publicProductSchema>;
export type PublicVenue = z.infer<typeof publicVenueSchema>;
export type PublicVenueResponse = z.infer<typeof publicVenueResponseSchema>;
export type ApiEnvelope<T> =
  | { success: true; data: T }
  | {
      success: false;
      error: string;
      code: string;
      issues?: FieldIssue[];
      /** VENUE_CLOSED: when orders open again (ISO with offset). */
      nextOpening?: string;
    };
