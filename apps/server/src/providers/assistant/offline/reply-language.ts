/**
 * The language to answer a guest message in (issue 10): the language the message is clearly written
 * in, else the interface language.
 *
 * - Thai by script: a message with Thai letters is Thai unless its Latin words clearly say another
 *   language and the interface is not Thai ("can I have the ต้มยำ" is English, "ขอ pad thai 2 จาน"
 *   is Thai, "do you have khao soi ครับ" in the Thai interface stays Thai).
 * - English, French, Italian and German by the words of the data table below: each word a guest
 *   types scores for every language that lists it (strong 2, common 1, weak 0.5). Matching ignores
 *   case and accents, so "vegetarien" and "végétarien" count alike. The best language wins when it
 *   reaches MIN_SCORE and leads the next one by MIN_MARGIN.
 * - Anything short or ambiguous ("ok", "pizza", "tiramisu", "2 margherita", a dish name) keeps `ui`.
 *
 * Dish names travel across languages ("pizza", "crème brûlée", "spaghetti alla carbonara"), so the
 * table leaves out food names shared by several languages and gives the little words that dish names
 * carry ("al", "alla", "di", "de", "au", "mit") only a weak weight.
 */
import type { Language } from '@carte/domain/languages';
import { fold, tokenize } from '../language/tokens.ts';
import { de } from './reply-language/de.ts';
import { en } from './reply-language/en.ts';
import { fr } from './reply-language/fr.ts';
import { it } from './reply-language/it.ts';
import type { LatinLanguage, ReplyLanguageWords } from './reply-language/types.ts';

export type { LatinLanguage, ReplyLanguageWords };

/** Word lists per language (one data file each under reply-language/), without accents, in lower case. */
export const REPLY_LANGUAGE_WORDS: Record<LatinLanguage, ReplyLanguageWords> = { en, fr, it, de };

/** A language needs this score... */
export const MIN_SCORE = 2;
/** ...and this lead over the next language to be the reply language. */
export const MIN_MARGIN = 1;

const WEIGHT = { strong: 2, common: 1, weak: 0.5 } as const;
const LATIN: readonly LatinLanguage[] = ['en', 'fr', 'it', 'de'];

/** word -> score per language (index in LATIN), built once from the table. */
const INDEX: Map<string, number[]> = (() => {
  const index = new Map<string, number[]>();
  LATIN.forEach((language, i) => {
    const words = REPLY_LANGUAGE_WORDS[language];
    for (const tier of ['strong', 'common', 'weak'] as const) {
      for (const raw of words[tier]) {
        const word = fold(raw);
        const scores = index.get(word) ?? [0, 0, 0, 0];
        // A word listed twice for one language counts once, at its best weight.
        scores[i] = Math.max(scores[i]!, WEIGHT[tier]);
        index.set(word, scores);
      }
    }
  });
  return index;
})();

/** Thai letters, vowels and marks; not the baht sign (U+0E3F), which prices in any language carry. */
const THAI = /[\u0E01-\u0E3A\u0E40-\u0E5B]/g;

function add(total: number[], scores: number[] | undefined): boolean {
  if (!scores) return false;
  for (let i = 0; i < 4; i++) total[i]! += scores[i]!;
  return true;
}

/** The language the message is clearly written in (one of the five), else `ui`. */
export function replyLanguage(message: string, ui: Language): Language {
  const thaiLetters = message.match(THAI)?.length ?? 0;
  const total = [0, 0, 0, 0];
  let latinLetters = 0;
  // The language layer's words; "c'est", "dell'acqua" and "est-ce" are looked up whole first, then by parts.
  const tokens = tokenize(message).filter((t) => !t.stop && !t.thai && /^[a-z]/.test(t.fold));
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    latinLetters += t.fold.length;
    const next = tokens[i + 1];
    const joint = next ? message.slice(t.offset + t.raw.length, next.offset) : '';
    if (next && (joint === "'" || joint === '’' || joint === '-')) {
      const whole = `${t.fold}${joint === '-' ? '-' : "'"}${next.fold}`;
      if (add(total, INDEX.get(whole))) {
        latinLetters += next.fold.length;
        i++;
        continue;
      }
      add(total, INDEX.get(`${t.fold}'`) ?? INDEX.get(t.fold));
      continue;
    }
    add(total, INDEX.get(t.fold));
  }
  let best = 0;
  let second = 0;
  for (let i = 1; i < 4; i++) {
    if (total[i]! > total[best]!) best = i;
  }
  for (let i = 0; i < 4; i++) if (i !== best && total[i]! > second) second = total[i]!;
  const clear = total[best]! >= MIN_SCORE && total[best]! - second >= MIN_MARGIN;
  // Thai words in a Thai interface ("do you have khao soi ครับ") keep Thai.
  if (thaiLetters >= 2) return clear && latinLetters > thaiLetters && ui !== 'th' ? LATIN[best]! : 'th';
  return clear ? LATIN[best]! : ui;
}
