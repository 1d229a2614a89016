/**
 * Every word the staff assistant reacts to, in every language (en, fr, it, de, th). A staff member
 * may type in any of them whatever the interface language, so the rules look in all five lists at
 * once. The lists are data in words/*.ts: extend a list there, never in a rule. Allergen and diet
 * words are the language layer's (language/vocabulary.ts, decision 025) with the staff's own forms
 * added, read on the layer's `fold` (accents optional); yes / no answers are read by its tokenizer and
 * phrase matcher. The command words are matched after `normalise` (lower case, accents kept), on word
 * boundaries except for Thai (no spaces between words: matched as substrings), because the rules cut
 * a dish's name out of the text by where the words stand (the layer's tokens carry no offsets).
 */
import { ALLERGENS, allergensMeant, type AllergenId } from '@carte/domain';
import { compilePhrases, fold, matchPhrases, tokenize, type CompiledPhrase } from '../language/tokens.ts';
import { ALLERGEN_WORDS as SHARED_ALLERGEN_WORDS, DIET_WORDS } from '../language/vocabulary.ts';
import type { Language, WordList } from './types.ts';
import { COMMAND_WORDS } from './words/commands.ts';
import { PHRASING_WORDS } from './words/phrasing.ts';
import { PRICE_WORDS } from './words/prices.ts';
import { LABEL_WORDS, STAFF_ALLERGEN_WORDS, STAFF_DIET_WORDS } from './words/tags.ts';

export type { WordList } from './types.ts';
export { CATEGORY_SYNONYMS, LABEL_WORDS, STAFF_ALLERGEN_WORDS, STAFF_DIET_WORDS } from './words/tags.ts';

/** Every word list of the staff chat (the data lives in words/), one key per concept. */
export const STAFF_LEXICON = { ...COMMAND_WORDS, ...PRICE_WORDS, ...PHRASING_WORDS } as const;

export type LexiconKey = keyof typeof STAFF_LEXICON;

export const LANGUAGE_LIST: readonly Language[] = ['en', 'fr', 'it', 'de', 'th'];

/** Every word of one concept, all languages, longest first (so "sold out" wins over "out"). */
const wordsCache = new WeakMap<WordList, string[]>();
export function wordsOf(list: WordList): string[] {
  let words = wordsCache.get(list);
  if (!words) {
    words = [...new Set(LANGUAGE_LIST.flatMap((l) => list[l].map(normalise)))].sort((a, b) => b.length - a.length);
    wordsCache.set(list, words);
  }
  return words;
}

/** Lower case, NFC, typographic quotes and spaces made plain. Accents are kept (é is not e). */
export function normalise(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\u2019\u2018`´]/g, "'")
    .replace(/[\u201c\u201d«»„]/g, '"')
    .replace(/[\u00a0\u202f\u2009]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const THAI = /[\u0e00-\u0e7f]/;
const patternCache = new Map<string, RegExp>();

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A pattern for one word: on word boundaries (letters of any script), substring for Thai. */
export function wordPattern(word: string): RegExp {
  let re = patternCache.get(word);
  if (!re) {
    const body = escapeRegExp(word);
    re =
      THAI.test(word) || !/[\p{L}\p{N}]/u.test(word)
        ? new RegExp(body, 'u')
        : new RegExp(`(?<![\\p{L}\\p{N}])${body}(?![\\p{L}\\p{N}])`, 'u');
    patternCache.set(word, re);
  }
  return re;
}

/** The same pattern with the global flag, to find every occurrence (cached: `matchAll` copies it). */
const globalCache = new Map<string, RegExp>();
export function wordPatternAll(word: string): RegExp {
  let re = globalCache.get(word);
  if (!re) {
    re = new RegExp(wordPattern(word).source, 'gu');
    globalCache.set(word, re);
  }
  return re;
}

/** The first word of the list found in `text` (normalised), longest words first; or null. */
export function findWord(text: string, list: WordList): { word: string; index: number } | null {
  for (const word of wordsOf(list)) {
    const m = wordPattern(word).exec(text);
    if (m) return { word, index: m.index };
  }
  return null;
}

export function hasWord(text: string, list: WordList): boolean {
  return findWord(text, list) !== null;
}

/**
 * The allergen phrases of each language, folded: the shared vocabulary's and the staff's own forms;
 * a phrase in both names the allergens of both.
 */
let allergenTable: [Language, string, readonly AllergenId[]][] | undefined;
function allergenPhrases(): [Language, string, readonly AllergenId[]][] {
  if (!allergenTable) {
    allergenTable = [];
    for (const l of LANGUAGE_LIST) {
      const merged = new Map<string, Set<AllergenId>>();
      for (const [phrase, ids] of [
        ...Object.entries(SHARED_ALLERGEN_WORDS[l]),
        ...Object.entries(STAFF_ALLERGEN_WORDS[l]),
      ])
        for (const id of ids) merged.set(fold(phrase), (merged.get(fold(phrase)) ?? new Set()).add(id));
      for (const [phrase, ids] of merged) allergenTable.push([l, phrase, ALLERGENS.filter((id) => ids.has(id))]);
    }
  }
  return allergenTable;
}

/**
 * The allergen words by what they name, for the word matching below: a key is an allergen id, or ids
 * joined by "+" for a word that names several ("seafood": "fish+crustaceans+molluscs").
 */
export const ALLERGEN_WORDS: Record<string, WordList> = (() => {
  const out: Record<string, Record<Language, string[]>> = {};
  for (const [l, phrase, ids] of allergenPhrases())
    (out[ids.join('+')] ??= { en: [], fr: [], it: [], de: [], th: [] })[l].push(phrase);
  return out;
})();

/**
 * Label ids and their words, folded: "vegan burger" makes the new dish vegan. The diets' words are
 * the shared vocabulary's (DIET_WORDS) and the staff's own forms; the other labels are the staff's.
 */
export const PREFERENCE_WORDS: Record<string, WordList> = (() => {
  const diets: Record<string, Record<Language, string[]>> = {};
  for (const l of LANGUAGE_LIST)
    for (const [phrase, id] of [...Object.entries(DIET_WORDS[l]), ...Object.entries(STAFF_DIET_WORDS[l])]) {
      const words = (diets[id] ??= { en: [], fr: [], it: [], de: [], th: [] })[l];
      if (!words.includes(fold(phrase))) words.push(fold(phrase));
    }
  return { ...diets, ...LABEL_WORDS };
})();

/** The allergens an ALLERGEN_WORDS key names (a domain id, or ids joined by "+"); a stored word's too. */
export const allergensOfKey = (key: string): AllergenId[] => key.split('+').flatMap((k) => allergensMeant(k) ?? []);

/** Every tag word (allergens and preferences), folded, longest first, with its table and id. */
let tagWordList: { word: string; table: Record<string, WordList>; id: string }[] | undefined;
function tagWords() {
  tagWordList ??= [ALLERGEN_WORDS, PREFERENCE_WORDS]
    .flatMap((table) =>
      Object.entries(table).flatMap(([id, list]) => wordsOf(list).map((word) => ({ word: fold(word), table, id }))),
    )
    .sort((a, b) => b.word.length - a.word.length);
  return tagWordList;
}

/**
 * Ids of a tag table (allergens or preferences) whose words occur in `text` (both folded by the
 * language layer: accents optional). The longest word said wins its span, across both tables:
 * "gluten free" is the preference, not the gluten allergen, and Thai "ถั่วเหลือง" (soy) is not
 * "ถั่ว" (nuts), nor "เป็นมังสวิรัติ" the "นม" (milk) across its letters.
 */
export function tagsIn(text: string, table: Record<string, WordList>): string[] {
  const folded = fold(text);
  const found = new Set<string>();
  const taken: [number, number][] = [];
  for (const { word, table: from, id } of tagWords()) {
    for (const m of folded.matchAll(wordPatternAll(word))) {
      const start = m.index;
      const end = start + m[0].length;
      if (taken.some(([a, b]) => start < b && end > a)) continue;
      taken.push([start, end]);
      if (from === table) found.add(id);
    }
  }
  return Object.keys(table).filter((id) => found.has(id));
}

/** A word list compiled for the language layer's phrase matcher (cached per list). */
const compiledLists = new WeakMap<WordList, CompiledPhrase<true>[]>();
function compiled(list: WordList): CompiledPhrase<true>[] {
  let phrases = compiledLists.get(list);
  if (!phrases)
    compiledLists.set(list, (phrases = compilePhrases(wordsOf(list).map((w): [string, true] => [w, true]))));
  return phrases;
}

/**
 * Whether the whole message is one phrase of `list` followed by at most `tail.max` words of
 * `tail.list` ("yes", "yes please", "oui merci", "ใช่ครับ"), read by the language layer's tokenizer
 * and phrase matcher (words as written, no typos: "yesterday" is not "yes"). A question is never an
 * answer ("yes?").
 */
export function isAnswer(text: string, list: WordList, tail?: { list: WordList; max: number }): boolean {
  if (text.includes('?')) return false;
  const tokens = tokenize(text).filter((tk) => !tk.stop);
  const head = matchPhrases(tokens, compiled(list), { typos: false }).find((m) => m.start === 0);
  if (!head) return false;
  const rest = tokens.slice(head.end + 1);
  if (rest.length === 0) return true;
  if (!tail || rest.length > tail.max) return false;
  const words = new Set(wordsOf(tail.list).map(fold));
  return rest.every((tk) => words.has(tk.fold));
}

/** "no", "non", "nein", "ไม่": a bare refusal. */
export function isBareNo(text: string): boolean {
  return isAnswer(text, STAFF_LEXICON.bareNo);
}

/** The allergen vocabulary compiled for the language layer's phrase matcher. */
let compiledAllergens: CompiledPhrase<readonly AllergenId[]>[] | undefined;

/**
 * The allergens (domain identifiers, in the regulation's order) named in `text`, read by the language
 * layer both assistants share (decision 025: one tokenizer, one allergen vocabulary, with the staff's
 * own forms added); a word for several ("seafood") gives each of them.
 */
export function allergensIn(text: string): string[] {
  compiledAllergens ??= compilePhrases<readonly AllergenId[]>(
    allergenPhrases().map(([, phrase, ids]): [string, readonly AllergenId[]] => [phrase, ids]),
  );
  const ids = new Set<string>(tagsIn(text, ALLERGEN_WORDS).flatMap(allergensOfKey));
  // Tag words inside "gluten free", "sans lait" are diets, not allergens the dish contains.
  if (ids.size || tagsIn(text, PREFERENCE_WORDS).length === 0)
    for (const m of matchPhrases(tokenize(text), compiledAllergens)) for (const id of m.value) ids.add(id);
  return ALLERGENS.filter((id) => ids.has(id));
}
