/** Every sentence the offline assistant says, in en, fr, it, de and th: the data is one file per language under messages/. */
import { ALLERGEN_NAMES, isAllergenId } from '@carte/domain';
import { fill, joinWithAnd } from '../language/messages.ts';
import type { Language } from '../types.ts';
import { de } from './messages/de.ts';
import { en } from './messages/en.ts';
import { fr } from './messages/fr.ts';
import { it } from './messages/it.ts';
import { th } from './messages/th.ts';

type Dict = Record<string, string>;

const DICTS: Record<Language, Dict> = { en, fr, it, de, th };

/** A sentence in the guest's language with {placeholders} filled in (falls back to English). */
export function msg(lang: Language, key: string, params: Record<string, string | number> = {}): string {
  return fill(DICTS[lang][key] ?? DICTS.en[key] ?? key, params);
}

export function hasMsg(lang: Language, key: string): boolean {
  return key in DICTS[lang] || key in DICTS.en;
}

/** "a, b and c" in the guest's language. */
export function joinList(lang: Language, items: string[]): string {
  return joinWithAnd(lang, items, msg(lang, 'and'));
}

/** The localised name of an allergen or preference id; unknown ids are shown as they are. */
export function allergenName(lang: Language, id: string): string {
  // The 14 allergens by the names every page prints (a menu lists "milk", "tree-nuts").
  if (isAllergenId(id)) return ALLERGEN_NAMES[lang][id];
  const key = `alg:${id}`;
  return hasMsg(lang, key) ? msg(lang, key) : id;
}

export function preferenceName(lang: Language, id: string): string {
  const key = `label${id.charAt(0).toUpperCase()}${id.slice(1)}`;
  return hasMsg(lang, key) ? msg(lang, key) : id;
}
