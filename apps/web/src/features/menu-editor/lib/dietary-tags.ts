import { ALLERGENS, NO_ALLERGENS, PREFERENCE_TAGS as DOMAIN_PREFERENCE_TAGS } from '@carte/domain/allergens';

/**
 * The dish form's dietary tags (decision 017): what a dish is (preferences, free labels of which these
 * have an icon and a name) and what it contains (the 14 allergens of the EU and UK rules, or `none`
 * when the dish has none of them: an empty list says nobody filled it in). Both are the card's icons.
 */
export const PREFERENCE_TAGS = DOMAIN_PREFERENCE_TAGS;
export const ALLERGEN_TAGS = [...ALLERGENS, NO_ALLERGENS] as const;

/** The known tags in order, then any other tag the product already has (kept, never dropped). */
export function tagsToOffer(known: readonly string[], current: readonly string[]): string[] {
  return [...known, ...current.filter((t) => !known.includes(t))];
}

/**
 * A dish's allergens after a chip was toggled: `none` and an allergen exclude each other (choosing one
 * drops the other), so the list never says both "none of the 14" and "contains milk".
 */
export function toggleAllergen(current: readonly string[], tag: string): string[] {
  if (current.includes(tag)) return current.filter((t) => t !== tag);
  if (tag === NO_ALLERGENS) return [NO_ALLERGENS];
  return [...current.filter((t) => t !== NO_ALLERGENS), tag];
}
