import { createHash } from 'node:crypto';
import type { LocalDiskStorage } from './local-disk.ts';
import type { S3Storage } from './s3.ts';
import { contentTypeOf } from './storage.ts';

export interface MigrationReport {
  copied: string[];
  /** Already in the bucket with the same bytes (a second run copies nothing). */
  present: string[];
  failed: { key: string; reason: string }[];
}

/** How many objects are sent at once. */
const PARALLEL = 4;

/**
 * Copies every original of a local store into a bucket under the same key (the database names
 * assets by key, so nothing else changes). An object already there with the same bytes (its ETag
 * is the MD5 of a single-part upload; else the same size) is left alone: safe to run twice, and
 * to run again after a failure.
 */
export async function copyLocalStoreToBucket(
  from: LocalDiskStorage,
  to: S3Storage,
  onProgress: (key: string, outcome: 'copied' | 'present' | 'failed') => void = () => {},
): Promise<MigrationReport> {
  const report: MigrationReport = { copied: [], present: [], failed: [] };
  const queue = await from.keys();
  const worker = async () => {
    for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
      try {
        const bytes = await from.get(key);
        if (!bytes) continue; // removed since the listing
        const there = await to.stat(key);
        if (there && sameBytes(there, bytes)) {
          report.present.push(key);
          onProgress(key, 'present');
          continue;
        }
        await to.put(key, bytes, contentTypeOf(key));
        report.copied.push(key);
        onProgress(key, 'copied');
      } catch (e) {
        report.failed.push({ key, reason: (e as Error).message });
        onProgress(key, 'failed');
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  for (const list of [report.copied, report.present]) list.sort();
  report.failed.sort((a, b) => a.key.localeCompare(b.key));
  return report;
}

function sameBytes(there: { size: number; etag: string | null }, bytes: Buffer): boolean {
  if (there.size !== bytes.length) return false;
  if (there.etag && /^[0-9a-f]{32}$/i.test(there.etag)) {
    return there.etag.toLowerCase() === createHash('md5').update(bytes).digest('hex');
  }
  return true;
}
