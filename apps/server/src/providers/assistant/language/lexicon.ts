/**
 * The multilingual lexicon the guest assistant tags words with (issue 17 item 7, decision 025). The
 * words are data, under lexicon/, in one format: `[tags, "word, word, ..."]`, the words in any of the
 * five languages, matched after folding and stemming (tokens.ts); phrases match token sequences. Tags:
 *   c:<concept>   dish, ingredient, category or variation concept shared across languages
 *   diet:<id>     dietary preference asked for (vegan, vegetarian, gluten-free, ..., spicy, mild)
 *   alg:<id>      allergen: one of the domain's 14 (milk, eggs, tree-nuts, crustaceans...), or lactose
 *   kw:<name>     a keyword that signals an intent or a modifier
 *   is:<concept>  a word that puts a dish under a concept (beer -> alcohol) without widening a search for it
 *   n:<k>         a number word, ord:<k> an ordinal, cur:<code> a currency word
 * Word lists the rules read as whole words are data too, per language (lexicon/word-lists.ts).
 */
import { CONCEPTS } from './lexicon/concepts.ts';
import { fold } from './tokens.ts';
import { ALLERGEN_WORDS, DIET_WORDS } from './vocabulary.ts';
import { DIET } from './lexicon/diet.ts';
import { KEYWORDS } from './lexicon/keywords.ts';
import { NUMBERS } from './lexicon/numbers.ts';
import { WORD_LISTS } from './lexicon/word-lists.ts';

import { STOPWORDS_TEXT } from './lexicon/stopwords.ts';

export { STOPWORDS_TEXT };

/** Whether a token's folded word is a stop word: a word that names nothing ("the", "for", "des"). */
let stopwords: Set<string> | undefined;
export function isStopword(foldedWord: string): boolean {
  stopwords ??= new Set(STOPWORDS_TEXT.split(/\s+/).filter(Boolean).map(fold));
  return stopwords.has(foldedWord);
}
export { WORD_LISTS };

export type LexiconEntry = [tags: string, words: string];

/**
 * The allergen and diet words of the shared vocabulary (vocabulary.ts, the one the safety reader and
 * the staff chat read) as lexicon entries: `alg:` and the domain identifiers they name, `diet:`. Lactose is the
 * engine's own tag (milk's sugar, answered apart: diet.ts), so its words are left to it.
 */
function vocabularyEntries(): LexiconEntry[] {
  const lactose = new Set(
    DIET.filter(([tags]) => tags.split(' ').includes('alg:lactose')).flatMap(([, words]) =>
      words.split(',').map((w) => fold(w.trim())),
    ),
  );
  const byTags = new Map<string, string[]>();
  for (const table of Object.values(ALLERGEN_WORDS))
    for (const [phrase, ids] of Object.entries(table)) {
      if (lactose.has(fold(phrase))) continue;
      const tags = ids.map((id) => `alg:${id}`).join(' ');
      byTags.set(tags, [...(byTags.get(tags) ?? []), phrase]);
    }
  const diets = new Map<string, string[]>();
  for (const table of Object.values(DIET_WORDS))
    for (const [phrase, id] of Object.entries(table)) diets.set(id, [...(diets.get(id) ?? []), phrase]);
  return [
    ...[...byTags].map(([tags, words]): LexiconEntry => [tags, words.join(', ')]),
    // A vegan dish is also a concept of the menu ("vegan" in a dish's name or labels).
    ...[...diets].map(([id, words]): LexiconEntry => [id === 'vegan' ? 'diet:vegan c:vegan' : `diet:${id}`, words.join(', ')]),
  ];
}

export const LEXICON: LexiconEntry[] = [...CONCEPTS, ...DIET, ...vocabularyEntries(), ...KEYWORDS, ...NUMBERS];

/** What a "-free" diet tag leaves out: the domain's allergen (lactose is milk's sugar, its own filter). */
export const FREE_OF: Readonly<Record<string, string>> = {
  'gluten-free': 'gluten',
  'dairy-free': 'milk',
  'egg-free': 'eggs',
  'lactose-free': 'lactose',
};

// ------------------------------------------------------------------------------------------------
// Word lists the rules read as whole words (not as tags), per language.

export type LexiconLanguage = 'en' | 'fr' | 'it' | 'de' | 'th';
export const LEXICON_LANGUAGES: readonly LexiconLanguage[] = ['en', 'fr', 'it', 'de', 'th'];
export type WordList = Record<LexiconLanguage, readonly string[]>;

/**
 * Lists that only one language needs (Thai question particles, German compound heads, English stemmer
 * exceptions); every other list has words in all five languages (lexicon.test.ts checks).
 */
export const SINGLE_LANGUAGE_LISTS: ReadonlySet<keyof typeof WORD_LISTS> = new Set([
  'thaiQuestion',
  'compoundHeads',
  'stemExceptions',
]);

/** Every word of a list, all languages, folded as tokens are ("enlève" -> "enleve"). */
export function wordsOf(list: WordList): string[] {
  return [...new Set(LEXICON_LANGUAGES.flatMap((l) => list[l]))];
}

export function wordSet(list: WordList): Set<string> {
  return new Set(wordsOf(list).map(fold));
}
