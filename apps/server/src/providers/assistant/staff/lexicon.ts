/**
 * Every word the staff assistant reacts to, in every language (en, fr, it, de, th). A staff member
 * may type in any of them whatever the interface language, so the rules look in all five lists at
 * once. Words are matched after `normalise` (lower case, accents kept), on word boundaries except
 * for Thai (no spaces between words: matched as substrings). The lists are data in words/*.ts:
 * extend a list there, never in a rule.
 */
import { ALLERGENS, allergensMeant, type AllergenId } from '@carte/domain';
import { compilePhrases, matchPhrases, tokenize, type CompiledPhrase } from '../language/tokens.ts';
import { ALLERGEN_WORDS as SHARED_ALLERGEN_WORDS } from '../language/vocabulary.ts';
import type { Language, WordList } from './types.ts';
import { COMMAND_WORDS } from './words/commands.ts';
import { PHRASING_WORDS } from './words/phrasing.ts';
import { PRICE_WORDS } from './words/prices.ts';
import { ALLERGEN_WORDS, PREFERENCE_WORDS } from './words/tags.ts';

export type { WordList } from './types.ts';
export { ALLERGEN_WORDS, CATEGORY_SYNONYMS, PREFERENCE_WORDS } from './words/tags.ts';

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

/** Every tag word (allergens and preferences), longest first, with its table and id. */
let tagWordList: { word: string; table: Record<string, WordList>; id: string }[] | undefined;
function tagWords() {
  tagWordList ??= [ALLERGEN_WORDS, PREFERENCE_WORDS]
    .flatMap((table) =>
      Object.entries(table).flatMap(([id, list]) => wordsOf(list).map((word) => ({ word, table, id }))),
    )
    .sort((a, b) => b.word.length - a.word.length);
  return tagWordList;
}

/**
 * Ids of a tag table (allergens or preferences) whose words occur in `text`. The longest word said
 * wins its span, across both tables: "gluten free" is the preference, not the gluten allergen, and
 * Thai "ถั่วเหลือง" (soy) is not "ถั่ว" (nuts), nor "เป็นมังสวิรัติ" the "นม" (milk) across its letters.
 */
export function tagsIn(text: string, table: Record<string, WordList>): string[] {
  const found = new Set<string>();
  const taken: [number, number][] = [];
  for (const { word, table: from, id } of tagWords()) {
    for (const m of text.matchAll(wordPatternAll(word))) {
      const start = m.index;
      const end = start + m[0].length;
      if (taken.some(([a, b]) => start < b && end > a)) continue;
      taken.push([start, end]);
      if (from === table) found.add(id);
    }
  }
  return Object.keys(table).filter((id) => found.has(id));
}

/** True when the whole message is one word of `list` (trailing "." or "!" allowed). */
export function isOnly(text: string, list: WordList): boolean {
  const bare = normalise(text).replace(/[.!]+$/u, '');
  return wordsOf(list).includes(bare);
}

/** "no", "non", "nein", "ไม่": a bare refusal. */
export function isBareNo(text: string): boolean {
  return isOnly(text, STAFF_LEXICON.bareNo);
}

/** The shared allergen vocabulary of the language layer (decision 025), the five languages merged. */
let sharedAllergens: CompiledPhrase<readonly AllergenId[]>[] | undefined;

/**
 * The allergens (domain identifiers, in the regulation's order) named in `text`, read by the language
 * layer both assistants share (decision 025: one tokenizer, one allergen vocabulary) and by the staff
 * words above (the staff's own forms: "allergène", "tree nuts"); a word for several ("seafood") gives
 * each of them.
 */
export function allergensIn(text: string): string[] {
  sharedAllergens ??= compilePhrases<readonly AllergenId[]>(
    LANGUAGE_LIST.flatMap((l) => Object.entries(SHARED_ALLERGEN_WORDS[l])),
  );
  const ids = new Set<string>(tagsIn(text, ALLERGEN_WORDS).flatMap((id) => allergensMeant(id) ?? []));
  // Tag words inside "gluten free", "sans lait" are diets, not allergens the dish contains.
  if (ids.size || tagsIn(text, PREFERENCE_WORDS).length === 0)
    for (const m of matchPhrases(tokenize(text), sharedAllergens)) for (const id of m.value) ids.add(id);
  return ALLERGENS.filter((id) => ids.has(id));
}
