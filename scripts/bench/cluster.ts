/**
 * A real front and a process lost (issue 21 item 4): three Carte processes (the real entry point) on
 * one throw-away PostgreSQL database behind HAProxy (the Debian package, run here as a child process
 * with a generated configuration: health checks on /readyz, retries and redispatch). Guests order
 * through HAProxy with an Idempotency-Key each and retry with the same key when the front answers
 * 502/503/504 or the connection breaks; two boards listen on the staff event stream and reconnect with
 * Last-Event-ID when it ends. In the middle of the run the process serving the first board is killed
 * (SIGKILL: a machine lost, no goodbye). Reports orders acknowledged, stored and duplicated, board
 * events missed after reconnection, and the guests' p95 before and after the stop.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench -- cluster
 *   CLUSTER_SECONDS=60 CLUSTER_GUESTS=8 CLUSTER_PORT=3401 ... (the front's port; a free one when unset)
 *
 * Needs PostgreSQL and haproxy (`apt-get install haproxy`); the server test
 * apps/server/test/cluster.test.ts runs the same code for about ten seconds.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { accessSync, constants, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { users, venueStaff } from '../../apps/server/src/db/schema.ts';
import { hashPassword } from '../../apps/server/src/modules/users/users.service.ts';
import { importVenue } from '../../apps/server/src/modules/venues/venue-import.service.ts';
import { createMemoryStorage } from '../../apps/server/src/providers/storage/local-disk.ts';
import { startServerProcess, type ServerProcess } from '../../apps/server/test/server-process.ts';
import { openSse, type SseStream } from '../../apps/server/test/sse-client.ts';

const VENUE_URL = 'cluster-bistro';
const EMAIL = 'cluster-manager@example.com';
const PASSWORD = 'a long cluster password';
const PROCESSES = 3;
/** Statuses with which the front says "no live process answered": the guest retries with the same key. */
const RETRY_STATUSES = new Set([502, 503, 504]);

export interface ClusterBenchOptions {
  /** PostgreSQL server on which the throw-away database is created (and dropped). */
  databaseUrl: string;
  durationMs?: number;
  /** When the process is killed, from the start of the load. Default: half of durationMs. */
  stopAtMs?: number;
  guests?: number;
  /** HAProxy's port; a free one when absent. */
  port?: number;
  log?: (line: string) => void;
}

export interface ClusterBenchResult {
  processes: number;
  guests: number;
  seconds: number;
  stoppedAtSeconds: number;
  /** Orders a guest got a 200 for (one per Idempotency-Key). */
  acknowledged: number;
  /** Orders of the venue in the database. */
  stored: number;
  /** Stored orders beyond one per guest's key. */
  duplicated: number;
  /** Stored orders no guest got an answer for, and acknowledged ones not stored. */
  storedNotAcknowledged: number;
  acknowledgedNotStored: number;
  /** Orders a guest gave up on (no 200 after its retries) or whose answer was wrong. */
  failed: number;
  /** Requests the guests sent again with the same key (after a 502/503/504 or a broken connection). */
  retries: number;
  /** Requests the front itself sent again (HAProxy's retries and redispatches, from its stats socket). */
  frontRetries: number;
  frontRedispatches: number;
  /** Per board: how many times its stream was opened again, and the stored orders it never saw. */
  boards: { reconnects: number; missed: number }[];
  missed: number;
  ordersBefore: number;
  ordersAfter: number;
  p95BeforeMs: number;
  p95AfterMs: number;
  maxAfterMs: number;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The haproxy binary on PATH or in /usr/sbin (Debian's place, not on a user's PATH); null when absent. */
export function findHaproxy(): string | null {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin'];
  for (const dir of dirs) {
    if (!dir) continue;
    const file = path.join(dir, 'haproxy');
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  return null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The HAProxy configuration of the README's operator section: round robin over the processes, a
 * process out of rotation after two failed /readyz checks half a second apart, a request that could
 * not reach a process (refused, reset before an answer) sent again to another one. A POST sent again
 * by the front is safe because the guest's Idempotency-Key makes it land once. Server-sent events
 * stay open (the stream sends a heartbeat every 15 s, under `timeout server`).
 */
export function haproxyConfig(port: number, backends: { name: string; port: number }[], statsSocket?: string): string {
  return [
    'global',
    '  maxconn 4096',
    ...(statsSocket ? [`  stats socket ${statsSocket}`] : []),
    '',
    'defaults',
    '  mode http',
    '  option forwardfor',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout http-keep-alive 10s',
    '  retries 3',
    '  option redispatch 1',
    '  retry-on conn-failure empty-response 503',
    '',
    'frontend carte',
    `  bind 127.0.0.1:${port}`,
    '  default_backend carte',
    '',
    'backend carte',
    '  balance roundrobin',
    '  option httpchk GET /readyz',
    '  http-check expect status 200',
    '  default-server inter 500ms fall 2 rise 2',
    // Which process answered (the bench kills the one holding a board's stream).
    '  http-response set-header X-Carte-Server %s',
    ...backends.map((b) => `  server ${b.name} 127.0.0.1:${b.port} check`),
    '',
  ].join('\n');
}

async function startHaproxy(
  binary: string,
  dir: string,
  port: number,
  backends: { name: string; port: number }[],
): Promise<ChildProcess> {
  const file = path.join(dir, 'haproxy.cfg');
  writeFileSync(file, haproxyConfig(port, backends, path.join(dir, 'haproxy.sock')));
  const child = spawn(binary, ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`haproxy exited with ${code}:\n${out}`))),
  );
  exited.catch(() => {});
  // Ready once every process is in rotation (two good checks each).
  const deadline = Date.now() + 30_000;
  const seen = new Set<string>();
  while (seen.size < backends.length) {
    if (child.exitCode !== null) await exited;
    if (Date.now() > deadline) throw new Error(`haproxy did not reach every process:\n${out}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      await res.arrayBuffer();
      const server = res.headers.get('x-carte-server');
      if (res.status === 200 && server) seen.add(server);
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  return child;
}

/** The front's own count of requests it sent again (`wretr`) and to another process (`wredis`). */
async function frontRetries(socket: string): Promise<{ retries: number; redispatches: number }> {
  const csv = await new Promise<string>((resolve, reject) => {
    let text = '';
    const conn = connect(socket, () => conn.end('show stat\n'));
    conn.on('data', (d) => (text += d));
    conn.on('end', () => resolve(text));
    conn.on('error', reject);
  });
  const [head, ...lines] = csv.replace(/^# /, '').split('\n');
  const columns = head!.split(',');
  const row = lines.map((l) => l.split(',')).find((cells) => cells[0] === 'carte' && cells[1] === 'BACKEND');
  const cell = (name: string) => Number(row?.[columns.indexOf(name)] ?? 0) || 0;
  return { retries: cell('wretr'), redispatches: cell('wredis') };
}

const stopChild = (child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });

interface Board {
  reconnects: number;
  seen: Set<string>;
  /** The process holding its first stream (X-Carte-Server). */
  firstServer: string | null;
  done: Promise<void>;
}

/**
 * A board as the staff page keeps it: the venue's stream, opened again with the last event's id as
 * Last-Event-ID whenever it ends or cannot be opened, until `stopped()`.
 */
function listen(url: string, token: string, stopped: () => boolean, opened: () => void): Board {
  const board: Board = { reconnects: 0, seen: new Set(), firstServer: null, done: Promise.resolve() };
  board.done = (async () => {
    let lastId: string | null = null;
    let first = true;
    while (!stopped()) {
      let stream: SseStream | undefined;
      try {
        const headers: Record<string, string> = { authorization: `Bearer ${token}` };
        if (lastId) headers['last-event-id'] = lastId;
        stream = await openSse(url, headers);
        if (stream.status !== 200) throw new Error(`board stream refused: ${stream.status}`);
        await stream.waitForComment((c) => c === 'connected', 10_000);
        if (first) {
          board.firstServer = stream.headers.get('x-carte-server');
          first = false;
          opened();
        }
        let read = 0;
        while (!stopped() && !stream.ended()) {
          for (; read < stream.events.length; read++) {
            const e = stream.events[read]!;
            if (e.id) lastId = e.id;
            if (e.event === 'order.created' || e.event === 'order.updated') {
              board.seen.add((JSON.parse(e.data) as { id: string }).id);
            }
          }
          await sleep(50);
        }
        for (; read < stream.events.length; read++) {
          const e = stream.events[read]!;
          if (e.id) lastId = e.id;
          if (e.event === 'order.created' || e.event === 'order.updated') {
            board.seen.add((JSON.parse(e.data) as { id: string }).id);
          }
        }
      } catch {
        // the front had no live process for it yet: try again shortly
      } finally {
        stream?.close();
      }
      if (stopped()) break;
      board.reconnects += 1;
      await sleep(250);
    }
  })();
  return board;
}

interface Placed {
  startedAt: number;
  ms: number;
  key: string;
  id: string;
}

export async function benchCluster(options: ClusterBenchOptions): Promise<ClusterBenchResult> {
  const durationMs = options.durationMs ?? 60_000;
  const stopAtMs = options.stopAtMs ?? durationMs / 2;
  const guests = options.guests ?? 8;
  const log = options.log ?? (() => {});
  const binary = findHaproxy();
  if (!binary) throw new Error('haproxy is not installed (apt-get install haproxy)');

  const name = `carte_cluster_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: options.databaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(options.databaseUrl);
  u.pathname = `/${name}`;
  const databaseUrl = u.toString();
  const dir = mkdtempSync(path.join(tmpdir(), 'carte-cluster-'));
  const processes: ServerProcess[] = [];
  let haproxy: ChildProcess | undefined;
  let stop = false;
  const boards: Board[] = [];
  try {
    // The venue (a few dishes) and its manager, written before the processes start.
    const database = await openDatabase({ databaseUrl });
    let venueId: string;
    try {
      await importVenue(
        { db: database.db, storage: createMemoryStorage() },
        {
          venue: { venueUrl: VENUE_URL, name: 'Cluster Bistro', currency: 'eur', spots: ['1', '2', '3', '4', '5'] },
          categories: [{ id: 'mains', name: 'Mains' }],
          products: Array.from({ length: 8 }, (_, i) => ({
            id: `p${i}`,
            name: `Dish ${i}`,
            price: 6 + i + 0.25 * (i % 4),
            categories: ['mains'],
          })),
        },
        { baseDir: dir },
      );
      const venue = await database.db.query.venues.findFirst({ where: (v, { eq }) => eq(v.venueUrl, VENUE_URL) });
      venueId = venue!.id;
      const [user] = await database.db
        .insert(users)
        .values({ email: EMAIL, passwordHash: await hashPassword(PASSWORD) })
        .returning();
      await database.db.insert(venueStaff).values({ userId: user!.id, venueId, role: 'manager' });
    } finally {
      await database.close();
    }

    log(`starting ${PROCESSES} Carte processes on ${name}`);
    // The database is migrated already (openDatabase above): the three start side by side.
    const started = await Promise.allSettled(
      Array.from({ length: PROCESSES }, (_, i) =>
        startServerProcess(databaseUrl, mkdtempSync(path.join(dir, `p${i}-`)), { NODE_ENV: 'production' }),
      ),
    );
    for (const s of started) if (s.status === 'fulfilled') processes.push(s.value);
    const notStarted = started.find((s) => s.status === 'rejected');
    if (notStarted) throw notStarted.reason;
    const backends = processes.map((p, i) => ({ name: `carte${i + 1}`, port: Number(new URL(p.url).port) }));
    const port = options.port ?? (await freePort());
    haproxy = await startHaproxy(binary, dir, port, backends);
    const front = `http://127.0.0.1:${port}`;
    log(`haproxy on ${front} in front of ${backends.map((b) => `${b.name}=${b.port}`).join(', ')}`);

    const login = await fetch(`${front}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD, mode: 'json' }),
    });
    if (login.status !== 200) throw new Error(`sign-in refused: ${login.status} ${await login.text()}`);
    const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
    const menuRes = await fetch(`${front}/api/public/venue?venue=${VENUE_URL}`);
    const menu = ((await menuRes.json()) as { data: { menu: { id: string; price: number }[] } }).data.menu;

    // Two boards, open before the first order.
    let opened = 0;
    const allOpen = new Promise<void>((resolve) => {
      const streamUrl = `${front}/api/venue/orders/stream?venueId=${venueId}`;
      for (let b = 0; b < 2; b++) {
        boards.push(
          listen(
            streamUrl,
            token,
            () => stop,
            () => {
              if (++opened === 2) resolve();
            },
          ),
        );
      }
    });
    await Promise.race([
      allOpen,
      sleep(30_000).then(() => {
        throw new Error('the boards did not open');
      }),
    ]);

    // The victim: the process holding the first board's stream (so that board has to reconnect).
    const victimName = boards[0]!.firstServer;
    const victimIndex = Math.max(
      0,
      backends.findIndex((b) => b.name === victimName),
    );
    const victim = processes[victimIndex]!;

    const placed: Placed[] = [];
    let failed = 0;
    let retries = 0;
    const t0 = performance.now();
    const deadline = t0 + durationMs;
    let stoppedAt = Number.POSITIVE_INFINITY;

    const guest = async (g: number) => {
      for (let n = 0; performance.now() < deadline; n++) {
        const product = menu[(g * 3 + n) % menu.length]!;
        const quantity = 1 + ((g + n) % 3);
        const body = JSON.stringify({
          venueUrl: VENUE_URL,
          venueId,
          spot: String(1 + (g % 5)),
          items: [{ productId: product.id, variationIds: [], quantity }],
        });
        const expected = Math.round(product.price * 100) * quantity;
        const key = randomUUID();
        const startedAt = performance.now();
        let id: string | null = null;
        // The guest's phone: the same key until an answer comes (up to 10 s of tries).
        for (let attempt = 0; performance.now() - startedAt < 10_000; attempt++) {
          if (attempt > 0) {
            retries += 1;
            await sleep(Math.min(1000, 100 * attempt));
          }
          let res: Response;
          try {
            res = await fetch(`${front}/api/order`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'idempotency-key': key },
              body,
            });
          } catch {
            continue; // connection broken: send it again
          }
          const answer = (await res.json().catch(() => null)) as { data?: { id: string; total: number } } | null;
          if (RETRY_STATUSES.has(res.status)) continue;
          if (res.status === 200 && answer?.data && Math.round(answer.data.total * 100) === expected) {
            id = answer.data.id;
          }
          break;
        }
        if (id) placed.push({ startedAt, ms: performance.now() - startedAt, key, id });
        else failed += 1;
      }
    };

    const killer = (async () => {
      await sleep(stopAtMs);
      stoppedAt = performance.now();
      log(`killing ${backends[victimIndex]!.name} (SIGKILL) at ${((stoppedAt - t0) / 1000).toFixed(1)} s`);
      await stopChild(victim.child, 'SIGKILL');
    })();
    await Promise.all([...Array.from({ length: guests }, (_, g) => guest(g)), killer]);

    // What the database holds, and what each board saw once it has had time to catch up.
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    let rows: { id: string; idempotency_key: string | null }[];
    try {
      rows = (
        await c.query<{ id: string; idempotency_key: string | null }>(
          'select id, idempotency_key from orders where venue_id = $1',
          [venueId],
        )
      ).rows;
    } finally {
      await c.end();
    }
    const storedIds = new Set(rows.map((r) => r.id));
    const waitUntil = performance.now() + 15_000;
    while (performance.now() < waitUntil && boards.some((b) => [...storedIds].some((id) => !b.seen.has(id)))) {
      await sleep(200);
    }
    stop = true;
    await Promise.all(boards.map((b) => b.done));

    const front2 = await frontRetries(path.join(dir, 'haproxy.sock')).catch(() => ({ retries: 0, redispatches: 0 }));
    const acknowledgedIds = new Set(placed.map((p) => p.id));
    const keys = new Set(rows.map((r) => r.idempotency_key ?? `none:${r.id}`));
    // The first seconds warm the processes up (compilation, pools): not in the p95 before the stop.
    const warmUntil = t0 + Math.min(5000, stopAtMs / 3);
    const before = placed
      .filter((p) => p.startedAt >= warmUntil && p.startedAt < stoppedAt)
      .map((p) => p.ms)
      .sort((a, b) => a - b);
    const after = placed
      .filter((p) => p.startedAt >= stoppedAt)
      .map((p) => p.ms)
      .sort((a, b) => a - b);
    const boardFigures = boards.map((b) => ({
      reconnects: b.reconnects,
      missed: [...storedIds].filter((id) => !b.seen.has(id)).length,
    }));
    return {
      processes: PROCESSES,
      guests,
      seconds: durationMs / 1000,
      stoppedAtSeconds: (stoppedAt - t0) / 1000,
      acknowledged: acknowledgedIds.size,
      stored: rows.length,
      duplicated: rows.length - keys.size,
      storedNotAcknowledged: [...storedIds].filter((id) => !acknowledgedIds.has(id)).length,
      acknowledgedNotStored: [...acknowledgedIds].filter((id) => !storedIds.has(id)).length,
      failed,
      retries,
      frontRetries: front2.retries,
      frontRedispatches: front2.redispatches,
      boards: boardFigures,
      missed: boardFigures.reduce((s, b) => s + b.missed, 0),
      ordersBefore: before.length,
      ordersAfter: after.length,
      p95BeforeMs: percentile(before, 95),
      p95AfterMs: percentile(after, 95),
      maxAfterMs: after.at(-1) ?? 0,
    };
  } finally {
    stop = true;
    await Promise.all(boards.map((b) => b.done.catch(() => {})));
    if (haproxy) await stopChild(haproxy);
    await Promise.all(processes.map((p) => stopChild(p.child)));
    rmSync(dir, { recursive: true, force: true });
    const c = new pg.Client({ connectionString: options.databaseUrl });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  }
}

export function formatClusterBench(r: ClusterBenchResult): string {
  const row = (label: string, value: string | number) => `${label.padEnd(44)} ${value}`;
  return [
    `${r.processes} Carte processes behind HAProxy, ${r.guests} guests and 2 boards for ${r.seconds} s; ` +
      `one process killed (SIGKILL) at ${r.stoppedAtSeconds.toFixed(1)} s`,
    row('orders acknowledged', r.acknowledged),
    row('orders stored', r.stored),
    row('orders duplicated', r.duplicated),
    row(
      'stored, not acknowledged / acknowledged, not stored',
      `${r.storedNotAcknowledged} / ${r.acknowledgedNotStored}`,
    ),
    row('orders failed (no answer after retries, wrong total)', r.failed),
    row('keyed retries sent by the guests', r.retries),
    row('requests HAProxy sent again / to another process', `${r.frontRetries} / ${r.frontRedispatches}`),
    row(
      'board events missed after reconnection',
      `${r.missed} (${r.boards.map((b, i) => `board ${i + 1}: ${b.missed} missed, ${b.reconnects} reconnections`).join('; ')})`,
    ),
    row('p95 before the stop', `${r.p95BeforeMs.toFixed(1)} ms over ${r.ordersBefore} orders`),
    row(
      'p95 after the stop',
      `${r.p95AfterMs.toFixed(1)} ms over ${r.ordersAfter} orders (max ${r.maxAfterMs.toFixed(1)} ms)`,
    ),
  ].join('\n');
}

/** Whether the run met the contract: every acknowledgement stored once, nothing missed, nothing failed. */
export function clusterBenchHolds(r: ClusterBenchResult): boolean {
  return (
    r.acknowledged === r.stored &&
    r.duplicated === 0 &&
    r.storedNotAcknowledged === 0 &&
    r.acknowledgedNotStored === 0 &&
    r.failed === 0 &&
    r.missed === 0
  );
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(fileURLToPath(import.meta.url));
if (isMain) {
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  if (!databaseUrl) console.log('The cluster bench needs PostgreSQL: set BENCH_DATABASE_URL.');
  else {
    const r = await benchCluster({
      databaseUrl,
      durationMs: Number(process.env.CLUSTER_SECONDS ?? 60) * 1000,
      guests: Number(process.env.CLUSTER_GUESTS ?? 8),
      port: process.env.CLUSTER_PORT ? Number(process.env.CLUSTER_PORT) : undefined,
      log: (line) => console.log(line),
    });
    console.log(formatClusterBench(r));
    if (!clusterBenchHolds(r)) process.exitCode = 1;
  }
}
