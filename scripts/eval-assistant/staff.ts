/**
 * The staff assistant's evaluation (issue 10, part 4): every case of cases/staff-*.json runs through
 * the staff engine (the offline rules) on the menu its file describes, with an in-memory menu
 * service that refuses what the staff menu service refuses (negative price, unknown category). A case
 * may first send `before` messages (a deletion to confirm, a change to undo); it passes when the
 * answering rule, the reply text, the actions and the menu afterwards are as expected.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { allergensMeant, normaliseAllergens, type StaffProduct } from '@carte/domain';

const meant = (x: string): readonly string[] => allergensMeant(x) ?? [x];
import { replyStaff } from '../../apps/server/src/providers/assistant/staff/engine.ts';
import { memoryPort, type MemoryMenu } from '../../apps/server/src/providers/assistant/staff/memory-port.ts';
import { staffReplyText } from '../../apps/server/src/providers/assistant/staff/render.ts';
import type { Language, StaffState } from '../../apps/server/src/providers/assistant/staff/types.ts';

interface MenuFile {
  currency: string;
  categories: string[];
  products: {
    name: string;
    price: number | null;
    category?: string;
    description?: string;
    allergenes?: string[];
    preferences?: string[];
    photo?: boolean;
    status?: 'available' | 'unavailable';
    options?: [string, number][];
  }[];
}

interface ProductCheck {
  product: string;
  exists?: boolean;
  price?: number | null;
  status?: string;
  description?: string;
  category?: string;
  preferences_include?: string[];
  allergenes_include?: string[];
  allergenes_exclude?: string[];
  options?: [string, number][];
}

interface StaffCase {
  id: string;
  language: Language;
  intent: string;
  before?: string[];
  message: string;
  expect: {
    rule?: string;
    reply_includes?: string[];
    reply_excludes?: string[];
    /** Number of menu_changed actions (0 when nothing may change). */
    actions?: number;
    /** The menu is exactly as before this message. */
    unchanged?: boolean;
    products?: ProductCheck[];
  };
}

interface CaseFile {
  menu: MenuFile;
  cases: StaffCase[];
}

export function buildMenu(file: MenuFile): MemoryMenu {
  const categories = file.categories.map((name, position) => ({ id: randomUUID(), name, position }));
  const byName = new Map(categories.map((c) => [c.name, c]));
  const products: StaffProduct[] = file.products.map((p) => {
    const cat = p.category ? byName.get(p.category) : undefined;
    const imageId = p.photo === false ? null : randomUUID();
    return {
      id: randomUUID(),
      name: p.name,
      description: p.description ?? null,
      price: p.price,
      image: imageId ? `/media/${imageId}` : null,
      imageId,
      status: p.status ?? 'available',
      recommended: false,
      preferences: p.preferences ?? [],
      allergenes: p.allergenes ?? [],
      categories: cat ? [{ id: cat.id, name: cat.name }] : [],
      variations: (p.options ?? []).map(([name, price]) => ({
        id: randomUUID(),
        name,
        price_variation: price,
        preferences: [],
        allergenes: [],
      })),
      variationGroups: [],
    };
  });
  return { categories, products };
}

function check(
  c: StaffCase,
  reply: Awaited<ReturnType<typeof replyStaff>>,
  before: string,
  menu: MemoryMenu,
): string[] {
  const problems: string[] = [];
  const text = staffReplyText(reply.blocks).toLowerCase();
  const e = c.expect;
  if (e.rule && reply.intent !== e.rule) problems.push(`rule ${reply.intent}, expected ${e.rule}`);
  for (const s of e.reply_includes ?? []) if (!text.includes(s.toLowerCase())) problems.push(`reply lacks "${s}"`);
  for (const s of e.reply_excludes ?? []) if (text.includes(s.toLowerCase())) problems.push(`reply has "${s}"`);
  if (e.actions !== undefined && reply.actions.length !== e.actions)
    problems.push(`${reply.actions.length} actions, expected ${e.actions}`);
  if (e.unchanged && JSON.stringify(menu.products) !== before) problems.push('the menu changed');
  for (const p of e.products ?? []) {
    const found = menu.products.find((x) => x.name.toLowerCase() === p.product.toLowerCase());
    if (p.exists === false) {
      if (found) problems.push(`${p.product} still exists`);
      continue;
    }
    if (!found) {
      problems.push(`${p.product} missing`);
      continue;
    }
    if (p.price !== undefined && found.price !== p.price)
      problems.push(`${p.product} price ${found.price}, expected ${p.price}`);
    if (p.status !== undefined && found.status !== p.status) problems.push(`${p.product} status ${found.status}`);
    if (p.description !== undefined && found.description !== p.description)
      problems.push(`${p.product} description "${found.description}"`);
    if (p.category !== undefined && !found.categories.some((x) => x.name === p.category))
      problems.push(`${p.product} not in ${p.category}`);
    for (const x of p.preferences_include ?? [])
      if (!found.preferences.includes(x)) problems.push(`${p.product} lacks preference ${x}`);
    // Allergens compared as the domain reads them (decision 017): an expected "dairy" is milk.
    const has = normaliseAllergens(found.allergenes);
    for (const x of p.allergenes_include ?? [])
      if (!meant(x).every((a) => has.includes(a))) problems.push(`${p.product} lacks allergen ${x}`);
    for (const x of p.allergenes_exclude ?? [])
      if (meant(x).some((a) => has.includes(a))) problems.push(`${p.product} still has allergen ${x}`);
    if (p.options) {
      const got = found.variations.map((v) => [v.name.toLowerCase(), v.price_variation]);
      const want = p.options.map(([n, v]) => [n.toLowerCase(), v]);
      if (JSON.stringify(got) !== JSON.stringify(want)) problems.push(`${p.product} options ${JSON.stringify(got)}`);
    }
  }
  return problems;
}

export interface StaffEvalResult {
  file: string;
  passed: number;
  total: number;
  failures: { id: string; message: string; problems: string[]; reply: string }[];
  times: number[];
}

/** Runs each staff-*.json case file (each case on a fresh copy of its menu). */
export async function runStaffEval(casesDir: string, only?: string): Promise<StaffEvalResult[]> {
  const out: StaffEvalResult[] = [];
  for (const f of readdirSync(casesDir)
    .filter((x) => x.startsWith('staff-') && x.endsWith('.json'))
    .sort()) {
    const file = JSON.parse(readFileSync(`${casesDir}${f}`, 'utf8')) as CaseFile;
    const result: StaffEvalResult = { file: f, passed: 0, total: 0, failures: [], times: [] };
    for (const c of file.cases.filter(
      (x) => !only || x.id.startsWith(only) || x.language === only || x.intent === only,
    )) {
      const menu = buildMenu(file.menu);
      const port = memoryPort(menu);
      let state: StaffState = {};
      for (const m of c.before ?? [])
        state = (await replyStaff({ language: c.language, message: m, currency: file.menu.currency, state }, port))
          .state;
      const before = JSON.stringify(menu.products);
      const started = performance.now();
      let problems: string[];
      let replyText = '';
      try {
        const reply = await replyStaff(
          { language: c.language, message: c.message, currency: file.menu.currency, state },
          port,
        );
        result.times.push(performance.now() - started);
        replyText = staffReplyText(reply.blocks);
        problems = check(c, reply, before, menu);
      } catch (error) {
        problems = [`threw: ${(error as Error).message}`];
      }
      result.total++;
      if (problems.length)
        result.failures.push({
          id: c.id,
          message: c.message,
          problems,
          reply: replyText.replace(/\s+/g, ' ').slice(0, 200),
        });
      else result.passed++;
    }
    if (result.total) out.push(result);
  }
  return out;
}

export function printStaffEval(results: StaffEvalResult[]): { passed: number; total: number } {
  let passed = 0;
  let total = 0;
  console.log('\nStaff assistant evaluation (offline rules, in-memory menu service)\n');
  for (const r of results) {
    passed += r.passed;
    total += r.total;
    console.log(
      `  ${r.file.padEnd(28)} ${String(r.passed).padStart(3)}/${String(r.total).padEnd(3)} ${((100 * r.passed) / r.total).toFixed(1)}%`,
    );
  }
  console.log(
    `  ${'all'.padEnd(28)} ${String(passed).padStart(3)}/${String(total).padEnd(3)} ${total ? ((100 * passed) / total).toFixed(1) : '0'}%`,
  );
  const failures = results.flatMap((r) => r.failures.map((f) => ({ ...f, file: r.file })));
  if (failures.length) {
    console.log(`\nStaff failures (${failures.length}):`);
    for (const f of failures)
      console.log(`- ${f.id} [${f.file}] "${f.message}"\n    ${f.problems.join('; ')}\n    reply: ${f.reply}`);
  }
  return { passed, total };
}
