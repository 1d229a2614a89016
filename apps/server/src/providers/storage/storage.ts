/** Where asset bytes live: local disk by default, S3-compatible storage when S3_BUCKET is set. */
export interface AssetStorage {
  /** Throws StorageUnavailableError when the store refuses the write or cannot be reached. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The stored bytes, or null when the key is unknown; StorageUnavailableError when unreachable. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

/**
 * The store refused a read or a write, or could not be reached (disk full or read-only, bucket
 * gone, credentials refused, network down). Requests answer 503 STORAGE_UNAVAILABLE; whatever the
 * request was writing to the database is rolled back with it.
 */
export class StorageUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageUnavailableError';
  }
}

/**
 * The configuration cannot work (the bucket does not exist, the key is unknown): the server does
 * not start, and the message names the variable to correct.
 */
export class StorageConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StorageConfigError';
  }
}

/** Keys are flat names such as `3f1c....webp` (variants: `<hash>-<width>.webp`); anything else is refused. */
export const SAFE_KEY = /^[a-zA-Z0-9][a-zA-Z0-9._-]{0,200}$/;

export function checkKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Invalid storage key: ${key}`);
  return key;
}

/** The content type of a stored key, from its extension (what the migration and imports write). */
export function contentTypeOf(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return (
    {
      webp: 'image/webp',
      png: 'image/png',
      jpg: 'image/jpeg',
      jpeg: 'image/jpeg',
      gif: 'image/gif',
      avif: 'image/avif',
    }[ext] ?? 'application/octet-stream'
  );
}
