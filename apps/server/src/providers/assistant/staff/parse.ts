/**
 * Reading a staff message: the normalised text, the amounts it names (prices, percentages, cents),
 * quoted text, and which dishes and categories of the menu it mentions. Pure functions: the rules
 * read a `ParsedStaffMessage` and never the raw text alone.
 */
import type { StaffCategory, StaffProduct } from '@carte/domain';
import {
  CATEGORY_SYNONYMS,
  findWord,
  normalise,
  STAFF_LEXICON,
  wordPattern,
  wordsOf,
  type WordList,
} from './lexicon.ts';

export interface Amount {
  /** Decimal value as written (12.5), or the percentage (10 for 10%). */
  value: number;
  kind: 'money' | 'percent' | 'cents';
  /** Written with a sign: "+2" (an option's price difference). */
  signed: boolean;
  index: number;
  end: number;
}

export interface ParsedStaffMessage {
  raw: string;
  text: string;
  amounts: Amount[];
  /** Text between quotes ("..." or '...' or « ... »), in order. */
  quoted: string[];
}

const NUMBER =
  /(?:([+-])\s?)?(?:[€$£฿]\s?)?(\d{1,6}(?:[.,]\d{1,2})?)(?!\d)\s?(%|[€$£฿]|eur(?:os?)?\b|dollars?\b|baht\b|บาท|ดอลลาร์|ยูโร|pounds?\b)?/giu;

/** "minus 2", "moins 2 euros", "meno 2": the minus said in words just before the amount. */
let minusPattern: RegExp | undefined;
function minusBefore(text: string, index: number): number {
  minusPattern ??= new RegExp(
    `(?:^|[^\\p{L}])(${wordsOf(STAFF_LEXICON.minus)
      .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('|')})\\s*$`,
    'u',
  );
  const m = minusPattern.exec(text.slice(Math.max(0, index - 24), index));
  return m ? index - (m[0].length - m[0].indexOf(m[1]!)) : -1;
}

export function parseAmounts(text: string): Amount[] {
  const out: Amount[] = [];
  for (const m of text.matchAll(NUMBER)) {
    const value = Number(m[2]!.replace(',', '.'));
    if (!Number.isFinite(value)) continue;
    const before = text.slice(Math.max(0, m.index - 1), m.index);
    // A digit glued to letters ("4x4", "b12") is part of a name, not an amount.
    if (/[\p{L}]/u.test(before)) continue;
    if (m[3] === undefined && /^[\p{L}]/u.test(text.slice(m.index + m[0].length)) && !/\s$/.test(m[0])) {
      // "4x4": a digit glued to letters after it is part of a name too (units were matched above).
      const unit = /^\p{L}+/u.exec(text.slice(m.index + m[0].length))![0];
      if (![...wordsOf(STAFF_LEXICON.cents), ...wordsOf(STAFF_LEXICON.percent)].includes(unit)) continue;
    }
    let kind: Amount['kind'] = 'money';
    let end = m.index + m[0].length;
    const after = text.slice(end);
    if (m[3] === '%') kind = 'percent';
    else {
      const unit = /^\s*(\S+(?: \S+)?)/u.exec(after)?.[1] ?? '';
      const pct = wordsOf(STAFF_LEXICON.percent).find(
        (w) => w !== '%' && wordPattern(w).test(unit) && unit.startsWith(w),
      );
      const cents = wordsOf(STAFF_LEXICON.cents).find((w) => unit === w || unit.startsWith(`${w} `));
      if (pct) {
        kind = 'percent';
        end += after.indexOf(pct) + pct.length;
      } else if (cents) {
        kind = 'cents';
        end += after.indexOf(cents) + cents.length;
      }
    }
    let sign = m[1];
    let index = m.index;
    const minus = sign === undefined ? minusBefore(text, m.index) : -1;
    if (minus >= 0) {
      sign = '-';
      index = minus;
    }
    out.push({ value: sign === '-' ? -value : value, kind, signed: sign !== undefined, index, end });
  }
  return out;
}

export function parseStaffMessage(raw: string): ParsedStaffMessage {
  const text = normalise(raw);
  const quoted = [...raw.matchAll(/["“«„']([^"”»“']{1,200})["”»“']/gu)].map((m) => m[1]!.trim()).filter(Boolean);
  return { raw, text, amounts: parseAmounts(text), quoted };
}

/** The amount in minor units of a money or cents amount (50 cents -> 50, 12.5 -> 1250). */
export function amountMinor(a: Amount): number {
  return a.kind === 'cents' ? Math.round(a.value) : Math.round(a.value * 100);
}

/** A word stem good enough to match "pizzas" with "Pizza", "desserts" with "Dessert". */
export function stem(word: string): string {
  const w = word.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  if (/[\u0e00-\u0e7f]/.test(w)) return w;
  return w.length > 4 ? w.replace(/(?:es|en|s|e|i|n)$/u, '') : w;
}

function tokens(text: string): string[] {
  return normalise(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t.length > 1);
}

const STOP = new Set(
  wordsOf(STAFF_LEXICON.articles)
    .concat([
      'and',
      'et',
      'e',
      'und',
      'with',
      'avec',
      'con',
      'mit',
      'de',
      'di',
      'of',
      'al',
      'alla',
      'au',
      'aux',
      'del',
      'della',
      'von',
      'vom',
    ])
    .filter((w) => !w.includes(' ')),
);

export interface Match<T> {
  item: T;
  score: number;
  /** Where the name was found in the text (start, end), to cut it out. */
  index: number;
  end: number;
}

/**
 * The menu items named in `text`, best first: the whole name found (score 2 + its length), or
 * enough of its words (each significant word of the name found counts). Thai names are matched as
 * substrings.
 */
/** A name's normalised text and significant words (cached: a menu's names are read on every message). */
const nameCache = new Map<string, { name: string; words: string[]; stems: string[] }>();
function nameInfo(raw: string) {
  let info = nameCache.get(raw);
  if (!info) {
    const name = normalise(raw);
    const words = tokens(name).filter((w) => !STOP.has(w) && w.length > 2);
    info = { name, words, stems: words.map(stem) };
    if (nameCache.size > 20_000) nameCache.clear();
    nameCache.set(raw, info);
  }
  return info;
}

const stemPatterns = new Map<string, RegExp>();
function stemPattern(s: string): RegExp {
  let re = stemPatterns.get(s);
  if (!re) {
    re = new RegExp(`(?<![\\p{L}\\p{N}])${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\p{L}*`, 'u');
    if (stemPatterns.size > 20_000) stemPatterns.clear();
    stemPatterns.set(s, re);
  }
  return re;
}

/**
 * The menu items named in `text`, best first: the whole name found (score 2 + its length), or
 * enough of its words (each significant word of the name found counts). Thai names are matched as
 * substrings.
 */
export function findNamed<T extends { name: string }>(text: string, items: readonly T[]): Match<T>[] {
  const t = normalise(text);
  const bare = t.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  const textStems = new Set(tokens(t).map(stem));
  const out: Match<T>[] = [];
  for (const item of items) {
    const { name, words, stems } = nameInfo(item.name);
    if (!name) continue;
    if (t.includes(name)) {
      const whole = wordPattern(name).exec(t);
      if (whole) {
        out.push({ item, score: 2 + name.length / 100, index: whole.index, end: whole.index + name.length });
        continue;
      }
    }
    if (words.length === 0) continue;
    let hits = 0;
    let letters = 0;
    let index = t.length;
    let end = 0;
    for (let i = 0; i < words.length; i++) {
      if (!textStems.has(stems[i]!)) continue;
      hits++;
      letters += words[i]!.length;
      // Where the matched words sit, to cut the name out of the text.
      const m = stemPattern(stems[i]!).exec(bare);
      if (m) {
        index = Math.min(index, m.index);
        end = Math.max(end, m.index + m[0].length);
      }
    }
    if (hits === 0) continue;
    out.push({ item, score: hits / words.length + letters / 1000, index: index === t.length ? 0 : index, end });
  }
  return out.sort((a, b) => b.score - a.score);
}

/**
 * The one dish the text names: the best match when it is clearly ahead; `ambiguous` when two or
 * more match equally well; `none` when nothing matches.
 */
export function resolveOne<T extends { name: string; id: string }>(
  text: string,
  items: readonly T[],
): { kind: 'one'; match: Match<T> } | { kind: 'ambiguous'; matches: Match<T>[] } | { kind: 'none' } {
  const matches = findNamed(text, items);
  if (matches.length === 0) return { kind: 'none' };
  const best = matches[0]!;
  if (best.score < 0.5) return { kind: 'none' };
  const tied = matches.filter((m) => Math.abs(m.score - best.score) < 0.001);
  if (tied.length > 1) return { kind: 'ambiguous', matches: tied };
  return { kind: 'one', match: best };
}

export function findCategory(text: string, categories: readonly StaffCategory[]): Match<StaffCategory> | null {
  const best = findNamed(text, categories)[0];
  if (best && best.score >= 1) return best;
  // The category named in another language ("les pâtes" for Pasta, "contorni" for Sides).
  const t = normalise(text);
  for (const row of CATEGORY_SYNONYMS) {
    const said = row.map((w) => ({ w, m: wordPattern(w).exec(t) })).find((x) => x.m);
    if (!said) continue;
    const category = categories.find((c) => row.includes(normalise(c.name)));
    if (category) return { item: category, score: 1, index: said.m!.index, end: said.m!.index + said.w.length };
  }
  return null;
}

/** The text after the first word of `list` (or null), trimmed of punctuation. */
export function after(text: string, list: WordList, from = 0): { rest: string; index: number; word: string } | null {
  const found = findWord(text.slice(from), list);
  if (!found) return null;
  const index = from + found.index;
  return { rest: cleanEnds(text.slice(index + found.word.length)), index, word: found.word };
}

export function cleanEnds(s: string): string {
  return s.replace(/^[\s:,;.!?"'«»“”-]+|[\s,;.!?"'«»“”]+$/gu, '');
}

/** Drops leading articles and fillers ("a", "the", "un", "der", "dish called"). */
export function stripArticles(s: string): string {
  let out = cleanEnds(s);
  for (let changed = true; changed;) {
    changed = false;
    for (const w of wordsOf(STAFF_LEXICON.articles)) {
      if (out === w) return '';
      if (out.startsWith(`${w} `) || out.startsWith(`${w}:`) || (w.endsWith("'") && out.startsWith(w))) {
        out = out.slice(w.length).replace(/^[:\s]+/, '');
        changed = true;
      }
    }
  }
  return out;
}

/** "vegan burger" -> "Vegan burger" (the staff's own capitals are kept when they typed some). */
export function displayName(fromRaw: string): string {
  const s = fromRaw.trim();
  if (!s) return s;
  return s[0]!.toLocaleUpperCase() + s.slice(1);
}

/** The same span of the raw message as a span of its normalised text (they align but for spacing). */
export function rawSpan(raw: string, normalisedPart: string): string {
  const r = raw.normalize('NFC');
  const at = r.toLowerCase().indexOf(normalisedPart);
  return at >= 0 ? r.slice(at, at + normalisedPart.length) : normalisedPart;
}

export type { StaffProduct };
