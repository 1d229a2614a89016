/**
 * A small keep-alive HTTP load generator that runs in a worker thread, so the server under test
 * keeps the main thread (and the client can use the other core). The worker is plain JavaScript
 * (load-worker.mjs): TypeScript loaders do not reach worker threads on Node 20.
 */
import { Worker } from 'node:worker_threads';

export interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  durationMs: number;
  /** Expected status; anything else counts as an error. */
  status?: number;
}
export interface LoadResult {
  requests: number;
  rps: number;
  errors: number;
  p50Ms: number;
  p99Ms: number;
  bytes: number;
}

export function runLoad(opts: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), { workerData: opts });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

