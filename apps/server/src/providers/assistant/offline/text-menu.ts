/**
 * A venue's free-text menu read as lines: headings become categories, lines become pseudo products
 * (with the price found at the end of the line and dietary marks such as "(v)", "vegan", "(gf)"), so
 * the same search answers text menus. Replies quote the lines as written.
 */
import { toMinor } from '@carte/domain';
import type { AssistantMenu, MenuProduct } from '../types.ts';
import { annotate } from './annotate.ts';

export interface TextMenu {
  menu: AssistantMenu;
  /** pseudo product id -> the line as written (with its section) */
  quote: Map<string, string>;
  /** lines that are neither items nor headings ("Served 12:00-21:30 daily...") */
  notes: string[];
}

const PRICE_WITH_CURRENCY =
  /(?:[€$£฿]\s*(\d{1,6}(?:[.,]\d{1,2})?))|(?:(\d{1,6}(?:[.,]\d{1,2})?)\s*(?:[€$£฿]|eur(?:os?)?\b|baht\b|บาท|thb\b|usd\b|gbp\b))/i;
const PRICE_BARE_AT_END = /(?:^|\s)(\d{1,5}(?:[.,]\d{1,2})?)\s*$/;
const RECOMMENDED =
  /(★|⭐|\brecommended\b|\bchef'?s\b|\bspecial(?:ity|ty)?\b|\bconseill|\bconsigliat|\bempfehl|แนะนำ)/i;
const MARK_WORDS: Record<string, string> = {
  v: 'vegetarian',
  veg: 'vegetarian',
  vegetarian: 'vegetarian',
  vg: 'vegan',
  ve: 'vegan',
  vegan: 'vegan',
  gf: 'gluten-free',
  'gluten-free': 'gluten-free',
  df: 'dairy-free',
  'dairy-free': 'dairy-free',
  spicy: 'spicy',
};

const cache = new Map<string, TextMenu>();

interface Line {
  text: string;
  indent: number;
}

function priceOf(text: string): { at: number; len: number; amount: number } | null {
  const m = PRICE_WITH_CURRENCY.exec(text) ?? PRICE_BARE_AT_END.exec(text);
  if (!m) return null;
  const amount = Number((m[1] ?? m[2] ?? '').replace(',', '.'));
  return Number.isFinite(amount) ? { at: m.index, len: m[0].length, amount } : null;
}

function isHeadingText(text: string): boolean {
  if (/^#+\s/.test(text) || /:\s*$/.test(text)) return true;
  const letters = text.replace(/[^\p{L}]/gu, '');
  return letters.length >= 3 && letters === letters.toUpperCase() && letters !== letters.toLowerCase();
}

function clean(line: string): string {
  return line
    .replace(/^#+\s*/, '')
    .replace(/^[-*•·]\s*/, '')
    .replace(/[=*_]{2,}/g, '')
    .replace(/:\s*$/, '')
    .trim();
}

/** "(v)", "(vg, gf)"; not "(gf on request)". */
function marks(text: string): string[] {
  const prefs = new Set<string>();
  for (const m of text.matchAll(/\(([^)]*)\)/g)) {
    const parts = m[1]!.split(/[,/]/).map((x) => x.trim().toLowerCase());
    if (parts.length && parts.every((x) => x in MARK_WORDS)) for (const x of parts) prefs.add(MARK_WORDS[x]!);
  }
  for (const t of annotate(text.replace(/\([^)]*\)/g, ' '), undefined, { typos: false })) {
    if (t.tags.includes('diet:vegan')) prefs.add('vegan');
    if (t.tags.includes('diet:vegetarian')) prefs.add('vegetarian');
  }
  return [...prefs];
}

/** "Contains: gluten, nuts (chestnut), celery." -> ['gluten', 'nuts', 'celery'] */
function containsList(text: string): string[] {
  const m = /\bcontains?\b:?\s*([^.]*)/i.exec(text);
  if (!m) return [];
  const out = new Set<string>();
  for (const part of m[1]!.replace(/\([^)]*\)/g, '').split(/,|\band\b/)) {
    const word = part.trim().toLowerCase();
    if (!word) continue;
    const tags = annotate(word, undefined, { typos: false }).flatMap((t) => t.tags.filter((x) => x.startsWith('alg:')));
    if (tags.length) for (const tag of tags) out.add(tag.slice(4));
    else out.add(word.split(/\s+/)[0]!);
  }
  return [...out];
}

export function textMenuAsMenu(menu: AssistantMenu): TextMenu {
  const key = `${menu.currency}\u0000${menu.venueName}\u0000${menu.textMenu ?? ''}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const lines: Line[] = (menu.textMenu ?? '')
    .split(/\r?\n/)
    .map((l) => ({ text: l.trim(), indent: l.length - l.trimStart().length }))
    .filter((l) => l.text && !/^[-=_*\s]+$/.test(l.text));
  const products: MenuProduct[] = [];
  const quote = new Map<string, string>();
  const notes: string[] = [];
  let section = '';
  let group = '';
  let groupIndent = -1;
  let groupAllergens: string[] = [];
  let last: { p: MenuProduct; indent: number } | null = null;
  lines.forEach((line, i) => {
    const price = priceOf(line.text);
    const next = lines[i + 1];
    if (!price) {
      if (last && line.indent > last.indent) {
        // A description under the item above.
        const p = last.p;
        p.description = p.description ? `${p.description} ${line.text}` : line.text;
        p.preferences = [...new Set([...p.preferences, ...marks(line.text)])];
        p.allergenes = [...new Set([...p.allergenes, ...containsList(line.text)])];
        quote.set(p.id, `${quote.get(p.id)} (${line.text})`);
        return;
      }
      if (group && line.indent > groupIndent && containsList(line.text).length) {
        // "Beers and lagers contain gluten": a note for the whole group.
        const extra = containsList(line.text);
        for (const p of products)
          if (p.categories[0]?.id === group) p.allergenes = [...new Set([...p.allergenes, ...extra])];
        return;
      }
      if (next && next.indent > line.indent && priceOf(next.text)) {
        group = clean(line.text);
        groupAllergens = containsList(line.text);
        groupIndent = line.indent;
        last = null;
        return;
      }
      if (isHeadingText(line.text) || (line.text.split(/\s+/).length <= 4 && next && priceOf(next.text))) {
        section = clean(line.text);
        group = '';
        groupIndent = -1;
        last = null;
        return;
      }
      notes.push(line.text);
      last = null;
      return;
    }
    if (group && line.indent <= groupIndent) {
      group = '';
      groupIndent = -1;
    }
    const before = line.text.slice(0, price.at);
    const after = line.text.slice(price.at + price.len);
    const name =
      clean(before)
        .replace(/[\s.…:–—-]+$/, '')
        .replace(/\s*-?\s*(?:from|à partir de|da|ab)$/i, '')
        .replace(/\bcontains?\b.*$/i, '')
        .trim() || clean(line.text);
    const id = `line-${i}`;
    const category = group || section;
    const p: MenuProduct = {
      id,
      name,
      description: after.replace(/^[\s.,/€$£฿\d-]+/, '').trim() || null,
      priceMinor: toMinor(price.amount),
      recommended: RECOMMENDED.test(line.text),
      status: 'available',
      preferences: marks(line.text),
      allergenes: [...new Set([...containsList(line.text), ...(group ? groupAllergens : [])])],
      categories: [
        ...(group ? [{ id: group, name: group }] : []),
        ...(section ? [{ id: section, name: section }] : []),
      ],
      variations: [],
    };
    products.push(p);
    quote.set(id, category ? `${category}: ${line.text}` : line.text);
    last = { p, indent: line.indent };
  });
  const tm: TextMenu = {
    menu: { venueName: menu.venueName, currency: menu.currency, useTextMenu: false, textMenu: null, products },
    quote,
    notes,
  };
  cache.set(key, tm);
  if (cache.size > 32) cache.delete(cache.keys().next().value!);
  return tm;
}
