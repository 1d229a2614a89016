/**
 * Reading a staff message: the normalised text, the amounts it names (prices, percentages, cents),
 * quoted text, and which dishes and categories of the menu it mentions. Pure functions: the rules
 * read a `ParsedStaffMessage` and never the raw text alone.
 */
import type { StaffCategory, StaffProduct } from '@carte/domain';
import { STOPWORDS_TEXT } from '../language/lexicon.ts';
import { fold, isThai, type Token } from '../language/tokens.ts';
import {
  CATEGORY_SYNONYMS,
  endsWithWord,
  findWord,
  normalise,
  STAFF_LEXICON,
  tokensOf,
  withoutWords,
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

/** "minus 2", "moins 2 euros", "meno 2": the minus said in words just before the amount (where it starts). */
function minusBefore(text: string, index: number): number {
  const from = Math.max(0, index - 24);
  const minus = endsWithWord(text.slice(from, index), STAFF_LEXICON.minus);
  return minus ? from + minus.index : -1;
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
      if (findWord(unit, STAFF_LEXICON.cents)?.index !== 0 && findWord(unit, STAFF_LEXICON.percent)?.index !== 0) continue;
    }
    let kind: Amount['kind'] = 'money';
    let end = m.index + m[0].length;
    const after = text.slice(end);
    if (m[3] === '%') kind = 'percent';
    else {
      // The unit said right after the number: "10 percent", "50 cents", "10 เปอร์เซ็นต์".
      const lead = after.length - after.trimStart().length;
      const unit = /^\s*(\S+(?: \S+)?)/u.exec(after)?.[1] ?? '';
      const pct = findWord(unit, STAFF_LEXICON.percent);
      const cents = findWord(unit, STAFF_LEXICON.cents);
      if (pct && pct.word !== '%' && pct.index === 0) {
        kind = 'percent';
        end += lead + pct.end;
      } else if (cents && cents.index === 0) {
        kind = 'cents';
        end += lead + cents.end;
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

/** Whether the staff chat knows a word (a word of its lists, or a stop word as written): then it is no part of a dish's name. */
let knownStems: Set<string> | undefined;
let stopFolds: Set<string> | undefined;
function isKnown(word: Token): boolean {
  if (!knownStems || !stopFolds) {
    const listed = Object.values(STAFF_LEXICON)
      .flatMap((list) => wordsOf(list))
      .flatMap((w) => tokensOf(w));
    // Stems of long words only: "agli" (to the) is not "aglio" (garlic).
    knownStems = new Set(listed.filter((tk) => tk.fold.length >= 5).map((tk) => tk.stem));
    stopFolds = new Set([...tokensOf(STOPWORDS_TEXT), ...listed].map((tk) => tk.fold).concat([...STOP]));
  }
  return knownStems.has(word.stem) || stopFolds.has(word.fold) || word.num !== null;
}

/**
 * Whether a word the dish's name lacks follows right after `from` (or after a joining word: "al",
 * "alla", "with"), unknown to the staff chat: the text names another dish ("banh xeo", "tiramisu al
 * pistacchio"). With `joined` only after a joining word ("il tiramisu stasera è finito" is the tiramisu).
 */
function anotherNameAfter(text: string, from: number, words: Token[], stems: string[], joined = false): boolean {
  const next = words.find((w) => w.offset >= from);
  if (!next || stems.includes(next.stem) || isKnown(next)) return false;
  const gap = text.slice(from, next.offset);
  const join = withoutWords(gap, STAFF_LEXICON.nameJoin);
  if (join === gap) return !joined && gap.trim() === '';
  return join.trim() === '';
}

/** The words of a text that say what it names: no articles or connectors, no signs, three letters or more (Thai any). */
function nameWords(text: string): Token[] {
  return tokensOf(text).filter((t) => !t.stop && /[\p{L}\p{N}]/u.test(t.raw) && !STOP.has(t.fold) && (t.thai || t.fold.length > 2));
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
    .filter((w) => !w.includes(' '))
    .map(fold),
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
/** A name's normalised text and the stems of its significant words (cached: a menu's names are read on every message). */
const nameCache = new Map<string, { name: string; stems: string[]; letters: number[] }>();
function nameInfo(raw: string) {
  let info = nameCache.get(raw);
  if (!info) {
    const name = normalise(raw);
    const words = nameWords(name);
    info = { name, stems: words.map((w) => w.stem), letters: words.map((w) => w.fold.length) };
    if (nameCache.size > 20_000) nameCache.clear();
    nameCache.set(raw, info);
  }
  return info;
}

/** Where the whole name stands in the text on word boundaries (Thai anywhere), or -1. */
function wholeAt(text: string, name: string): number {
  for (let i = text.indexOf(name); i >= 0; i = text.indexOf(name, i + 1)) {
    if (isThai(name)) return i;
    const before = text.slice(Math.max(0, i - 1), i);
    const next = text.slice(i + name.length, i + name.length + 1);
    if (!/[\p{L}\p{N}]/u.test(before) && !/[\p{L}\p{N}]/u.test(next)) return i;
  }
  return -1;
}

/**
 * The menu items named in `text`, best first: the whole name found (score 2 + its length), or
 * enough of its words (each significant word of the name found counts). Thai names are matched as
 * substrings.
 */
export function findNamed<T extends { name: string }>(text: string, items: readonly T[]): Match<T>[] {
  const t = normalise(text);
  // Each stem of the text, with the words that have it (where they stand, to cut the name out).
  const said = new Map<string, Token[]>();
  const textWords = nameWords(t);
  for (const w of textWords) said.set(w.stem, [...(said.get(w.stem) ?? []), w]);
  const out: Match<T>[] = [];
  for (const item of items) {
    const { name, stems, letters } = nameInfo(item.name);
    if (!name) continue;
    const whole = wholeAt(t, name);
    if (whole >= 0) {
      // "tiramisu al pistacchio": the whole name, then a joining word and a word it lacks: another dish.
      const qualified = anotherNameAfter(t, whole + name.length, textWords, stems, true);
      out.push({ item, score: qualified ? 0.4 : 2 + name.length / 100, index: whole, end: whole + name.length });
      continue;
    }
    if (stems.length === 0) continue;
    let hits = 0;
    let chars = 0;
    let index = t.length;
    let end = 0;
    let otherName = false;
    for (let i = 0; i < stems.length; i++) {
      const words = said.get(stems[i]!);
      if (!words) continue;
      hits++;
      chars += letters[i]!;
      for (const w of words) {
        index = Math.min(index, w.offset);
        end = Math.max(end, w.offset + w.raw.length);
        // "the banh xeo" is not the Banh Mi Chay: a word the menu's name lacks, right after its own.
        if (anotherNameAfter(t, w.offset + w.raw.length, textWords, stems)) otherName = true;
      }
    }
    if (hits === 0) continue;
    const score = hits / stems.length + chars / 1000;
    // Part of the name said, then a word of another dish's name: never enough on its own to be this one.
    const another = otherName && hits < stems.length;
    out.push({ item, score: another ? Math.min(score, 0.4) : score, index: index === t.length ? 0 : index, end });
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

/** A row of category synonyms as a word list (every language at once, as the rows are). */
const synonymLists = new WeakMap<readonly string[], WordList>();
function synonymList(row: readonly string[]): WordList {
  let list = synonymLists.get(row);
  if (!list) synonymLists.set(row, (list = { en: [...row], fr: [], it: [], de: [], th: [] }));
  return list;
}

export function findCategory(text: string, categories: readonly StaffCategory[]): Match<StaffCategory> | null {
  const best = findNamed(text, categories)[0];
  if (best && best.score >= 1) return best;
  // The category named in another language ("les pâtes" for Pasta, "contorni" for Sides).
  const t = normalise(text);
  for (const row of CATEGORY_SYNONYMS) {
    const said = findWord(t, synonymList(row));
    if (!said) continue;
    const category = categories.find((c) => row.includes(normalise(c.name)));
    if (category) return { item: category, score: 1, index: said.index, end: said.end };
  }
  return null;
}

/** The text after the first word of `list` (or null), trimmed of punctuation. */
export function after(text: string, list: WordList, from = 0): { rest: string; index: number; word: string } | null {
  const found = findWord(text.slice(from), list);
  if (!found) return null;
  const index = from + found.index;
  return { rest: cleanEnds(text.slice(from + found.end)), index, word: found.word };
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
