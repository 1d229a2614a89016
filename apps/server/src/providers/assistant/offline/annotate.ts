/**
 * Tags tokens with the lexicon: longest phrase first, accent-sensitive forms before folded ones,
 * then (for words nobody knows exactly) a bounded-typo match against single lexicon words.
 */
import { LEXICON, STOPWORDS_TEXT, WORD_LISTS } from '../language/lexicon.ts';
import { fold, isNear, isThai, lower, stem, tokenize } from '../language/tokens.ts';

/** A word of a guest's message or of the menu, as the guest engine reads it. */
export interface Token {
  /** Lower case, accents kept. */
  raw: string;
  /** Lower case, accents folded. */
  fold: string;
  /** Folded and stemmed (plural-insensitive: `stem`). */
  stem: string;
  /** A number when the token is one ("12", "12.50"). */
  num: number | null;
  /** Index in the token list. */
  i: number;
  /** Character offset in the lower-cased source. */
  at: number;
}

/**
 * The words of a text for the guest engine, from the one tokenizer (language/tokens.ts): lower-cased
 * first, clause breaks other than "?" left out (the engine reads lists and questions by its own rules).
 */
export function wordTokens(text: string): Token[] {
  const out: Token[] = [];
  for (const t of tokenize(lower(text))) {
    if (t.stop && t.raw !== '?') continue;
    out.push({
      raw: t.raw,
      fold: t.fold,
      stem: t.stem,
      num: t.num,
      i: out.length,
      at: t.offset,
    });
  }
  return out;
}

export interface Tagged extends Token {
  /** Lexicon tags of the phrase this token belongs to. */
  tags: string[];
  /** Index of the first token of that phrase and its length (1 when untagged). */
  span: [start: number, len: number];
  stop: boolean;
  /** Stem of the lower-cased token with accents kept. */
  rstem: string;
}

interface Compiled {
  fold: Map<string, string[]>;
  raw: Map<string, string[]>;
  /** Single-word entries by length, for typo-tolerant matching. */
  singles: Map<number, { stem: string; tags: string[] }[]>;
  stop: Set<string>;
  maxLen: number;
  /** Thai lexicon words, longest first: Thai has no spaces and the segmenter splits loanwords oddly. */
  thaiWords: string[];
  /** Longest phrase (in tokens) starting with a given first stem, for non-Thai phrases. */
  firstMax: Map<string, number>;
}

let compiled: Compiled | null = null;

function joinKey(parts: string[], thai: boolean[]): string {
  let out = '';
  for (let i = 0; i < parts.length; i++) {
    if (i > 0 && !(thai[i] && thai[i - 1])) out += ' ';
    out += parts[i];
  }
  return out;
}

function add(map: Map<string, string[]>, key: string, tags: string[]): void {
  const cur = map.get(key);
  if (!cur) map.set(key, [...tags]);
  else for (const t of tags) if (!cur.includes(t)) cur.push(t);
}

export function lexicon(): Compiled {
  if (compiled) return compiled;
  const stop = new Set<string>();
  for (const w of STOPWORDS_TEXT.split(/\s+/)) {
    if (!w) continue;
    for (const t of wordTokens(w)) stop.add(t.stem);
  }
  const c: Compiled = {
    fold: new Map(),
    raw: new Map(),
    singles: new Map(),
    stop,
    maxLen: 1,
    thaiWords: [],
    firstMax: new Map(),
  };
  const thaiWords = new Set<string>();
  for (const [tagText, words] of LEXICON) {
    const tags = tagText.split(' ');
    const concept = tags.some((t) => t.startsWith('c:'));
    for (const word of words
      .split(',')
      .map((w) => w.trim())
      .filter(Boolean)) {
      const toks = wordTokens(word);
      if (!toks.length) continue;
      if (/^[\u0E00-\u0E7F]+$/.test(word)) thaiWords.add(word);
      const thai = toks.map((t) => isThai(t.raw));
      const keyFold = joinKey(
        toks.map((t) => t.stem),
        thai,
      );
      const keyRaw = joinKey(
        toks.map((t) => (t.num === null ? stem(t.raw) : t.raw)),
        thai,
      );
      c.maxLen = Math.max(c.maxLen, toks.length);
      for (const first of [toks[0]!.stem, toks[0]!.num === null ? stem(toks[0]!.raw) : toks[0]!.raw]) {
        c.firstMax.set(first, Math.max(c.firstMax.get(first) ?? 0, toks.length));
      }
      const single = toks.length === 1;
      if (keyRaw !== keyFold) {
        add(c.raw, keyRaw, tags);
        // "thé" must not make every English "the" a tea.
        if (!(single && stop.has(keyFold))) add(c.fold, keyFold, tags);
      } else {
        if (concept && single && stop.has(keyFold)) continue;
        add(c.fold, keyFold, tags);
      }
      if (single && keyFold.length >= 4 && !/^\d/.test(keyFold)) {
        const list = c.singles.get(keyFold.length) ?? [];
        list.push({ stem: keyFold, tags });
        c.singles.set(keyFold.length, list);
      }
    }
  }
  // Particles take part so that "รับ" is not found inside "ครับ".
  for (const w of STOPWORDS_TEXT.split(/\s+/)) if (/^[\u0E00-\u0E7F]+$/.test(w)) thaiWords.add(w);
  c.thaiWords = [...thaiWords].filter((w) => w.length >= 3).sort((a, b) => b.length - a.length);
  compiled = c;
  return c;
}

const nearCache = new Map<string, string[]>();
const splitCache = new Map<string, [string, string] | null>();
const MEMO_LIMIT = 50_000;

/** Tags the lexicon knows for a word typed with a typo or two ("vegitarian", "piquante"). */
function nearTags(s: string): string[] {
  const hit = nearCache.get(s);
  if (hit) return hit;
  const out = nearTagsUncached(s);
  if (nearCache.size > MEMO_LIMIT) nearCache.clear();
  nearCache.set(s, out);
  return out;
}

function nearTagsUncached(s: string): string[] {
  const c = lexicon();
  const out: string[] = [];
  for (let len = s.length - 2; len <= s.length + 2; len++) {
    for (const e of c.singles.get(len) ?? []) {
      if (!isNear(s, e.stem)) continue;
      // Short keywords are too easy to hit by accident ("draus" is not "raus").
      for (const t of e.tags) if (!out.includes(t) && (!t.startsWith('kw:') || s.length >= 7)) out.push(t);
    }
  }
  return out;
}

const menuTextCache = new Map<string, Tagged[]>();

/**
 * Tokenises and tags a text. `known` is a set of stems that must not be typo-corrected into a
 * lexicon word (the menu's own words). With `typos: false` (menu text) results are memoised; callers
 * must not mutate them.
 */
export function annotate(text: string, known?: ReadonlySet<string>, opts: { typos?: boolean } = {}): Tagged[] {
  const typos = opts.typos ?? true;
  if (!typos && !known) {
    const hit = menuTextCache.get(text);
    if (hit) return hit;
    const out = annotateUncached(text, known, false);
    if (menuTextCache.size > 20_000) menuTextCache.clear();
    menuTextCache.set(text, out);
    return out;
  }
  return annotateUncached(text, known, typos);
}

function annotateUncached(text: string, known: ReadonlySet<string> | undefined, typos: boolean): Tagged[] {
  const c = lexicon();
  const toks = splitCompounds(wordTokens(isThai(text) ? isolateThaiWords(text, c.thaiWords) : text), c, known);
  const out: Tagged[] = toks.map((t) => ({
    ...t,
    tags: [],
    span: [t.i, 1] as [number, number],
    stop: c.stop.has(t.stem),
    rstem: t.num === null ? stem(lower(t.raw)) : t.raw,
  }));
  let i = 0;
  while (i < out.length) {
    let matched = 0;
    const head = out[i]!;
    // Thai is segmented unpredictably: try every length there; elsewhere only phrases that start here.
    const longest = isThai(head.raw)
      ? c.maxLen
      : Math.max(c.firstMax.get(head.stem) ?? 0, c.firstMax.get(head.rstem) ?? 0);
    for (let len = Math.min(longest, out.length - i); len >= 1 && !matched; len--) {
      const seg = out.slice(i, i + len);
      const thai = seg.map((t) => isThai(t.raw));
      const tags =
        c.raw.get(
          joinKey(
            seg.map((t) => t.rstem),
            thai,
          ),
        ) ??
        c.fold.get(
          joinKey(
            seg.map((t) => t.stem),
            thai,
          ),
        );
      if (tags) {
        for (const t of seg) {
          t.tags = tags;
          t.span = [i, len];
          // Pieces of a dish name ("ที" in "ทีรามิสุ") are not stop words.
          if (len > 1 && tags.some((x) => x.startsWith('c:'))) t.stop = false;
        }
        matched = len;
      }
    }
    if (!matched) {
      const t = out[i]!;
      const s = t.stem;
      if (typos && t.num === null && !t.stop && s.length >= 5 && !isThai(s) && !(known && known.has(s))) {
        const tags = nearTags(s);
        if (tags.length) t.tags = tags;
      }
      matched = 1;
    }
    i += matched;
  }
  return out;
}

const LINKS = ['', 's', 'n', 'en', 'es', 'er', 'e'];
/** Head nouns that only say "dish of": "Nudelgerichte", "Currygerichte", "Fischspeisen". */
const HEAD_NOUNS = new Set(WORD_LISTS.compoundHeads.de);

/**
 * German compounds: "Hafermilch" -> "Hafer" + "milch", "Schokoladenkuchen" -> "Schokolade" + "kuchen",
 * when both halves are lexicon words and the whole word is unknown.
 */
function splitCompounds(toks: Token[], c: Compiled, known?: ReadonlySet<string>): Token[] {
  const knownWord = (s: string) => c.fold.has(stem(s)) || c.fold.has(s);
  let changed = false;
  const out: Token[] = [];
  for (const t of toks) {
    const w = t.fold;
    if (w.length < 7 || t.num !== null || isThai(w) || c.fold.has(t.stem) || (known && known.has(t.stem))) {
      out.push(t);
      continue;
    }
    let split: [string, string] | null | undefined = splitCache.get(w);
    if (split === undefined) {
      split = findSplit(w, knownWord);
      if (splitCache.size > MEMO_LIMIT) splitCache.clear();
      splitCache.set(w, split);
    }
    if (!split) {
      out.push(t);
      continue;
    }
    changed = true;
    const [a, b] = split;
    out.push({ ...t, raw: a, fold: a, stem: stem(a) });
    out.push({ ...t, raw: b, fold: b, stem: stem(b), at: t.at + w.length - b.length });
  }
  if (!changed) return toks;
  return out.map((t, i) => ({ ...t, i }));
}

function findSplit(w: string, knownWord: (s: string) => boolean): [string, string] | null {
  {
    let split: [string, string] | null = null;
    for (let i = w.length - 3; i >= 3 && !split; i--) {
      const right = w.slice(i);
      if (!knownWord(right) && !HEAD_NOUNS.has(right)) continue;
      const left = w.slice(0, i);
      for (const link of LINKS) {
        if (link && !left.endsWith(link)) continue;
        const base = link ? left.slice(0, -link.length) : left;
        if (base.length >= 3 && knownWord(base)) {
          split = [base, right];
          break;
        }
      }
    }
    return split;
  }
}

/**
 * Puts spaces around the Thai lexicon words found in the text (longest first, no overlaps), so the
 * segmenter cannot glue "ขอ" to "ทีรามิสุ" and the phrase lookup sees the word whole.
 */
function isolateThaiWords(text: string, words: string[]): string {
  const taken: [number, number][] = [];
  for (const w of words) {
    let from = 0;
    for (;;) {
      const at = text.indexOf(w, from);
      if (at < 0) break;
      const end = at + w.length;
      if (!taken.some(([a, b]) => at < b && end > a)) taken.push([at, end]);
      from = at + 1;
    }
  }
  if (!taken.length) return text;
  taken.sort((a, b) => a[0] - b[0]);
  let out = '';
  let last = 0;
  for (const [a, b] of taken) {
    out += `${text.slice(last, a)} ${text.slice(a, b)} `;
    last = b;
  }
  return out + text.slice(last);
}

export function hasTag(t: Tagged, prefix: string): boolean {
  return t.tags.some((x) => x.startsWith(prefix));
}

export function conceptTags(t: Tagged): string[] {
  return t.tags.filter((x) => x.startsWith('c:'));
}

export { fold };
