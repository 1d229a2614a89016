/**
 * Menu assistant evaluation (issue 4, item 5): runs every case of scripts/eval-assistant/cases/*.json
 * through POST /api/chat and prints the accuracy per language, per intent and overall, then the
 * failures. In-process by default (buildApp + app.inject on a fresh in-memory PGlite seeded with the
 * demo venues); over HTTP with --url.
 *
 *   npm run eval:assistant                       offline assistant, in-process
 *   npm run eval:assistant -- --url http://localhost:3000
 *   npm run eval:assistant -- --model            use LLM_BASE_URL/LLM_API_KEY/LLM_MODEL from the environment
 *   npm run eval:assistant -- --no-fail          report only; never a failing exit code
 *   npm run eval:assistant -- --only fr --verbose
 *   npm run eval:assistant -- --staff            only the staff sets (cases/staff-*.json, scripts/eval-assistant/staff.ts)
 *   npm run eval:assistant -- --only-file blind-guest-mezze   only the cases of that file (name with or without .json)
 *
 * A case file is either a list of cases on the demo venues, or `{ "import": <venue import file or a path
 * to one, relative to the case file>, "cases": [...] }`: a blind set on a menu of its own. In-process,
 * the evaluation imports that menu through the same import service as `npm run venue:import`; over
 * HTTP (--url) the server must have imported the same file (e.g. scripts/eval-assistant/venues/*.json).
 * A case's `venue` defaults to the embedded venue's venueUrl.
 *
 * Cases name products by their keys in the import files (apps/server/seed/venues/*.json); the
 * evaluation maps them to database ids through GET /api/public/venue (by name), so the same cases run
 * against any server that imported the demo files. Exit code 1 when overall accuracy is below 90% or
 * any language is below 80% (unless --no-fail).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { isLanguage, type Language } from '@carte/domain/languages';
import { replyLanguage } from '../apps/server/src/providers/assistant/offline/reply-language.ts';
import { printStaffEval, runStaffEval } from './eval-assistant/staff.ts';

const CASES_DIR = fileURLToPath(new URL('./eval-assistant/cases/', import.meta.url));
const SEED_DIR = fileURLToPath(new URL('../apps/server/seed/venues/', import.meta.url));
const OVERALL_THRESHOLD = 0.9;
const LANGUAGE_THRESHOLD = 0.8;
const LANGUAGES = ['en', 'fr', 'it', 'de', 'th'] as const;

/** A fragment of the localised "I could not answer" sentence (spec, ERRORS.ASSISTANT_FAILED). */
const FALLBACK_MARKERS: Record<string, string> = {
  en: 'human colleagues',
  fr: 'collègues humains',
  it: 'colleghi',
  de: 'Kollegen',
  th: 'เพื่อนร่วมงาน',
};

// ------------------------------------------------------------------------------------------------
// Case format

interface CaseCartLine {
  product: string;
  variations?: string[];
  quantity: number;
}

interface ExpectedAction {
  type: 'add_to_cart' | 'remove_from_cart' | 'open_cart';
  product?: string;
  /** When given, the action's variations must be exactly these; when absent they are not checked. */
  variations?: string[];
  quantity?: number;
}

interface EvalCase {
  id: string;
  language: string;
  intent: string;
  venue: string;
  message: string;
  history?: { role: 'user' | 'assistant'; html: string }[];
  cart?: CaseCartLine[];
  expect: {
    products_include?: string[];
    products_exclude?: string[];
    /** The most relevant product (first card). */
    products_first?: string;
    /** Every product shown matches; at least one product must be shown. */
    products_all_match?: {
      preference?: string;
      avoid_allergen?: string;
      /** None of these allergens (each with its family, as avoid_allergen). */
      avoid_allergens?: string[];
      /** Not tagged with this preference ("not spicy"). */
      avoid_preference?: string;
      /** In the category of this name. */
      category?: string;
      max_price?: number;
    };
    /** Exactly these cart actions (in any order). Absent: the reply must have no action at all. */
    actions?: ExpectedAction[];
    /** Text of the reply contains each (case-insensitive). */
    html_includes?: string[];
    /** For each entry, the text of the reply contains at least one of its strings ("41.50" / "41,50"). */
    html_includes_any?: string[][];
    /**
     * The reply is written in this language (which may differ from the interface `language`): Thai
     * script for th; for the others one of REPLY_MARKERS' words, and replyLanguage() does not find it
     * clearly written in another language.
     */
    reply_language?: Language;
    /** Text of the reply contains none of these words (case-insensitive, whole words). */
    html_excludes?: string[];
    /** No product card at all (an answer or a refusal that is not a dish list). */
    products_none?: boolean;
    /** true: the localised "I could not answer" reply, with no products or actions. false: anything but. */
    fallback?: boolean;
  };
}

interface PublicProduct {
  id: string;
  name: string;
  price: number | null;
  preferences: string[];
  allergenes: string[];
  categories?: { id: string; name: string }[];
  variations: { id: string; name: string; price_variation: number }[];
}

interface SeedFile {
  venue?: { venueUrl: string };
  products: { id: string; name: string; variations?: { id: string; name: string }[] }[];
}

/** A blind set: its own venue (an import file, or a path to one) and its cases. */
interface CaseFileWithVenue {
  import: SeedFile | string;
  cases: (Omit<EvalCase, 'venue'> & { venue?: string })[];
}

interface ChatData {
  message: { role: string; html: string };
  products: string[];
  actions: { type: string; productId?: string; variationIds?: string[]; quantity?: number }[];
}

// ------------------------------------------------------------------------------------------------
// Arguments

interface Options {
  url?: string;
  noFail: boolean;
  verbose: boolean;
  model: boolean;
  only?: string;
  /** Only the cases of this file (cases/<name>.json). */
  onlyFile?: string;
  /** Only the staff sets. */
  staff: boolean;
}

function parseArgs(argv: string[]): Options {
  const options: Options = { noFail: false, verbose: false, model: false, staff: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--url') options.url = argv[++i];
    else if (a.startsWith('--url=')) options.url = a.slice(6);
    else if (a === '--no-fail') options.noFail = true;
    else if (a === '--verbose' || a === '-v') options.verbose = true;
    else if (a === '--model') options.model = true;
    else if (a === '--staff') options.staff = true;
    else if (a === '--only') options.only = argv[++i];
    else if (a.startsWith('--only=')) options.only = a.slice(7);
    else if (a === '--only-file') options.onlyFile = argv[++i];
    else if (a.startsWith('--only-file=')) options.onlyFile = a.slice(12);
    else if (a === '--help' || a === '-h') {
      console.log('Usage: npm run eval:assistant -- [--url <server>] [--model] [--no-fail] [--only <id prefix>] [--only-file <case file>] [--verbose]');
      process.exit(0);
    } else {
      console.error(`Unknown argument: ${a}`);
      process.exit(2);
    }
  }
  return options;
}

// ------------------------------------------------------------------------------------------------
// Transport: in-process or HTTP

interface Transport {
  get(path: string): Promise<{ status: number; json: unknown }>;
  postChat(body: unknown, n: number): Promise<{ status: number; json: unknown }>;
  close(): Promise<void>;
  label: string;
}

async function inProcessTransport(useModel: boolean, imports: SeedFile[]): Promise<Transport> {
  const [{ buildApp }, { openDatabase }, { parseEnv }, { createMemoryStorage }, { seedDemoIfEmpty }, { prepareVenueImport, writeVenueImport }] =
    await Promise.all([
      import('../apps/server/src/app.ts'),
      import('../apps/server/src/db/client.ts'),
      import('../apps/server/src/env.ts'),
      import('../apps/server/src/providers/storage/local-disk.ts'),
      import('../apps/server/src/modules/venues/seed.ts'),
      import('../apps/server/src/modules/venues/venue-import.service.ts'),
    ]);
  const database = await openDatabase({ dataDir: 'memory://' });
  const storage = createMemoryStorage();
  await seedDemoIfEmpty({ db: database.db, storage, log: { info: () => {} } });
  // The blind sets' own venues, through the import service `npm run venue:import` uses.
  for (const file of imports) {
    const prepared = await prepareVenueImport(file, { baseDir: CASES_DIR });
    await database.db.transaction((tx) => writeVenueImport(tx, storage, prepared));
  }
  const source: Record<string, string | undefined> = { NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' };
  if (useModel) {
    for (const k of ['LLM_BASE_URL', 'LLM_API_KEY', 'LLM_MODEL', 'LLM_TIMEOUT_MS']) source[k] = process.env[k];
  }
  const env = parseEnv(source);
  const app: FastifyInstance = await buildApp({ env, database, storage, logger: false });
  await app.ready();
  return {
    label: `in-process, ${env.LLM_BASE_URL ? `model ${env.LLM_MODEL ?? ''} with offline fallback` : 'offline assistant'}`,
    async get(path) {
      const res = await app.inject({ method: 'GET', url: path });
      return { status: res.statusCode, json: res.json() };
    },
    async postChat(body, n) {
      // One client address per case: the route's per-address rate limit is not what is measured.
      const remoteAddress = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
      const res = await app.inject({ method: 'POST', url: '/api/chat', payload: body as object, remoteAddress });
      return { status: res.statusCode, json: res.json() };
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

function httpTransport(base: string): Transport {
  const root = base.replace(/\/+$/, '');
  return {
    label: `HTTP ${root}`,
    async get(path) {
      const res = await fetch(`${root}${path}`);
      return { status: res.status, json: await res.json() };
    },
    async postChat(body) {
      for (let attempt = 0; ; attempt++) {
        const res = await fetch(`${root}/api/chat`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        if (res.status === 429 && attempt < 5) {
          const wait = Number(res.headers.get('retry-after') ?? '10');
          await new Promise((r) => setTimeout(r, Math.min(Math.max(wait, 1), 65) * 1000));
          continue;
        }
        return { status: res.status, json: await res.json() };
      }
    },
    async close() {},
  };
}

// ------------------------------------------------------------------------------------------------
// Menus: import keys -> database ids

interface VenueMenu {
  byKey: Map<string, PublicProduct>;
  byId: Map<string, PublicProduct>;
  variationId(productKey: string, variationKey: string): string;
  keyOf(id: string): string;
}

async function loadMenus(transport: Transport, venues: string[], imports: Map<string, SeedFile>): Promise<Map<string, VenueMenu>> {
  const menus = new Map<string, VenueMenu>();
  for (const venue of venues) {
    const seed = imports.get(venue) ?? (JSON.parse(readFileSync(`${SEED_DIR}${venue}.json`, 'utf8')) as SeedFile);
    const res = await transport.get(`/api/public/venue?venue=${encodeURIComponent(venue)}`);
    if (res.status !== 200) throw new Error(`GET /api/public/venue?venue=${venue} answered ${res.status}: is the venue imported?`);
    const menu = (res.json as { data: { menu: PublicProduct[] } }).data.menu;
    const byName = new Map(menu.map((p) => [p.name, p]));
    const byKey = new Map<string, PublicProduct>();
    const seedVariations = new Map<string, Map<string, string>>();
    for (const p of seed.products) {
      const product = byName.get(p.name);
      if (!product) throw new Error(`${venue}: product "${p.name}" (${p.id}) of the import file is not on the served menu`);
      byKey.set(p.id, product);
      seedVariations.set(p.id, new Map((p.variations ?? []).map((v) => [v.id, v.name])));
    }
    const byId = new Map(menu.map((p) => [p.id, p]));
    const keyById = new Map([...byKey].map(([k, p]) => [p.id, k]));
    menus.set(venue, {
      byKey,
      byId,
      variationId(productKey, variationKey) {
        const name = seedVariations.get(productKey)?.get(variationKey);
        const id = byKey.get(productKey)?.variations.find((v) => v.name === name)?.id;
        if (!id) throw new Error(`${venue}: unknown variation ${productKey}/${variationKey}`);
        return id;
      },
      keyOf: (id) => keyById.get(id) ?? id,
    });
  }
  return menus;
}

// ------------------------------------------------------------------------------------------------
// Scoring

function htmlText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (whole, body: string) => {
      if (body[0] === '#') return String.fromCodePoint(body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10));
      return ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' } as Record<string, string>)[body.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

function containsWord(text: string, word: string): boolean {
  const t = text.toLowerCase();
  const w = word.toLowerCase();
  if (/[\u0E00-\u0E7F]/.test(w)) return t.includes(w);
  const escaped = w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^\\p{L}\\p{N}])${escaped}($|[^\\p{L}\\p{N}])`, 'u').test(t);
}

const IMPLIED_BY: Record<string, string[]> = { vegetarian: ['vegan'], 'dairy-free': ['vegan'], 'egg-free': ['vegan'] };
const ALLERGEN_FAMILY: Record<string, string[]> = { nuts: ['nuts', 'tree nuts', 'peanuts'], 'tree nuts': ['nuts', 'tree nuts'] };

function matches(p: PublicProduct, m: NonNullable<EvalCase['expect']['products_all_match']>): string | null {
  if (m.preference) {
    const ok = p.preferences.includes(m.preference) || (IMPLIED_BY[m.preference] ?? []).some((x) => p.preferences.includes(x));
    if (!ok) return `${p.name} is not ${m.preference}`;
  }
  for (const allergen of [...(m.avoid_allergen ? [m.avoid_allergen] : []), ...(m.avoid_allergens ?? [])]) {
    const family = ALLERGEN_FAMILY[allergen] ?? [allergen];
    if (p.allergenes.some((a) => family.includes(a))) return `${p.name} lists ${allergen}`;
  }
  if (m.avoid_preference && p.preferences.includes(m.avoid_preference)) return `${p.name} is ${m.avoid_preference}`;
  if (m.category && !(p.categories ?? []).some((c) => c.name === m.category)) return `${p.name} is not in ${m.category}`;
  if (m.max_price !== undefined && (p.price === null || p.price > m.max_price)) return `${p.name} costs ${p.price ?? 'n/a'} > ${m.max_price}`;
  return null;
}

function score(c: EvalCase, status: number, json: unknown, menu: VenueMenu): string[] {
  if (status !== 200) return [`HTTP ${status}: ${JSON.stringify(json).slice(0, 200)}`];
  const data = (json as { data: ChatData }).data;
  const problems: string[] = [];
  const e = c.expect;
  const text = htmlText(data.message.html);
  const shown = data.products.map((id) => menu.keyOf(id));
  const isFallback = text.toLowerCase().includes((FALLBACK_MARKERS[c.language] ?? FALLBACK_MARKERS.en!).toLowerCase());
  const id = (key: string) => {
    const p = menu.byKey.get(key);
    if (!p) throw new Error(`case ${c.id}: unknown product key ${key} in ${c.venue}`);
    return p.id;
  };

  if (e.fallback === true) {
    if (!isFallback) problems.push('expected the fallback reply');
    if (data.products.length) problems.push(`fallback should show no products, showed [${shown.join(', ')}]`);
  }
  if (e.fallback === false && isFallback) problems.push('answered with the fallback');
  if (e.products_none && data.products.length) problems.push(`should show no products, showed [${shown.join(', ')}]`);
  for (const key of e.products_include ?? []) if (!data.products.includes(id(key))) problems.push(`missing product ${key} (showed [${shown.join(', ')}])`);
  for (const key of e.products_exclude ?? []) if (data.products.includes(id(key))) problems.push(`should not show ${key}`);
  if (e.products_first && data.products[0] !== id(e.products_first)) problems.push(`first product should be ${e.products_first}, was ${shown[0] ?? 'none'}`);
  if (e.products_all_match) {
    if (!data.products.length) problems.push('showed no products');
    for (const pid of data.products) {
      const p = menu.byId.get(pid);
      const why = p ? matches(p, e.products_all_match) : `unknown product ${pid}`;
      if (why) problems.push(why);
    }
  }

  const expected = e.actions ?? [];
  const remaining = [...data.actions];
  for (const want of expected) {
    const at = remaining.findIndex((a) => {
      if (a.type !== want.type) return false;
      if (want.type === 'open_cart') return true;
      if (a.productId !== id(want.product!)) return false;
      if (want.quantity !== undefined && a.quantity !== want.quantity) return false;
      if (want.variations) {
        const ids = want.variations.map((v) => menu.variationId(want.product!, v)).sort();
        if (JSON.stringify([...(a.variationIds ?? [])].sort()) !== JSON.stringify(ids)) return false;
      }
      return true;
    });
    if (at < 0) problems.push(`missing action ${want.type} ${want.product ?? ''}${want.variations ? ` [${want.variations.join(',')}]` : ''}${want.quantity !== undefined ? ` x${want.quantity}` : ''}`);
    else remaining.splice(at, 1);
  }
  for (const extra of remaining) {
    problems.push(`unexpected action ${extra.type} ${extra.productId ? menu.keyOf(extra.productId) : ''}${extra.quantity ? ` x${extra.quantity}` : ''}`);
  }

  for (const s of e.html_includes ?? []) if (!text.toLowerCase().includes(s.toLowerCase())) problems.push(`reply lacks "${s}"`);
  for (const any of e.html_includes_any ?? []) {
    if (!any.some((s) => text.toLowerCase().includes(s.toLowerCase()))) problems.push(`reply lacks any of "${any.join('" / "')}"`);
  }
  if (e.reply_language) {
    const why = notWrittenIn(withoutMenuNames(text, menu), e.reply_language);
    if (why) problems.push(why);
  }
  for (const s of e.html_excludes ?? []) if (containsWord(text, s)) problems.push(`reply contains "${s}"`);
  return problems;
}

/** Words any reply in that language is likely to hold (reply_language); whole words, no accents needed. */
const REPLY_MARKERS: Record<Exclude<Language, 'th'>, string[]> = {
  en: ['the', 'and', 'is', 'are', 'with', 'without', 'your', 'you', 'added', 'removed', 'which', 'would', 'contains', 'not', 'please', 'cart', 'here', 'of', 'for', 'or'],
  fr: ['le', 'la', 'les', 'et', 'est', 'avec', 'sans', 'votre', 'vous', 'ajouté', 'ajoutés', 'retiré', 'contient', 'pas', 'panier', 'quel', 'quelle', 'des', 'du', 'pour', 'ou'],
  it: ['il', 'lo', 'gli', 'e', 'è', 'con', 'senza', 'tuo', 'tuoi', 'aggiunto', 'aggiunti', 'rimosso', 'contiene', 'non', 'carrello', 'quale', 'della', 'dei', 'per', 'o', 'sono'],
  de: ['der', 'die', 'das', 'und', 'ist', 'sind', 'mit', 'ohne', 'Ihr', 'Ihre', 'Sie', 'hinzugefügt', 'entfernt', 'enthält', 'nicht', 'kein', 'keine', 'Warenkorb', 'welche', 'für', 'oder'],
};

/**
 * The reply without the menu's own words (dish, option and category names, in whatever language the
 * menu is written): "For one", "Spicy chicken galbi" or "With milk" say nothing about the reply's language.
 */
function withoutMenuNames(text: string, menu: VenueMenu): string {
  const names = new Set<string>();
  for (const p of menu.byId.values()) {
    names.add(p.name);
    for (const v of p.variations) names.add(v.name);
    for (const c of p.categories ?? []) names.add(c.name);
  }
  let out = text;
  for (const name of [...names].sort((a, b) => b.length - a.length)) {
    if (name.length < 3) continue;
    out = out.replace(new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'), ' ');
  }
  return out;
}

function notWrittenIn(text: string, language: Language): string | null {
  // Thai letters, not the baht sign (U+0E3F) that prices carry in every language.
  if (language === 'th') return /[\u0E01-\u0E3A\u0E40-\u0E5B]/.test(text) ? null : 'reply is not in Thai';
  const detected = replyLanguage(text, language);
  if (detected !== language) return `reply is in ${detected}, expected ${language}`;
  if (!REPLY_MARKERS[language].some((w) => containsWord(text, w))) return `reply does not read as ${language}`;
  return null;
}

/** Reads every case file (or only `onlyFile`): the cases, with the venues the blind sets bring. */
function readCaseFiles(onlyFile: string | undefined): { cases: EvalCase[]; imports: Map<string, SeedFile> } {
  const wanted = onlyFile?.replace(/^.*\//, '').replace(/\.json$/, '');
  const files = readdirSync(CASES_DIR)
    .filter((f) => f.endsWith('.json') && !f.startsWith('staff-'))
    .filter((f) => !wanted || f === `${wanted}.json`)
    .sort();
  if (wanted && !files.length) throw new Error(`no guest case file cases/${wanted}.json`);
  const imports = new Map<string, SeedFile>();
  const cases = files.flatMap((f) => {
    const json = JSON.parse(readFileSync(`${CASES_DIR}${f}`, 'utf8')) as EvalCase[] | CaseFileWithVenue;
    if (Array.isArray(json)) return json;
    const venue =
      typeof json.import === 'string'
        ? (JSON.parse(readFileSync(fileURLToPath(new URL(json.import, `file://${CASES_DIR}`)), 'utf8')) as SeedFile)
        : json.import;
    const venueUrl = venue.venue?.venueUrl;
    if (!venueUrl) throw new Error(`${f}: the embedded venue has no venue.venueUrl`);
    imports.set(venueUrl, venue);
    return json.cases.map((c) => ({ ...c, venue: c.venue ?? venueUrl }));
  });
  for (const c of cases) if (!isLanguage(c.language)) throw new Error(`case ${c.id}: unknown language ${c.language}`);
  return { cases, imports };
}

// ------------------------------------------------------------------------------------------------
// Report

function pct(n: number, d: number): string {
  return d ? `${((100 * n) / d).toFixed(1)}%` : '-';
}

function table(title: string, rows: [string, number, number][]): string {
  const width = Math.max(title.length, ...rows.map(([k]) => k.length));
  const lines = [`${title.padEnd(width)}  cases  passed  accuracy`];
  for (const [k, pass, total] of rows) lines.push(`${k.padEnd(width)}  ${String(total).padStart(5)}  ${String(pass).padStart(6)}  ${pct(pass, total).padStart(8)}`);
  return lines.join('\n');
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  // The staff sets (cases/staff-*.json) run through the staff assistant, after the guest cases.
  // --only-file names one guest set: the staff sets are not run then.
  const staff = options.onlyFile ? { passed: 0, total: 0 } : printStaffEval(await runStaffEval(CASES_DIR, options.only));
  const staffOk = staff.total === 0 || staff.passed / staff.total >= OVERALL_THRESHOLD;
  if (options.staff) {
    if (!staffOk && !options.noFail) process.exitCode = 1;
    return;
  }
  const all = readCaseFiles(options.onlyFile);
  const cases = all.cases.filter(
    (c) => !options.only || c.id.startsWith(options.only) || c.language === options.only || c.intent === options.only,
  );
  const ids = new Set<string>();
  for (const c of cases) {
    if (ids.has(c.id)) throw new Error(`duplicate case id ${c.id}`);
    ids.add(c.id);
  }

  const transport = options.url ? httpTransport(options.url) : await inProcessTransport(options.model, [...all.imports.values()]);
  const results: { c: EvalCase; problems: string[]; ms: number; html: string }[] = [];
  try {
    const menus = await loadMenus(transport, [...new Set(cases.map((c) => c.venue))], all.imports);
    let n = 0;
    for (const c of cases) {
      const menu = menus.get(c.venue)!;
      const body = {
        venueUrl: c.venue,
        language: c.language,
        message: c.message,
        history: c.history ?? [],
        cart: (c.cart ?? []).map((l) => ({
          productId: menu.byKey.get(l.product)!.id,
          variationIds: (l.variations ?? []).map((v) => menu.variationId(l.product, v)),
          quantity: l.quantity,
        })),
      };
      const started = performance.now();
      const res = await transport.postChat(body, ++n);
      const ms = performance.now() - started;
      let problems: string[];
      try {
        problems = score(c, res.status, res.json, menu);
      } catch (error) {
        problems = [`could not score: ${(error as Error).message}`];
      }
      const html = (res.json as { data?: ChatData })?.data?.message?.html ?? JSON.stringify(res.json);
      results.push({ c, problems, ms, html });
      if (options.verbose) console.log(`${problems.length ? 'FAIL' : 'ok  '} ${c.id}: ${c.message}\n     ${htmlText(html).slice(0, 300)}`);
    }
  } finally {
    await transport.close();
  }

  const tally = (key: (c: EvalCase) => string, order?: readonly string[]) => {
    const m = new Map<string, [number, number]>();
    for (const r of results) {
      const k = key(r.c);
      const [p, t] = m.get(k) ?? [0, 0];
      m.set(k, [p + (r.problems.length ? 0 : 1), t + 1]);
    }
    const keys = order ? order.filter((k) => m.has(k)) : [...m.keys()].sort();
    return keys.map((k) => [k, ...m.get(k)!] as [string, number, number]);
  };
  const byLanguage = tally((c) => c.language, LANGUAGES);
  const byIntent = tally((c) => c.intent);
  const passed = results.filter((r) => !r.problems.length).length;
  const times = results.map((r) => r.ms).sort((a, b) => a - b);

  console.log(`\nMenu assistant evaluation (${transport.label}): ${results.length} cases\n`);
  console.log(table('language', byLanguage));
  console.log();
  console.log(table('intent', byIntent));
  console.log();
  console.log(table('overall', [['all', passed, results.length]]));
  console.log(`\nPOST /api/chat time per case: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms`);

  const failures = results.filter((r) => r.problems.length);
  if (failures.length) {
    console.log(`\nFailures (${failures.length}):`);
    for (const f of failures) {
      console.log(`- ${f.c.id} [${f.c.venue}] "${f.c.message}"\n    ${f.problems.join('; ')}\n    reply: ${htmlText(f.html).slice(0, 240)}`);
    }
  }

  const overall = results.length ? passed / results.length : 0;
  const weakLanguages = byLanguage.filter(([, p, t]) => p / t < LANGUAGE_THRESHOLD).map(([k]) => k);
  const ok = overall >= OVERALL_THRESHOLD && weakLanguages.length === 0 && staffOk;
  console.log(
    `\n${ok ? 'PASS' : 'BELOW THRESHOLD'}: overall ${pct(passed, results.length)} (needs ${OVERALL_THRESHOLD * 100}%), every language >= ${LANGUAGE_THRESHOLD * 100}%${weakLanguages.length ? ` (below: ${weakLanguages.join(', ')})` : ''}`,
  );
  if (!ok && !options.noFail) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 2;
});
