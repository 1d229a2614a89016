import { describe, expect, it } from 'vitest';
import { stripPrices } from './reply-text.ts';

describe('stripPrices: model text never states a price (they are shown from the database)', () => {
  it.each<[string, string]>([
    ['It is €7.50.', 'It is (price below).'],
    ['Costs 7,50 € now', 'Costs (price below) now'],
    ['Only ฿1,200.00 today', 'Only (price below) today'],
    ['Nur 1.234,56 € heute', 'Nur (price below) heute'],
    ['Seulement 1\u202f234,56\u00a0€', 'Seulement (price below)'],
    ['£7.50 or 12 euros', '(price below) or (price below)'],
    ['We have 1,200 seats', 'We have 1,200 seats'],
    ['Table 12, 3 people', 'Table 12, 3 people'],
  ])('%j -> %j', (text, expected) => {
    expect(stripPrices(text, 'en')).toBe(expected);
  });
});
