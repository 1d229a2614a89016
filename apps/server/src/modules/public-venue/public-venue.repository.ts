import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { categories, productCategories, products, variationGroups, variations, venues } from '../../db/schema.ts';

export interface VenueVersion {
  id: string;
  menuVersion: number;
  updatedAt: Date;
}

/** The one small query a cached public-venue request costs. */
export async function findVenueVersion(db: Db, venueUrl: string): Promise<VenueVersion | null> {
  const rows = await db
    .select({ id: venues.id, menuVersion: venues.menuVersion, updatedAt: venues.updatedAt })
    .from(venues)
    .where(eq(venues.venueUrl, venueUrl))
    .limit(1);
  return rows[0] ?? null;
}

/** Changes whenever the venue's menu or settings change: what cached menus are keyed by. */
export const venueVersionKey = (v: VenueVersion) => `${v.id}:${v.menuVersion}:${v.updatedAt.getTime()}`;

export type VenueRow = typeof venues.$inferSelect;
export type CategoryRow = Pick<typeof categories.$inferSelect, 'id' | 'name'>;
export type ProductRow = Pick<
  typeof products.$inferSelect,
  'id' | 'name' | 'description' | 'priceMinor' | 'image' | 'status' | 'recommended' | 'preferences' | 'allergenes'
>;
export type VariationRow = Pick<
  typeof variations.$inferSelect,
  'id' | 'productId' | 'name' | 'priceVariationMinor' | 'groupId' | 'preferences' | 'allergenes'
>;
export type VariationGroupRow = Pick<
  typeof variationGroups.$inferSelect,
  'id' | 'productId' | 'name' | 'minChoices' | 'maxChoices'
>;

export interface VenueMenuRows {
  venue: VenueRow;
  categories: CategoryRow[];
  products: ProductRow[];
  links: { productId: string; categoryId: string }[];
  variations: VariationRow[];
  groups: VariationGroupRow[];
}

/** The venue and its whole menu, read from one consistent snapshot, each list in menu order. */
export async function loadVenueMenu(db: Db, venueUrl: string): Promise<VenueMenuRows | null> {
  return db.transaction(
    async (tx) => {
      const [venue] = await tx.select().from(venues).where(eq(venues.venueUrl, venueUrl)).limit(1);
      if (!venue) return null;
      const categoryRows = await tx
        .select({ id: categories.id, name: categories.name })
        .from(categories)
        .where(eq(categories.venueId, venue.id))
        .orderBy(asc(categories.position), asc(categories.key));
      const productRows = await tx
        .select({
          id: products.id,
          name: products.name,
          description: products.description,
          priceMinor: products.priceMinor,
          image: products.image,
          status: products.status,
          recommended: products.recommended,
          preferences: products.preferences,
          allergenes: products.allergenes,
        })
        .from(products)
        .where(eq(products.venueId, venue.id))
        .orderBy(asc(products.position), asc(products.key));
      const links = await tx
        .select({ productId: productCategories.productId, categoryId: productCategories.categoryId })
        .from(productCategories)
        .innerJoin(products, eq(products.id, productCategories.productId))
        .where(eq(products.venueId, venue.id));
      const variationRows = await tx
        .select({
          id: variations.id,
          productId: variations.productId,
          name: variations.name,
          priceVariationMinor: variations.priceVariationMinor,
          groupId: variations.groupId,
          preferences: variations.preferences,
          allergenes: variations.allergenes,
        })
        .from(variations)
        .innerJoin(products, eq(products.id, variations.productId))
        .where(eq(products.venueId, venue.id))
        .orderBy(asc(variations.position), asc(variations.key));
      const groupRows = await tx
        .select({
          id: variationGroups.id,
          productId: variationGroups.productId,
          name: variationGroups.name,
          minChoices: variationGroups.minChoices,
          maxChoices: variationGroups.maxChoices,
        })
        .from(variationGroups)
        .innerJoin(products, eq(products.id, variationGroups.productId))
        .where(eq(products.venueId, venue.id))
        .orderBy(asc(variationGroups.position), asc(variationGroups.key));
      return {
        venue,
        categories: categoryRows,
        products: productRows,
        links,
        variations: variationRows,
        groups: groupRows,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
