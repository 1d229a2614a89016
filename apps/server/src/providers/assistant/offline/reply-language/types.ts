import type { Language } from '@carte/domain/languages';

export type LatinLanguage = Exclude<Language, 'th'>;

export interface ReplyLanguageWords {
  /** Words only this language uses in a guest message (weight 2). */
  strong: readonly string[];
  /** Function words and common words (weight 1). */
  common: readonly string[];
  /** Words dish names carry, or that other languages share (weight 0.5). */
  weak: readonly string[];
}
