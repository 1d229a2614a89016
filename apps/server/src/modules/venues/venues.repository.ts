import { and, asc, count, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { categories, productCategories, products, variationGroups, variations, venues } from '../../db/schema.ts';

export type VenueRow = typeof venues.$inferSelect;
export type VenueValues = Omit<
  typeof venues.$inferInsert,
  'id' | 'orderSeq' | 'menuVersion' | 'createdAt' | 'updatedAt'
>;
export type CategoryValues = Omit<typeof categories.$inferInsert, 'id'>;
export type ProductValues = Omit<typeof products.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type VariationValues = Omit<typeof variations.$inferInsert, 'id'>;
export type VariationGroupValues = Omit<typeof variationGroups.$inferInsert, 'id'>;

/** Rows per INSERT: keeps every statement well under PostgreSQL's 65535 parameters. */
const BATCH = 500;

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += BATCH) out.push(rows.slice(i, i + BATCH));
  return out;
}

/** `excluded.<column>` in an ON CONFLICT DO UPDATE. */
const excluded = (column: AnyColumn): SQL => sql.raw(`excluded."${column.name}"`);

/** `column NOT IN (values)` with the list passed as one JSON parameter, however long it is. */
const notIn = (column: AnyColumn, values: string[]): SQL =>
  sql`${column}::text not in (select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

/** Serialises writers of one venue (import, seed) inside the current transaction. */
export async function lockVenueUrl(tx: Db, venueUrl: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`carte:venue:${venueUrl}`}))`);
}

export async function countVenues(q: Db): Promise<number> {
  const [row] = await q.select({ n: count() }).from(venues);
  return Number(row?.n ?? 0);
}

export async function findVenueByUrl(q: Db, venueUrl: string): Promise<VenueRow | undefined> {
  const [row] = await q.select().from(venues).where(eq(venues.venueUrl, venueUrl)).limit(1);
  return row;
}

export async function insertVenue(tx: Db, id: string, values: VenueValues): Promise<VenueRow> {
  const [row] = await tx
    .insert(venues)
    .values({ ...values, id })
    .returning();
  return row!;
}

/** Replaces the venue's fields and bumps its menu version (part of the public ETag). */
export async function updateVenue(tx: Db, id: string, values: VenueValues): Promise<VenueRow> {
  const [row] = await tx
    .update(venues)
    .set({ ...values, menuVersion: sql`${venues.menuVersion} + 1`, updatedAt: sql`now()` })
    .where(eq(venues.id, id))
    .returning();
  return row!;
}

/** Upserts by (venue, key); returns key -> id. */
export async function upsertCategories(tx: Db, rows: CategoryValues[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const batch of chunks(rows)) {
    const saved = await tx
      .insert(categories)
      .values(batch)
      .onConflictDoUpdate({
        target: [categories.venueId, categories.key],
        set: {
          name: excluded(categories.name),
          position: excluded(categories.position),
          taxRate: excluded(categories.taxRate),
          hours: excluded(categories.hours),
          station: excluded(categories.station),
        },
      })
      .returning({ id: categories.id, key: categories.key });
    for (const r of saved) ids.set(r.key, r.id);
  }
  return ids;
}

export async function deleteCategoriesExcept(tx: Db, venueId: string, keys: string[]): Promise<void> {
  await tx.delete(categories).where(and(eq(categories.venueId, venueId), notIn(categories.key, keys)));
}

/** Upserts by (venue, key) so a product keeps its id across imports; returns key -> id. */
export async function upsertProducts(tx: Db, rows: ProductValues[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const batch of chunks(rows)) {
    const saved = await tx
      .insert(products)
      .values(batch)
      .onConflictDoUpdate({
        target: [products.venueId, products.key],
        set: {
          name: excluded(products.name),
          description: excluded(products.description),
          priceMinor: excluded(products.priceMinor),
          taxRate: excluded(products.taxRate),
          image: excluded(products.image),
          status: excluded(products.status),
          recommended: excluded(products.recommended),
          preferences: excluded(products.preferences),
          allergenes: excluded(products.allergenes),
          position: excluded(products.position),
          updatedAt: sql`now()`,
        },
      })
      .returning({ id: products.id, key: products.key });
    for (const r of saved) ids.set(r.key, r.id);
  }
  return ids;
}

export async function deleteProductsExcept(tx: Db, venueId: string, keys: string[]): Promise<void> {
  await tx.delete(products).where(and(eq(products.venueId, venueId), notIn(products.key, keys)));
}

const productIdsOf = (tx: Db, venueId: string) =>
  tx.select({ id: products.id }).from(products).where(eq(products.venueId, venueId));

export async function replaceProductCategories(
  tx: Db,
  venueId: string,
  links: { productId: string; categoryId: string }[],
): Promise<void> {
  await tx.delete(productCategories).where(inArray(productCategories.productId, productIdsOf(tx, venueId)));
  for (const batch of chunks(links)) await tx.insert(productCategories).values(batch);
}

/**
 * Upserts option groups by (product, key); deletes the venue's other groups (their variations become
 * free extras until replaceVariations sets them). Returns `${productId}|${key}` -> id.
 */
export async function replaceVariationGroups(
  tx: Db,
  venueId: string,
  rows: VariationGroupValues[],
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const batch of chunks(rows)) {
    const saved = await tx
      .insert(variationGroups)
      .values(batch)
      .onConflictDoUpdate({
        target: [variationGroups.productId, variationGroups.key],
        set: {
          name: excluded(variationGroups.name),
          minChoices: excluded(variationGroups.minChoices),
          maxChoices: excluded(variationGroups.maxChoices),
          position: excluded(variationGroups.position),
        },
      })
      .returning({ id: variationGroups.id, productId: variationGroups.productId, key: variationGroups.key });
    for (const r of saved) ids.set(`${r.productId}|${r.key}`, r.id);
  }
  await tx
    .delete(variationGroups)
    .where(
      and(inArray(variationGroups.productId, productIdsOf(tx, venueId)), notIn(variationGroups.id, [...ids.values()])),
    );
  return ids;
}

/** Upserts by (product, key); deletes the venue's other variations. */
export async function replaceVariations(tx: Db, venueId: string, rows: VariationValues[]): Promise<void> {
  const kept: string[] = [];
  for (const batch of chunks(rows)) {
    const saved = await tx
      .insert(variations)
      .values(batch)
      .onConflictDoUpdate({
        target: [variations.productId, variations.key],
        set: {
          name: excluded(variations.name),
          priceVariationMinor: excluded(variations.priceVariationMinor),
          groupId: excluded(variations.groupId),
          preferences: excluded(variations.preferences),
          allergenes: excluded(variations.allergenes),
          position: excluded(variations.position),
        },
      })
      .returning({ id: variations.id });
    kept.push(...saved.map((r) => r.id));
  }
  await tx
    .delete(variations)
    .where(and(inArray(variations.productId, productIdsOf(tx, venueId)), notIn(variations.id, kept)));
}

// Reads for the export

export async function listCategories(q: Db, venueId: string) {
  return q
    .select({
      id: categories.id,
      key: categories.key,
      name: categories.name,
      taxRate: categories.taxRate,
      hours: categories.hours,
      station: categories.station,
    })
    .from(categories)
    .where(eq(categories.venueId, venueId))
    .orderBy(asc(categories.position), asc(categories.key));
}

export async function listProducts(q: Db, venueId: string) {
  return q
    .select()
    .from(products)
    .where(eq(products.venueId, venueId))
    .orderBy(asc(products.position), asc(products.key));
}

export async function listProductCategoryKeys(q: Db, venueId: string) {
  return q
    .select({ productId: productCategories.productId, categoryKey: categories.key })
    .from(productCategories)
    .innerJoin(categories, eq(categories.id, productCategories.categoryId))
    .where(eq(categories.venueId, venueId))
    .orderBy(asc(categories.position), asc(categories.key));
}

export async function listVariations(q: Db, venueId: string) {
  return q
    .select({
      productId: variations.productId,
      key: variations.key,
      name: variations.name,
      priceVariationMinor: variations.priceVariationMinor,
      preferences: variations.preferences,
      allergenes: variations.allergenes,
    })
    .from(variations)
    .innerJoin(products, eq(products.id, variations.productId))
    .where(eq(products.venueId, venueId))
    .orderBy(asc(variations.productId), asc(variations.position), asc(variations.key));
}

/** The venue's option groups with the keys of their variations, in menu order. */
export async function listVariationGroups(q: Db, venueId: string) {
  return q
    .select({
      id: variationGroups.id,
      productId: variationGroups.productId,
      key: variationGroups.key,
      name: variationGroups.name,
      min: variationGroups.minChoices,
      max: variationGroups.maxChoices,
      variationKeys: sql<
        string[]
      >`coalesce((select jsonb_agg(${variations.key} order by ${variations.position}, ${variations.key}) from ${variations} where ${variations.groupId} = ${variationGroups.id}), '[]'::jsonb)`,
    })
    .from(variationGroups)
    .innerJoin(products, eq(products.id, variationGroups.productId))
    .where(eq(products.venueId, venueId))
    .orderBy(asc(variationGroups.productId), asc(variationGroups.position), asc(variationGroups.key));
}
