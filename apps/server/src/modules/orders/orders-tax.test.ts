import type { PublicOrder, PublicVenueResponse } from '@carte/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, venues } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { dbKinds } from '../../../test/test-db.ts';
import { importVenue } from '../venues/venue-import.service.ts';

/** The worked examples of decision 016, as venues and orders through POST /api/order. */
const bistro = {
  venue: {
    venueUrl: 'bistro-tax',
    name: 'Bistro',
    currency: 'eur',
    spots: ['1', '2'],
    enable_uber_direct: true,
    deliveryFee: 3,
    tax: {
      mode: 'inclusive',
      rates: [
        { id: 'food', name: 'TVA 10 %', percent: 10 },
        { id: 'alcohol', name: 'TVA 20 %', percent: 20 },
      ],
      defaultRate: 'food',
    },
    legal: { name: 'Bistro SARL', address: '1 rue de Rivoli, 75001 Paris', taxId: 'FR12345678901' },
  },
  categories: [
    { id: 'mains', name: 'Mains' },
    { id: 'wine', name: 'Wine', taxRate: 'alcohol' },
  ],
  products: [
    { id: 'entrecote', name: 'Entrecôte', price: 24.5, categories: ['mains'] },
    { id: 'coffee', name: 'Coffee', price: 2.5, categories: [] },
    { id: 'carafe', name: 'Carafe of red', price: 18, categories: ['wine'] },
    // Its own rate wins over its category's.
    { id: 'grape-juice', name: 'Grape juice', price: 4, categories: ['wine'], taxRate: 'food' },
  ],
};

const baan = {
  venue: {
    venueUrl: 'baan-tax',
    name: 'Baan',
    currency: 'thb',
    spots: ['1'],
    enable_uber_direct: true,
    deliveryFee: 40,
    tax: {
      mode: 'exclusive',
      rates: [{ id: 'vat', name: 'VAT 7%', percent: 7 }],
      defaultRate: 'vat',
      serviceCharge: { percent: 10, rate: 'vat' },
    },
  },
  categories: [{ id: 'food', name: 'Food' }],
  products: [
    { id: 'pad-thai', name: 'Pad thai', price: 180, categories: ['food'] },
    { id: 'tom-yum', name: 'Tom yum', price: 220, categories: ['food'] },
    { id: 'singha', name: 'Singha', price: 120, categories: ['food'] },
  ],
};

describe.each(dbKinds)('taxes and service charge on orders on %s', (kind) => {
  let t: TestApp;
  const ids = new Map<string, { venueId: string; products: Map<string, string> }>();

  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const file of [bistro, baan]) {
      await importVenue({ db: t.database.db, storage: t.storage }, file, { baseDir: t.dataDir });
      const res = await t.app.inject({ method: 'GET', url: `/api/public/venue?venue=${file.venue.venueUrl}` });
      const body = (res.json() as { data: PublicVenueResponse }).data;
      ids.set(file.venue.venueUrl, {
        venueId: body.venue.id,
        products: new Map(body.menu.map((p) => [p.name, p.id])),
      });
    }
  });
  afterAll(async () => t?.close());

  const place = async (venueUrl: string, items: [string, number][], over: Record<string, unknown> = {}) => {
    const v = ids.get(venueUrl)!;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: {
        venueUrl,
        venueId: v.venueId,
        items: items.map(([name, quantity]) => ({ productId: v.products.get(name)!, variationIds: [], quantity })),
        spot: '1',
        delivery: false,
        ...over,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: PublicOrder }).data;
  };

  it('shows the guest the settings and each dish’s rate before ordering', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/public/venue?venue=bistro-tax' });
    const body = (res.json() as { data: PublicVenueResponse }).data;
    expect(body.venue.tax).toMatchObject({ mode: 'inclusive', defaultRate: 'food' });
    expect(Object.fromEntries(body.menu.map((p) => [p.name, p.tax_rate]))).toEqual({
      Entrecôte: null,
      Coffee: null,
      'Carafe of red': 'alcohol',
      'Grape juice': 'food',
    });
  });

  it('France, tax inside the prices: 47.50 with 2.68 and 3.00 of VAT, stored on the order', async () => {
    const order = await place('bistro-tax', [
      ['Entrecôte', 1],
      ['Coffee', 2],
      ['Carafe of red', 1],
    ]);
    expect(order).toMatchObject({
      subtotal: 47.5,
      service_charge: 0,
      tax_total: 5.68,
      tax_mode: 'inclusive',
      total: 47.5,
      receipt_number: null,
    });
    expect(order.tax).toEqual([
      { rate: 'food', name: 'TVA 10 %', percent: 10, base: 26.82, amount: 2.68 },
      { rate: 'alcohol', name: 'TVA 20 %', percent: 20, base: 15, amount: 3 },
    ]);
    const again = await t.app.inject({ method: 'GET', url: `/api/order?orderId=${order.id}` });
    expect((again.json() as { data: PublicOrder }).data.tax).toEqual(order.tax);
  });

  it('keeps the breakdown an order was placed with after the venue changes its rates', async () => {
    const order = await place('bistro-tax', [['Grape juice', 1]]);
    expect(order.tax).toEqual([{ rate: 'food', name: 'TVA 10 %', percent: 10, base: 3.64, amount: 0.36 }]);
    const [venue] = await t.database.db.select().from(venues).where(eq(venues.venueUrl, 'bistro-tax'));
    await t.database.db
      .update(venues)
      .set({ tax: { ...venue!.tax!, rates: [{ id: 'food', name: 'TVA 5,5 %', percent: 5.5 }, venue!.tax!.rates[1]!] } })
      .where(eq(venues.id, venue!.id));
    const later = await t.app.inject({ method: 'GET', url: `/api/order?orderId=${order.id}` });
    expect((later.json() as { data: PublicOrder }).data.tax).toEqual(order.tax);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.taxTotalMinor).toBe(36);
  });

  it('Thailand ++: service charge on a table order, taxed with the lines; tax added on top', async () => {
    const order = await place('baan-tax', [
      ['Pad thai', 1],
      ['Tom yum', 1],
      ['Singha', 1],
    ]);
    expect(order).toMatchObject({
      subtotal: 520,
      service_charge: 52,
      tax_total: 40.04,
      tax_mode: 'exclusive',
      total: 612.04,
    });
    expect(order.tax).toEqual([{ rate: 'vat', name: 'VAT 7%', percent: 7, base: 572, amount: 40.04 }]);
  });

  it('no service charge on a delivery order; delivery outside the tax base', async () => {
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/delivery-quote',
      payload: { venueUrl: 'baan-tax', deliveryAddress: '99 Sukhumvit Road, Bangkok 10110' },
    });
    expect(quote.statusCode, quote.body).toBe(200);
    const q = (quote.json() as { data: { fee: number; quoteId: string } }).data;
    const order = await place('baan-tax', [['Pad thai', 1]], {
      spot: 'delivery',
      delivery: true,
      deliveryCost: q.fee,
      deliveryQuoteId: q.quoteId,
      deliveryInfo: {
        fullName: 'Somchai',
        email: 's@example.com',
        phone: '+66812345678',
        fullAddress: '99 Sukhumvit Road, Bangkok 10110',
      },
    });
    expect(order).toMatchObject({ subtotal: 180, service_charge: 0, tax_total: 12.6, delivery_cost: 40, total: 232.6 });
  });

  it('refuses an import whose category names a rate the venue does not have, writing nothing', async () => {
    const bad = {
      ...bistro,
      venue: { ...bistro.venue, venueUrl: 'bistro-bad' },
      categories: [{ id: 'mains', name: 'Mains', taxRate: 'luxury' }],
      products: [],
    };
    await expect(
      importVenue({ db: t.database.db, storage: t.storage }, bad, { baseDir: t.dataDir }),
    ).rejects.toMatchObject({
      code: 'IMPORT_INVALID',
      issues: [{ path: 'categories[0].taxRate', message: 'unknown tax rate "luxury"' }],
    });
    const rows = await t.database.db.select().from(venues).where(eq(venues.venueUrl, 'bistro-bad'));
    expect(rows).toEqual([]);
  });
});
