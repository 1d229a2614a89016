/** Word lists the rules read as whole words (not as tags), per language: data. */
import type { WordList } from '../lexicon.ts';

export const WORD_LISTS = {
  /** Words that open a question asking to choose ("which mains can I have?"): asking, not ordering. */
  questionOpeners: {
    en: ['what', 'which'],
    fr: ['quel', 'quelle', 'quels', 'quelles'],
    it: ['quale', 'quali', 'che'],
    de: ['welche', 'welcher', 'welches', 'welchen', 'welchem', 'was für'],
    th: ['อันไหน', 'เมนูไหน'],
  },
  /** A message opening with an article names something to order ("a singha, the big one"). */
  articles: {
    en: ['a', 'an'],
    fr: ['un', 'une'],
    it: ['un', 'uno', 'una'],
    de: ['ein', 'eine', 'einen'],
    th: ['หนึ่ง'],
  },
  /** Verbs that take a separate "off" particle ("take the beers off", "nimm das Bier weg"). */
  takeVerbs: {
    en: ['take', 'get'],
    fr: ['enlève', 'enlevez', 'retire', 'retirez'],
    it: ['togli', 'togliete', 'leva', 'levate'],
    de: ['nimm', 'nehmt', 'tu', 'tut'],
    th: ['เอา'],
  },
  /** Words that add to an order after a correction ("actually, also a coke"): not a replacement. */
  additive: {
    en: ['also', 'too', 'plus'],
    fr: ['aussi', 'egalement'],
    it: ['anche', 'pure', 'inoltre'],
    de: ['auch', 'noch', 'dazu'],
    th: ['ด้วย', 'เพิ่ม'],
  },
  /** Thai question particles and words, anywhere in the message (Thai asks at the end). */
  thaiQuestion: {
    en: [],
    fr: [],
    it: [],
    de: [],
    th: ['ไหม', 'มั้ย', 'หรือเปล่า', 'หรือไม่', 'เท่าไหร่', 'เท่าไร', 'อะไร', 'ไหน', 'ใช่ไหม'],
  },
  /** German head nouns that only say "dish of" in a compound: "Nudelgerichte", "Fischspeisen". */
  compoundHeads: {
    en: [],
    fr: [],
    it: [],
    de: ['gericht', 'gerichte', 'gerichten', 'speise', 'speisen', 'sorte', 'sorten'],
    th: [],
  },
  /** Words a plural rule would merge with a dish ("paste" is not "pasta"): kept apart by the stemmer. */
  stemExceptions: {
    en: ['paste', 'pastes', 'taste', 'waste'],
    fr: [],
    it: [],
    de: [],
    th: [],
  },
} satisfies Record<string, WordList>;
