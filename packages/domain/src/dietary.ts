/** Dietary identifiers that have their own icon (spec section 2, product card). */
export const DIETARY_ICONS = [
  'dairy',
  'dairy-free',
  'gluten',
  'gluten-free',
  'egg',
  'egg-free',
  'fish',
  'bean',
  'bean-free',
  'vegetarian',
  'vegan',
  'nuts',
  'tree nuts',
  'seafood',
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
