import type { MenuProduct } from '../types.ts';

/**
 * The search behind the model's `search_menu` tool: plain word matching over name, description,
 * categories and preferences, with the dietary filters applied from the database's own fields.
 * The model phrases the query; the results (and so every id it can act on) come from the menu.
 */

export function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

function words(text: string): string[] {
  return normalise(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 1);
}

/** Removes a plural s/es so "espressos" finds "espresso". */
function stem(word: string): string {
  if (word.length > 4 && word.endsWith('es')) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s')) return word.slice(0, -1);
  return word;
}

/** Preference ids that a stricter one implies: vegan dishes are vegetarian and dairy-free too. */
const IMPLIED: Record<string, string[]> = {
  vegan: ['vegetarian', 'dairy-free', 'egg-free'],
};

export function hasPreference(product: MenuProduct, preference: string): boolean {
  const wanted = normalise(preference).trim();
  if (!wanted) return true;
  return product.preferences.some((p) => {
    const id = normalise(p);
    return id === wanted || (IMPLIED[id] ?? []).includes(wanted);
  });
}

/** Allergen ids the guest wants to avoid; "nuts" also avoids "tree nuts" and the reverse. */
export function containsAllergen(product: MenuProduct, allergen: string): boolean {
  const wanted = normalise(allergen).trim();
  if (!wanted) return false;
  const related = wanted.includes('nut') ? ['nuts', 'tree nuts', 'peanuts', wanted] : [wanted];
  return product.allergenes.some((a) => related.includes(normalise(a)));
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
  const name = words(product.name).map(stem);
  const body = [
    ...words(product.description ?? ''),
    ...product.categories.flatMap((c) => words(c.name)),
    ...product.preferences.flatMap(words),
    ...product.variations.flatMap((v) => words(v.name)),
  ].map(stem);
  let total = 0;
  for (const raw of queryWords) {
    const w = stem(raw);
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
