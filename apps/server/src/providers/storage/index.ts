import path from 'node:path';
import type { Env } from '../../env.ts';
import { createLocalDiskStorage } from './local-disk.ts';
import { checkS3Bucket, createS3Client, createS3Storage, type S3Config } from './s3.ts';
import type { AssetStorage } from './storage.ts';

export type { AssetStorage } from './storage.ts';
export { StorageConfigError, StorageUnavailableError } from './storage.ts';

export interface AssetStores {
  /** Originals: what staff uploaded and imports brought, re-encoded. */
  assets: AssetStorage;
  /** Resized variants served by /media (re-made from the original when missing). */
  variants: AssetStorage;
  /** Where the bytes go, for the start-up log line. */
  where: string;
  /**
   * Checks at start that the configuration can work: throws StorageConfigError naming the
   * variable when it cannot (bucket missing, key refused); returns a warning, or null.
   */
  check(): Promise<string | null>;
}

/** The S3 settings of this configuration, or null for local disk (S3_BUCKET unset). */
export function s3ConfigFromEnv(env: Env): S3Config | null {
  if (!env.S3_BUCKET || !env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY) return null;
  return {
    endpoint: env.S3_ENDPOINT,
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? Boolean(env.S3_ENDPOINT),
  };
}

/**
 * The stores of this configuration (architecture 4.14): an S3-compatible bucket when S3_BUCKET is
 * set, shared by every process (originals at the top, variants under `variants/`); else the local
 * disk under DATA_DIR (`assets/`, variants in `cache/media/`).
 */
export function assetStoresFromEnv(env: Env): AssetStores {
  const s3 = s3ConfigFromEnv(env);
  if (s3) {
    const client = createS3Client(s3);
    return {
      assets: createS3Storage(client, s3.bucket),
      variants: createS3Storage(client, s3.bucket, 'variants/'),
      where: `S3 bucket ${s3.bucket} at ${s3.endpoint ?? `AWS S3 (${s3.region})`}`,
      check: () => checkS3Bucket(client, s3),
    };
  }
  const assets = createLocalDiskStorage(path.join(env.DATA_DIR, 'assets'));
  return {
    assets,
    variants: createLocalDiskStorage(path.join(env.DATA_DIR, 'cache', 'media')),
    where: assets.dir,
    check: async () => null,
  };
}
