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
});

/** Intl separates with U+00A0 (no-break space) and, in French thousands, U+202F (narrow no-break space). */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatPrice in the guest language', () => {
  it.each<[number, string, string, string]>([
    [750, 'eur', 'fr', '7,50 €'],
    [750, 'eur', 'it', '7,50 €'],
    [750, 'eur', 'de', '7,50 €'],
    [750, 'eur', 'en', '€7.50'],
    [750, 'eur', 'th', '€7.50'],
    [750, 'gbp', 'en', '£7.50'],
    [750, 'gbp', 'fr', '7,50 £'],
    [18000, 'thb', 'th', '฿180.00'],
    [18000, 'thb', 'en', '฿180.00'],
    [1999, 'usd', 'en', '$19.99'],
    [1999, 'usd', 'de', '19,99 $'],
    [123456, 'eur', 'fr', '1 234,56 €'],
    [123456, 'eur', 'de', '1.234,56 €'],
    [123456, 'eur', 'it', '1234,56 €'],
    [123456, 'gbp', 'en', '£1,234.56'],
    [5, 'eur', 'en', '€0.05'],
    [0, 'eur', 'fr', '0,00 €'],
    [-150, 'eur', 'en', '-€1.50'],
  ])('formatPrice(%s, %s, %s) = %s', (minor, currency, language, text) => {
    expect(plain(formatPrice(minor, currency, language))).toBe(text);
  });

  it('keeps the amount and its symbol together with no-break spaces', () => {
    expect(formatPrice(750, 'eur', 'fr')).toBe('7,50\u00a0€');
    expect(formatPrice(123456, 'eur', 'fr')).toBe('1\u202f234,56\u00a0€');
  });

  it.each<[string | null | undefined, string]>([
    ['EUR', '€7.50'],
    ['chf', '€7.50'],
    [null, '€7.50'],
    [undefined, '€7.50'],
  ])('an unknown or missing currency %j falls back to euros', (currency, text) => {
    expect(formatPrice(750, currency, 'en')).toBe(text);
  });

  it('defaults to English and survives a malformed language tag', () => {
    expect(formatPrice(750, 'eur')).toBe('€7.50');
    expect(formatPrice(750, 'eur', 'not a language!')).toBe('€7.50');
  });

  it('rounds a fractional minor amount to whole minor units', () => {
    expect(formatPrice(749.6, 'eur', 'en')).toBe('€7.50');
  });
});

describe('formatPriceDifference in the guest language', () => {
  it.each<[number, string, string, string]>([
    [300, 'eur', 'en', '+€3.00'],
    [-150, 'eur', 'en', '-€1.50'],
    [0, 'eur', 'en', '+€0.00'],
    [300, 'eur', 'fr', '+3,00 €'],
    [-150, 'eur', 'de', '-1,50 €'],
    [-150, 'eur', 'it', '-1,50 €'],
    [5000, 'thb', 'th', '+฿50.00'],
    [-75, 'gbp', 'en', '-£0.75'],
  ])('formatPriceDifference(%s, %s, %s) = %s', (minor, currency, language, text) => {
    expect(plain(formatPriceDifference(minor, currency, language))).toBe(text);
  });
});
