import { MAX_ORDER_TOTAL_MINOR, type PublicOrder } from '@carte/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders } from '../../db/schema.ts';
import { createOrderingVenue, type OrderingVenue } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { dbKinds } from '../../../test/test-db.ts';

/**
 * Issue 16 item 6: amounts are 64-bit in the database. Three dishes at 100000 ordered 99 times each
 * (29,700,000.00, beyond a 32-bit column's 21,474,836.47) are stored and read back exactly; a total
 * above the stated maximum (99,999,999.99) is a 422 naming it, with nothing written.
 */
describe.each(dbKinds)('order totals beyond 32 bits on %s', (kind) => {
  let t: TestApp;
  let v: OrderingVenue;
  const dishes = ['caviar', 'truffle', 'wagyu'];

  beforeAll(async () => {
    t = await createTestApp(kind, { deps: { rateLimit: { max: 100_000 } } });
    v = await createOrderingVenue(t.database.db, {
      menu: dishes.map((key) => ({ key, name: key, priceMinor: 10_000_000 })),
    });
  });
  afterAll(async () => t?.close());

  const place = (items: { productId: string; variationIds: string[]; quantity: number; notes?: string }[]) =>
    t.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: { venueUrl: v.venue.venueUrl, venueId: v.venue.id, items, spot: '1', delivery: false },
    });

  it('stores three dishes at 100000 x 99 and reads the total back', async () => {
    const res = await place(dishes.map((d) => ({ productId: v.product[d]!, variationIds: [], quantity: 99 })));
    expect(res.statusCode, res.body).toBe(200);
    const order = (res.json() as { data: PublicOrder }).data;
    expect(order.total).toBe(29_700_000);
    expect(order.items.map((i) => i.total)).toEqual([9_900_000, 9_900_000, 9_900_000]);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.totalMinor).toBe(2_970_000_000);
    const again = await t.app.inject({ method: 'GET', url: `/api/order?orderId=${order.id}` });
    expect((again.json() as { data: PublicOrder }).data.total).toBe(29_700_000);
  });

  it('refuses a total above the maximum with a 422 naming it; nothing is written', async () => {
    const before = (await t.database.db.select({ id: orders.id }).from(orders)).length;
    const lines = Math.floor(MAX_ORDER_TOTAL_MINOR / (10_000_000 * 99)) + 1;
    // Different notes keep the lines apart (the same dish, at most 99 per line).
    const items = Array.from({ length: lines }, (_, i) => ({
      productId: v.product.caviar!,
      variationIds: [],
      quantity: 99,
      notes: `plate ${i}`,
    }));
    const res = await place(items);
    expect(res.statusCode, res.body).toBe(422);
    const body = res.json() as { success: boolean; code: string; error: string; issues?: { path: string }[] };
    expect(body).toMatchObject({ success: false, code: 'ORDER_TOTAL_TOO_HIGH' });
    expect(body.error).toContain('99,999,999.99');
    expect((await t.database.db.select({ id: orders.id }).from(orders)).length).toBe(before);
    expect(await t.database.db.select().from(orderItems).where(eq(orderItems.notes, 'plate 0'))).toHaveLength(0);
  });
});
