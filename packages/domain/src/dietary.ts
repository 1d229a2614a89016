import { ALLERGENS } from './allergens.ts';

/**
 * Dietary identifiers that have their own icon (spec section 2, product card): the 14 allergens of
 * the product's vocabulary (decision 017) and the labels of what a dish is. The public venue answer
 * gives allergens in the product's identifiers (old names such as `dairy` are read as `milk`).
 */
export const DIETARY_ICONS = [
  ...ALLERGENS,
  'dairy-free',
  'gluten-free',
  'egg-free',
  'bean-free',
  'vegetarian',
  'vegan',
  'spicy',
] as const;
export type DietaryIcon = (typeof DIETARY_ICONS)[number];

export function hasDietaryIcon(id: string): id is DietaryIcon {
  return (DIETARY_ICONS as readonly string[]).includes(id);
}

/** Identifiers without an icon show as plain capitalised text. */
export function capitalise(id: string): string {
  return id.length ? id[0]!.toUpperCase() + id.slice(1) : id;
}
