import type { PublicOrder } from '@carte/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema.ts';
import {
  createBoardFixture,
  DELIVERY_INFO,
  placeDeliveryOrder,
  type BoardFixture,
} from '../../../test/order-board-fixtures.ts';
import { openSse } from '../../../test/sse-client.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { dbKinds } from '../../../test/test-db.ts';
import { maskEmail, maskPhone, maskWords } from './guest-privacy.ts';

describe('masking a guest’s delivery details', () => {
  it('keeps a first character per word, the last two digits of a phone and the shape of an e-mail', () => {
    expect(maskWords('Ada Lovelace')).toBe('A•• L•••••••');
    expect(maskWords('Via Roma 12, 00100')).toBe('V•• R••• 1•• 0••••');
    expect(maskWords('ร้านอาหาร')).toMatch(/^ร•+$/u);
    expect(maskPhone('+39 333 1234567')).toBe('••••••••••67');
    expect(maskEmail('ada@example.com')).toBe('a••@e••••••.c••');
  });
});

/**
 * Issue 16 item 6: GET /api/order (whoever holds the link) shows the guest's delivery details in
 * full for 24 hours after the order and masked after; the venue's staff keep them.
 */
describe.each(dbKinds)('a guest’s delivery details on the order link on %s', (kind) => {
  let t: TestApp;
  let f: BoardFixture;

  beforeAll(async () => {
    t = await createTestApp(kind, { deps: { rateLimit: { max: 100_000 } } });
    f = await createBoardFixture(t.app, t.database.db);
  });
  afterAll(async () => t?.close());

  const byLink = async (id: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/order?orderId=${id}` });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: PublicOrder }).data;
  };
  /** Moves the order's creation back by that many hours (relative to now). */
  const age = async (id: string, hours: number) => {
    await t.database.db
      .update(orders)
      .set({ dateCreated: sql`now() - make_interval(hours => ${hours})` })
      .where(eq(orders.id, id));
  };

  it('shows them in full within 24 hours, masked after; the staff list keeps them whole', async () => {
    const placed = await placeDeliveryOrder(t.app, f.v);
    await age(placed.id, 23);
    expect((await byLink(placed.id)).delivery_info).toMatchObject(DELIVERY_INFO);

    await age(placed.id, 25);
    const masked = (await byLink(placed.id)).delivery_info!;
    expect(masked).toEqual({
      fullName: 'A•• L•••••••',
      fullAddress: maskWords(DELIVERY_INFO.fullAddress),
      email: 'a••@e••••••.c••',
      phone: maskPhone(DELIVERY_INFO.phone),
    });
    for (const value of Object.values(DELIVERY_INFO)) expect(JSON.stringify(masked)).not.toContain(value);

    const staff = await t.app.inject({
      method: 'GET',
      url: `/api/venue/orders?venueId=${f.v.venue.id}`,
      headers: f.headers('manager'),
    });
    const listed = (staff.json() as { data: { orders: PublicOrder[] } }).data.orders.find((o) => o.id === placed.id);
    expect(listed?.delivery_info).toMatchObject(DELIVERY_INFO);
  });

  it('masks them on the guest’s live stream too after 24 hours', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const placed = await placeDeliveryOrder(t.app, f.v);
    await age(placed.id, 25);
    const guest = await openSse(`${base}/api/order/stream?orderId=${placed.id}`);
    const first = await guest.waitFor((e) => e.event === 'order.updated');
    guest.close();
    expect((JSON.parse(first.data) as PublicOrder).delivery_info?.fullName).toBe('A•• L•••••••');
  });
});
