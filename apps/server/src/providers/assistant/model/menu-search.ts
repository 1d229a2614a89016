import { allergenKey, allergensMeant } from '@carte/domain';
import { fold, tokenize } from '../language/tokens.ts';
import type { MenuProduct } from '../types.ts';

/**
 * The search behind the model's `search_menu` tool: plain word matching over name, description,
 * categories and preferences, with the dietary filters applied from the database's own fields.
 * The model phrases the query; the results (and so every id it can act on) come from the menu.
 */

/** The words of a text as the language layer reads them (its tokenizer, fold and stemmer: "espressos" finds "espresso"). */
function words(text: string): string[] {
  return tokenize(text)
    .filter((t) => !t.stop && /[\p{L}\p{N}]/u.test(t.raw) && t.fold.length > 1)
    .map((t) => t.stem);
}

/** Preference ids that a stricter one implies: vegan dishes are vegetarian and dairy-free too. */
const IMPLIED: Record<string, string[]> = {
  vegan: ['vegetarian', 'dairy-free', 'egg-free'],
};

export function hasPreference(product: MenuProduct, preference: string): boolean {
  const wanted = fold(preference).trim();
  if (!wanted) return true;
  return product.preferences.some((p) => {
    const id = fold(p);
    return id === wanted || (IMPLIED[id] ?? []).includes(wanted);
  });
}

/** The product's allergens an id means ("nuts" is peanuts and tree nuts, "dairy" is milk): the domain's reading. */
function meaning(id: string): readonly string[] {
  return allergensMeant(id) ?? [allergenKey(id)];
}

/** Whether the product lists an allergen the guest wants to avoid, by meaning (old and new identifiers alike). */
export function containsAllergen(product: MenuProduct, allergen: string): boolean {
  if (!allergen.trim()) return false;
  const wanted = meaning(allergen);
  return product.allergenes.some((a) => meaning(a).some((x) => wanted.includes(x)));
}

export interface SearchOptions {
  query?: string | undefined;
  preference?: string | undefined;
  avoidAllergens?: string[] | undefined;
  /** Minor units. */
  maxPriceMinor?: number | undefined;
  limit?: number;
}

function score(product: MenuProduct, queryWords: string[]): number {
  if (!queryWords.length) return 1;
  const name = words(product.name);
  const body = [
    ...words(product.description ?? ''),
    ...product.categories.flatMap((c) => words(c.name)),
    ...product.preferences.flatMap(words),
    ...product.variations.flatMap((v) => words(v.name)),
  ];
  let total = 0;
  for (const w of queryWords) {
    if (name.includes(w)) total += 3;
    else if (name.some((n) => w.length >= 3 && (n.startsWith(w) || w.startsWith(n)) && n.length >= 3)) total += 2;
    else if (body.includes(w)) total += 1;
    else if (body.some((n) => w.length >= 4 && n.startsWith(w))) total += 0.5;
  }
  return total;
}

/** Available products matching the query and filters, best first (recommended break ties). */
export function searchMenu(products: MenuProduct[], options: SearchOptions): MenuProduct[] {
  const queryWords = words(options.query ?? '');
  const scored: { product: MenuProduct; score: number; index: number }[] = [];
  products.forEach((product, index) => {
    if (product.status !== 'available') return;
    if (options.preference && !hasPreference(product, options.preference)) return;
    if (options.avoidAllergens?.some((a) => containsAllergen(product, a))) return;
    if (
      options.maxPriceMinor !== undefined &&
      (product.priceMinor === null || product.priceMinor > options.maxPriceMinor)
    )
      return;
    const s = score(product, queryWords);
    if (s > 0) scored.push({ product, score: s, index });
  });
  scored.sort(
    (a, b) => b.score - a.score || Number(b.product.recommended) - Number(a.product.recommended) || a.index - b.index,
  );
  return scored.slice(0, options.limit ?? 10).map((s) => s.product);
}
