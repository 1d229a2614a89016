import { createHash, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Db } from '../../db/client.ts';
import type { AssetStorage } from '../../providers/storage/storage.ts';

// Images are re-encoded once, on import or upload, never re-read: libvips' operation cache only
// holds memory the server keeps for the rest of its life (about 100 MB after seeding the demo).
sharp.cache(false);
import { findAssetBySha, insertAsset } from './assets.repository.ts';

/** Longest side of a stored image; the web asks for smaller variants. */
/** Asset rows by id, for the export (other modules reach assets through this service). */
export { findAssetsByIds } from './assets.repository.ts';

export const MAX_IMAGE_SIDE = 1600;
/** Larger source files are refused before decoding. */
export const MAX_IMAGE_FILE_BYTES = 20 * 1024 * 1024;
const WEBP_QUALITY = 80;
/** libwebp effort 2 of 6: half the encoding time of the default 4 for about 7% more bytes; guests get resized variants anyway. */
const WEBP_EFFORT = 2;
/** Raster formats we accept; SVG (scriptable) and PDF are refused. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

export class ImageRejectedError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ImageRejectedError';
  }
}

/** An image decoded, re-encoded to WebP and hashed: ready to be stored. */
export interface PreparedImage {
  bytes: Buffer;
  width: number;
  height: number;
  /** sha256 (hex) of the WebP bytes that are stored. */
  sha256: string;
  /** sha256 of the bytes we were given: equal to `sha256` of an asset when re-importing an exported file. */
  sourceSha256: string;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Decodes any raster image sharp can read, turns it upright, fits it in 1600 x 1600 px and re-encodes
 * it as WebP without metadata (EXIF, GPS, ICC are dropped). Throws ImageRejectedError with a
 * message fit for the user when the bytes are not an accepted image.
 */
export async function prepareImage(source: Buffer): Promise<PreparedImage> {
  if (source.length === 0) throw new ImageRejectedError('is an empty file');
  if (source.length > MAX_IMAGE_FILE_BYTES) {
    throw new ImageRejectedError(`is larger than ${MAX_IMAGE_FILE_BYTES / 1024 / 1024} MB`);
  }
  let format: string | undefined;
  try {
    format = (await sharp(source).metadata()).format;
  } catch (e) {
    throw new ImageRejectedError('is not an image that can be read', { cause: e });
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) {
    throw new ImageRejectedError(`must be a JPEG, PNG, WebP, AVIF, GIF or TIFF image (found ${format ?? 'unknown'})`);
  }
  try {
    const { data, info } = await sharp(source, { failOn: 'error', limitInputPixels: 60_000_000 })
      .rotate()
      .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY, effort: WEBP_EFFORT })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height, sha256: sha256(data), sourceSha256: sha256(source) };
  } catch (e) {
    throw new ImageRejectedError('is not an image that can be read', { cause: e });
  }
}

/**
 * Stores a prepared image for a venue, or returns the asset that already holds the same picture
 * (same stored bytes, or the source is a file we exported). Bytes are written to storage before the
 * row; when the surrounding transaction rolls back only unreferenced bytes remain.
 */
export async function saveImage(
  tx: Db,
  storage: AssetStorage,
  venueId: string,
  image: PreparedImage,
): Promise<{ assetId: string; created: boolean }> {
  const existing = await findAssetBySha(tx, venueId, [image.sha256, image.sourceSha256]);
  if (existing) return { assetId: existing.id, created: false };
  const assetId = randomUUID();
  const storageKey = `${assetId}.webp`;
  await storage.put(storageKey, image.bytes, 'image/webp');
  await insertAsset(tx, {
    id: assetId,
    venueId,
    storageKey,
    mime: 'image/webp',
    width: image.width,
    height: image.height,
    bytes: image.bytes.length,
    sha256: image.sha256,
  });
  return { assetId, created: true };
}
