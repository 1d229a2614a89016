/**
 * A small keep-alive HTTP load generator that runs in a worker thread, so the server under test
 * keeps the main thread (and the client can use the other core). The worker is plain JavaScript
 * (load-worker.mjs): TypeScript loaders do not reach worker threads on Node 20.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
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

/** One response as received, with the headers a bare server can send again (hop-by-hop ones dropped). */
export function fetchRaw(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: Buffer; headers: http.OutgoingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const keep: http.OutgoingHttpHeaders = {};
          for (const [k, v] of Object.entries(res.headers)) {
            if (v !== undefined && !['connection', 'keep-alive', 'transfer-encoding', 'date'].includes(k)) keep[k] = v;
          }
          const body = Buffer.concat(chunks);
          keep['content-length'] = String(body.length);
          resolve({ status: res.statusCode ?? 0, body, headers: keep });
        });
      })
      .on('error', reject);
  });
}

export interface BareComparison {
  /** The response Carte sent, which the bare server sends back unchanged. */
  sample: { body: Buffer; headers: http.OutgoingHttpHeaders };
  carte: LoadResult;
  bare: LoadResult;
  ratio: number;
}

/**
 * Requests per second of `carteUrl` against a bare node:http server sending the exact bytes and
 * headers Carte sent, in the same run (architecture section 8), each after a 1 s warm-up.
 */
export async function compareWithBare(
  carteUrl: string,
  headers: Record<string, string>,
  connections: number,
  durationMs: number,
): Promise<BareComparison> {
  const sample = await fetchRaw(carteUrl, headers);
  const server = http.createServer((_req, res) => {
    res.writeHead(200, sample.headers);
    res.end(sample.body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const bareUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  try {
    await runLoad({ url: carteUrl, headers, connections, durationMs: 1000 }); // warm-up
    const carte = await runLoad({ url: carteUrl, headers, connections, durationMs });
    await runLoad({ url: bareUrl, headers, connections, durationMs: 1000 });
    const bare = await runLoad({ url: bareUrl, headers, connections, durationMs });
    return { sample, carte, bare, ratio: carte.rps / bare.rps };
  } finally {
    await new Promise((r) => server.close(r));
  }
}
