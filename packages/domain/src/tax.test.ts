import { describe, expect, it } from 'vitest';
import {
  computeOrderTaxes,
  divideRounded,
  lineTaxRate,
  namedTaxRate,
  percentOf,
  taxInside,
  type OrderTaxes,
  type TaxSettings,
} from './tax.ts';
import { taxSettingsSchema } from './contracts/tax-settings.ts';

// The worked examples of docs/decisions/016-taxes-and-rounding.md, amounts in minor units.

const france: TaxSettings = {
  mode: 'inclusive',
  rates: [
    { id: 'food', name: 'TVA 10 %', percent: 10 },
    { id: 'alcohol', name: 'TVA 20 %', percent: 20 },
  ],
  defaultRate: 'food',
};

const uk: TaxSettings = {
  mode: 'inclusive',
  rates: [
    { id: 'standard', name: 'VAT 20%', percent: 20 },
    { id: 'zero', name: 'VAT 0%', percent: 0 },
  ],
  defaultRate: 'standard',
  serviceCharge: { percent: 12.5 },
};

const thailand: TaxSettings = {
  mode: 'exclusive',
  rates: [{ id: 'vat', name: 'VAT 7%', percent: 7 }],
  defaultRate: 'vat',
  serviceCharge: { percent: 10, rate: 'vat' },
};

const newYork: TaxSettings = {
  mode: 'exclusive',
  rates: [{ id: 'sales', name: 'Sales tax 8.875%', percent: 8.875 }],
  defaultRate: 'sales',
};

describe('worked examples (decision 016)', () => {
  it.each<[string, TaxSettings, { amount: number; rate: string }[], boolean, OrderTaxes]>([
    [
      'France: entrecôte 24.50 and two coffees 2.50 at 10 %, a carafe 18.00 at 20 %, prices include VAT',
      france,
      [
        { amount: 2450, rate: 'food' },
        { amount: 1800, rate: 'alcohol' },
        { amount: 500, rate: 'food' },
      ],
      true,
      {
        subtotal: 4750,
        serviceCharge: 0,
        tax: [
          { rate: 'food', name: 'TVA 10 %', percent: 10, base: 2682, amount: 268 },
          { rate: 'alcohol', name: 'TVA 20 %', percent: 20, base: 1500, amount: 300 },
        ],
        taxTotal: 568,
        total: 4750,
      },
    ],
    [
      'UK: fish and chips 15.95 and two pints 5.60 at 20 % (the VAT is 452.5p: 453p), a 12.5 % discretionary service outside VAT',
      uk,
      [
        { amount: 1595, rate: 'standard' },
        { amount: 1120, rate: 'standard' },
      ],
      true,
      {
        subtotal: 2715,
        serviceCharge: 339,
        tax: [{ rate: 'standard', name: 'VAT 20%', percent: 20, base: 2262, amount: 453 }],
        taxTotal: 453,
        total: 3054,
      },
    ],
    [
      'UK delivery: no service charge; a zero-rated line shows at 0 %',
      uk,
      [
        { amount: 1595, rate: 'standard' },
        { amount: 450, rate: 'zero' },
      ],
      false,
      {
        subtotal: 2045,
        serviceCharge: 0,
        tax: [
          { rate: 'standard', name: 'VAT 20%', percent: 20, base: 1329, amount: 266 },
          { rate: 'zero', name: 'VAT 0%', percent: 0, base: 450, amount: 0 },
        ],
        taxTotal: 266,
        total: 2045,
      },
    ],
    [
      'Thailand "++": pad thai 180, tom yum 220, Singha 120; 10 % service, then 7 % VAT on both',
      thailand,
      [
        { amount: 18000, rate: 'vat' },
        { amount: 22000, rate: 'vat' },
        { amount: 12000, rate: 'vat' },
      ],
      true,
      {
        subtotal: 52000,
        serviceCharge: 5200,
        tax: [{ rate: 'vat', name: 'VAT 7%', percent: 7, base: 57200, amount: 4004 }],
        taxTotal: 4004,
        total: 61204,
      },
    ],
    [
      'New York City: burger 16.00, fries 6.50, soda 3.25 at 8.875 % (228.53 cents: 229)',
      newYork,
      [
        { amount: 1600, rate: 'sales' },
        { amount: 650, rate: 'sales' },
        { amount: 325, rate: 'sales' },
      ],
      true,
      {
        subtotal: 2575,
        serviceCharge: 0,
        tax: [{ rate: 'sales', name: 'Sales tax 8.875%', percent: 8.875, base: 2575, amount: 229 }],
        taxTotal: 229,
        total: 2804,
      },
    ],
    [
      'New York City: a 4.00 coffee, whose tax is exactly 35.5 cents, rounds half away from zero to 36',
      newYork,
      [{ amount: 400, rate: 'sales' }],
      true,
      {
        subtotal: 400,
        serviceCharge: 0,
        tax: [{ rate: 'sales', name: 'Sales tax 8.875%', percent: 8.875, base: 400, amount: 36 }],
        taxTotal: 36,
        total: 436,
      },
    ],
  ])('%s', (_name, settings, lines, serviceCharge, expected) => {
    expect(computeOrderTaxes(settings, lines, { serviceCharge })).toEqual(expected);
  });
});

describe('computeOrderTaxes', () => {
  it('a venue without taxes: the lines are the total', () => {
    expect(computeOrderTaxes(null, [{ amount: 1234, rate: 'x' }], { serviceCharge: true })).toEqual({
      subtotal: 1234,
      serviceCharge: 0,
      tax: [],
      taxTotal: 0,
      total: 1234,
    });
  });

  it('rounds once per rate and order, not per line', () => {
    // Three lines of 1.05 at 20 % inclusive: 17.5p each would round to 18p three times (54p);
    // once on 3.15 it is 52.5p -> 53p.
    const lines = [1, 2, 3].map(() => ({ amount: 105, rate: 'standard' }));
    expect(computeOrderTaxes(uk, lines, { serviceCharge: false }).tax[0]).toMatchObject({ base: 262, amount: 53 });
  });

  it('lists rates in the venue’s order whatever the order of the lines', () => {
    const taxes = computeOrderTaxes(
      france,
      [
        { amount: 1000, rate: 'alcohol' },
        { amount: 1000, rate: 'food' },
      ],
      { serviceCharge: false },
    );
    expect(taxes.tax.map((t) => t.rate)).toEqual(['food', 'alcohol']);
  });

  it('refuses a line whose rate the venue does not have', () => {
    expect(() => computeOrderTaxes(france, [{ amount: 100, rate: 'luxury' }], { serviceCharge: false })).toThrow(
      'Unknown tax rate: luxury',
    );
  });

  it('a service charge taxed at its rate joins that rate’s base (inclusive)', () => {
    const withTaxedService: TaxSettings = { ...france, serviceCharge: { percent: 15, rate: 'food' } };
    const t = computeOrderTaxes(withTaxedService, [{ amount: 2000, rate: 'food' }], { serviceCharge: true });
    // 20.00 + 3.00 service = 23.00 at 10 % inclusive: 2.09 tax.
    expect(t).toEqual({
      subtotal: 2000,
      serviceCharge: 300,
      tax: [{ rate: 'food', name: 'TVA 10 %', percent: 10, base: 2091, amount: 209 }],
      taxTotal: 209,
      total: 2300,
    });
  });

  describe('every line count from 1 to 99', () => {
    const counts = Array.from({ length: 99 }, (_, i) => i + 1);
    it.each(counts)('%i x 1.05 at 20 %% inclusive: base + tax = the lines, tax = lines / 6 rounded half up', (q) => {
      const t = computeOrderTaxes(uk, [{ amount: 105 * q, rate: 'standard' }], { serviceCharge: false });
      const entry = t.tax[0]!;
      expect(entry.base + entry.amount).toBe(105 * q);
      // 105q/6 = 17.5q: whole or exactly half, so the half-up rounding is Math.floor(x + 0.5).
      expect(entry.amount).toBe(Math.floor((105 * q) / 6 + 0.5));
      expect(t.total).toBe(105 * q);
    });
    it.each(counts)('%i x 1.99 at 8.875 %% exclusive: the tax added once, the total is lines + tax', (q) => {
      const t = computeOrderTaxes(newYork, [{ amount: 199 * q, rate: 'sales' }], { serviceCharge: false });
      // Integer reference: 199q x 8875 / 100000, half up.
      const expected = Math.floor((199 * q * 8875 * 2 + 100000) / 200000);
      expect(t.taxTotal).toBe(expected);
      expect(t.total).toBe(199 * q + expected);
      expect(Math.abs(t.taxTotal - (199 * q * 8.875) / 100)).toBeLessThanOrEqual(0.5);
    });
    it.each(counts)('%i x 4.50 with a 12.5 %% service: within half a minor unit of the exact charge', (q) => {
      const t = computeOrderTaxes(uk, [{ amount: 450 * q, rate: 'standard' }], { serviceCharge: true });
      expect(Math.abs(t.serviceCharge - (450 * q * 12.5) / 100)).toBeLessThanOrEqual(0.5);
      expect(t.total).toBe(450 * q + t.serviceCharge);
    });
  });
});

describe('rounding half away from zero', () => {
  it.each<[bigint, bigint, bigint]>([
    [5n, 2n, 3n],
    [-5n, 2n, -3n],
    [4n, 3n, 1n],
    [-4n, 3n, -1n],
    [7n, 2n, 4n],
    [0n, 7n, 0n],
  ])('%i / %i = %i', (n, d, q) => expect(divideRounded(n, d)).toBe(q));

  it('a credit note is the order’s tax with the sign turned', () => {
    expect(taxInside(-2715, 20)).toBe(-453);
    expect(percentOf(-400, 8.875)).toBe(-36);
  });
});

describe("lineTaxRate and namedTaxRate: a product's own rate, else its categories', else the default", () => {
  it.each<[string, string | null, (string | null)[], string | null, string]>([
    ["the product's own rate wins over its categories", 'alcohol', ['food'], 'alcohol', 'alcohol'],
    ['the first category naming a rate', null, [null, 'alcohol', 'food'], 'alcohol', 'alcohol'],
    ['no category, no own rate: the default', null, [], null, 'food'],
    ['categories naming none: the default', null, [null, null], null, 'food'],
    ['a removed own rate falls back to the categories', 'luxury', ['alcohol'], 'alcohol', 'alcohol'],
    ['a removed own rate and no category: the default', 'luxury', [], null, 'food'],
    ['a removed category rate is skipped for the next category', null, ['luxury', 'alcohol'], 'alcohol', 'alcohol'],
    ['only removed rates: the default', 'gone', ['luxury', 'old'], null, 'food'],
    ['an empty string names nothing', '', [''], null, 'food'],
  ])('%s', (_label, product, categories, named, line) => {
    expect(namedTaxRate(france, product, categories)).toBe(named);
    expect(lineTaxRate(france, product, categories)).toBe(line);
  });

  it("the default is the venue's, whatever it is", () => {
    expect(lineTaxRate({ ...france, defaultRate: 'alcohol' }, 'gone', [null])).toBe('alcohol');
  });
});

describe('tax settings validation', () => {
  const issues = (value: unknown) => {
    const r = taxSettingsSchema.safeParse(value);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };
  it.each<[string, unknown, string[]]>([
    ['France', france, []],
    [
      'a rate above 100',
      { ...france, rates: [{ id: 'food', name: 'x', percent: 120 }] },
      ['rates.0.percent: must be from 0 to 100'],
    ],
    [
      'a negative rate',
      { ...france, rates: [{ id: 'food', name: 'x', percent: -1 }] },
      ['rates.0.percent: must be from 0 to 100'],
    ],
    [
      'four decimals',
      { ...france, rates: [{ id: 'food', name: 'x', percent: 8.8755 }] },
      ['rates.0.percent: has more than three decimals'],
    ],
    ['no default rate', { mode: 'inclusive', rates: france.rates }, ['defaultRate: must be a rate id']],
    [
      'a default rate that does not exist',
      { ...france, defaultRate: 'luxury' },
      ['defaultRate: is not one of the rates'],
    ],
    [
      'a service charge at a rate that does not exist',
      { ...france, serviceCharge: { percent: 10, rate: 'x' } },
      ['serviceCharge.rate: is not one of the rates'],
    ],
    [
      'a rate twice',
      { ...france, rates: [...france.rates, { id: 'food', name: 'y', percent: 5.5 }] },
      ['rates.2.id: is given twice'],
    ],
    ['an unknown mode', { ...france, mode: 'net' }, ["mode: must be 'inclusive' or 'exclusive'"]],
  ])('%s', (_name, value, expected) => expect(issues(value)).toEqual(expected));
});
