import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { deliveryQuotes } from '../../db/schema.ts';

export type DeliveryQuoteRow = typeof deliveryQuotes.$inferSelect;

export async function insertDeliveryQuote(
  q: Db,
  values: {
    venueId: string;
    provider: string;
    providerRef: string | null;
    address: string;
    feeMinor: number;
    expiresAt: Date;
  },
): Promise<DeliveryQuoteRow> {
  const [row] = await q.insert(deliveryQuotes).values(values).returning();
  return row!;
}

/** A quote of this venue that is still valid at `now`, by its id. */
export async function findLiveQuoteById(
  q: Db,
  venueId: string,
  id: string,
  now: Date,
): Promise<DeliveryQuoteRow | undefined> {
  const [row] = await q
    .select()
    .from(deliveryQuotes)
    .where(and(eq(deliveryQuotes.id, id), eq(deliveryQuotes.venueId, venueId), gt(deliveryQuotes.expiresAt, now)))
    .limit(1);
  return row;
}

/** The newest still-valid quote of this venue for this (normalised) address and fee. */
export async function findLiveQuoteFor(
  q: Db,
  venueId: string,
  address: string,
  feeMinor: number,
  now: Date,
): Promise<DeliveryQuoteRow | undefined> {
  const [row] = await q
    .select()
    .from(deliveryQuotes)
    .where(
      and(
        eq(deliveryQuotes.venueId, venueId),
        eq(deliveryQuotes.feeMinor, feeMinor),
        gt(deliveryQuotes.expiresAt, now),
        sql`lower(${deliveryQuotes.address}) = ${address.toLowerCase()}`,
      ),
    )
    .orderBy(desc(deliveryQuotes.createdAt))
    .limit(1);
  return row;
}

/** Quotes expired for a day are of no further use. */
export async function deleteExpiredQuotes(q: Db, before: Date): Promise<void> {
  await q.delete(deliveryQuotes).where(sql`${deliveryQuotes.expiresAt} < ${before}`);
}
