/**
 * The assistants' shared language layer (issue 17 item 7, decision 025): one tokenizer
 * (Intl.Segmenter, which also splits Thai, written without spaces, into words), one fold, one light
 * stemmer, one typo measure, and one phrase matcher over tables kept as data (vocabulary.ts, lexicon/).
 * Both assistants read words through it: the safety layer and the glossary directly, the guest
 * engine through offline/annotate.ts.
 *
 * API (kept small on purpose, so the staff chat can move onto it):
 * - `tokenize(text)`: word tokens (folded, stemmed), numbers, signs and sentence breaks, in order.
 * - `lower`, `fold`, `stem`, `isThai`: the word forms; `editDistance`, `maxTypos`, `isNear`: typos.
 * - `compilePhrases(table)`: a table `{ phrase: value }` (phrases in any of the five languages)
 *   made ready for `matchPhrases`.
 * - `matchPhrases(tokens, compiled)`: every phrase found, longest first, never two over one word.
 */
import { WORD_LISTS } from './lexicon/word-lists.ts';

export type Lang = 'en' | 'fr' | 'it' | 'de' | 'th';

export interface Token {
  /** As written (the caller may lower-case the text first: the guest engine does). */
  raw: string;
  /** Lower case, Latin accents removed ("Nüsse" -> "nusse", "crustacés" -> "crustaces"). */
  fold: string;
  /** The fold with a plural or gender ending removed (`stem`). */
  stem: string;
  /** Written in Thai script. */
  thai: boolean;
  /** A sentence or clause break (. , ; : ! ? and new lines): lists and negations stop there. */
  stop: boolean;
  /** Index in the token list. */
  at: number;
  /** Character offset in the text. */
  offset: number;
  /** A number when the token is one ("12", "12.50", "๑๒"). */
  num: number | null;
}

const THAI = /[\u0E00-\u0E7F]/;
const THAI_DIGITS = '๐๑๒๓๔๕๖๗๘๙';
const SEGMENTER = new Intl.Segmenter('th', { granularity: 'word' });
const BREAK = /[.,;:!?\n\u3002\uFF0C]/;
/** Signs that are words of their own (prices, "fish & chips", "+ a coke"). */
const SIGN = /^[€$£฿+&]$/;
/** The words inside one segment: the segmenter keeps "2x", "l'allergie" and "e.g" whole; these are parts. */
const PART = /[\d๐-๙]+(?:[.,][\d๐-๙]{1,2})?|[\p{L}\p{M}]+/gu;

export function isThai(s: string): boolean {
  return THAI.test(s);
}

/** Lower case with accents kept (French "thé" is not English "the"); ß, œ, æ, apostrophes and Thai digits made plain. */
export function lower(s: string): string {
  return s
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/[\u2019\u2018`´]/g, "'")
    .replace(/[๐-๙]/g, (d) => String(THAI_DIGITS.indexOf(d)));
}

/** Lower case, Latin diacritics removed (see lower); Thai marks are kept. */
export function fold(text: string): string {
  return lower(text)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC');
}

/** English words that a plural rule would merge with a dish ("paste" is not "pasta"). */
const STEM_EXCEPTIONS: Record<string, string> = Object.fromEntries(
  WORD_LISTS.stemExceptions.en.map((w) => [w, `${w.replace(/s$/, '')}_`]),
);

/**
 * The one stemmer: plural and gender endings of en, fr, it and de, applied the same way to the menu,
 * the tables and the guest's words, so that it only has to be consistent, not linguistically right:
 * espressos/espresso, tomatoes/tomato, berries/berry, gâteaux/gâteau, pizze/pizza, Nüsse/Nuss,
 * vegani/vegano, crustacés/crustace. Thai has no inflection; words under four letters stay.
 */
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

const wordCache = new Map<string, { fold: string; stem: string; thai: boolean; num: number | null }>();

function word(raw: string) {
  let w = wordCache.get(raw);
  if (!w) {
    const f = fold(raw);
    const num = /^\d/.test(f) ? Number(f.replace(',', '.')) : null;
    w = { fold: f, stem: num === null ? stem(f) : f, thai: THAI.test(f), num };
    if (wordCache.size > 100_000) wordCache.clear();
    wordCache.set(raw, w);
  }
  return w;
}

/**
 * The one tokenizer: words (Intl.Segmenter, which also splits Thai, written without spaces, into
 * words; a segment such as "2x" or "l'allergie" gives its parts), numbers, price and "&"/"+" signs,
 * and clause breaks, in order.
 */
export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  const src = text.replace(/[\u2019\u2018]/g, "'");
  for (const s of SEGMENTER.segment(src)) {
    if (s.isWordLike) {
      for (const m of s.segment.matchAll(PART)) {
        const w = word(m[0]);
        out.push({ raw: m[0], ...w, stop: false, at: out.length, offset: s.index + (m.index ?? 0) });
      }
    } else if (BREAK.test(s.segment) || SIGN.test(s.segment)) {
      const stop = BREAK.test(s.segment);
      const ch = stop ? s.segment.match(BREAK)![0] : s.segment;
      out.push({ raw: ch, fold: ch, stem: ch, thai: false, stop, at: out.length, offset: s.index, num: null });
    }
  }
  return out;
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

/** Whether a message token is this word of a phrase: same fold or stem, or a typo of a long word. */
export function sameWord(token: Token, word: Token, typos = true): boolean {
  if (token.fold === word.fold || token.stem === word.stem) return true;
  if (!typos || token.thai || word.thai) return false;
  // One slip in a word of 6+ letters ("alergic", "peanutes"), two in one of 9+ ("crustacians").
  const max = word.fold.length >= 9 ? 2 : word.fold.length >= 6 ? 1 : 0;
  return max > 0 && editDistance(token.fold, word.fold, max) <= max;
}

export interface CompiledPhrase<V> {
  phrase: string;
  words: Token[];
  value: V;
}

/** A phrase table made ready for matching: each phrase tokenized once, longest first. */
export function compilePhrases<V>(table: Record<string, V> | [string, V][]): CompiledPhrase<V>[] {
  const entries = Array.isArray(table) ? table : Object.entries(table);
  return entries
    .map(([phrase, value]) => ({ phrase, words: tokenize(phrase).filter((t) => !t.stop), value }))
    .filter((p) => p.words.length > 0)
    .sort((a, b) => b.words.length - a.words.length || b.phrase.length - a.phrase.length);
}

export interface PhraseMatch<V> {
  value: V;
  phrase: string;
  /** First and last token index. */
  start: number;
  end: number;
}

/** Where a match of `tokens` stands in the text they were read from: its first and past-last character. */
export function spanOf(tokens: readonly Token[], m: { start: number; end: number }): { index: number; end: number } {
  const last = tokens[m.end]!;
  return { index: tokens[m.start]!.offset, end: last.offset + last.raw.length };
}

/**
 * A Thai phrase: Thai is written without spaces and the segmenter may cut a borrowed word differently
 * by what follows it ("กลูเตน" but "กลู|เต|น|นะ"), so the phrase is looked for in the letters of the
 * Thai tokens that follow each other, starting where a token starts ("นม" is not read inside "ขนม").
 */
function matchThai<V>(tokens: Token[], p: CompiledPhrase<V>, used: Set<number>, found: PhraseMatch<V>[]): void {
  const want = p.words.map((w) => w.fold).join('');
  for (let i = 0; i < tokens.length; i++) {
    let text = '';
    let k = i;
    while (k < tokens.length && tokens[k]!.thai && !used.has(k) && text.length < want.length) text += tokens[k++]!.fold;
    if (!text.startsWith(want)) continue;
    for (let j = i; j < k; j++) used.add(j);
    found.push({ value: p.value, phrase: p.phrase, start: i, end: k - 1 });
    i = k - 1;
  }
  if (want.length >= LONG_THAI) matchThaiInside(tokens, p, want, used, found);
}

/** Thai letters from which a phrase is specific enough to be read from inside a segment. */
const LONG_THAI = 5;

/**
 * A long Thai phrase the segmenter cut across its own start ("ทานกลูเตน" read "ทา|นก|ลู|เตน"): looked
 * for anywhere in a run of Thai tokens, taking the tokens it touches. Short words ("นม" in "ขนม")
 * are not: only where a token starts.
 */
function matchThaiInside<V>(
  tokens: Token[],
  p: CompiledPhrase<V>,
  want: string,
  used: Set<number>,
  found: PhraseMatch<V>[],
): void {
  for (let i = 0; i < tokens.length; ) {
    if (!tokens[i]!.thai || used.has(i)) {
      i++;
      continue;
    }
    const starts: number[] = [];
    let text = '';
    let j = i;
    for (; j < tokens.length && tokens[j]!.thai && !used.has(j); j++) {
      starts.push(text.length);
      text += tokens[j]!.fold;
    }
    for (let at = text.indexOf(want); at >= 0; at = text.indexOf(want, at + want.length)) {
      const first = i + starts.findLastIndex((s) => s <= at);
      const last = i + starts.findLastIndex((s) => s < at + want.length);
      if (used.has(first) || used.has(last)) continue;
      for (let k = first; k <= last; k++) used.add(k);
      found.push({ value: p.value, phrase: p.phrase, start: first, end: last });
    }
    i = j;
  }
}

/**
 * Every phrase of the table in the tokens, longest first and never two over one token. German
 * compounds are read too: a token that starts with a phrase word ("erdnussallergie", "glutenfrei",
 * "milchprodukte") matches it.
 */
export function matchPhrases<V>(
  tokens: Token[],
  compiled: CompiledPhrase<V>[],
  options: { compoundHeads?: boolean; typos?: boolean } = {},
): PhraseMatch<V>[] {
  const used = new Set<number>();
  const found: PhraseMatch<V>[] = [];
  // Cheap first looks, so a table of hundreds of phrases costs little: a phrase can only start at a
  // token with its first word's fold or stem, or (with typos) a long token of about its length and
  // first letter; a Thai phrase only where the message's Thai letters hold it.
  const words = new Set(tokens.flatMap((t) => [t.fold, t.stem]));
  const long = tokens.filter((t) => !t.thai && t.fold.length >= 6);
  const thaiText = tokens.map((t) => (t.thai ? t.fold : ' ')).join('');
  const mayStart = (w: Token, typos: boolean) =>
    words.has(w.fold) ||
    words.has(w.stem) ||
    (typos &&
      w.fold.length >= 6 &&
      long.some((t) => t.fold[0] === w.fold[0] && Math.abs(t.fold.length - w.fold.length) <= 2));
  // Words as written first, then with typos: "vegetarienne" is not a slip of "vegetalienne".
  for (const typos of options.typos === false ? [false] : [false, true])
    for (const p of compiled) {
      if (p.words.every((w) => w.thai)) {
        if (!typos && thaiText.includes(p.words.map((w) => w.fold).join(''))) matchThai(tokens, p, used, found);
        continue;
      }
      if (!mayStart(p.words[0]!, typos)) continue;
      for (let i = 0; i + p.words.length <= tokens.length; i++) {
        let ok = true;
        for (let k = 0; k < p.words.length && ok; k++) {
          const t = tokens[i + k]!;
          ok = !t.stop && !used.has(i + k) && sameWord(t, p.words[k]!, typos);
        }
        if (!ok) continue;
        for (let k = 0; k < p.words.length; k++) used.add(i + k);
        found.push({ value: p.value, phrase: p.phrase, start: i, end: i + p.words.length - 1 });
      }
    }
  if (options.compoundHeads) {
    for (const p of compiled) {
      if (p.words.length !== 1 || p.words[0]!.fold.length < 4 || p.words[0]!.thai) continue;
      const head = p.words[0]!.fold;
      for (const t of tokens) {
        if (t.stop || used.has(t.at) || t.fold.length <= head.length || !t.fold.startsWith(head)) continue;
        used.add(t.at);
        found.push({ value: p.value, phrase: p.phrase, start: t.at, end: t.at });
      }
    }
  }
  return found.sort((a, b) => a.start - b.start);
}
