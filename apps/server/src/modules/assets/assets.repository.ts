import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { assets } from '../../db/schema.ts';

export type AssetRow = typeof assets.$inferSelect;

export async function findAssetBySha(q: Db, venueId: string, hashes: string[]): Promise<AssetRow | undefined> {
  const rows = await q
    .select()
    .from(assets)
    .where(and(eq(assets.venueId, venueId), inArray(assets.sha256, hashes)))
    .limit(1);
  return rows[0];
}

export async function insertAsset(q: Db, row: typeof assets.$inferInsert): Promise<void> {
  await q.insert(assets).values(row);
}

export async function findAssetsByIds(q: Db, ids: string[]): Promise<AssetRow[]> {
  if (ids.length === 0) return [];
  return q.select().from(assets).where(inArray(assets.id, ids));
}
