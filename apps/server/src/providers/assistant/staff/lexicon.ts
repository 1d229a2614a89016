/**
 * Every word the staff assistant reacts to, in every language (en, fr, it, de, th). A staff member
 * may type in any of them whatever the interface language, so the rules look in all five lists at
 * once. The lists are data in words/*.ts: extend a list there, never in a rule. Allergen and diet
 * words are the language layer's (language/vocabulary.ts, decision 025) with the staff's own forms
 * added. Every word is found by the language layer both assistants share (decision 025: its
 * tokenizer, fold and stemmer, its phrase matcher; accents optional, plurals alike, Thai read from
 * where a Thai word starts); the layer's tokens carry their place in the text, so a rule can cut a
 * dish's name out of the message around the words it found. `normalise` only makes the text plain
 * (lower case, NFC, quotes and spaces) so that the rules cut names from one text.
 */
import { ALLERGENS, allergensMeant, type AllergenId } from '@carte/domain';
import {
  compilePhrases,
  fold,
  isThai,
  matchPhrases,
  spanOf,
  tokenize,
  type CompiledPhrase,
  type Token,
} from '../language/tokens.ts';
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

/** A word of a list found in a text: as written there, as listed, and the characters it covers. */
export interface WordAt {
  word: string;
  listed: string;
  index: number;
  end: number;
}

/** The language layer's tokens of a text (cached: the rules read the same message many times). */
const tokenCache = new Map<string, Token[]>();
export function tokensOf(text: string): Token[] {
  let tokens = tokenCache.get(text);
  if (!tokens) {
    tokens = tokenize(text);
    if (tokenCache.size > 500) tokenCache.clear();
    tokenCache.set(text, tokens);
  }
  return tokens;
}

/** A word list compiled for the language layer's phrase matcher (cached per list). */
const compiledLists = new WeakMap<WordList, CompiledPhrase<true>[]>();
function compiled(list: WordList): CompiledPhrase<true>[] {
  let phrases = compiledLists.get(list);
  if (!phrases)
    compiledLists.set(list, (phrases = compilePhrases(wordsOf(list).map((w): [string, true] => [w, true]))));
  return phrases;
}

/** The signs of a list that are no word ("%", ":"): looked for as they are. */
const signCache = new WeakMap<WordList, string[]>();
function signsOf(list: WordList): string[] {
  let signs = signCache.get(list);
  if (!signs) signCache.set(list, (signs = wordsOf(list).filter((w) => tokenize(w).every((t) => t.stop))));
  return signs;
}

/**
 * Every word of the list in `text`, in order, read by the language layer (its tokenizer, fold and
 * stemmer: accents optional, "pizzas" is "pizza", Thai read from where a Thai word starts); never two
 * over one word, longest first ("sold out" wins over "out"). Words as written: no typos.
 */
export function findAll(text: string, list: WordList): WordAt[] {
  const tokens = tokensOf(text);
  const found = matchPhrases(tokens, compiled(list), { typos: false }).map((m): WordAt => {
    const span = spanOf(tokens, m);
    // A Thai word read at the start of a longer segment ("มี" of "มีนม") covers its own letters only.
    const thai = m.phrase.replace(/\s+/gu, '');
    if (isThai(thai) && text.startsWith(thai, span.index)) span.end = span.index + thai.length;
    return { word: text.slice(span.index, span.end), listed: m.phrase, ...span };
  });
  for (const sign of signsOf(list))
    for (let i = text.indexOf(sign); i >= 0; i = text.indexOf(sign, i + sign.length))
      found.push({ word: sign, listed: sign, index: i, end: i + sign.length });
  return found.sort((a, b) => a.index - b.index);
}

/** The rank of each word of a list: longest (most words, then most letters) first. */
const rankCache = new WeakMap<WordList, Map<string, number>>();
function rankOf(list: WordList): Map<string, number> {
  let rank = rankCache.get(list);
  if (!rank) {
    rank = new Map(compiled(list).map((p, i) => [p.phrase, i]));
    for (const sign of signsOf(list)) rank.set(sign, rank.size);
    rankCache.set(list, rank);
  }
  return rank;
}

/** The longest word of the list found in `text` (normalised), at its first place; or null. */
export function findWord(text: string, list: WordList): WordAt | null {
  const rank = rankOf(list);
  let best: WordAt | null = null;
  for (const at of findAll(text, list))
    if (!best || rank.get(at.listed)! < rank.get(best.listed)!) best = at;
  return best;
}

export function hasWord(text: string, list: WordList): boolean {
  return findAll(text, list).length > 0;
}

/** The last word of the list in `text` that ends where the text ends (spaces aside): "to" in "set X to". */
export function endsWithWord(text: string, list: WordList): WordAt | null {
  const end = text.trimEnd().length;
  return findAll(text, list).find((at) => at.end === end) ?? null;
}

/** The text without the words of the list. */
export function withoutWords(text: string, list: WordList): string {
  let out = text;
  for (const at of findAll(text, list).reverse()) out = `${out.slice(0, at.index)} ${out.slice(at.end)}`;
  return out;
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

/** Every tag word (allergens and preferences), compiled with its table and id. */
let tagPhrases: CompiledPhrase<{ table: Record<string, WordList>; id: string }>[] | undefined;

/**
 * Ids of a tag table (allergens or preferences) whose words occur in `text`, read by the language
 * layer (accents optional). The longest word said wins its span, across both tables: "gluten free"
 * is the preference, not the gluten allergen, and Thai "ถั่วเหลือง" (soy) is not "ถั่ว" (nuts), nor
 * "เป็นมังสวิรัติ" the "นม" (milk) across its letters.
 */
export function tagsIn(text: string, table: Record<string, WordList>): string[] {
  tagPhrases ??= compilePhrases(
    [ALLERGEN_WORDS, PREFERENCE_WORDS].flatMap((from) =>
      Object.entries(from).flatMap(([id, list]) =>
        wordsOf(list).map((word): [string, { table: Record<string, WordList>; id: string }] => [word, { table: from, id }]),
      ),
    ),
  );
  const found = new Set(
    matchPhrases(tokensOf(text), tagPhrases, { typos: false })
      .filter((m) => m.value.table === table)
      .map((m) => m.value.id),
  );
  return Object.keys(table).filter((id) => found.has(id));
}

/**
 * Whether the whole message is one phrase of `list` followed by at most `tail.max` words of
 * `tail.list` ("yes", "yes please", "oui merci", "ใช่ครับ"), read by the language layer's tokenizer
 * and phrase matcher (words as written, no typos: "yesterday" is not "yes"). A question is never an
 * answer ("yes?").
 */
export function isAnswer(text: string, list: WordList, tail?: { list: WordList; max: number }): boolean {
  if (text.includes('?')) return false;
  const tokens = tokensOf(text).filter((tk) => !tk.stop);
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
