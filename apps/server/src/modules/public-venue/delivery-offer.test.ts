import type { PublicVenueResponse } from '@carte/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { venues } from '../../db/schema.ts';
import { insertVenue } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { dbKinds } from '../../../test/test-db.ts';
import { courierConfigured, offersDelivery, unquotableDeliveryWarning } from './delivery-offer.ts';

const UBER = {
  UBER_DIRECT_CUSTOMER_ID: 'customer-1',
  UBER_DIRECT_CLIENT_ID: 'client-1',
  UBER_DIRECT_CLIENT_SECRET: 'secret-1',
};

describe('delivery is offered only where it can be quoted', () => {
  it.each<[string, boolean, number | null, boolean, boolean]>([
    ['enabled with a fee', true, 390, false, true],
    ['enabled with a free delivery fee', true, 0, false, true],
    ['enabled with a courier and no fee', true, null, true, true],
    ['enabled with neither', true, null, false, false],
    ['disabled with a fee and a courier', false, 390, true, false],
  ])('%s', (_name, enableUberDirect, deliveryFeeMinor, courier, offered) => {
    expect(offersDelivery({ enableUberDirect, deliveryFeeMinor }, courier)).toBe(offered);
    // The import warns exactly when the venue asks for delivery nobody can quote.
    expect(unquotableDeliveryWarning({ enableUberDirect, deliveryFeeMinor }, courier) !== null).toBe(
      enableUberDirect && !offered,
    );
  });

  it.each<[Record<string, string | undefined>, boolean]>([
    [UBER, true],
    [{ ...UBER, UBER_DIRECT_CLIENT_SECRET: undefined }, false],
    [{ ...UBER, UBER_DIRECT_CUSTOMER_ID: '' }, false],
    [{}, false],
  ])('courierConfigured(%j) = %s', (env, expected) => {
    expect(courierConfigured(env)).toBe(expected);
  });

  it('names what to set in its warning', () => {
    expect(unquotableDeliveryWarning({ enableUberDirect: true, deliveryFeeMinor: null }, false)).toMatch(
      /^Warning: enable_uber_direct is on but the venue has no deliveryFee and Uber Direct is not configured/,
    );
  });
});

describe.each(dbKinds)('GET /api/public/venue enable_uber_direct on %s', (kind) => {
  let plain: TestApp;
  let withCourier: TestApp;

  async function seed(t: TestApp) {
    const db = t.database.db;
    const rows: [string, boolean, number | null][] = [
      ['with-fee', true, 390],
      ['no-fee', true, null],
      ['off', false, 390],
    ];
    for (const [venueUrl, enableUberDirect, deliveryFeeMinor] of rows) {
      const { venue } = await insertVenue(db, { venueUrl });
      await db.update(venues).set({ enableUberDirect, deliveryFeeMinor }).where(eq(venues.id, venue.id));
    }
  }

  beforeAll(async () => {
    plain = await createTestApp(kind);
    withCourier = await createTestApp(kind, { env: UBER });
    await seed(plain);
    await seed(withCourier);
  });
  afterAll(async () => {
    await plain?.close();
    await withCourier?.close();
  });

  const offered = async (t: TestApp, venueUrl: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/public/venue?venue=${venueUrl}` });
    expect(res.statusCode).toBe(200);
    return (res.json() as { data: PublicVenueResponse }).data.venue.enable_uber_direct;
  };

  it.each<[string, boolean, boolean]>([
    ['with-fee', true, true],
    ['no-fee', false, true],
    ['off', false, false],
  ])('%s: %s without a courier, %s with Uber Direct configured', async (venueUrl, bare, courier) => {
    expect(await offered(plain, venueUrl)).toBe(bare);
    expect(await offered(withCourier, venueUrl)).toBe(courier);
  });
});
