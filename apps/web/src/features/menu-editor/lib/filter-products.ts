import type { PublicProduct } from '@carte/domain/public-types';

export type AvailabilityFilter = 'all' | 'available' | 'unavailable';

/** Case and accent blind: "cafe" finds "Café". */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * The back office list's search and filters: words found in the name or description (all of them),
 * a category (`__none` = without one) and available / sold out.
 */
export function filterProducts(
  products: readonly PublicProduct[],
  { query, category, availability }: { query: string; category: string; availability: AvailabilityFilter },
): PublicProduct[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  return products.filter((p) => {
    if (availability === 'available' && p.status === 'unavailable') return false;
    if (availability === 'unavailable' && p.status !== 'unavailable') return false;
    if (category === '__none' && p.categories.length > 0) return false;
    if (category && category !== '__none' && !p.categories.some((c) => c.id === category)) return false;
    if (words.length === 0) return true;
    const text = fold(`${p.name} ${p.description ?? ''}`);
    return words.every((w) => text.includes(w));
  });
}
