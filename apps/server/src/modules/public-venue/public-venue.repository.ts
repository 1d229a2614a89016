import { and, asc, eq } from 'drizzle-orm';
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
export type CategoryRow = Pick<typeof categories.$inferSelect, 'id' | 'name' | 'taxRate' | 'hours' | 'pause'>;
export type ProductRow = Pick<
  typeof products.$inferSelect,
  | 'id'
  | 'name'
  | 'description'
  | 'priceMinor'
  | 'image'
  | 'status'
  | 'recommended'
  | 'preferences'
  | 'allergenes'
  | 'taxRate'
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

/**
 * The rows the public product shape is built from (toPublicVenue), for the whole venue or one product,
 * each list in menu order. Runs on the caller's connection or transaction.
 */
export async function readMenuRows(q: Db, venue: VenueRow, productId?: string): Promise<VenueMenuRows> {
  const productFilter = productId
    ? and(eq(products.venueId, venue.id), eq(products.id, productId))
    : eq(products.venueId, venue.id);
  const categoryRows = await q
    .select({
      id: categories.id,
      name: categories.name,
      taxRate: categories.taxRate,
      hours: categories.hours,
      pause: categories.pause,
    })
    .from(categories)
    .where(eq(categories.venueId, venue.id))
    .orderBy(asc(categories.position), asc(categories.key));
  const productRows = await q
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
      taxRate: products.taxRate,
    })
    .from(products)
    .where(productFilter)
    .orderBy(asc(products.position), asc(products.key));
  const links = await q
    .select({ productId: productCategories.productId, categoryId: productCategories.categoryId })
    .from(productCategories)
    .innerJoin(products, eq(products.id, productCategories.productId))
    .where(productFilter);
  const variationRows = await q
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
    .where(productFilter)
    .orderBy(asc(variations.position), asc(variations.key));
  const groupRows = await q
    .select({
      id: variationGroups.id,
      productId: variationGroups.productId,
      name: variationGroups.name,
      minChoices: variationGroups.minChoices,
      maxChoices: variationGroups.maxChoices,
    })
    .from(variationGroups)
    .innerJoin(products, eq(products.id, variationGroups.productId))
    .where(productFilter)
    .orderBy(asc(variationGroups.position), asc(variationGroups.key));
  return {
    venue,
    categories: categoryRows,
    products: productRows,
    links,
    variations: variationRows,
    groups: groupRows,
  };
}

/** The venue and its whole menu, read from one consistent snapshot, each list in menu order. */
export async function loadVenueMenu(db: Db, venueUrl: string): Promise<VenueMenuRows | null> {
  return db.transaction(
    async (tx) => {
      const [venue] = await tx.select().from(venues).where(eq(venues.venueUrl, venueUrl)).limit(1);
      return venue ? readMenuRows(tx, venue) : null;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
