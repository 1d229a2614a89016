/**
 * `npm run bench`: the budgets of architecture.md section 8, measured (never asserted in tests).
 *   npm run bench                      everything
 *   npm run bench -- bundle venue      only some: bundle, venue, orders, events, assistant, startup,
 *                                      lighthouse, ssr-page, login, reports, table, service, cluster
 *   npm run bench -- lighthouse --json machine-readable output of the Lighthouse bench; --strict makes
 *                                      its over-budget figures fail the command (exit code 1);
 *                                      --reports=<dir> keeps every run's Lighthouse JSON report there
 * BENCH_DATABASE_URL=postgres://... adds PostgreSQL to the order benchmark and runs the events one
 * (two server processes sharing order events through LISTEN/NOTIFY).
 * cluster (only when named) needs PostgreSQL (BENCH_DATABASE_URL) and haproxy: three processes behind
 * HAProxy for 60 s (CLUSTER_SECONDS), one killed in the middle (scripts/bench/cluster.ts).
 * reports needs PostgreSQL (BENCH_DATABASE_URL, DATABASE_URL or TEST_DATABASE_URL): a month's sales
 * report over 50,000 orders.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchCluster, clusterBenchHolds, findHaproxy, formatClusterBench } from './cluster.ts';
import { benchAssistant, benchStaffAssistant } from './assistant.ts';
import { benchLighthouse, formatLighthouseBench } from './lighthouse.ts';
import { benchLogin, formatLoginBench } from './login.ts';
import { benchOrderEvents, formatOrderEventsBench } from './order-events.ts';
import { benchOrders } from './orders.ts';
import { benchPublicVenue, formatPublicVenueBench } from './public-venue.ts';
import { benchSsrPage, formatSsrPageBench } from './ssr-page.ts';
import { benchStartup } from './startup.ts';
import { benchReports, formatReportsBench } from './reports.ts';
import { benchTableSession, formatTableSessionBench } from './table-session.ts';
import { benchService, formatServiceBench } from './service.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const want = (name: string) => !wanted.length || wanted.includes(name);
const json = process.argv.includes('--json');
const section = (title: string) => console.log(`\n## ${title}`);

if (want('bundle')) {
  section('Guest page bundle (budget: 110 KB gzipped JS, 170 KB HTML+CSS+JS+fonts)');
  if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    spawnSync('npm', ['run', 'build', '-w', '@carte/web'], { cwd: root, stdio: 'ignore' });
  }
  spawnSync(process.execPath, [path.join(root, 'scripts/measure-bundle.mjs'), path.join(root, 'apps/web/dist')], {
    stdio: 'inherit',
  });
}

if (want('venue')) {
  section('GET /api/public/venue, 500 products, 32 connections (budget: >= 70% of bare node:http)');
  console.log(formatPublicVenueBench(await benchPublicVenue()));
}

if (want('orders')) {
  section('Order placement (POST /api/order)');
  await benchOrders({ databaseUrl: process.env.BENCH_DATABASE_URL || undefined });
}

if (want('events')) {
  section('Order events across processes: POST /api/order on one, the board stream of another');
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  if (databaseUrl) console.log(formatOrderEventsBench(await benchOrderEvents({ databaseUrl, orders: 200 })));
  else console.log('(skipped: needs PostgreSQL, set BENCH_DATABASE_URL)');
}

if (want('table')) {
  section("A table's shared cart across processes: a change on one, the other phones' stream on another");
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  if (databaseUrl) console.log(formatTableSessionBench(await benchTableSession({ databaseUrl })));
  else console.log('(skipped: needs PostgreSQL, set BENCH_DATABASE_URL)');
}

if (want('service')) {
  section('Kitchen tickets and calls from the table across processes (printer and board on the other process)');
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  if (databaseUrl) console.log(formatServiceBench(await benchService({ databaseUrl })));
  else console.log('(skipped: needs PostgreSQL, set BENCH_DATABASE_URL)');
}

// A minute of three processes: run only when asked for by name.
if (wanted.includes('cluster')) {
  section('Three processes behind HAProxy, one killed in the middle of service (issue 21 item 4)');
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  if (!databaseUrl) console.log('(skipped: needs PostgreSQL, set BENCH_DATABASE_URL)');
  else if (!findHaproxy()) console.log('(skipped: haproxy is not installed: apt-get install haproxy)');
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

if (want('assistant')) {
  section('Offline assistant, 500-product menu (budget: p95 < 20 ms)');
  const a = benchAssistant();
  console.log(
    `${a.replies} replies over ${a.products} products: first reply (index build) ${a.firstReplyMs.toFixed(1)} ms, ` +
      `p50 ${a.p50Ms.toFixed(2)} ms, p95 ${a.p95Ms.toFixed(2)} ms, max ${a.maxMs.toFixed(2)} ms`,
  );
  const s = await benchStaffAssistant();
  console.log(
    `staff chat (offline rules, in-memory menu): ${s.replies} replies, first ${s.firstReplyMs.toFixed(1)} ms, ` +
      `p50 ${s.p50Ms.toFixed(2)} ms, p95 ${s.p95Ms.toFixed(2)} ms, max ${s.maxMs.toFixed(2)} ms`,
  );
}

if (want('login')) {
  section('Staff sign-in, POST /api/auth/login in-process (the hash cost chosen)');
  console.log(formatLoginBench(await benchLogin()));
}

if (want('startup')) {
  section('Start-up and memory on the embedded database (budget: < 400 MB RSS)');
  const s = await benchStartup();
  console.log(
    `first start with seeding: ${(s.firstStartMs / 1000).toFixed(1)} s to the first answer; warm restart: ${(s.warmStartMs / 1000).toFixed(1)} s\n` +
      `RSS after the first start (seeding): ${s.rssAfterFirstStartMb.toFixed(0)} MB; after a warm start: ${s.rssAfterStartMb.toFixed(0)} MB; ` +
      `after 600 more requests: ${s.rssAfterLoadMb.toFixed(0)} MB`,
  );
}

if (want('ssr-page')) {
  section('Server-rendered GET /<500-dish venue>/menu, 32 connections (budget: >= 70% of bare node:http)');
  console.log(formatSsrPageBench(await benchSsrPage()));
}

if (want('reports')) {
  section("Sales report: a month of 50,000 orders on PostgreSQL (issue 19's figure)");
  const databaseUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (databaseUrl) console.log(formatReportsBench(await benchReports({ databaseUrl })));
  else console.log('(skipped: needs PostgreSQL, set BENCH_DATABASE_URL, DATABASE_URL or TEST_DATABASE_URL)');
}

if (want('lighthouse')) {
  if (!json) section('Lighthouse, mobile, 3 runs per guest page (issue 11 budgets)');
  // Progress goes to stderr under --json, so stdout stays one JSON document.
  const reportDir = process.argv.find((a) => a.startsWith('--reports='))?.slice('--reports='.length);
  const b = await benchLighthouse({ reportDir, log: (line) => (json ? console.error(line) : console.log(line)) });
  console.log(json ? JSON.stringify(b, null, 2) : formatLighthouseBench(b));
  if (b.overBudget.length && process.argv.includes('--strict')) process.exitCode = 1;
}
