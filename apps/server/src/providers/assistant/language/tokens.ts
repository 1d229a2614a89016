/**
 * The assistants' shared language layer (issue 17 item 7, decision 025): one tokenizer
 * (Intl.Segmenter, which also splits Thai, written without spaces, into words), one fold, one light
 * stemmer per language, and one phrase matcher over tables kept as data (vocabulary.ts).
 *
 * API (kept small on purpose, so the staff chat can move onto it):
 * - `tokenize(text)`: word tokens (folded, stemmed) and sentence breaks, in order.
 * - `compilePhrases(table)`: a table `{ phrase: value }` (phrases in any of the five languages)
 *   made ready for `matchPhrases`.
 * - `matchPhrases(tokens, compiled)`: every phrase found, longest first, never two over one word.
 */

export type Lang = 'en' | 'fr' | 'it' | 'de' | 'th';

export interface Token {
  /** As written. */
  raw: string;
  /** Lower case, Latin accents removed ("Nüsse" -> "nusse", "crustacés" -> "crustaces"). */
  fold: string;
  /** The fold with a plural or gender ending removed (one rule set for the Latin-script languages). */
  stem: string;
  /** Written in Thai script. */
  thai: boolean;
  /** A sentence or clause break (. , ; : ! ? and new lines): lists and negations stop there. */
  stop: boolean;
  /** Index in the token list. */
  at: number;
}

const THAI = /[\u0E00-\u0E7F]/;
const SEGMENTER = new Intl.Segmenter('th', { granularity: 'word' });
const BREAK = /[.,;:!?\n\u3002\uFF0C]/;

/** Lower case, Latin diacritics removed, typographic apostrophes made plain; Thai marks are kept. */
export function fold(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/[\u2019\u2018`´]/g, "'")
    .normalize('NFC');
}

/**
 * A light stemmer: the endings that make plurals and genders in en, fr, it and de, so "peanuts",
 * "crustacés", "vegani", "Nüsse" and "allergische" meet their dictionary forms. Thai has no
 * inflection. Words under five letters are left as they are ("soja", "uova", "noci" stay).
 */
export function stem(word: string): string {
  if (THAI.test(word) || word.length < 5) return word;
  for (const ending of ['ies', 'es', 'en', 'er', 'e', 's', 'i', 'a', 'o', 'n']) {
    if (word.endsWith(ending) && word.length - ending.length >= 4) {
      const base = word.slice(0, -ending.length);
      return ending === 'ies' ? `${base}y` : base;
    }
  }
  return word;
}

/** Word tokens and clause breaks of a message, in order. */
export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  for (const s of SEGMENTER.segment(text.replace(/[\u2019\u2018]/g, "'"))) {
    if (s.isWordLike) {
      const f = fold(s.segment);
      // "can't", "l'allergie": the segmenter keeps the apostrophe inside; the parts are words of their own.
      for (const part of f.split("'")) {
        if (!part) continue;
        out.push({ raw: s.segment, fold: part, stem: stem(part), thai: THAI.test(part), stop: false, at: out.length });
      }
    } else if (BREAK.test(s.segment)) {
      out.push({ raw: s.segment, fold: s.segment, stem: s.segment, thai: false, stop: true, at: out.length });
    }
  }
  return out;
}

/** Edit distance up to 2 (cut short above), for typos in longer words. */
function withinEdits(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const swap =
        i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1] ? prev[j - 2]! + 1 : Number.POSITIVE_INFINITY;
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost, swap);
      best = Math.min(best, cur[j]!);
    }
    if (best > max) return false;
    prev = cur;
  }
  return prev[b.length]! <= max;
}

/** Whether a message token is this word of a phrase: same fold or stem, or a typo of a long word. */
export function sameWord(token: Token, word: Token, typos = true): boolean {
  if (token.fold === word.fold || token.stem === word.stem) return true;
  if (!typos || token.thai || word.thai) return false;
  // One slip in a word of 6+ letters ("alergic", "peanutes"), two in one of 9+ ("crustacians").
  const max = word.fold.length >= 9 ? 2 : word.fold.length >= 6 ? 1 : 0;
  return max > 0 && withinEdits(token.fold, word.fold, max);
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
}

/**
 * Every phrase of the table in the tokens, longest first and never two over one token. German
 * compounds are read too: a token that starts with a phrase word ("erdnussallergie", "glutenfrei",
 * "milchprodukte") matches it.
 */
export function matchPhrases<V>(
  tokens: Token[],
  compiled: CompiledPhrase<V>[],
  options: { compoundHeads?: boolean } = {},
): PhraseMatch<V>[] {
  const used = new Set<number>();
  const found: PhraseMatch<V>[] = [];
  // Words as written first, then with typos: "vegetarienne" is not a slip of "vegetalienne".
  for (const typos of [false, true])
    for (const p of compiled) {
      if (p.words.every((w) => w.thai)) {
        if (!typos) matchThai(tokens, p, used, found);
        continue;
      }
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
