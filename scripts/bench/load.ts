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
 * headers Carte sent, in the same run (architecture section 8). After a 1 s warm-up of each, the two
 * take turns in ROUNDS rounds (Carte first, then the bare server first, ...), each load a third of
 * `durationMs`: a burst of other work on the machine then lands in one round, and the figures given
 * are those of the round with the median ratio instead of one long run each, where such a burst
 * moved the ratio by tens of points.
 */
const ROUNDS = 3;

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
  const roundMs = Math.max(1000, Math.round(durationMs / ROUNDS));
  const load = (url: string) => runLoad({ url, headers, connections, durationMs: roundMs });
  try {
    await runLoad({ url: carteUrl, headers, connections, durationMs: 1000 }); // warm-up
    await runLoad({ url: bareUrl, headers, connections, durationMs: 1000 });
    const rounds: { carte: LoadResult; bare: LoadResult; ratio: number }[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      let carte: LoadResult;
      let bare: LoadResult;
      if (i % 2 === 0) {
        carte = await load(carteUrl);
        bare = await load(bareUrl);
      } else {
        bare = await load(bareUrl);
        carte = await load(carteUrl);
      }
      rounds.push({ carte, bare, ratio: carte.rps / bare.rps });
    }
    rounds.sort((a, b) => a.ratio - b.ratio);
    const median = rounds[Math.floor(rounds.length / 2)]!;
    // Errors of every round, not only the median's.
    const errors = (side: 'carte' | 'bare') => rounds.reduce((n, r) => n + r[side].errors, 0);
    return {
      sample,
      carte: { ...median.carte, errors: errors('carte') },
      bare: { ...median.bare, errors: errors('bare') },
      ratio: median.ratio,
    };
  } finally {
    await new Promise((r) => server.close(r));
  }
}
