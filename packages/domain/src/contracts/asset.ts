import { z } from '../zod.ts';
import { idSchema } from './common.ts';

/**
 * Pictures uploaded by staff (architecture 4.7): POST /api/asset, multipart with the field `file`.
 * A user of one venue sends the file alone; a user of several names the venue with `venueId`, as a
 * field or in the query. Without a file: 400 'No file provided to create asset from', first.
 */

/** Image types an upload may have, read from the file's bytes (SVG is never accepted). */
export const UPLOAD_IMAGE_TYPES = ['JPEG', 'PNG', 'WebP', 'GIF', 'AVIF'] as const;

/** POST /api/asset?venueId: the venue may be named in the query (the role is then checked first). */
export const assetQuerySchema = z.strictObject({ venueId: idSchema('venue').optional() });

/** The multipart form, as the document describes it (the route reads the parts itself). */
export const assetUploadFormSchema = z.object({
  file: z.file().meta({ description: `The picture: ${UPLOAD_IMAGE_TYPES.join(', ')} (by its bytes).` }),
  venueId: idSchema('venue')
    .optional()
    .meta({ description: 'The venue the picture is for; required for a user of several venues (or in the query).' }),
});

/** The stored picture: its asset id (send it as a product's `image` or the venue's `headerIcon`) and URL. */
export const uploadedAssetSchema = z.object({ id: z.string(), url: z.string() });
export type UploadedAsset = z.infer<typeof uploadedAssetSchema>;
