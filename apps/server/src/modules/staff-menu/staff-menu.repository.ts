import { and, asc, eq, inArray, max, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  assets,
  categories,
  productCategories,
  products,
  variationGroups,
  variations,
  venues,
} from '../../db/schema.ts';

export type VenueRow = typeof venues.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;
export type VariationRow = typeof variations.$inferSelect;
export type VariationGroupRow = typeof variationGroups.$inferSelect;

/**
 * Serialises the writers of one venue inside the current transaction. The key is the one the venue
 * import takes (venues.repository lockVenueUrl), so an import and a staff edit never interleave.
 */
export async function lockVenue(tx: Db, venueUrl: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`carte:venue:${venueUrl}`}))`);
}

/**
 * Bumps the venue's menu version and updated_at: the public venue and chat caches of every
 * process compare them (public-venue.repository findVenueVersion), so the change shows everywhere.
 */
export async function bumpMenuVersion(tx: Db, venueId: string): Promise<void> {
  await tx
    .update(venues)
    .set({ menuVersion: sql`${venues.menuVersion} + 1`, updatedAt: sql`now()` })
    .where(eq(venues.id, venueId));
}

export async function findVenue(q: Db, venueId: string): Promise<VenueRow | undefined> {
  const [row] = await q.select().from(venues).where(eq(venues.id, venueId)).limit(1);
  return row;
}

export async function findVenueByUrl(q: Db, venueUrl: string): Promise<VenueRow | undefined> {
  const [row] = await q.select().from(venues).where(eq(venues.venueUrl, venueUrl)).limit(1);
  return row;
}

export async function updateVenueSettings(
  tx: Db,
  venueId: string,
  values: Partial<Omit<typeof venues.$inferInsert, 'id' | 'venueUrl' | 'currency' | 'orderSeq' | 'menuVersion'>>,
): Promise<void> {
  await tx.update(venues).set(values).where(eq(venues.id, venueId));
}

export async function findProduct(q: Db, productId: string): Promise<ProductRow | undefined> {
  const [row] = await q.select().from(products).where(eq(products.id, productId)).limit(1);
  return row;
}

export async function findCategory(q: Db, categoryId: string): Promise<CategoryRow | undefined> {
  const [row] = await q.select().from(categories).where(eq(categories.id, categoryId)).limit(1);
  return row;
}

/** True when the asset exists and was stored for this venue. */
export async function isVenueAsset(q: Db, venueId: string, assetId: string): Promise<boolean> {
  const rows = await q
    .select({ id: assets.id })
    .from(assets)
    .where(and(eq(assets.id, assetId), eq(assets.venueId, venueId)))
    .limit(1);
  return rows.length > 0;
}

export async function listCategories(q: Db, venueId: string): Promise<CategoryRow[]> {
  return q
    .select()
    .from(categories)
    .where(eq(categories.venueId, venueId))
    .orderBy(asc(categories.position), asc(categories.key));
}

export async function listProductKeys(q: Db, venueId: string): Promise<string[]> {
  const rows = await q.select({ key: products.key }).from(products).where(eq(products.venueId, venueId));
  return rows.map((r) => r.key);
}

/** The position after the venue's last product (a new dish goes at the end of the menu). */
export async function nextProductPosition(q: Db, venueId: string): Promise<number> {
  const [row] = await q
    .select({ p: max(products.position) })
    .from(products)
    .where(eq(products.venueId, venueId));
  return row?.p == null ? 0 : row.p + 1;
}

export async function insertCategory(tx: Db, values: typeof categories.$inferInsert): Promise<CategoryRow> {
  const [row] = await tx.insert(categories).values(values).returning();
  return row!;
}

/** Writes the positions 0..n-1 in the order given. */
export async function setCategoryOrder(tx: Db, venueId: string, orderedIds: string[]): Promise<void> {
  if (orderedIds.length === 0) return;
  await tx
    .update(categories)
    .set({
      position: sql`(select (o.ord - 1)::int from jsonb_array_elements_text(${JSON.stringify(orderedIds)}::jsonb) with ordinality as o(id, ord) where o.id = ${categories.id}::text)`,
    })
    .where(and(eq(categories.venueId, venueId), inArray(categories.id, orderedIds)));
}

export async function renameCategory(tx: Db, categoryId: string, name: string): Promise<void> {
  await tx.update(categories).set({ name }).where(eq(categories.id, categoryId));
}

export async function setCategoryHours(tx: Db, categoryId: string, hours: CategoryRow['hours']): Promise<void> {
  await tx.update(categories).set({ hours }).where(eq(categories.id, categoryId));
}

export async function setCategoryStation(tx: Db, categoryId: string, station: string | null): Promise<void> {
  await tx.update(categories).set({ station }).where(eq(categories.id, categoryId));
}

export async function setCategoryTaxRate(tx: Db, categoryId: string, taxRate: string | null): Promise<void> {
  await tx.update(categories).set({ taxRate }).where(eq(categories.id, categoryId));
}

export async function deleteCategory(tx: Db, categoryId: string): Promise<void> {
  await tx.delete(categories).where(eq(categories.id, categoryId));
}

export async function insertProduct(tx: Db, values: typeof products.$inferInsert): Promise<void> {
  await tx.insert(products).values(values);
}

export async function updateProduct(
  tx: Db,
  productId: string,
  values: Partial<Omit<typeof products.$inferInsert, 'id' | 'venueId' | 'key'>>,
): Promise<void> {
  await tx
    .update(products)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(products.id, productId));
}

export async function deleteProduct(tx: Db, productId: string): Promise<void> {
  await tx.delete(products).where(eq(products.id, productId));
}

/** The product's category ids, in menu order. */
export async function listProductCategoryIds(q: Db, productId: string): Promise<string[]> {
  const rows = await q
    .select({ id: categories.id })
    .from(productCategories)
    .innerJoin(categories, eq(categories.id, productCategories.categoryId))
    .where(eq(productCategories.productId, productId))
    .orderBy(asc(categories.position), asc(categories.key));
  return rows.map((r) => r.id);
}

export async function replaceProductCategories(tx: Db, productId: string, categoryIds: string[]): Promise<void> {
  await tx.delete(productCategories).where(eq(productCategories.productId, productId));
  if (categoryIds.length) {
    await tx.insert(productCategories).values(categoryIds.map((categoryId) => ({ productId, categoryId })));
  }
}

export async function listProductVariations(q: Db, productId: string): Promise<VariationRow[]> {
  return q
    .select()
    .from(variations)
    .where(eq(variations.productId, productId))
    .orderBy(asc(variations.position), asc(variations.key));
}

export async function listProductGroups(q: Db, productId: string): Promise<VariationGroupRow[]> {
  return q
    .select()
    .from(variationGroups)
    .where(eq(variationGroups.productId, productId))
    .orderBy(asc(variationGroups.position), asc(variationGroups.key));
}

export async function deleteVariationsExcept(tx: Db, productId: string, keepIds: string[]): Promise<void> {
  await tx
    .delete(variations)
    .where(
      keepIds.length
        ? and(eq(variations.productId, productId), notInArray(variations.id, keepIds))
        : eq(variations.productId, productId),
    );
}

export async function deleteGroupsExcept(tx: Db, productId: string, keepIds: string[]): Promise<void> {
  await tx
    .delete(variationGroups)
    .where(
      keepIds.length
        ? and(eq(variationGroups.productId, productId), notInArray(variationGroups.id, keepIds))
        : eq(variationGroups.productId, productId),
    );
}

export async function upsertGroup(tx: Db, row: typeof variationGroups.$inferInsert & { id: string }, exists: boolean) {
  if (exists) {
    const { id, productId: _p, key: _k, ...values } = row;
    await tx.update(variationGroups).set(values).where(eq(variationGroups.id, id));
  } else {
    await tx.insert(variationGroups).values(row);
  }
}

export async function upsertVariation(tx: Db, row: typeof variations.$inferInsert & { id: string }, exists: boolean) {
  if (exists) {
    const { id, productId: _p, key: _k, ...values } = row;
    await tx.update(variations).set(values).where(eq(variations.id, id));
  } else {
    await tx.insert(variations).values(row);
  }
}
