import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * Gives a paid order the venue's next receipt number, in the caller's transaction (issue 19 item 3).
 * One statement: the order row is locked and must have no number yet; only then does the venue's
 * counter move, and both changes commit or roll back together. A second payment of the same order
 * (a webhook after confirm-payment, another process) waits for the lock, then finds the number
 * given and takes none: no gap, no duplicate, whatever the number of server processes.
 * Returns the order's number (new or already given), or null when there is no such order.
 */
export async function assignReceiptNumber(tx: Db, orderId: string): Promise<number | null> {
  const result = (await tx.execute(sql`
    with o as (
      select id, venue_id from orders where id = ${orderId}::uuid and receipt_number is null for update
    ), seq as (
      update venues set receipt_seq = receipt_seq + 1 from o where venues.id = o.venue_id returning receipt_seq
    ), upd as (
      update orders set receipt_number = seq.receipt_seq, paid_at = coalesce(orders.paid_at, clock_timestamp())
      from seq where orders.id = ${orderId}::uuid
      returning orders.receipt_number
    )
    select receipt_number from upd
    union all
    select receipt_number from orders where id = ${orderId}::uuid and not exists (select 1 from upd)
  `)) as unknown as { rows: { receipt_number: number | string | null }[] };
  const n = result.rows[0]?.receipt_number;
  return n === undefined || n === null ? null : Number(n);
}

/**
 * A refund's credit note: the venue's next credit note number, once per order, in the caller's
 * transaction (same rule as receipts). Returns its number.
 */
export async function issueCreditNote(tx: Db, orderId: string, amountMinor: number): Promise<number | null> {
  // The order's lock first, in its own statement: the next statement's snapshot then sees a credit
  // note that a concurrent refund of the same order committed while this one waited.
  await tx.execute(sql`select 1 from orders where id = ${orderId}::uuid for update`);
  const result = (await tx.execute(sql`
    with o as (
      select id, venue_id from orders where id = ${orderId}::uuid
        and not exists (select 1 from credit_notes where order_id = ${orderId}::uuid)
    ), seq as (
      update venues set credit_note_seq = credit_note_seq + 1 from o where venues.id = o.venue_id
      returning credit_note_seq, venues.id as venue_id
    ), ins as (
      insert into credit_notes (venue_id, order_id, number, amount_minor)
      select seq.venue_id, ${orderId}::uuid, seq.credit_note_seq, ${amountMinor}::bigint from seq
      returning number
    )
    select number from ins
    union all
    select number from credit_notes where order_id = ${orderId}::uuid and not exists (select 1 from ins)
  `)) as unknown as { rows: { number: number | string }[] };
  const n = result.rows[0]?.number;
  return n === undefined ? null : Number(n);
}
