import { describe, expect, it } from 'vitest';
import { toMinor } from './money.ts';
import { lineTotalMinor, sumMinor, unitPriceMinor, type PricedVariation } from './pricing.ts';

const product = (price: number | null) => ({ priceMinor: price === null ? null : toMinor(price) });
const vars = (...prices: (number | null | undefined)[]): PricedVariation[] =>
  prices.map((p) => ({ priceVariationMinor: p === null || p === undefined ? p : toMinor(p) }));

describe('unit price = product price + variations (spec section 9)', () => {
  it.each<[string, number, PricedVariation[], number]>([
    ['no variations', 9.5, [], 950],
    ['10.10 + 0.20 = 10.30', 10.1, vars(0.2), 1030],
    ['a negative variation', 11.5, vars(-1.5), 1000],
    ['positive and negative', 12, vars(3, -1.25), 1375],
    ['missing price_variation counts as 0', 8, vars(undefined, null), 800],
    ['zero variation', 8, vars(0), 800],
  ])('%s', (_name, price, variations, expected) => {
    expect(unitPriceMinor(product(price), variations)).toBe(expected);
  });

  it.each<[string, { priceMinor: number | null } | null | undefined]>([
    ['no product', null],
    ['undefined product', undefined],
    ['a product without price', { priceMinor: null }],
  ])('refuses %s', (_name, p) => {
    expect(() => unitPriceMinor(p, [])).toThrow(
      expect.objectContaining({ message: 'Invalid cart item: product is required' }),
    );
  });
});

describe('line total = unit price x quantity', () => {
  it.each<[string, number, PricedVariation[], number, number]>([
    ['one', 10.1, vars(0.2), 1, 1030],
    ['three', 10.1, vars(0.2), 3, 3090],
    ['zero quantity', 10.1, [], 0, 0],
    ['negative variation x 2', 11.5, vars(-1.5), 2, 2000],
    ['0.1 x 3 has no float drift', 0.1, [], 3, 30],
    ['19.99 x 7', 19.99, [], 7, 13993],
  ])('%s', (_name, price, variations, quantity, expected) => {
    expect(lineTotalMinor(product(price), variations, quantity)).toBe(expected);
  });

  it.each<[string, { priceMinor: number | null } | null, number]>([
    ['no product', null, 1],
    ['negative quantity', { priceMinor: 100 }, -1],
    ['NaN quantity', { priceMinor: 100 }, Number.NaN],
  ])('refuses %s', (_name, p, q) => {
    expect(() => lineTotalMinor(p, [], q)).toThrow(
      expect.objectContaining({ message: 'Invalid cart item: product is required and quantity must be non-negative' }),
    );
  });

  it('sums line totals', () => {
    expect(sumMinor([1030, 2000, 30])).toBe(3060);
    expect(sumMinor([])).toBe(0);
  });
});

describe('never below zero, whatever is stored', () => {
  it.each<[string, number, PricedVariation[]]>([
    ['two negative options stacked', 9, vars(-5, -5)],
    ['one option larger than the price', 3, vars(-3.01)],
  ])('%s is refused', (_name, price, variations) => {
    expect(() => unitPriceMinor(product(price), variations)).toThrow(
      expect.objectContaining({ code: 'NEGATIVE_PRICE' }),
    );
  });
  it('exactly zero is a price', () => {
    expect(unitPriceMinor(product(3), vars(-3))).toBe(0);
  });
});
