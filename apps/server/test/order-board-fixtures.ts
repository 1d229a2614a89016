import type { PublicOrder } from '@carte/domain';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/client.ts';
import { createOrderingVenue, type OrderingVenue } from './factories.ts';
import { insertStaffUser, signIn, type StaffAccount } from './staff-fixtures.ts';

/**
 * An ordering venue with its owner and manager, and a second venue whose manager must not see or
 * move the first one's orders. Tokens are json-mode bearer tokens.
 */
export interface BoardFixture {
  v: OrderingVenue;
  other: OrderingVenue;
  accounts: Record<'owner' | 'manager' | 'otherManager', StaffAccount>;
  tokens: Record<'owner' | 'manager' | 'otherManager', string>;
  headers(who: 'owner' | 'manager' | 'otherManager' | 'none'): Record<string, string>;
}

let seq = 0;

export async function createBoardFixture(app: FastifyInstance, db: Db): Promise<BoardFixture> {
  const prefix = `board${++seq}-${Date.now().toString(36)}`;
  const v = await createOrderingVenue(db);
  const other = await createOrderingVenue(db);
  const password = 'a long staff password';
  const owner = await insertStaffUser(db, {
    email: `${prefix}-owner@example.com`,
    password,
    roles: [{ venueId: v.venue.id, role: 'owner' }],
  });
  const manager = await insertStaffUser(db, {
    email: `${prefix}-manager@example.com`,
    password,
    roles: [{ venueId: v.venue.id, role: 'manager' }],
  });
  const otherManager = await insertStaffUser(db, {
    email: `${prefix}-other@example.com`,
    password,
    roles: [{ venueId: other.venue.id, role: 'manager' }],
  });
  const tokens = {
    owner: (await signIn(app, owner.email, password)).access_token,
    manager: (await signIn(app, manager.email, password)).access_token,
    otherManager: (await signIn(app, otherManager.email, password)).access_token,
  };
  return {
    v,
    other,
    accounts: { owner, manager, otherManager },
    tokens,
    headers: (who): Record<string, string> => (who === 'none' ? {} : { authorization: `Bearer ${tokens[who]}` }),
  };
}

export const DELIVERY_INFO = {
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+393331234567',
  fullAddress: 'Via Roma 12, 00100 Roma',
};

export function tableOrderBody(v: OrderingVenue, over: Record<string, unknown> = {}) {
  return {
    venueUrl: v.venue.venueUrl,
    venueId: v.venue.id,
    items: [
      { productId: v.product.pizza, variationIds: [v.variation['pizza.extra']], quantity: 2, notes: 'no basil' },
      { productId: v.product.water, variationIds: [], quantity: 1 },
    ],
    spot: '2',
    delivery: false,
    ...over,
  };
}

/** Places an order through the API (in-process); throws with the answer unless 200. */
export async function placeOrder(
  app: FastifyInstance,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<PublicOrder> {
  const res = await app.inject({ method: 'POST', url: '/api/order', payload: body, headers });
  if (res.statusCode !== 200) throw new Error(`placing the order failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: PublicOrder }).data;
}

/** A delivery order with a live quote from the venue's own fee. */
export async function placeDeliveryOrder(app: FastifyInstance, v: OrderingVenue): Promise<PublicOrder> {
  const q = await app.inject({
    method: 'POST',
    url: '/api/delivery-quote',
    payload: { venueUrl: v.venue.venueUrl, deliveryAddress: DELIVERY_INFO.fullAddress },
  });
  if (q.statusCode !== 200) throw new Error(`quote failed: ${q.statusCode} ${q.body}`);
  const quote = (q.json() as { data: { fee: number; quoteId: string } }).data;
  return placeOrder(app, {
    venueUrl: v.venue.venueUrl,
    venueId: v.venue.id,
    items: [{ productId: v.product.burrata, variationIds: [], quantity: 1 }],
    spot: 'delivery',
    delivery: true,
    deliveryCost: quote.fee,
    deliveryQuoteId: quote.quoteId,
    deliveryInfo: DELIVERY_INFO,
  });
}
