import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { categories, productCategories, venues, type PauseColumn } from '../../db/schema.ts';

export async function findVenueById(q: Db, venueId: string) {
  const [row] = await q.select().from(venues).where(eq(venues.id, venueId)).limit(1);
  return row;
}

/** The categories of a venue as the availability rules read them, in menu order. */
export async function listServiceCategories(q: Db, venueId: string) {
  return q
    .select({ id: categories.id, name: categories.name, hours: categories.hours, pause: categories.pause })
    .from(categories)
    .where(eq(categories.venueId, venueId))
    .orderBy(asc(categories.position), asc(categories.key));
}

/** product id -> its category ids, for the given products. */
export async function categoriesOfProducts(q: Db, productIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (productIds.length === 0) return out;
  const rows = await q
    .select({ productId: productCategories.productId, categoryId: productCategories.categoryId })
    .from(productCategories)
    .where(inArray(productCategories.productId, productIds));
  for (const r of rows) out.set(r.productId, [...(out.get(r.productId) ?? []), r.categoryId]);
  return out;
}

/**
 * Sets (or clears, with null) the pause of the venue or of one of its categories, and moves the
 * venue's updated_at: the public venue of every process is rebuilt from it. Returns false when the
 * category is not the venue's.
 */
export async function writePause(
  tx: Db,
  venueId: string,
  categoryId: string | undefined,
  pause: PauseColumn | null,
): Promise<boolean> {
  if (categoryId) {
    const rows = await tx
      .update(categories)
      .set({ pause })
      .where(and(eq(categories.id, categoryId), eq(categories.venueId, venueId)))
      .returning({ id: categories.id });
    if (rows.length === 0) return false;
    await tx
      .update(venues)
      .set({ updatedAt: sql`now()` })
      .where(eq(venues.id, venueId));
    return true;
  }
  const rows = await tx
    .update(venues)
    .set({ pause, updatedAt: sql`now()` })
    .where(eq(venues.id, venueId))
    .returning({ id: venues.id });
  return rows.length > 0;
}
