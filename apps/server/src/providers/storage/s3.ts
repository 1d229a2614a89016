import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { checkKey, StorageConfigError, StorageUnavailableError, type AssetStorage } from './storage.ts';

export interface S3Config {
  /** MinIO, Cloudflare R2 or another S3-compatible server; undefined = AWS S3 of the region. */
  endpoint?: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://host/bucket/key` rather than `https://bucket.host/key`. */
  forcePathStyle: boolean;
}

/** Stored keys never change content (they are named by id or hash): caches may keep them for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A guest waits for a photo: an unreachable store fails in seconds, not after the OS's TCP timeout. */
const CONNECT_TIMEOUT_MS = 3000;
const REQUEST_TIMEOUT_MS = 15_000;
/** Read at start to learn whether bucket and keys work; it is never written. */
const PROBE_KEY = '.carte-start-check';

/**
 * One client per process: it keeps connections alive across requests. Checksums are sent and
 * checked only where S3 requires them: the newer default (CRC32 on every request) is not
 * understood by every S3-compatible server.
 */
export function createS3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
  });
}

/** The error code S3 answered (NoSuchKey, NoSuchBucket, AccessDenied, ...), or undefined for a network failure. */
function s3Code(e: unknown): string | undefined {
  if (e instanceof S3ServiceException) return e.name;
  return undefined;
}

function isMissing(e: unknown): boolean {
  const code = s3Code(e);
  return code === 'NoSuchKey' || code === 'NotFound';
}

export interface S3Storage extends AssetStorage {
  /** Size and ETag of a stored object, or null when it is not there (the migration compares them). */
  stat(key: string): Promise<{ size: number; etag: string | null } | null>;
}

/**
 * Asset bytes in an S3-compatible bucket, under `prefix` (variants live under `variants/`). Only
 * object requests are used (GetObject, PutObject, HeadObject, DeleteObject), so a key limited to
 * that one bucket is enough.
 */
export function createS3Storage(client: S3Client, bucket: string, prefix = ''): S3Storage {
  const keyOf = (key: string) => `${prefix}${checkKey(key)}`;
  const unavailable = (what: string, key: string, e: unknown) =>
    new StorageUnavailableError(
      `S3 bucket ${bucket} ${s3Code(e) ? `answered ${s3Code(e)} to` : 'could not be reached to'} ${what} ${prefix}${key}: ${(e as Error).message}`,
      { cause: e },
    );
  return {
    async put(key, bytes, contentType) {
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: keyOf(key),
            Body: bytes,
            ContentType: contentType,
            ContentLength: bytes.length,
            CacheControl: IMMUTABLE,
          }),
        );
      } catch (e) {
        throw unavailable('write', key, e);
      }
    },
    async get(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: keyOf(key) }));
        if (!res.Body) return null;
        const bytes = await res.Body.transformToByteArray();
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } catch (e) {
        if (isMissing(e)) return null;
        throw unavailable('read', key, e);
      }
    },
    async delete(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: keyOf(key) }));
      } catch (e) {
        if (isMissing(e)) return;
        throw unavailable('delete', key, e);
      }
    },
    async stat(key) {
      try {
        const res = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: keyOf(key) }));
        return { size: res.ContentLength ?? -1, etag: res.ETag?.replaceAll('"', '') ?? null };
      } catch (e) {
        if (isMissing(e)) return null;
        throw unavailable('inspect', key, e);
      }
    },
  };
}

/**
 * Reads a key that does not exist to learn whether the configuration works: S3 names the problem
 * in its answer (HeadBucket answers a bare status, and needs more rights than Carte otherwise uses).
 * Throws StorageConfigError naming the variable for what cannot work; returns a warning for what
 * may pass by itself (the store unreachable right now, or a key allowed to read objects but not to
 * list the bucket, which S3 answers AccessDenied for a missing key).
 */
export async function checkS3Bucket(client: S3Client, config: S3Config): Promise<string | null> {
  const where = config.endpoint ?? `AWS S3 (${config.region})`;
  try {
    await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: PROBE_KEY }));
    return null;
  } catch (e) {
    switch (s3Code(e)) {
      case 'NoSuchKey':
      case 'NotFound':
        return null;
      case 'NoSuchBucket':
        throw new StorageConfigError(
          `S3_BUCKET: the bucket "${config.bucket}" does not exist at ${where}; create it, or correct S3_BUCKET.`,
        );
      case 'InvalidAccessKeyId':
        throw new StorageConfigError(`S3_ACCESS_KEY_ID: ${where} does not know this access key.`);
      case 'SignatureDoesNotMatch':
        throw new StorageConfigError(
          `S3_SECRET_ACCESS_KEY: ${where} refused the signature; check the secret of S3_ACCESS_KEY_ID.`,
        );
      case 'PermanentRedirect':
      case 'AuthorizationHeaderMalformed':
      case 'IllegalLocationConstraintException':
        throw new StorageConfigError(`S3_REGION: the bucket "${config.bucket}" is not in region "${config.region}".`);
      case 'AccessDenied':
        return `S3 bucket "${config.bucket}" at ${where} answered AccessDenied to a read of a missing key: uploads work only if the key may put and get objects in it.`;
      default:
        return `S3 bucket "${config.bucket}" at ${where} could not be checked (${(e as Error).message}): photo uploads answer 503 until it can be reached.`;
    }
  }
}
