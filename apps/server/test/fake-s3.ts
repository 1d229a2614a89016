import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import type { S3Config } from '../src/providers/storage/s3.ts';

/**
 * An S3-compatible server on 127.0.0.1 (s3rver, decision 015): it speaks the S3 REST API, checks
 * SigV4 signatures (key S3RVER / S3RVER) and keeps objects in a temporary directory. `config()`
 * gives the settings of one of its buckets (or of a bucket that does not exist).
 */
export interface FakeS3 {
  endpoint: string;
  /** The buckets created at start. */
  buckets: string[];
  config(bucket?: string, overrides?: Partial<S3Config>): S3Config;
  close(): Promise<void>;
}

export const FAKE_S3_KEY = 'S3RVER';

export async function startFakeS3(buckets: string[] = ['carte-photos']): Promise<FakeS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'carte-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  let closed = false;
  return {
    endpoint,
    buckets,
    config: (bucket = buckets[0]!, overrides = {}) => ({
      endpoint,
      bucket,
      region: 'us-east-1',
      accessKeyId: FAKE_S3_KEY,
      secretAccessKey: FAKE_S3_KEY,
      forcePathStyle: true,
      ...overrides,
    }),
    async close() {
      if (closed) return;
      closed = true;
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
