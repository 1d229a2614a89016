import type { PublicCategory, PublicProduct } from '@carte/domain/public-types';

export interface MenuSection {
  /** DOM id of the section, for the category chips. */
  anchor: string;
  /** null for the 'Other' section of products without a category. */
  category: PublicCategory | null;
  products: PublicProduct[];
}

/**
 * Products by category, in the venue's category order. A product in several categories appears
 * in each; products without a category go last, in an 'Other' section. Empty categories and
 * unavailable products are left out.
 */
export function groupByCategory(menu: readonly PublicProduct[], categories: readonly PublicCategory[]): MenuSection[] {
  const order: PublicCategory[] = [...categories];
  const known = new Set(order.map((c) => c.id));
  const byCategory = new Map<string, PublicProduct[]>();
  const other: PublicProduct[] = [];
  for (const product of menu) {
    if (product.status === 'unavailable') continue;
    const seen = new Set<string>();
    for (const category of product.categories) {
      if (seen.has(category.id)) continue;
      seen.add(category.id);
      if (!known.has(category.id)) {
        known.add(category.id);
        order.push(category);
      }
      const list = byCategory.get(category.id) ?? [];
      list.push(product);
      byCategory.set(category.id, list);
    }
    if (seen.size === 0) other.push(product);
  }
  const sections: MenuSection[] = [];
  order.forEach((category, index) => {
    const products = byCategory.get(category.id);
    if (products?.length) sections.push({ anchor: `menu-section-${index}`, category, products });
  });
  if (other.length) sections.push({ anchor: 'menu-section-other', category: null, products: other });
  return sections;
}
