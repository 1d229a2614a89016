import { describe, expect, it } from 'vitest';
import { closeDayBodySchema, salesReportQuerySchema } from './contracts/reports.ts';
import {
  aggregateSales,
  datesOf,
  isDayOver,
  LINE_CSV_COLUMNS,
  linesCsv,
  localDaySpan,
  mergeSales,
  minorToDecimal,
  openSpans,
  ORDER_CSV_COLUMNS,
  ordersCsv,
  parseCsv,
  reportRangeProblem,
  toCsv,
  type ReportOrder,
} from './reports.ts';

const HOUR = 3_600_000;
const iso = (s: string) => Date.parse(s);

describe('local days', () => {
  it.each([
    // date, zone, start (UTC), hours
    ['2026-11-26', 'UTC', '2026-11-26T00:00:00Z', 24],
    ['2026-11-26', 'Europe/Paris', '2026-11-25T23:00:00Z', 24],
    ['2026-07-01', 'Europe/Paris', '2026-06-30T22:00:00Z', 24],
    ['2026-03-29', 'Europe/Paris', '2026-03-28T23:00:00Z', 23], // spring forward: 02:00 -> 03:00
    ['2026-10-25', 'Europe/Paris', '2026-10-24T22:00:00Z', 25], // fall back: 03:00 -> 02:00
    ['2026-03-08', 'America/New_York', '2026-03-08T05:00:00Z', 23],
    ['2026-11-01', 'America/New_York', '2026-11-01T04:00:00Z', 25],
    ['2026-11-26', 'Asia/Bangkok', '2026-11-25T17:00:00Z', 24],
    ['2026-10-04', 'Australia/Sydney', '2026-10-03T14:00:00Z', 23],
    ['2026-12-31', 'Pacific/Kiritimati', '2026-12-30T10:00:00Z', 24],
  ])('%s in %s starts at %s and lasts %i hours', (date, zone, start, hours) => {
    const span = localDaySpan(date, zone);
    expect(new Date(span.start).toISOString()).toBe(new Date(start).toISOString());
    expect((span.end - span.start) / HOUR).toBe(hours);
  });

  it.each([
    // now, date, zone, over
    ['2026-11-26T22:59:59Z', '2026-11-26', 'Europe/Paris', false],
    ['2026-11-26T23:00:00Z', '2026-11-26', 'Europe/Paris', true],
    ['2026-11-26T23:00:00Z', '2026-11-27', 'Europe/Paris', false],
    ['2026-11-26T16:59:59Z', '2026-11-26', 'Asia/Bangkok', false],
    ['2026-11-26T17:00:00Z', '2026-11-26', 'Asia/Bangkok', true],
    ['2026-10-25T22:59:00Z', '2026-10-25', 'Europe/Paris', false], // the 25-hour day: 23:59 local
    ['2026-10-25T23:00:00Z', '2026-10-25', 'Europe/Paris', true],
  ])('at %s, %s in %s is over: %s', (now, date, zone, over) => {
    expect(isDayOver(date, zone, iso(now))).toBe(over);
  });

  it.each([
    ['2026-01-01', '2026-01-01', null],
    ['2026-01-01', '2026-12-31', null],
    ['2028-01-01', '2028-12-31', null], // 366 days in a leap year
    ['2026-01-02', '2026-01-01', 'ends_before_start'],
    ['2026-01-01', '2027-01-02', 'too_long'],
  ])('a range %s to %s: %s', (from, to, problem) => {
    expect(reportRangeProblem(from, to)?.code ?? null).toBe(problem);
  });

  it('refuses a bad range in the query, naming the field', () => {
    const bad = salesReportQuerySchema.safeParse({
      venueId: '6f1f4c55-7d3a-4c1e-9d6f-0e1b2c3d4e5f',
      from: '2026-05-02',
      to: '2026-05-01',
    });
    expect(bad.success).toBe(false);
    expect(
      bad.error?.issues.map((i) => [i.path.join('.'), (i as { params?: { code?: string } }).params?.code]),
    ).toEqual([['to', 'ends_before_start']]);
    const good = salesReportQuerySchema.parse({
      venueId: '6f1f4c55-7d3a-4c1e-9d6f-0e1b2c3d4e5f',
      from: '2026-05-01',
      to: '2026-05-01',
    });
    expect(good).toMatchObject({ format: 'json', kind: 'orders' });
  });

  it('cuts a range around its closed days', () => {
    const closed = new Set(['2026-03-02', '2026-03-03', '2026-03-05']);
    const spans = openSpans('2026-03-01', '2026-03-06', closed, 'Europe/Paris');
    expect(spans.map((s) => [new Date(s.start).toISOString(), new Date(s.end).toISOString()])).toEqual([
      ['2026-02-28T23:00:00.000Z', '2026-03-01T23:00:00.000Z'],
      ['2026-03-03T23:00:00.000Z', '2026-03-04T23:00:00.000Z'],
      ['2026-03-05T23:00:00.000Z', '2026-03-06T23:00:00.000Z'],
    ]);
    expect(openSpans('2026-03-02', '2026-03-03', closed, 'UTC')).toEqual([]);
    expect(datesOf('2026-02-27', '2026-03-01')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
  });
});

function order(paidAt: string, o: Partial<ReportOrder> = {}): ReportOrder {
  return {
    paid_at: iso(paidAt),
    spot: '4',
    delivery: false,
    method: 'card',
    subtotal: 1000,
    service_charge: 0,
    delivery_cost: 0,
    tax_total: 91,
    total: 1000,
    tip: 0,
    tax: [{ rate: 'food', name: 'TVA 10 %', percent: 10, base: 909, amount: 91 }],
    lines: [{ product_id: 'p1', name: 'Pizza', quantity: 1, amount: 1000, category_id: 'c1', category_name: 'Pizze' }],
    ...o,
  };
}

describe('aggregating orders', () => {
  const orders = [
    order('2026-03-28T22:30:00Z'), // 23:30 local, Saturday
    order('2026-03-29T01:30:00Z', {
      // 03:30 local (after the spring change)
      method: 'cash',
      spot: '12',
      subtotal: 2000,
      total: 2200,
      service_charge: 200,
      tax_total: 260,
      tip: 150,
      tax: [
        { rate: 'food', name: 'TVA 10 %', percent: 10, base: 1000, amount: 100 },
        { rate: 'alcohol', name: 'TVA 20 %', percent: 20, base: 1000, amount: 160 },
      ],
      lines: [
        { product_id: 'p1', name: 'Pizza', quantity: 2, amount: 1100, category_id: 'c1', category_name: 'Pizze' },
        { product_id: null, name: 'Old wine', quantity: 1, amount: 900, category_id: null, category_name: null },
      ],
    }),
    order('2026-03-29T10:00:00Z', { spot: '2', delivery: true, delivery_cost: 500, total: 1500 }),
  ];
  const f = aggregateSales(orders, [{ amount: 1150, tax: 91 }], 'Europe/Paris');

  it('adds totals, taxes by rate, refunds', () => {
    expect(f).toMatchObject({
      orders: 3,
      subtotal: 4000,
      service_charge: 200,
      delivery: 500,
      gross: 4700,
      tax_total: 442,
      net: 4258,
      tips: 150,
      refunds: { count: 1, amount: 1150, tax: 91 },
      takings: 4700 + 150 - 1150,
    });
    expect(f.tax).toEqual([
      { rate: 'alcohol', name: 'TVA 20 %', percent: 20, base: 1000, amount: 160 },
      { rate: 'food', name: 'TVA 10 %', percent: 10, base: 909 * 2 + 1000, amount: 91 * 2 + 100 },
    ]);
  });

  it('splits by method, dish, category, local hour and table', () => {
    expect(f.by_method).toEqual([
      { method: 'card', orders: 2, amount: 2500, tips: 0 },
      { method: 'cash', orders: 1, amount: 2200, tips: 150 },
    ]);
    expect(f.by_product).toEqual([
      { product_id: 'p1', name: 'Pizza', quantity: 4, amount: 3100 },
      { product_id: null, name: 'Old wine', quantity: 1, amount: 900 },
    ]);
    expect(f.by_category).toEqual([
      { category_id: 'c1', name: 'Pizze', quantity: 4, amount: 3100 },
      { category_id: null, name: null, quantity: 1, amount: 900 },
    ]);
    expect(f.by_hour).toHaveLength(24);
    expect(f.by_hour.filter((h) => h.orders).map((h) => [h.hour, h.orders])).toEqual([
      [3, 1],
      [12, 1],
      [23, 1],
    ]);
    expect(f.by_table).toEqual([
      { spot: '4', delivery: false, orders: 1, amount: 1000 },
      { spot: '12', delivery: false, orders: 1, amount: 2200 },
      { spot: '2', delivery: true, orders: 1, amount: 1500 },
    ]);
  });

  it('merging the figures of parts gives the figures of the whole', () => {
    const a = aggregateSales(orders.slice(0, 1), [], 'Europe/Paris');
    const b = aggregateSales(orders.slice(1), [{ amount: 1150, tax: 91 }], 'Europe/Paris');
    expect(mergeSales([a, b])).toEqual(f);
    expect(mergeSales([aggregateSales([], [], 'UTC'), f])).toEqual(f);
  });
});

describe('CSV', () => {
  it.each([
    // text, field as written, text read back
    ['plain', 'plain', 'plain'],
    ['a, b', '"a, b"', 'a, b'],
    ['say "hi"', '"say ""hi"""', 'say "hi"'],
    ['two\nlines', '"two\nlines"', 'two\nlines'],
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`, `'=HYPERLINK("x")`],
    ['-5', "'-5", "'-5"],
    ['Phở bò', 'Phở bò', 'Phở bò'],
    ['', '', ''],
  ])('writes the text %j as %s', (text, field, back) => {
    const csv = toCsv(['x'], [[text]]);
    expect(csv).toBe(`x\r\n${field}\r\n`);
    expect(parseCsv(csv)).toEqual([['x'], [back]]);
  });

  it.each([
    [1250, '12.50'],
    [5, '0.05'],
    [-5, '-0.05'],
    [0, '0.00'],
    [123456789, '1234567.89'],
  ])('writes %i minor units as %s', (minor, text) => {
    expect(minorToDecimal(minor)).toBe(text);
  });

  it('writes the orders with stable columns in the venue zone', () => {
    const csv = ordersCsv(
      [
        {
          id: 'o1',
          number: 7,
          receipt_number: 3,
          paid_at: iso('2026-03-28T23:30:00Z'),
          spot: 'Terrace, 2',
          delivery: false,
          method: 'cash',
          currency: 'eur',
          subtotal: 2000,
          service_charge: 0,
          delivery_cost: 0,
          tax_total: 182,
          total: 2000,
          tip: 100,
          payment_status: 'paid',
        },
      ],
      'Europe/Paris',
    );
    const rows = parseCsv(csv);
    expect(rows[0]).toEqual([...ORDER_CSV_COLUMNS]);
    expect(rows[1]).toEqual([
      '2026-03-29',
      '2026-03-29T00:30:00+01:00',
      '3',
      '7',
      'o1',
      'Terrace, 2',
      'false',
      'cash',
      'EUR',
      '20.00',
      '0.00',
      '0.00',
      '1.82',
      '20.00',
      '1.00',
      'paid',
    ]);
    expect(csv.split('\r\n')[1]).toContain('"Terrace, 2"');
  });

  it('writes the lines with stable columns', () => {
    const rows = parseCsv(
      linesCsv(
        [
          {
            order_id: 'o1',
            order_number: 7,
            receipt_number: 3,
            paid_at: iso('2026-06-01T10:00:00Z'),
            product_id: 'p1',
            name: 'Pizza "Diavola"',
            options: ['Large', 'Extra cheese'],
            category: 'Pizze',
            quantity: 2,
            unit_price: 1250,
            line_total: 2500,
            currency: 'eur',
          },
        ],
        'Europe/Paris',
      ),
    );
    expect(rows).toEqual([
      [...LINE_CSV_COLUMNS],
      [
        '2026-06-01',
        '2026-06-01T12:00:00+02:00',
        '3',
        '7',
        'o1',
        'p1',
        'Pizza "Diavola"',
        'Large; Extra cheese',
        'Pizze',
        '2',
        '12.50',
        '25.00',
        'EUR',
      ],
    ]);
  });

  it('refuses a row that does not fit the columns', () => {
    expect(() => toCsv(['a', 'b'], [['1']])).toThrow(/1 cells for 2 columns/);
  });
});

describe('the close-day contract', () => {
  it('publishes an example its own schema accepts', () => {
    const examples = (closeDayBodySchema.meta() as { examples?: unknown[] } | undefined)?.examples ?? [];
    expect(examples).toHaveLength(1);
    for (const example of examples) expect(closeDayBodySchema.safeParse(example).success).toBe(true);
  });
});
