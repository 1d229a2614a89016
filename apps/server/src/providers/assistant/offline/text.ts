/**
 * Text normalisation for the offline assistant: case and accent folding, tokenising (Thai with
 * Intl.Segmenter), a light plural stemmer shared by every language, and a bounded edit distance.
 */
import { WORD_LISTS } from './lexicon.ts';

const THAI = /[\u0E00-\u0E7F]/;
const THAI_RUN = /[\u0E00-\u0E7F]+/g;
const THAI_DIGITS = '๐๑๒๓๔๕๖๗๘๙';

let thaiSegmenter: Intl.Segmenter | null = null;
function segmenter(): Intl.Segmenter {
  thaiSegmenter ??= new Intl.Segmenter('th', { granularity: 'word' });
  return thaiSegmenter;
}

export function isThai(s: string): boolean {
  return THAI.test(s);
}

/** Lower case, without Latin accents (Thai marks are kept), ß -> ss, œ -> oe, æ -> ae. */
export function fold(s: string): string {
  return lower(s)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC');
}

/** Lower case with accents kept (used to tell French "thé" from English "the"). */
export function lower(s: string): string {
  return s
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/[’`´]/g, "'")
    .replace(/[๐-๙]/g, (d) => String(THAI_DIGITS.indexOf(d)));
}

export interface Token {
  /** Lower case, accents kept. */
  raw: string;
  /** Lower case, accents folded. */
  fold: string;
  /** Folded and stemmed (plural-insensitive). */
  stem: string;
  /** A number when the token is one ("12", "12.50"). */
  num: number | null;
  /** Index in the token list. */
  i: number;
  /** Character offset in the lower-cased source. */
  at: number;
}

const wordCache = new Map<string, { fold: string; stem: string; num: number | null }>();

const WORD = /\d+(?:[.,]\d{1,2})?|[\p{L}\p{M}]+|[€$£฿?+&]/gu;

/** Splits text into tokens: Latin words, numbers, currency signs, '?', and Thai words (Intl.Segmenter). */
export function tokenize(text: string): Token[] {
  const src = lower(text);
  const out: Token[] = [];
  const push = (raw: string, at: number) => {
    let w = wordCache.get(raw);
    if (!w) {
      const f = fold(raw);
      const num = /^\d/.test(f) ? Number(f.replace(',', '.')) : null;
      w = { fold: f, stem: num === null ? stem(f) : f, num };
      if (wordCache.size > 100_000) wordCache.clear();
      wordCache.set(raw, w);
    }
    out.push({ raw, fold: w.fold, stem: w.stem, num: w.num, i: out.length, at });
  };
  for (const m of src.matchAll(WORD)) {
    const w = m[0];
    const at = m.index ?? 0;
    if (!THAI.test(w)) {
      push(w, at);
      continue;
    }
    // A run may mix Thai and Latin letters ("ผัดไทยpad"): split Thai runs out and segment them.
    let last = 0;
    for (const t of w.matchAll(THAI_RUN)) {
      const ti = t.index ?? 0;
      if (ti > last) push(w.slice(last, ti), at + last);
      for (const seg of segmenter().segment(t[0])) {
        if (seg.isWordLike) push(seg.segment, at + ti + seg.index);
      }
      last = ti + t[0].length;
    }
    if (last < w.length) push(w.slice(last), at + last);
  }
  return out;
}

/**
 * A light stemmer for plural forms in en, fr, it and de, applied the same way to the menu and to
 * the guest's words, so that it only has to be consistent, not linguistically right:
 * espressos/espresso, tomatoes/tomato, berries/berry, gâteaux/gâteau, pizze/pizza, Nüsse/Nuss.
 */
/** English words that a plural rule would merge with a dish ("paste" is not "pasta"). */
const STEM_EXCEPTIONS: Record<string, string> = Object.fromEntries(
  WORD_LISTS.stemExceptions.en.map((w) => [w, `${w.replace(/s$/, '')}_`]),
);

export function stem(w: string): string {
  if (w.length < 4 || THAI.test(w) || /^\d/.test(w)) return w;
  const ex = STEM_EXCEPTIONS[w];
  if (ex) return ex;
  let s = w;
  if (s.length >= 5 && s.endsWith('ies')) s = s.slice(0, -3) + 'y';
  else if (s.length >= 5 && /(?:ss|x|z|ch|sh|o)es$/.test(s)) s = s.slice(0, -2);
  else if (/(?:eaux|aux|eux)$/.test(s)) s = s.slice(0, -1);
  else if (s.endsWith('s') && !s.endsWith('ss') && !s.endsWith('us') && !s.endsWith('is')) s = s.slice(0, -1);
  // German -en / -n plurals and Italian vowel endings (pizza/pizze, espresso/espressi).
  if (s.length >= 6 && s.endsWith('en')) s = s.slice(0, -1);
  if (s.length >= 5 && /[aeio]$/.test(s)) s = s.slice(0, -1);
  return s;
}

/** Typos tolerated for a word of this length: none up to 3 letters, one up to 7, two beyond. */
export function maxTypos(len: number, thai = false): number {
  if (thai) return len >= 6 ? 1 : 0;
  if (len <= 3) return 0;
  if (len <= 7) return 1;
  return 2;
}

/** Damerau-Levenshtein (optimal string alignment) distance, or max + 1 once it exceeds max. */
export function editDistance(a: string, b: string, max: number): number {
  if (a === b) return 0;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > max) return max + 1;
  let prev2: number[] = new Array<number>(lb + 1).fill(0);
  let prev: number[] = Array.from({ length: lb + 1 }, (_, j) => j);
  let cur: number[] = new Array<number>(lb + 1).fill(0);
  for (let i = 1; i <= la; i++) {
    cur[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= lb; j++) {
      const cb = b.charCodeAt(j - 1);
      const cost = ca === cb ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) {
        v = Math.min(v, prev2[j - 2]! + 1);
      }
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[lb]!;
}

/** True when the guest's word is close enough to a menu or lexicon word. */
export function isNear(query: string, target: string): boolean {
  if (query === target) return true;
  const k = maxTypos(Math.min(query.length, target.length), isThai(query));
  if (k === 0) return false;
  return editDistance(query, target, k) <= k;
}
