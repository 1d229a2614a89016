/**
 * Lighthouse (mobile, default simulated throttling) on the guest pages, three runs each, medians
 * beside the budgets of issue 11 / architecture.md section 8. A report, not a test: nothing here
 * fails unless the caller asks for --strict.
 *
 * The production server runs as its own process (the `npm start` way: built web app, PGlite in a
 * temporary folder, offline providers) with the demo venues and a generated 500-dish venue. One
 * Chromium (CHROME_PATH or /usr/bin/chromium) serves every run; Lighthouse empties the origin's cache
 * and storage before each navigation, so every run is a first visit.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import type { Result as LighthouseResult } from 'lighthouse';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { importVenue } from '../../apps/server/src/modules/venues/venue-import.service.ts';
import { seedDemoIfEmpty } from '../../apps/server/src/modules/venues/seed.ts';
import { createLocalDiskStorage } from '../../apps/server/src/providers/storage/local-disk.ts';
import { benchMenuFile } from './menu-fixture.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const DEMO_VENUE = 'trattoria-da-luca';
export const BIG_VENUE = 'bench-brasserie';
/** A dish of the generated menu (menu-fixture.ts, product 0): its name in the HTML means the menu was server-rendered. */
export const BIG_VENUE_DISH = 'Risotto mushroom 0';

export interface PageSpec {
  label: string;
  path: string;
  /** On the 500-dish venue the HTML is reported, not budgeted: the total budget counts CSS+JS+fonts. */
  htmlBudgeted: boolean;
}

export const PAGES: PageSpec[] = [
  { label: 'demo chat', path: `/${DEMO_VENUE}`, htmlBudgeted: true },
  { label: 'demo menu', path: `/${DEMO_VENUE}/menu`, htmlBudgeted: true },
  { label: '500 chat', path: `/${BIG_VENUE}`, htmlBudgeted: false },
  { label: '500 menu', path: `/${BIG_VENUE}/menu`, htmlBudgeted: false },
];

/**
 * Below this benchmarkIndex the host is slower than the machines Lighthouse's 4x CPU slowdown is meant
 * for: Lighthouse's own "slower CPU than Lighthouse expects" warning uses the same threshold
 * (core/gather/driver/environment.js).
 */
const BUSY_HOST_INDEX = 1000;

export const BUDGETS = {
  performance: 95,
  accessibility: 100,
  bestPractices: 95,
  lcpS: 1.5,
  tbtMs: 100,
  jsKb: 110,
  totalKb: 170,
};

/** Figures of one Lighthouse run. Sizes are bytes on the wire (compressed, headers included), in KB. */
export interface RunFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpS: number;
  tbtMs: number;
  jsKb: number;
  cssKb: number;
  fontKb: number;
  htmlKb: number;
  /** HTML + CSS + JS + fonts. */
  totalKb: number;
  requests: number;
  /** Script requests: each carries its response headers (about 1 KB here) in the JS figure. */
  jsRequests: number;
  benchmarkIndex: number;
}

export interface Finding {
  category: 'accessibility' | 'best-practices' | 'performance';
  id: string;
  title: string;
  display?: string;
  items: string[];
}

export interface PageResult {
  page: PageSpec;
  /** The first response holds the page as HTML (embedded venue data / the dish names), not an empty root. */
  serverRendered: boolean;
  runs: RunFigures[];
  median: RunFigures;
  findings: Finding[];
}

export interface LighthouseBench {
  lighthouseVersion: string;
  chromium: string;
  webDist: string;
  pages: PageResult[];
  overBudget: string[];
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

function chromePath(): string {
  const candidates = [
    process.env.CHROME_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ];
  const found = candidates.find((p): p is string => !!p && existsSync(p));
  if (!found)
    throw new Error('No Chromium found (CHROME_PATH, /usr/bin/chromium): install one with apt-get install chromium');
  return found;
}

/** The built web app: WEB_DIST as the server reads it, else apps/web/dist, built when missing. */
function webDist(): { dir: string; note?: string } {
  const dir = path.resolve(process.env.WEB_DIST || path.join(root, 'apps/web/dist'));
  const index = path.join(dir, 'index.html');
  if (!existsSync(index)) {
    if (process.env.WEB_DIST) throw new Error(`WEB_DIST=${dir} holds no index.html: build the web app there first`);
    console.log('Building the web app (apps/web/dist)...');
    const r = spawnSync('npm', ['run', 'build', '-w', '@carte/web'], { cwd: root, stdio: 'ignore' });
    if (r.status !== 0) throw new Error('npm run build -w @carte/web failed');
  }
  const newest = (p: string): number => {
    const st = statSync(p);
    if (!st.isDirectory()) return st.mtimeMs;
    return readdirSync(p).reduce((max, e) => Math.max(max, newest(path.join(p, e))), 0);
  };
  const stale = newest(path.join(root, 'apps/web/src')) > statSync(index).mtimeMs;
  return { dir, note: stale ? `note: ${dir} is older than apps/web/src (measuring that older build)` : undefined };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** Demo venues (as a first start seeds them) plus the generated 500-dish venue, in a fresh data folder. */
async function prepareData(dataDir: string): Promise<void> {
  const database = await openDatabase({ dataDir });
  try {
    const storage = createLocalDiskStorage(path.join(dataDir, 'assets'));
    await seedDemoIfEmpty({ db: database.db, storage, log: { info: () => {} } });
    await importVenue({ db: database.db, storage }, benchMenuFile(BIG_VENUE), { baseDir: root });
  } finally {
    await database.close();
  }
}

/** Configuration that would reach a real provider or another database: the bench runs offline. */
const PROVIDER_ENV = /^(DATABASE_URL|LLM_|STRIPE_|UBER_|GEOCODER_)/;

async function startServer(dataDir: string, dist: string): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !PROVIDER_ENV.test(k)));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/index.ts')], {
    cwd: root,
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      WEB_DIST: dist,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('the server did not answer /readyz within 2 minutes');
    const ok = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, base };
    await new Promise((r) => setTimeout(r, 100));
  }
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** The flags chrome-launcher starts Chrome with for Lighthouse, plus headless without a sandbox or GPU. */
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-features=Translate,OptimizationHints,MediaRouter,DialMediaRouteProvider,CalculateNativeWinOcclusion,InterestFeedContentSuggestions,CertificateTransparencyComponentUpdater,AutofillServerCommunication,PrivacySandboxSettings4',
  '--disable-extensions',
  '--disable-component-extensions-with-background-pages',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-client-side-phishing-detection',
  '--disable-sync',
  '--metrics-recording-only',
  '--disable-default-apps',
  '--mute-audio',
  '--no-default-browser-check',
  '--no-first-run',
  '--disable-backgrounding-occluded-windows',
  '--disable-renderer-backgrounding',
  '--disable-background-timer-throttling',
  '--disable-ipc-flooding-protection',
  '--password-store=basic',
  '--use-mock-keychain',
  '--disable-hang-monitor',
  '--disable-prompt-on-repost',
  '--disable-domain-reliability',
];

/** A fresh Chromium with its DevTools port (read from its "DevTools listening on" line). */
function launchChromium(executable: string): Promise<{ child: ChildProcess; port: number; profile: string }> {
  const profile = mkdtempSync(path.join(tmpdir(), 'carte-lh-chrome-'));
  const child = spawn(
    executable,
    [...CHROME_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  return new Promise((resolve, reject) => {
    let err = '';
    const timer = setTimeout(() => fail(new Error(`Chromium gave no DevTools port in 30 s:\n${err}`)), 30_000);
    const fail = (e: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      rmSync(profile, { recursive: true, force: true });
      reject(e);
    };
    child.once('exit', (code) => fail(new Error(`Chromium exited with ${code}:\n${err}`)));
    child.stderr!.on('data', (chunk: Buffer) => {
      err += chunk.toString();
      const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(err);
      if (m) {
        clearTimeout(timer);
        child.removeAllListeners('exit');
        child.stderr!.removeAllListeners('data');
        child.stderr!.resume();
        resolve({ child, port: Number(m[1]), profile });
      }
    });
  });
}

type NetworkItem = { url: string; resourceType?: string; transferSize?: number };

export function figuresOf(lhr: LighthouseResult): RunFigures {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const items = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ??
    []) as NetworkItem[];
  // Every request Lighthouse recorded: the page load runs until the network and the CPU are quiet, so
  // chunks the page asks for after the load event (an SPA's page chunks, idle-time prefetches) count.
  const bytes = (types: string[]) =>
    items.filter((i) => types.includes(i.resourceType ?? '')).reduce((n, i) => n + (i.transferSize ?? 0), 0) / 1024;
  const counted = ['Document', 'Stylesheet', 'Script', 'Font'];
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcpS: numeric('largest-contentful-paint') / 1000,
    tbtMs: numeric('total-blocking-time'),
    jsKb: bytes(['Script']),
    cssKb: bytes(['Stylesheet']),
    fontKb: bytes(['Font']),
    // The page's own document (a redirect or an iframe would be another Document).
    htmlKb: (items.find((i) => i.resourceType === 'Document')?.transferSize ?? 0) / 1024,
    totalKb: bytes(counted),
    requests: items.length,
    jsRequests: items.filter((i) => i.resourceType === 'Script').length,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

type DetailItem = {
  node?: { selector?: string; snippet?: string; nodeLabel?: string };
  description?: string;
  url?: string;
  wastedBytes?: number;
  wastedMs?: number;
  issueType?: string;
  subItems?: { items?: Array<{ url?: string }> };
  /** Insights: a list of tables, or of sections (the request chains). */
  type?: string;
  items?: DetailItem[];
  value?: { type?: string; chains?: Record<string, ChainNode>; longestChain?: { duration?: number } };
  source?: { url?: string; line?: number; column?: number } | string;
  reflowTime?: number;
};

type ChainNode = { url: string; isLongest?: boolean; children?: Record<string, ChainNode> };

function describeItem(i: DetailItem): string {
  if (i.type === 'list-section') {
    if (i.value?.type !== 'network-tree') return '';
    // The longest chain of requests, each waiting for the one before.
    const chain: string[] = [];
    let level = i.value.chains;
    for (;;) {
      const next: ChainNode | undefined = Object.values(level ?? {}).find((n) => n.isLongest);
      if (!next) break;
      chain.push(next.url.replace(/^https?:\/\/[^/]+/, ''));
      level = next.children;
    }
    return `longest chain (${Math.round(i.value.longestChain?.duration ?? 0)} ms): ${chain.join(' -> ')}`;
  }
  if (i.issueType)
    return `${i.issueType}: ${(i.subItems?.items ?? []).map((s) => s.url ?? JSON.stringify(s)).join(', ')}`;
  if (i.node) return `${i.node.selector ?? ''} ${i.node.snippet ?? ''}`.trim().slice(0, 200);
  const source =
    typeof i.source === 'object' && i.source.line !== undefined
      ? `${i.source.url}:${i.source.line + 1}:${(i.source.column ?? 0) + 1}`
      : typeof i.source === 'object'
        ? i.source.url
        : i.source;
  const bits = [
    i.description,
    i.url ?? source,
    i.reflowTime ? `${Math.round(i.reflowTime)} ms of forced reflow` : '',
    i.wastedBytes ? `${(i.wastedBytes / 1024).toFixed(1)} KB` : '',
    i.wastedMs ? `${Math.round(i.wastedMs)} ms` : '',
  ];
  return bits.filter(Boolean).join(' ').slice(0, 200);
}

/** Failing accessibility and best-practices audits, and the performance audits with something to gain. */
export function findingsOf(lhr: LighthouseResult): Finding[] {
  const out: Finding[] = [];
  for (const category of ['accessibility', 'best-practices', 'performance'] as const) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      // Lighthouse 12 files its performance insights (request chains, forced reflows...) as hidden.
      if (ref.group === 'metrics' || (ref.group === 'hidden' && !ref.id.endsWith('-insight'))) continue;
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= (category === 'performance' ? 0.9 : 1)) continue;
      if (['notApplicable', 'manual', 'informative', 'error'].includes(audit.scoreDisplayMode)) continue;
      const details = audit.details as { items?: DetailItem[] } | undefined;
      const rows = (details?.items ?? []).flatMap((i) => (i.type === 'table' ? (i.items ?? []) : [i]));
      const items = rows.slice(0, 6).map(describeItem).filter(Boolean);
      out.push({ category, id: ref.id, title: audit.title, display: audit.displayValue, items });
    }
  }
  return out;
}

/** One Lighthouse navigation; Lighthouse empties the origin's cache and storage before it. */
async function runOnce(url: string, chromePort: number): Promise<LighthouseResult> {
  const result = await lighthouse(url, {
    port: chromePort,
    hostname: '127.0.0.1',
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    // Pictures of the whole page and a second navigation for the back/forward cache cost seconds per run
    // on the 500-dish page and weigh nothing in any score.
    disableFullPageScreenshot: true,
    skipAudits: ['bf-cache', 'screenshot-thumbnails', 'script-treemap-data'],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  return result.lhr;
}

export async function benchLighthouse(
  opts: { runs?: number; pages?: PageSpec[]; reportDir?: string; log?: (line: string) => void } = {},
): Promise<LighthouseBench> {
  const runs = opts.runs ?? 3;
  const log = opts.log ?? (() => {});
  const chrome = chromePath();
  const dist = webDist();
  if (dist.note) log(dist.note);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'carte-lh-data-'));
  let server: ChildProcess | undefined;
  let browser: Awaited<ReturnType<typeof launchChromium>> | undefined;
  try {
    await prepareData(dataDir);
    const started = await startServer(dataDir, dist.dir);
    server = started.child;
    browser = await launchChromium(chrome);
    if (opts.reportDir) mkdirSync(opts.reportDir, { recursive: true });
    const pages: PageResult[] = [];
    let lighthouseVersion = '';
    let chromium = '';
    for (const page of opts.pages ?? PAGES) {
      const url = started.base + page.path;
      const html = await fetch(url, { headers: { accept: 'text/html' } }).then((r) => r.text());
      const serverRendered = html.includes('id="carte-venue"') || html.includes(BIG_VENUE_DISH);
      const lhrs: LighthouseResult[] = [];
      let failures = 0;
      for (let i = 0; i < runs; i++) {
        const t = Date.now();
        const lhr = await runOnce(url, browser.port);
        // A trace Lighthouse could not read (NO_NAVSTART and the like, seen on a busy machine): run again.
        if (lhr.runtimeError) {
          log(`${page.path} run ${i + 1}/${runs}: ${lhr.runtimeError.code}, running it again`);
          if (++failures > runs) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
          i--;
          continue;
        }
        lighthouseVersion = lhr.lighthouseVersion;
        chromium =
          lhr.environment.hostUserAgent.match(/(?:Headless)?Chrome\/[\d.]+/)?.[0] ?? lhr.environment.hostUserAgent;
        lhrs.push(lhr);
        if (opts.reportDir) {
          const file = path.join(opts.reportDir, `${page.path.slice(1).replace(/\//g, '-')}-${i + 1}.json`);
          writeFileSync(file, JSON.stringify(lhr));
        }
        log(
          `${page.path} run ${i + 1}/${runs}: performance ${Math.round((lhr.categories.performance?.score ?? 0) * 100)} ` +
            `(${((Date.now() - t) / 1000).toFixed(0)} s)`,
        );
      }
      const figures = lhrs.map(figuresOf);
      const med = Object.fromEntries(
        (Object.keys(figures[0]!) as Array<keyof RunFigures>).map((k) => [k, median(figures.map((f) => f[k]))]),
      ) as unknown as RunFigures;
      // Findings from the run whose performance score is the median one.
      const byScore = lhrs.map((lhr, i) => ({ lhr, score: figures[i]!.performance })).sort((a, b) => a.score - b.score);
      pages.push({
        page,
        serverRendered,
        runs: figures,
        median: med,
        findings: findingsOf(byScore[Math.floor(byScore.length / 2)]!.lhr),
      });
    }
    return { lighthouseVersion, chromium, webDist: dist.dir, pages, overBudget: overBudget(pages) };
  } finally {
    if (browser) {
      await stopProcess(browser.child);
      rmSync(browser.profile, { recursive: true, force: true });
    }
    if (server) await stopProcess(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The budgeted total: HTML+CSS+JS+fonts, or without the HTML on the 500-dish venue. */
const budgetedTotal = (p: PageResult) => (p.page.htmlBudgeted ? p.median.totalKb : p.median.totalKb - p.median.htmlKb);

interface Row {
  name: string;
  budget: string;
  value: (p: PageResult) => number;
  ok: (v: number) => boolean;
  digits: number;
}

const ROWS: Row[] = [
  {
    name: 'performance',
    budget: `>= ${BUDGETS.performance}`,
    value: (p) => p.median.performance,
    ok: (v) => v >= BUDGETS.performance,
    digits: 0,
  },
  {
    name: 'accessibility',
    budget: `${BUDGETS.accessibility}`,
    value: (p) => p.median.accessibility,
    ok: (v) => v >= BUDGETS.accessibility,
    digits: 0,
  },
  {
    name: 'best practices',
    budget: `>= ${BUDGETS.bestPractices}`,
    value: (p) => p.median.bestPractices,
    ok: (v) => v >= BUDGETS.bestPractices,
    digits: 0,
  },
  {
    name: 'LCP (s)',
    budget: `<= ${BUDGETS.lcpS}`,
    value: (p) => p.median.lcpS,
    ok: (v) => v <= BUDGETS.lcpS,
    digits: 2,
  },
  {
    name: 'TBT (ms)',
    budget: `<= ${BUDGETS.tbtMs}`,
    value: (p) => p.median.tbtMs,
    ok: (v) => v <= BUDGETS.tbtMs,
    digits: 0,
  },
  {
    name: 'JS KB transferred',
    budget: `<= ${BUDGETS.jsKb}`,
    value: (p) => p.median.jsKb,
    ok: (v) => v <= BUDGETS.jsKb,
    digits: 1,
  },
  {
    name: 'HTML+CSS+JS+fonts KB *',
    budget: `<= ${BUDGETS.totalKb}`,
    value: budgetedTotal,
    ok: (v) => v <= BUDGETS.totalKb,
    digits: 1,
  },
];

function overBudget(pages: PageResult[]): string[] {
  return pages.flatMap((p) =>
    ROWS.filter((r) => !r.ok(r.value(p))).map((r) => `${p.page.path}: ${r.name.replace(' *', '')}`),
  );
}

export function formatLighthouseBench(b: LighthouseBench): string {
  const col = 16;
  const head = `${'median of runs'.padEnd(24)}${'budget'.padEnd(9)}${b.pages.map((p) => p.page.label.padEnd(col)).join('')}`;
  const lines = [
    `Lighthouse ${b.lighthouseVersion}, ${b.chromium}, mobile, simulated throttling; web app: ${b.webDist}`,
    ...b.pages.map(
      (p) =>
        `  ${p.page.label.padEnd(10)} ${p.page.path}: ${p.runs.length} runs (performance ${p.runs.map((r) => r.performance).join(', ')}), ` +
        `first response ${p.serverRendered ? 'server-rendered (venue data / dishes in the HTML)' : 'an empty SPA shell (no venue data in the HTML)'}`,
    ),
    '',
    head,
    ...ROWS.map(
      (r) =>
        `${r.name.padEnd(24)}${r.budget.padEnd(9)}` +
        b.pages.map((p) => `${r.value(p).toFixed(r.digits)} ${r.ok(r.value(p)) ? 'ok' : 'OVER'}`.padEnd(col)).join(''),
    ),
    `${'HTML KB (reported)'.padEnd(33)}${b.pages.map((p) => p.median.htmlKb.toFixed(1).padEnd(col)).join('')}`,
    `${'CSS / fonts KB'.padEnd(33)}${b.pages.map((p) => `${p.median.cssKb.toFixed(1)} / ${p.median.fontKb.toFixed(1)}`.padEnd(col)).join('')}`,
    `${'requests (of them JS)'.padEnd(33)}${b.pages.map((p) => `${p.median.requests} (${p.median.jsRequests})`.padEnd(col)).join('')}`,
    `${'host benchmarkIndex'.padEnd(33)}${b.pages.map((p) => String(Math.round(p.median.benchmarkIndex)).padEnd(col)).join('')}`,
    '* sizes are bytes on the wire as Lighthouse counts them (network-requests audit: compressed, response headers',
    '  included, every request until the page is quiet); on the 500-dish venue the budgeted total leaves the HTML out.',
    b.overBudget.length ? `over budget: ${b.overBudget.length} (${b.overBudget.join('; ')})` : 'every budget met',
  ];
  const slowest = Math.min(...b.pages.map((p) => p.median.benchmarkIndex));
  if (slowest < BUSY_HOST_INDEX)
    lines.push(
      `warning: benchmarkIndex ${Math.round(slowest)} < ${BUSY_HOST_INDEX}: this host was slow or busy while measuring. Lighthouse ` +
        'multiplies the CPU time it saw by 4, so performance, LCP and TBT are pessimistic here (sizes, accessibility and ' +
        'best practices are not affected); measure those on an idle machine.',
    );
  for (const p of b.pages) {
    if (!p.findings.length) continue;
    lines.push('', `Findings on ${p.page.path} (median run):`);
    for (const f of p.findings) {
      lines.push(`  [${f.category}] ${f.id}: ${f.title}${f.display ? ` (${f.display})` : ''}`);
      for (const item of f.items) lines.push(`      ${item}`);
    }
  }
  return lines.join('\n');
}
