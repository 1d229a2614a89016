#!/usr/bin/env node
// Measures what a guest page loads (architecture.md section 8), two ways.
//
// From the build (static): index.html, its stylesheets, its entry scripts and every modulepreload,
// each gzipped; then the guest pages' chunk (apps/web/src/app/routes/guest-pages.ts), which main.tsx
// requests at start: the menu page is complete with the first load plus that chunk. Then the
// checkout's dialog chunks beyond that: the delivery-or-table question that opens by itself on a
// first visit, the dialogs the page downloads on the guest's first touch, and the address form
// (features/ordering).
//
// In a browser (--serve, or --url of a running server): Chromium opens the menu page and the chat
// page of a venue with an empty profile (a first visit) at Lighthouse's mobile size, and counts
// every response's transferred bytes (CDP encodedDataLength, what Lighthouse's network records
// hold) until the page is loaded and the network has been quiet for 1 s (Lighthouse's defaults
// with simulated throttling): HTML + CSS + JS + fonts against the 170 KB budget, JS against 100 KB (architecture.md section 8, wave 3).
// --serve starts the server on the build (WEB_DIST) with a fresh data directory (demo venues).
//
// Usage: node scripts/measure-bundle.mjs [distDir] [--json] [--max-js KB] [--max-total KB]
//          [--serve | --url http://host:port] [--venue slug]
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const flag = (name) => (option(name) === undefined ? undefined : Number(option(name)));
const valued = new Set(['--max-js', '--max-total', '--url', '--venue']);
const dist = resolve(args.find((a, i) => !a.startsWith('--') && !valued.has(args[i - 1])) ?? 'apps/web/dist');
const maxJs = flag('--max-js') ?? 100;
const maxTotal = flag('--max-total') ?? 170;

const html = await readFile(join(dist, 'index.html'));
const text = html.toString('utf8');
const refs = new Map();
for (const match of text.matchAll(/<(script|link)\b[^>]*>/gi)) {
  const tag = match[0];
  const src = /\b(?:src|href)="([^"]+)"/i.exec(tag)?.[1];
  if (!src || /^(https?:)?\/\//i.test(src)) continue;
  let kind;
  if (/^<script/i.test(tag) && /type="module"/i.test(tag)) kind = 'js';
  else if (/rel="modulepreload"/i.test(tag)) kind = 'js';
  else if (/rel="stylesheet"/i.test(tag)) kind = 'css';
  else if (/rel="(?:preload)"/i.test(tag) && /as="font"/i.test(tag)) kind = 'font';
  else continue;
  refs.set(src, kind);
}

const gz = (buf) => gzipSync(buf, { level: 9 }).length;
const rows = [{ file: 'index.html', kind: 'html', raw: html.length, gzip: gz(html) }];
for (const [src, kind] of refs) {
  const buf = await readFile(join(dist, src.replace(/^\//, '').split('?')[0]));
  rows.push({ file: src, kind, raw: buf.length, gzip: kind === 'font' ? buf.length : gz(buf) });
}
// A chunk and the chunks it imports statically that are not in `have` yet (added to it).
const assets = await readdir(join(dist, 'assets'));
const seen = new Set([...refs.keys()].map((r) => r.replace(/^\//, '')));
async function closure(pattern, have, { dynamic = false } = {}) {
  const found = [];
  const queue = assets.filter((f) => pattern.test(f)).map((f) => `assets/${f}`);
  while (queue.length) {
    const file = queue.shift();
    if (have.has(file)) continue;
    have.add(file);
    const buf = await readFile(join(dist, file));
    found.push({ file: `/${file}`, kind: 'js', raw: buf.length, gzip: gz(buf) });
    for (const m of buf.toString('utf8').matchAll(/(?:import|from)\s*["']\.\/([^"']+\.js)["']/g))
      queue.push(`assets/${m[1]}`);
    if (dynamic)
      for (const m of buf.toString('utf8').matchAll(/import\(\s*["'`]\.\/([^"'`]+\.js)["'`]\s*\)/g))
        queue.push(`assets/${m[1]}`);
  }
  return found;
}
// The guest layout's chunk and the menu page's (src/app/routes.tsx), named by the build's manifest
// (the staff area has a menu-page chunk too).
const manifest = JSON.parse(await readFile(join(dist, '.vite/manifest.json'), 'utf8'));
const chunkFile = (key) => new RegExp(`^${manifest[key].file.replace(/^assets\//, '').replace(/[.]/g, '\\.')}$`);
const guestRows = [
  ...(await closure(chunkFile('src/app/routes/guest-pages.ts'), seen)),
  ...(await closure(chunkFile('src/app/routes/menu-page.tsx'), seen)),
];
// The checkout's dialogs (features/ordering/components/dialog-chunks.ts), beyond what the page holds.
const dialogRows = await closure(/^delivery-or-spot-dialog-.*\.js$/, seen);
const idleRows = await closure(/^checkout-steps-.*\.js$/, seen);
const addressRows = await closure(/^address-dialog-.*\.js$/, seen);
// The staff pages (apps/web/src/app/routes/admin, /admin/*): the shell with the sign-in page, then
// every staff page it loads lazily, beyond what the guest page holds. A guest never downloads them.
const staffShellRows = await closure(/^admin-page-.*\.js$/, new Set(seen));
const staffHave = new Set(seen);
const staffRows = await closure(/^admin-page-.*\.js$/, staffHave, { dynamic: true });

const sum = (list, filter = () => true) => list.filter(filter).reduce((n, r) => n + r.gzip, 0);
const jsGzip = sum(rows, (r) => r.kind === 'js');
const totalGzip = sum(rows);
const kb = (n) => Number((n / 1024).toFixed(1));
const guestGzip = sum(guestRows);
const checkout = {
  deliveryOrTableDialogKB: kb(sum(dialogRows)),
  idleDialogsKB: kb(sum(idleRows)),
  addressFormKB: kb(sum(addressRows)),
};

const pages = args.includes('--serve') || option('--url') ? await measurePages() : null;

if (args.includes('--json')) {
  console.log(
    JSON.stringify(
      {
        files: rows,
        guestChunks: guestRows,
        jsGzipKB: kb(jsGzip),
        totalGzipKB: kb(totalGzip),
        guestPageJsGzipKB: kb(jsGzip + guestGzip),
        guestPageTotalGzipKB: kb(totalGzip + guestGzip),
        checkoutChunks: { deliveryOrTable: dialogRows, idle: idleRows, addressForm: addressRows },
        checkoutGzipKB: checkout,
        staffShellJsGzipKB: kb(sum(staffShellRows)),
        staffPagesJsGzipKB: kb(sum(staffRows)),
        pages,
        maxJs,
        maxTotal,
      },
      null,
      2,
    ),
  );
} else {
  for (const r of rows)
    console.log(
      `${r.kind.padEnd(4)} ${String(kb(r.gzip)).padStart(7)} KB gz  ${String(kb(r.raw)).padStart(7)} KB raw  ${r.file}`,
    );
  console.log(`first-load JS: ${kb(jsGzip)} KB gzipped (budget ${maxJs} KB)`);
  console.log(`first-load HTML+CSS+JS+fonts: ${kb(totalGzip)} KB gzipped (budget ${maxTotal} KB)`);
  for (const r of guestRows)
    console.log(`lazy ${String(kb(r.gzip)).padStart(7)} KB gz  ${String(kb(r.raw)).padStart(7)} KB raw  ${r.file}`);
  console.log(
    `menu page complete (first load + guest and menu page chunks requested at start): JS ${kb(jsGzip + guestGzip)} KB, all ${kb(totalGzip + guestGzip)} KB gzipped`,
  );
  console.log(
    `checkout beyond that, gzipped: delivery-or-table question (opens by itself on a first visit) ${checkout.deliveryOrTableDialogKB} KB;` +
      ` dialogs downloaded on the first touch ${checkout.idleDialogsKB} KB; address form (a step ahead) ${checkout.addressFormKB} KB`,
  );
  console.log(
    `staff pages (/admin/*, never loaded by a guest page), gzipped JS beyond the guest first load: sign-in shell ${kb(sum(staffShellRows))} KB;` +
      ` every staff page with it ${kb(sum(staffRows))} KB in ${staffRows.length} chunks`,
  );
  for (const p of pages ?? []) {
    const by = Object.entries(p.byType)
      .map(([type, bytes]) => `${type} ${kb(bytes)}`)
      .join(', ');
    console.log(
      `page load ${p.path} (${p.requests} requests, transferred KB: ${by}): JS ${kb(p.jsBytes)} KB (budget ${maxJs}),` +
        ` HTML+CSS+JS+fonts ${kb(p.totalBytes)} KB (budget ${maxTotal})`,
    );
  }
}
const over =
  kb(jsGzip) > maxJs ||
  kb(totalGzip) > maxTotal ||
  (pages ?? []).some((p) => kb(p.jsBytes) > maxJs || kb(p.totalBytes) > maxTotal);
if (over) {
  console.error('over budget');
  process.exit(1);
}

/** The menu and chat pages' loads in Chromium, counted as Lighthouse counts them (see the top). */
async function measurePages() {
  const venue = option('--venue') ?? 'trattoria-da-luca';
  const server = option('--url') ? null : await startServer();
  const base = (option('--url') ?? server.url).replace(/\/$/, '');
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking'],
  });
  try {
    const results = [];
    for (const path of [`/${venue}/menu`, `/${venue}`]) results.push(await measurePage(browser, base + path, path));
    return results;
  } finally {
    await browser.close();
    await server?.stop();
  }
}

async function measurePage(browser, url, path) {
  // Lighthouse's mobile emulation (a Moto G Power) on an empty profile.
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    userAgent:
      'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36',
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const requests = new Map();
  let inflight = 0;
  let lastActivity = Date.now();
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.request.url.startsWith('data:')) return;
    if (!requests.has(e.requestId)) inflight += 1;
    requests.set(e.requestId, { url: e.request.url, type: e.type ?? 'Other', bytes: 0 });
    lastActivity = Date.now();
  });
  cdp.on('Network.responseReceived', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.type = e.type ?? r.type;
  });
  const settle = (e) => {
    const r = requests.get(e.requestId);
    if (!r || r.done) return;
    r.done = true;
    r.bytes = e.encodedDataLength ?? 0;
    inflight -= 1;
    lastActivity = Date.now();
  };
  cdp.on('Network.loadingFinished', settle);
  cdp.on('Network.loadingFailed', settle);
  await cdp.send('Network.enable');
  await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
  const loadedAt = Date.now();
  // pauseAfterLoadMs and networkQuietThresholdMs of Lighthouse's default settings: 1 s each.
  while (Date.now() - loadedAt < 30_000) {
    await new Promise((r) => setTimeout(r, 100));
    if (Date.now() - loadedAt >= 1000 && inflight <= 0 && Date.now() - lastActivity >= 1000) break;
  }
  await context.close();
  const kind = { Document: 'html', Stylesheet: 'css', Script: 'js', Font: 'font', Image: 'image' };
  const byType = {};
  for (const r of requests.values()) {
    const type = kind[r.type] ?? 'other';
    byType[type] = (byType[type] ?? 0) + r.bytes;
  }
  const jsBytes = byType.js ?? 0;
  const totalBytes = (byType.html ?? 0) + (byType.css ?? 0) + jsBytes + (byType.font ?? 0);
  return {
    path,
    requests: requests.size,
    byType,
    jsBytes,
    totalBytes,
    files: [...requests.values()].map((r) => ({
      url: r.url.replace(/^https?:\/\/[^/]+/, ''),
      type: r.type,
      bytes: r.bytes,
    })),
  };
}

/** The server on this build with a fresh data directory (seeded with the demo venues). */
async function startServer() {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const port = await new Promise((ok, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address();
      probe.close(() => ok(free));
    });
  });
  const dataDir = await mkdtemp(join(tmpdir(), 'carte-measure-'));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/index.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      WEB_DIST: dist,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
  });
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r()));
    await rm(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; i < 1800; i++) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${url}/readyz`)).ok) return { url, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error('the server did not start');
}
