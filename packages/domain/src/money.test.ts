import { describe, expect, it } from 'vitest';
import {
  currencySymbol,
  formatAmount,
  formatPrice,
  formatPriceDifference,
  fromMinor,
  hasAtMostTwoDecimals,
  toMinor,
} from './money.ts';

describe('toMinor / fromMinor', () => {
  it.each<[number, number]>([
    [0, 0],
    [9.5, 950],
    [10.1, 1010],
    [0.2, 20],
    [10.1 + 0.2, 1030],
    [0.1 + 0.2, 30],
    [1.005, 101],
    [-1.5, -150],
    [19.99, 1999],
    [1234.56, 123456],
  ])('toMinor(%s) = %s', (amount, minor) => {
    expect(toMinor(amount)).toBe(minor);
  });

  it('10.10 + 0.20 = 10.30 in minor units', () => {
    expect(fromMinor(toMinor(10.1) + toMinor(0.2))).toBe(10.3);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY])('toMinor(%s) throws', (v) => {
    expect(() => toMinor(v)).toThrow(RangeError);
  });

  it.each<[number, number]>([
    [1030, 10.3],
    [950, 9.5],
    [-150, -1.5],
    [0, 0],
  ])('fromMinor(%s) = %s', (minor, amount) => {
    expect(fromMinor(minor)).toBe(amount);
  });

  it.each<[number, boolean]>([
    [9.5, true],
    [10.1, true],
    [10.125, false],
    [Number.NaN, false],
  ])('hasAtMostTwoDecimals(%s)', (v, expected) => {
    expect(hasAtMostTwoDecimals(v)).toBe(expected);
  });
});

describe('currency symbols', () => {
  it.each<[string | null | undefined, string]>([
    ['usd', '$'],
    ['eur', '€'],
    ['gbp', '£'],
    ['thb', '฿'],
    ['USD', '$'],
    ['chf', '€'],
    ['', '€'],
    [null, '€'],
    [undefined, '€'],
  ])('%j -> %s', (currency, symbol) => {
    expect(currencySymbol(currency)).toBe(symbol);
  });
});

describe('formatting with 2 decimals', () => {
  it.each<[number, string]>([
    [1030, '10.30'],
    [950, '9.50'],
    [5, '0.05'],
    [0, '0.00'],
    [-150, '-1.50'],
  ])('formatAmount(%s) = %s', (minor, text) => {
    expect(formatAmount(minor)).toBe(text);
  });

  it.each<[number, string, string]>([
    [1030, 'eur', '10.30 €'],
    [1999, 'usd', '19.99 $'],
    [12000, 'thb', '120.00 ฿'],
    [450, 'gbp', '4.50 £'],
  ])('formatPrice(%s, %s)', (minor, currency, text) => {
    expect(formatPrice(minor, currency)).toBe(text);
  });

  it.each<[number, string]>([
    [300, '+3.00 €'],
    [-150, '-1.50 €'],
    [0, '+0.00 €'],
  ])('formatPriceDifference(%s)', (minor, text) => {
    expect(formatPriceDifference(minor, 'eur')).toBe(text);
  });
});
