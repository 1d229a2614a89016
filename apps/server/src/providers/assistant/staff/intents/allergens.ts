/**
 * Allergens and labels of a dish: "does X contain nuts?", "X contains gluten", "X is vegan".
 */
import { allergensMeant, normaliseAllergens, type AllergenId, type StaffProduct } from '@carte/domain';
import {
  ALLERGEN_WORDS,
  allergensIn,
  hasWord,
  normalise,
  PREFERENCE_WORDS,
  tagsIn,
  wordsOf,
  type WordList,
} from '../lexicon.ts';
import { fold } from '../../language/tokens.ts';
import { tagName } from '../messages.ts';
import { type StaffRule, L, p, t, isQuestion, targetProduct, update, outsideName } from './common.ts';

/**
 * A stored tag is the domain's id, or a word for it some menus store instead ("soy" for the bean
 * allergen): both are found by a question and removed by "no longer contains"; new tags are ids.
 */
/** The words of a list, folded (cached: a question about a tag reads every dish of the menu). */
const foldedCache = new WeakMap<WordList, Set<string>>();
function foldedWords(list: WordList): Set<string> {
  let words = foldedCache.get(list);
  if (!words) foldedCache.set(list, (words = new Set(wordsOf(list).map(fold))));
  return words;
}

const isTag = (stored: string, id: string, table: Record<string, WordList>) =>
  stored === id ||
  (table === ALLERGEN_WORDS && (allergensMeant(stored) ?? []).includes(id as AllergenId)) ||
  (table[id] !== undefined && foldedWords(table[id]).has(fold(normalise(stored))));

export const containsQuestion: StaffRule = {
  name: 'question_contains',
  guard: (pm) =>
    isQuestion(pm) && (tagsIn(pm.text, ALLERGEN_WORDS).length > 0 || tagsIn(pm.text, PREFERENCE_WORDS).length > 0),
  async handle(ctx) {
    const allergens = allergensIn(ctx.parsed.text);
    const prefs = allergens.length ? [] : tagsIn(ctx.parsed.text, PREFERENCE_WORDS);
    const wanted = [...allergens, ...prefs];
    const table = allergens.length ? ALLERGEN_WORDS : PREFERENCE_WORDS;
    const has = (x: StaffProduct, id: string) =>
      allergens.length
        ? x.allergenes.some((v) => isTag(v, id, table)) ||
          x.variations.some((o) => o.allergenes.some((v) => isTag(v, id, table)))
        : x.preferences.some((v) => isTag(v, id, table));
    const list = (await ctx.menu()).filter((x) => wanted.some((id) => has(x, id)));
    const what = wanted.map((id) => tagName(ctx.language, id)).join(', ');
    if (!list.length) return { blocks: [p(t(ctx, 'containsNone', { what }))] };
    return {
      blocks: [p(t(ctx, 'containsList', { what })), { type: 'list', items: list.map((x) => x.name) }],
      products: list.map((x) => x.id),
    };
  },
};

/** "the carbonara contains nuts", "X is vegan", "X is not spicy", "X has no gluten". */
export const setTags: StaffRule = {
  name: 'set_tags',
  guard: (pm) => tagsIn(pm.text, ALLERGEN_WORDS).length > 0 || tagsIn(pm.text, PREFERENCE_WORDS).length > 0,
  async handle(ctx) {
    const target = await targetProduct(ctx);
    if (!target.ok) return target.answer;
    const x = target.product;
    // Tag words inside the dish's own name ("Spicy wings") are not instructions.
    const text = target.index >= 0 ? outsideName(ctx.parsed.text, target) : ctx.parsed.text;
    const negated =
      hasWord(text, L.not) ||
      hasWord(text, L.delete) ||
      /(?<![\p{L}])take(?![\p{L}]).*(?<![\p{L}])off(?![\p{L}])/u.test(text) ||
      /(?<![\p{L}])(?:no|without|sans|senza|ohne|ไม่มี)(?![\p{L}])/u.test(text);
    const allergens = allergensIn(text);
    const prefs = tagsIn(text, PREFERENCE_WORDS);
    if (!allergens.length && !prefs.length) return null;
    const apply = (list: string[], ids: string[], table: Record<string, WordList>) =>
      negated ? list.filter((v) => !ids.some((id) => isTag(v, id, table))) : [...new Set([...list, ...ids])];
    // Old identifiers ("nuts", "seafood") are read as the allergens they mean before the change, so
    // "no longer contains tree nuts" on a dish stored with "nuts" keeps its peanuts.
    const stored = normaliseAllergens(x.allergenes);
    return update(ctx, x, {
      ...(allergens.length ? { allergenes: normaliseAllergens(apply(stored, allergens, ALLERGEN_WORDS)) } : {}),
      ...(prefs.length ? { preferences: apply(x.preferences, prefs, PREFERENCE_WORDS) } : {}),
    });
  },
};
