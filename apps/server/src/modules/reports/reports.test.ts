import {
  aggregateSales,
  computeOrderTaxes,
  LINE_CSV_COLUMNS,
  localDateOf,
  ORDER_CSV_COLUMNS,
  parseCsv,
  PICKUP_SPOT,
  type ReportOrder,
  type SalesReportAnswer,
  type TaxSettings,
  type ZListAnswer,
  type ZReport,
} from '@carte/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { categories, creditNotes, orderItems, orders, productCategories, products, venues } from '../../db/schema.ts';
import { insertVenue } from '../../../test/factories.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import {
  createStaffFixture,
  insertStaffUser,
  signIn,
  type Persona,
  type StaffFixture,
} from '../../../test/staff-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { dbKinds } from '../../../test/test-db.ts';
import { issueCreditNote } from '../receipts/receipts.service.ts';
import { renderZReportPdf } from './z-report-pdf.ts';

const france: TaxSettings = {
  mode: 'inclusive',
  rates: [
    { id: 'food', name: 'TVA 10 %', percent: 10 },
    { id: 'alcohol', name: 'TVA 20 %', percent: 20 },
  ],
  defaultRate: 'food',
};

interface Dish {
  id: string;
  name: string;
  price: number;
  rate: string;
  category: { id: string; name: string } | null;
}

interface Placed {
  id: string;
  day: string;
  report: ReportOrder;
  total: number;
}

describe.each(dbKinds)('sales and Z reports on %s', (kind) => {
  let t: TestApp;
  let f: StaffFixture;
  let db: Db;
  let venueId: string;
  let clock = Date.parse('2026-03-29T12:00:00Z');
  const dishes: Record<string, Dish> = {};
  const placed: Placed[] = [];
  const refunds: { amount: number; tax: number }[] = [];
  let seq = 0;

  async function place(
    paidAt: string | null,
    lines: [string, number][],
    o: { spot?: string; method?: string | null; tip?: number; delivery?: boolean } = {},
  ): Promise<Placed | null> {
    seq += 1;
    const priced = lines.map(([key, quantity]) => {
      const d = dishes[key]!;
      return { d, quantity, amount: d.price * quantity };
    });
    const taxes = computeOrderTaxes(
      france,
      priced.map((l) => ({ amount: l.amount, rate: l.d.rate })),
      {
        serviceCharge: false,
      },
    );
    const deliveryCost = o.delivery ? 450 : 0;
    const total = taxes.total + deliveryCost;
    const [row] = await db
      .insert(orders)
      .values({
        number: seq,
        venueId,
        status: paidAt ? 'served' : 'placed',
        paymentStatus: paidAt ? 'paid' : 'unpaid',
        tipMinor: o.tip ?? 0,
        spot: o.spot ?? '1',
        delivery: o.delivery ?? false,
        currency: 'eur',
        subtotalMinor: taxes.subtotal,
        tax: taxes.tax,
        taxTotalMinor: taxes.taxTotal,
        taxMode: 'inclusive',
        receiptNumber: paidAt ? seq : null,
        paidAt: paidAt ? new Date(paidAt) : null,
        deliveryCostMinor: deliveryCost,
        totalMinor: total,
        paidMethod: o.method ?? null,
      })
      .returning({ id: orders.id });
    for (const [i, l] of priced.entries())
      await db.insert(orderItems).values({
        orderId: row!.id,
        productId: l.d.id,
        name: l.d.name,
        unitPriceMinor: l.d.price,
        quantity: l.quantity,
        lineTotalMinor: l.amount,
        position: i,
      });
    if (!paidAt) return null;
    const p: Placed = {
      id: row!.id,
      day: localDateOf(Date.parse(paidAt), 'Europe/Paris'),
      total,
      report: {
        paid_at: Date.parse(paidAt),
        spot: o.spot ?? '1',
        delivery: o.delivery ?? false,
        method: o.method ?? 'card',
        subtotal: taxes.subtotal,
        service_charge: 0,
        delivery_cost: deliveryCost,
        tax_total: taxes.taxTotal,
        total,
        tip: o.tip ?? 0,
        tax: taxes.tax,
        lines: priced.map((l) => ({
          product_id: l.d.id,
          name: l.d.name,
          quantity: l.quantity,
          amount: l.amount,
          category_id: l.d.category?.id ?? null,
          category_name: l.d.category?.name ?? null,
        })),
      },
    };
    placed.push(p);
    return p;
  }

  beforeAll(async () => {
    t = await createTestApp(kind, { deps: { now: () => clock } });
    db = t.database.db;
    f = await createStaffFixture(t.app, db, 'reports');
    venueId = f.venueA.id;
    await db
      .update(venues)
      .set({ tax: france, schedule: { timezone: 'Europe/Paris' }, currency: 'eur' })
      .where(eq(venues.id, venueId));
    const cat = async (key: string, name: string, position: number) =>
      (await db.insert(categories).values({ venueId, key, name, position }).returning())[0]!;
    const pizze = await cat('pizze', 'Pizze', 0);
    const vini = await cat('vini', 'Vini', 1);
    const dolci = await cat('dolci', 'Dolci', 2);
    const dish = async (
      key: string,
      name: string,
      price: number,
      rate: string,
      cats: { id: string; name: string }[],
    ) => {
      const [p] = await db.insert(products).values({ venueId, key, name, priceMinor: price }).returning();
      for (const c of cats) await db.insert(productCategories).values({ productId: p!.id, categoryId: c.id });
      dishes[key] = {
        id: p!.id,
        name,
        price,
        rate,
        category: cats.length ? { id: cats[0]!.id, name: cats[0]!.name } : null,
      };
    };
    await dish('pizza', 'Margherita', 1150, 'food', [pizze]);
    await dish('wine', 'Chianti, 50 cl', 1800, 'alcohol', [vini]);
    // In two categories: counts in the first by position (Pizze), whatever the order they were linked in.
    await dish('tiramisu', 'Tiramisù', 650, 'food', [pizze, dolci]);
    await dish('bread', 'Bread', 300, 'food', []);

    // Paris, spring forward on 2026-03-29 (a 23-hour day) and fall back on 2026-10-25 (25 hours).
    await place('2026-03-28T22:59:59Z', [['pizza', 2]]); // 23:59:59 on the 28th
    await place('2026-03-28T23:00:00Z', [['wine', 1]], { method: 'cash', tip: 200, spot: '2' }); // 00:00 on the 29th
    await place(
      '2026-03-29T00:30:00Z',
      [
        ['tiramisu', 3],
        ['bread', 1],
      ],
      { method: 'card_terminal' },
    ); // 01:30
    await place(
      '2026-03-29T01:30:00Z',
      [
        ['pizza', 1],
        ['wine', 2],
      ],
      { spot: 'Terrace A', tip: 150 },
    ); // 03:30 CEST
    await place('2026-03-29T21:59:59Z', [['bread', 2]], { delivery: true, spot: 'Via Roma 1' }); // 23:59:59 CEST
    await place('2026-03-29T22:00:00Z', [['pizza', 1]], { method: 'other' }); // 00:00 on the 30th
    await place(null, [['wine', 5]]); // never paid: never counted
    await place('2026-10-24T22:00:00Z', [['pizza', 1]]); // 00:00 on the 25th (CEST)
    await place('2026-10-25T00:30:00Z', [['wine', 1]]); // 02:30 CEST
    await place('2026-10-25T01:30:00Z', [['tiramisu', 1]]); // 02:30 CET, the same wall time again
    await place('2026-10-25T22:59:59Z', [['bread', 1]]); // 23:59:59 CET
    await place('2026-10-25T23:00:00Z', [['bread', 3]]); // 00:00 on the 26th
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, persona: Persona = 'owner') =>
    t.app.inject({ method: 'GET', url, headers: f.headers(persona) });
  const sales = async (from: string, to = from) => {
    const res = await get(`/api/venue/reports/sales?venueId=${venueId}&from=${from}&to=${to}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: SalesReportAnswer }).data;
  };
  const closeDay = (date: string, persona: Persona = 'owner') =>
    t.app.inject({
      method: 'POST',
      url: '/api/venue/reports/close-day',
      headers: f.headers(persona),
      payload: { venueId, date },
    });
  const figuresOf = (r: SalesReportAnswer) => {
    const { venue_id, currency, timezone, from, to, starts_at, ends_at, closed, ...figures } = r;
    void [venue_id, currency, timezone, from, to, starts_at, ends_at, closed];
    return figures;
  };
  const ofDays = (...days: string[]) => placed.filter((p) => days.includes(p.day));

  it.each([
    ['2026-03-28', 1],
    ['2026-03-29', 4], // 23 hours
    ['2026-03-30', 1],
    ['2026-10-25', 4], // 25 hours
    ['2026-10-26', 1],
  ])('%s in Paris: %i orders, totals the sum of those orders', async (date, count) => {
    const r = await sales(date);
    const mine = ofDays(date);
    expect(mine).toHaveLength(count);
    expect(r.orders).toBe(count);
    expect(r.gross).toBe(mine.reduce((s, p) => s + p.total, 0));
    expect(r.tax_total).toBe(mine.reduce((s, p) => s + p.report.tax_total, 0));
    expect(r.net).toBe(r.gross - r.tax_total);
    // The SQL agrees with the domain's aggregation of the same orders, field by field.
    expect(figuresOf(r)).toEqual(
      aggregateSales(
        mine.map((p) => p.report),
        [],
        'Europe/Paris',
      ),
    );
  });

  it('reads the day in its bounds: 23 hours in spring, 25 in autumn', async () => {
    const spring = await sales('2026-03-29');
    expect([spring.starts_at, spring.ends_at]).toEqual(['2026-03-29T00:00:00+01:00', '2026-03-29T23:59:59+02:00']);
    expect(spring.by_hour.filter((h) => h.orders).map((h) => h.hour)).toEqual([0, 1, 3, 23]);
    const autumn = await sales('2026-10-25');
    // 02:30 happens twice: two orders in the hour 2.
    expect(autumn.by_hour.find((h) => h.hour === 2)).toMatchObject({ orders: 2 });
    expect(spring.by_category.map((c) => [c.name, c.quantity])).toEqual([
      ['Vini', 3],
      ['Pizze', 4],
      [null, 3],
    ]);
    expect(spring.by_method.map((m) => [m.method, m.orders, m.tips])).toEqual([
      ['card', 2, 150],
      ['cash', 1, 200],
      ['card_terminal', 1, 0],
    ]);
    expect(spring.by_table.map((x) => [x.spot, x.delivery])).toEqual([
      ['1', false],
      ['2', false],
      ['Terrace A', false],
      ['Via Roma 1', true],
    ]);
  });

  it('a range adds its days', async () => {
    const r = await sales('2026-03-01', '2026-11-30');
    expect(r.orders).toBe(placed.length);
    expect(figuresOf(r)).toEqual(
      aggregateSales(
        placed.map((p) => p.report),
        [],
        'Europe/Paris',
      ),
    );
  });

  it('refuses a range that ends before it starts or lasts more than a year, naming the field', async () => {
    for (const [from, to, code] of [
      ['2026-03-02', '2026-03-01', 'ends_before_start'],
      ['2026-01-01', '2027-01-02', 'too_long'],
    ] as const) {
      const res = await get(`/api/venue/reports/sales?venueId=${venueId}&from=${from}&to=${to}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', issues: [{ path: 'to', code }] });
    }
    const bad = await get(`/api/venue/reports/sales?venueId=${venueId}&from=2026-02-30&to=2026-03-01`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ issues: [{ path: 'from' }] });
  });

  it('exports the orders and the lines as CSV with stable columns', async () => {
    const res = await get(`/api/venue/reports/sales?venueId=${venueId}&from=2026-03-29&to=2026-03-29&format=csv`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="sales-orders-2026-03-29.csv"');
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual([...ORDER_CSV_COLUMNS]);
    expect(rows).toHaveLength(5);
    const col = (name: string) => ORDER_CSV_COLUMNS.indexOf(name as (typeof ORDER_CSV_COLUMNS)[number]);
    const cents = rows.slice(1).reduce((s, r) => s + Math.round(Number(r[col('total')]) * 100), 0);
    expect(cents).toBe(ofDays('2026-03-29').reduce((s, p) => s + p.total, 0));
    expect(rows.slice(1).map((r) => r[col('date')])).toEqual(Array(4).fill('2026-03-29'));
    expect(rows[1]![col('paid_at')]).toBe('2026-03-29T00:00:00+01:00');

    const lines = await get(
      `/api/venue/reports/sales?venueId=${venueId}&from=2026-03-29&to=2026-03-29&format=csv&kind=lines`,
    );
    const lrows = parseCsv(lines.body);
    expect(lrows[0]).toEqual([...LINE_CSV_COLUMNS]);
    expect(lrows).toHaveLength(1 + 6);
    expect(lrows.find((r) => r[6] === 'Chianti, 50 cl')).toBeDefined();
    expect(lines.body).toContain('"Chianti, 50 cl"');
  });

  it('closes a day only once it is over, once, with numbers in order', async () => {
    clock = Date.parse('2026-03-29T21:59:00Z'); // 23:59 in Paris
    const early = await closeDay('2026-03-29');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'DAY_NOT_OVER' });
    expect(early.json().error).toContain('2026-03-30T00:00:00+02:00');

    clock = Date.parse('2026-03-29T22:00:00Z');
    const before = await sales('2026-03-29');
    const first = await closeDay('2026-03-29');
    expect(first.statusCode, first.body).toBe(201);
    const z = (first.json() as { data: ZReport }).data;
    expect(z).toMatchObject({ number: 1, date: '2026-03-29', timezone: 'Europe/Paris', currency: 'eur' });
    expect(z.figures).toEqual(figuresOf(before));
    expect(z.figures.gross).toBe(ofDays('2026-03-29').reduce((s, p) => s + p.total, 0));

    const twice = await closeDay('2026-03-29');
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'DAY_ALREADY_CLOSED' });

    const second = await closeDay('2026-03-28');
    expect(second.statusCode).toBe(201);
    expect((second.json() as { data: ZReport }).data.number).toBe(2);

    const list = (await get(`/api/venue/reports/z-list?venueId=${venueId}`)).json() as { data: ZListAnswer };
    expect(list.data).toMatchObject({ timezone: 'Europe/Paris', today: '2026-03-30' });
    expect(list.data.reports.map((r) => [r.number, r.date, r.orders])).toEqual([
      [2, '2026-03-28', 1],
      [1, '2026-03-29', 4],
    ]);
  });

  it('keeps a closed day as stored; a later refund counts on its own day', async () => {
    const closedDay = await sales('2026-03-29');
    expect(closedDay.closed).toEqual([{ date: '2026-03-29', number: 1 }]);
    // A refund of an order of the closed day, on the 30th (the credit note's date is the database's clock).
    const refunded = ofDays('2026-03-29')[0]!;
    refunds.push({ amount: refunded.total + refunded.report.tip, tax: refunded.report.tax_total });
    await db.transaction((tx) => issueCreditNote(tx, refunded.id, refunded.total + refunded.report.tip));
    await db
      .update(creditNotes)
      .set({ createdAt: new Date('2026-03-30T10:00:00Z') })
      .where(eq(creditNotes.orderId, refunded.id));
    await db.update(orders).set({ paymentStatus: 'refunded' }).where(eq(orders.id, refunded.id));
    // And the venue moves to another zone: open days move, the closed one does not.
    await db
      .update(venues)
      .set({ schedule: { timezone: 'Asia/Bangkok' } })
      .where(eq(venues.id, venueId));
    try {
      expect(await sales('2026-03-29')).toEqual({
        ...closedDay,
        timezone: 'Asia/Bangkok',
        starts_at: '2026-03-29T00:00:00+07:00',
        ends_at: '2026-03-29T23:59:59+07:00',
      });
      const next = await sales('2026-03-30');
      expect(next.refunds).toEqual({
        count: 1,
        amount: refunded.total + refunded.report.tip,
        tax: refunded.report.tax_total,
      });
      expect(next.takings).toBe(next.gross + next.tips - next.refunds.amount);
      const z = (await get(`/api/venue/reports/z?venueId=${venueId}&number=1`)).json() as { data: ZReport };
      expect(z.data.figures).toEqual(figuresOf(closedDay));
      expect(z.data.figures.refunds.count).toBe(0);
    } finally {
      await db
        .update(venues)
        .set({ schedule: { timezone: 'Europe/Paris' } })
        .where(eq(venues.id, venueId));
    }
  });

  it('a range adds its closed days as stored and its open days from the orders', async () => {
    const r = await sales('2026-03-01', '2026-11-30');
    expect(r.closed.map((c) => c.date)).toEqual(['2026-03-28', '2026-03-29']);
    expect(refunds).toHaveLength(1);
    expect(figuresOf(r)).toEqual(
      aggregateSales(
        placed.map((p) => p.report),
        refunds,
        'Europe/Paris',
      ),
    );
  });

  it('serves the Z report as a PDF', async () => {
    const res = await get(`/api/venue/reports/z?venueId=${venueId}&number=1&format=pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const z = ((await get(`/api/venue/reports/z?venueId=${venueId}&number=1`)).json() as { data: ZReport }).data;
    const text = (await pdfText(res.rawPayload)).join('\n');
    expect(text).toContain('Z report no. 1');
    expect(text).toContain('Business day 2026-03-29 (Europe/Paris)');
    expect(text).toContain(`${(z.figures.gross / 100).toFixed(2)} EUR`);
    expect(text).toContain('Tiramisù'); // Latin-1 prints as it is
    const fr = await get(`/api/venue/reports/z?venueId=${venueId}&number=1&format=pdf&lang=fr`);
    expect((await pdfText(fr.rawPayload)).join('\n')).toContain('Rapport Z n° 1');
    // Pickup orders are "pickup", not a table of that name (decision 032).
    const withPickup = {
      ...z,
      figures: { ...z.figures, by_table: [{ spot: PICKUP_SPOT, delivery: false, orders: 2, amount: 1234 }] },
    };
    for (const [lang, label] of [
      ['en', 'Pickup (2)'],
      ['fr', 'À emporter (2)'],
      ['de', 'Abholung (2)'],
    ] as const) {
      const text = (await pdfText(Buffer.from(await renderZReportPdf(withPickup, lang)))).join('\n');
      expect(text).toContain(label);
      expect(text).not.toMatch(/(Table|Tisch) pickup/);
    }
    expect((await get(`/api/venue/reports/z?venueId=${venueId}&number=99`)).json()).toMatchObject({
      code: 'Z_REPORT_NOT_FOUND',
    });
  });

  it('prints a Thai venue’s Z report in Thai: its legal name, address and tax number, its dishes, the labels', async () => {
    const { venue } = await insertVenue(db, { venueUrl: 'reports-baan', name: 'Baan Somtum', currency: 'thb' });
    await db
      .update(venues)
      .set({
        schedule: { timezone: 'Asia/Bangkok' },
        tax: { mode: 'exclusive', rates: [{ id: 'vat', name: 'VAT 7%', percent: 7 }], defaultRate: 'vat' },
        legal: { name: 'บริษัท บ้านส้มตำ จำกัด', address: '99 ถนนสุขุมวิท\nกรุงเทพมหานคร 10110', taxId: '0105551234567' },
      })
      .where(eq(venues.id, venue.id));
    const owner = await insertStaffUser(db, {
      email: 'reports-baan-owner@example.com',
      password: 'a long staff password',
      roles: [{ venueId: venue.id, role: 'owner' }],
    });
    const headers = { authorization: `Bearer ${(await signIn(t.app, owner.email, owner.password)).access_token}` };
    const lines = [
      { name: 'ส้มตำไทย', price: 8000, quantity: 2 },
      { name: 'ต้มยำกุ้ง', price: 18000, quantity: 1 },
    ];
    const taxes = computeOrderTaxes(
      { mode: 'exclusive', rates: [{ id: 'vat', name: 'VAT 7%', percent: 7 }], defaultRate: 'vat' },
      lines.map((l) => ({ amount: l.price * l.quantity, rate: 'vat' })),
      { serviceCharge: false },
    );
    const [order] = await db
      .insert(orders)
      .values({
        number: 1,
        venueId: venue.id,
        status: 'served',
        paymentStatus: 'paid',
        spot: '1',
        delivery: false,
        currency: 'thb',
        subtotalMinor: taxes.subtotal,
        tax: taxes.tax,
        taxTotalMinor: taxes.taxTotal,
        taxMode: 'exclusive',
        receiptNumber: 1,
        paidAt: new Date('2026-03-28T05:00:00Z'), // noon in Bangkok
        totalMinor: taxes.total,
        paidMethod: 'cash',
      })
      .returning({ id: orders.id });
    for (const [position, l] of lines.entries())
      await db.insert(orderItems).values({
        orderId: order!.id,
        name: l.name,
        unitPriceMinor: l.price,
        quantity: l.quantity,
        lineTotalMinor: l.price * l.quantity,
        position,
      });
    const closed = await t.app.inject({
      method: 'POST',
      url: '/api/venue/reports/close-day',
      headers,
      payload: { venueId: venue.id, date: '2026-03-28' },
    });
    expect(closed.statusCode, closed.body).toBe(201);
    const z = (closed.json() as { data: ZReport }).data;
    expect(z.legal).toEqual({
      name: 'บริษัท บ้านส้มตำ จำกัด',
      address: '99 ถนนสุขุมวิท\nกรุงเทพมหานคร 10110',
      taxId: '0105551234567',
    });

    const pdf = (lang: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/venue/reports/z?venueId=${venue.id}&number=${z.number}&format=pdf&lang=${lang}`,
        headers,
      });
    const th = await pdf('th');
    expect(th.statusCode).toBe(200);
    // The PDF writes SARA AM as NIKHAHIT + SARA AA (pdf-writer.ts drawable), its compatibility
    // decomposition: both sides compared in NFKC.
    const nfkc = (list: string[]) => list.map((l) => l.normalize('NFKC'));
    const textLines = async (bytes: Buffer) => (await pdfText(bytes)).join('\n').normalize('NFKC').split('\n');
    const thai = await textLines(th.rawPayload);
    expect(thai).toEqual(
      expect.arrayContaining(
        nfkc([
          'Baan Somtum',
          'บริษัท บ้านส้มตำ จำกัด',
          '99 ถนนสุขุมวิท',
          'กรุงเทพมหานคร 10110',
          'เลขประจำตัวผู้เสียภาษี: 0105551234567',
          `รายงาน Z เลขที่ ${z.number}`,
          'ยอดขายรวม (รวมภาษี ไม่รวมทิป) 363.80 THB',
          'ยอดสุทธิ (ไม่รวมภาษี) 340.00 THB',
          'VAT 7% (7 %) จากฐาน 340.00 THB 23.80 THB',
          '2 x ส้มตำไทย 160.00 THB',
          '1 x ต้มยำกุ้ง 180.00 THB',
          'เงินสด (1) 363.80 THB',
        ]),
      ),
    );
    // The labels in English, the venue's words in Thai all the same.
    const en = await textLines((await pdf('en')).rawPayload);
    expect(en).toEqual(
      expect.arrayContaining(nfkc(['บริษัท บ้านส้มตำ จำกัด', 'Tax number: 0105551234567', '2 x ส้มตำไทย 160.00 THB'])),
    );
  });

  it('answers owners of the venue only', async () => {
    const urls = [
      `/api/venue/reports/sales?venueId=${venueId}&from=2026-03-29&to=2026-03-29`,
      `/api/venue/reports/z?venueId=${venueId}&number=1`,
      `/api/venue/reports/z-list?venueId=${venueId}`,
    ];
    for (const [persona, status] of [
      ['none', 401],
      ['otherManager', 403],
      ['manager', 403],
    ] as const) {
      for (const url of urls) expect((await get(url, persona)).statusCode, `${persona} ${url}`).toBe(status);
      expect((await closeDay('2026-03-27', persona)).statusCode).toBe(status);
    }
    const list = (await get(`/api/venue/reports/z-list?venueId=${venueId}`)).json() as { data: ZListAnswer };
    expect(list.data.reports).toHaveLength(2);
  });
});
