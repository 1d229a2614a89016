import { parseOrderRequest } from '@carte/domain';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client.ts';
import { creditNotes, orders } from '../../db/schema.ts';
import { createOrderingVenue, type OrderingVenue } from '../../../test/factories.ts';
import { createTestDatabase, dbKinds, type TestDatabase } from '../../../test/test-db.ts';
import { createOrdersService } from '../orders/orders.service.ts';
import { assignReceiptNumber, issueCreditNote } from './receipts.service.ts';

describe.each(dbKinds)('receipt and credit note numbers on %s', (kind) => {
  let database: TestDatabase;
  /** A second connection pool on the same database: another server process's. */
  let other: Database;
  let v: OrderingVenue;
  let w: OrderingVenue;
  const ORDERS = kind === 'postgres' ? 200 : 40;
  const ids: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    other = kind === 'postgres' ? await openDatabase({ databaseUrl: database.url!, poolSize: 20 }) : database;
    v = await createOrderingVenue(database.db);
    w = await createOrderingVenue(database.db);
    const service = createOrdersService({ db: database.db });
    for (let i = 0; i < ORDERS; i++) {
      const order = await service.placeOrder(
        parseOrderRequest({
          venueUrl: v.venue.venueUrl,
          venueId: v.venue.id,
          items: [{ productId: v.product.water, variationIds: [], quantity: 1 + (i % 3) }],
          spot: '1',
          delivery: false,
        }),
        null,
      );
      ids.push(order.id);
    }
  }, 300_000);
  afterAll(async () => {
    if (other !== database) await other?.close();
    await database?.close();
  });

  it('numbers concurrent payments from two processes 1..N with no gap and no duplicate, once per order', async () => {
    // Every order paid twice at once (a confirm and a webhook), half through each process.
    const pay = (db: Database, id: string) => db.db.transaction((tx) => assignReceiptNumber(tx, id));
    await Promise.all(ids.flatMap((id, i) => [pay(i % 2 ? database : other, id), pay(i % 2 ? other : database, id)]));
    const rows = await database.db
      .select({ n: orders.receiptNumber, paidAt: orders.paidAt })
      .from(orders)
      .where(eq(orders.venueId, v.venue.id))
      .orderBy(asc(orders.receiptNumber));
    expect(rows.map((r) => r.n)).toEqual(Array.from({ length: ORDERS }, (_, i) => i + 1));
    expect(rows.every((r) => r.paidAt !== null)).toBe(true);
    // Paying an order again gives it no new number.
    const before = await numberOf(ids[0]!);
    await pay(database, ids[0]!);
    expect(await numberOf(ids[0]!)).toBe(before);
    expect((await database.db.select({ n: orders.receiptNumber }).from(orders)).filter((r) => r.n !== null)).toHaveLength(ORDERS);
  }, 300_000);

  const numberOf = async (id: string) =>
    (await database.db.select({ n: orders.receiptNumber }).from(orders).where(eq(orders.id, id)))[0]!.n;

  it('keeps each venue’s numbers apart, and a rolled-back payment takes no number', async () => {
    const service = createOrdersService({ db: database.db });
    const order = await service.placeOrder(
      parseOrderRequest({
        venueUrl: w.venue.venueUrl,
        venueId: w.venue.id,
        items: [{ productId: w.product.water, variationIds: [], quantity: 1 }],
        spot: '1',
        delivery: false,
      }),
      null,
    );
    await expect(
      database.db.transaction(async (tx) => {
        await assignReceiptNumber(tx, order.id);
        throw new Error('the payment failed after all');
      }),
    ).rejects.toThrow('the payment failed after all');
    expect(await numberOf(order.id)).toBeNull();
    expect(await database.db.transaction((tx) => assignReceiptNumber(tx, order.id))).toBe(1);
  });

  it('gives a refund one credit note with its own number', async () => {
    const notes = await Promise.all(
      [ids[0]!, ids[0]!, ids[1]!].map((id) => other.db.transaction((tx) => issueCreditNote(tx, id, 500))),
    );
    const rows = await database.db
      .select({ orderId: creditNotes.orderId, number: creditNotes.number, amount: creditNotes.amountMinor })
      .from(creditNotes)
      .orderBy(asc(creditNotes.number));
    expect(rows.map((r) => r.number)).toEqual([1, 2]);
    expect(new Set(rows.map((r) => r.orderId))).toEqual(new Set([ids[0], ids[1]]));
    expect(notes.filter((n) => n !== null).length).toBeGreaterThanOrEqual(2);
  });
});
