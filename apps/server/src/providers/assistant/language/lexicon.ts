/**
 * The multilingual lexicon the guest assistant tags words with (issue 17 item 7, decision 025). The
 * words are data, under lexicon/, in one format: `[tags, "word, word, ..."]`, the words in any of the
 * five languages, matched after folding and stemming (tokens.ts); phrases match token sequences. Tags:
 *   c:<concept>   dish, ingredient, category or variation concept shared across languages
 *   diet:<id>     dietary preference asked for (vegan, vegetarian, gluten-free, ..., spicy, mild)
 *   alg:<id>      allergen (dairy, gluten, egg, fish, nuts, treenuts, seafood, bean)
 *   kw:<name>     a keyword that signals an intent or a modifier
 *   is:<concept>  a word that puts a dish under a concept (beer -> alcohol) without widening a search for it
 *   n:<k>         a number word, ord:<k> an ordinal, cur:<code> a currency word
 * Word lists the rules read as whole words are data too, per language (lexicon/word-lists.ts).
 */
import { CONCEPTS } from './lexicon/concepts.ts';
import { DIET } from './lexicon/diet.ts';
import { KEYWORDS } from './lexicon/keywords.ts';
import { NUMBERS } from './lexicon/numbers.ts';
import { WORD_LISTS } from './lexicon/word-lists.ts';

export { STOPWORDS_TEXT } from './lexicon/stopwords.ts';
export { WORD_LISTS };

export type LexiconEntry = [tags: string, words: string];

export const LEXICON: LexiconEntry[] = [...CONCEPTS, ...DIET, ...KEYWORDS, ...NUMBERS];

/** Allergen ids as the menu spells them, keyed by our tag names. */
export const ALLERGEN_IDS: Record<string, string> = {
  dairy: 'dairy',
  gluten: 'gluten',
  egg: 'egg',
  fish: 'fish',
  nuts: 'nuts',
  treenuts: 'tree nuts',
  seafood: 'seafood',
  bean: 'bean',
  mustard: 'mustard',
  celery: 'celery',
  sulphites: 'sulphites',
  sesame: 'sesame',
  lactose: 'lactose',
};

/** The "-free" preference that labels the absence of each allergen. */
export const FREE_LABEL: Record<string, string> = {
  dairy: 'dairy-free',
  gluten: 'gluten-free',
  egg: 'egg-free',
  bean: 'bean-free',
  lactose: 'lactose-free',
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
  return new Set(
    wordsOf(list).map((w) =>
      w
        .toLowerCase()
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .normalize('NFC'),
    ),
  );
}
