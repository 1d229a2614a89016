import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrderingVenue, type OrderingVenue } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { dbKinds } from '../../test/test-db.ts';
import { REDACTED, scrubLogObject, scrubMessage, scrubUrl, serializeError } from './log-redaction.ts';

const GUEST = {
  fullName: 'Ada Lovelace',
  email: 'ada.lovelace@example.com',
  phone: '+393331234567',
  fullAddress: 'Via Roma 12, 00100 Roma',
  notes: 'Ring twice, the blue door',
};

describe('log redaction rules', () => {
  it('cuts the parameters from a driver error, keeps what helps to debug', () => {
    const pgError = Object.assign(new Error('new row for relation "orders" violates check constraint "no_orders"'), {
      code: '23514',
      severity: 'ERROR',
      table: 'orders',
      constraint: 'no_orders',
      detail: `Failing row contains (${GUEST.fullName}, ${GUEST.email}).`,
      parameters: [GUEST.fullName, GUEST.email],
    });
    const error = new DrizzleQueryError(
      'insert into "orders" ("name", "email") values ($1, $2)',
      [GUEST.fullName, GUEST.email],
      pgError,
    );
    const out = JSON.stringify(serializeError(error));
    for (const value of [GUEST.fullName, GUEST.email]) expect(out).not.toContain(value);
    expect(out).not.toContain('Failing row');
    expect(serializeError(error)).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Failed query: insert into "orders" ...',
      cause: { type: 'Error', code: '23514', constraint: 'no_orders', table: 'orders' },
    });
  });

  it.each([
    ['invalid input syntax for type uuid: "ada@example.com"', `invalid input syntax for type uuid: ${REDACTED}`],
    [
      'duplicate key value violates unique constraint "users_email" Key (email)=(ada@example.com) already exists.',
      `duplicate key value violates unique constraint "users_email" Key (email)=(${REDACTED}) already exists.`,
    ],
    ['Connection terminated unexpectedly', 'Connection terminated unexpectedly'],
  ])('scrubMessage(%j)', (message, expected) => {
    expect(scrubMessage(message)).toBe(expected);
  });

  it('replaces sensitive keys at any depth, and the values of a logged URL query', () => {
    const out = scrubLogObject({
      url: '/api/address?q=Via%20Roma%2012&language=it',
      req: { headers: { authorization: 'Bearer abc', cookie: 'carte_session=xyz', host: 'x' } },
      order: { deliveryInfo: { fullName: GUEST.fullName }, items: [{ notes: 'no onions' }] },
      user: { email: GUEST.email, password: 'secret', role: 'owner' },
      body: { anything: 'at all' },
      status: 500,
    });
    expect(out).toEqual({
      url: `/api/address?q=${REDACTED}&language=${REDACTED}`,
      req: { headers: { authorization: REDACTED, cookie: REDACTED, host: 'x' } },
      order: { deliveryInfo: REDACTED, items: [{ notes: REDACTED }] },
      user: { email: REDACTED, password: REDACTED, role: 'owner' },
      body: REDACTED,
      status: 500,
    });
    expect(scrubUrl('/api/public/venue')).toBe('/api/public/venue');
  });
});

describe.each(dbKinds)('no personal data in the logs of a failing order, on %s', (kind) => {
  let t: TestApp;
  let v: OrderingVenue;
  const lines: string[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    t = await createTestApp(kind, { deps: { logger: { level: 'trace', stream } } });
    v = await createOrderingVenue(t.database.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('logs the database error with its constraint, and not the guest name, email, phone, address, notes or tokens', async () => {
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/delivery-quote',
      payload: { venueUrl: v.venue.venueUrl, deliveryAddress: GUEST.fullAddress },
    });
    expect(quote.statusCode).toBe(200);
    const suggestions = await t.app.inject({
      method: 'GET',
      url: `/api/address?q=${encodeURIComponent(GUEST.fullAddress)}`,
    });
    expect(suggestions.statusCode).toBe(200);

    // A driver error on the order's insert: every new order breaks a check constraint.
    await t.database.db.execute(
      sql.raw('alter table orders add constraint carte_test_no_orders check (false) not valid'),
    );
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/order',
        headers: {
          'content-type': 'application/json',
          'idempotency-key': 'key-4f1d9a7c',
          cookie: 'carte_session=session-token-8c2e',
          authorization: 'Bearer bearer-token-77aa',
        },
        payload: {
          venueUrl: v.venue.venueUrl,
          venueId: v.venue.id,
          items: [{ productId: v.product.water, variationIds: [], quantity: 1 }],
          spot: 'delivery',
          delivery: true,
          deliveryCost: quote.json().data.fee,
          deliveryInfo: GUEST,
        },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ success: false });
    } finally {
      await t.database.db.execute(sql.raw('alter table orders drop constraint carte_test_no_orders'));
    }

    await new Promise((r) => setTimeout(r, 50));
    const log = lines.join('\n');
    // The failure is there, with what a developer needs...
    const failed = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.level === 50);
    expect(failed.length).toBeGreaterThan(0);
    expect(log).toContain('carte_test_no_orders');
    expect(log).toContain('23514');
    // ...and nothing of the guest.
    for (const value of [
      GUEST.fullName,
      'Lovelace',
      GUEST.email,
      GUEST.phone,
      '3331234567',
      GUEST.fullAddress,
      'Via Roma',
      'Via%20Roma',
      GUEST.notes,
      'Ring twice',
      'key-4f1d9a7c',
      'session-token-8c2e',
      'bearer-token-77aa',
    ]) {
      expect(log, `the log holds ${value}`).not.toContain(value);
    }
  });
});
