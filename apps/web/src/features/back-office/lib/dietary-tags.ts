/**
 * The spec's dietary identifiers (section 2), split the way the menu files use them: what a dish is
 * (preferences) and what it contains (allergens). Both lists are the product card's icon set.
 */
export const PREFERENCE_TAGS = ['vegetarian', 'vegan', 'gluten-free', 'dairy-free', 'egg-free', 'bean-free', 'spicy'] as const;
export const ALLERGEN_TAGS = ['gluten', 'dairy', 'egg', 'fish', 'seafood', 'nuts', 'tree nuts', 'bean'] as const;

/** The known tags in order, then any other tag the product already has (kept, never dropped). */
export function tagsToOffer(known: readonly string[], current: readonly string[]): string[] {
  return [...known, ...current.filter((t) => !known.includes(t))];
}
