import { describe, expect, it } from 'vitest';
import { createProductSchema, updateProductSchema, type StaffProductValues } from './contracts/product.ts';
import { venueSettingsSchema } from './contracts/venue.ts';
import { parseWith, productRuleIssues, tableUrl, venueSettingsIssues } from './staff-menu.ts';

const VENUE = '6f1c2b9e-3d4a-4c5b-8e6f-7a8b9c0d1e2f';

const product = (
  over: Partial<StaffProductValues> = {},
): Pick<StaffProductValues, 'price' | 'variations' | 'variationGroups'> => ({
  price: 10,
  variations: [],
  variationGroups: [],
  ...over,
});
const v = (id: string | undefined, price_variation = 0) => ({
  id,
  name: id ?? 'x',
  price_variation,
  preferences: [],
  allergenes: [],
});
const g = (variationIds: string[], min = 1, max = 1, id?: string) => ({ id, name: 'Size', min, max, variationIds });

describe('productRuleIssues: the import rules on a form product', () => {
  it.each([
    ['no options', product(), []],
    ['a size group', product({ variations: [v('s', -2), v('l', 3)], variationGroups: [g(['s', 'l'])] }), []],
    ['ask for price with any options', product({ price: null, variations: [v('s', -50)] }), []],
    ['a free extra that makes it negative', product({ variations: [v('s', -11)] }), ['price']],
    [
      'a required discount below zero',
      product({ variations: [v('s', -12), v('l', 0)], variationGroups: [g(['s', 'l'])] }),
      ['price'],
    ],
    [
      'min above max',
      product({ variations: [v('a'), v('b')], variationGroups: [g(['a', 'b'], 2, 1)] }),
      ['variationGroups[0].min'],
    ],
    [
      'an unknown variation id',
      product({ variations: [v('a')], variationGroups: [g(['b'])] }),
      ['variationGroups[0].variationIds[0]'],
    ],
    [
      'a variation without id cannot be grouped',
      product({ variations: [v(undefined)], variationGroups: [g(['x'], 0)] }),
      ['variationGroups[0].variationIds[0]'],
    ],
    ['duplicate variation ids', product({ variations: [v('a'), v('a')] }), ['variations[1].id']],
    [
      'two groups sharing a variation',
      product({ variations: [v('a'), v('b')], variationGroups: [g(['a'], 0, 1, 'x'), g(['a', 'b'], 0, 1, 'y')] }),
      ['variationGroups[1].variationIds[0]'],
    ],
    [
      'groups without ids are not duplicates',
      product({ variations: [v('a'), v('b')], variationGroups: [g(['a'], 0), g(['b'], 0)] }),
      [],
    ],
  ])('%s', (_label, input, paths) => {
    expect(productRuleIssues(input).map((i) => i.path)).toEqual(paths);
  });
});

describe('product schemas', () => {
  it('create: defaults as the import (available, no options), ids of the database', () => {
    const r = parseWith(createProductSchema, { venue: VENUE, name: ' Burrata ', price: 11.5 });
    expect(r).toEqual({
      ok: true,
      value: expect.objectContaining({
        name: 'Burrata',
        status: 'available',
        categories: [],
        variations: [],
        variationGroups: [],
      }),
    });
  });

  it.each([
    [{ venue: 'x', name: 'A' }, 'venue'],
    [{ venue: VENUE, name: 'A', price: -1 }, 'price'],
    [{ venue: VENUE, name: 'A', price: 1.005 }, 'price'],
    [{ venue: VENUE, name: 'A', image: 'photo.png' }, 'image'],
    [{ venue: VENUE, name: 'A', variations: [{ name: 'B', price_variation: 'x' }] }, 'variations[0].price_variation'],
    [
      { venue: VENUE, name: 'A', variationGroups: [{ name: 'G', min: 0, max: 0, variationIds: ['a'] }] },
      'variationGroups[0].max',
    ],
    [{ venue: VENUE }, 'name'],
  ])('create refuses %o at %s', (input, path) => {
    const r = parseWith(createProductSchema, input);
    expect(r.ok ? [] : r.issues.map((i) => i.path)).toContain(path);
  });

  it('update: only the fields sent, no defaults filled in', () => {
    expect(parseWith(updateProductSchema, { id: 'p1', status: 'unavailable' })).toEqual({
      ok: true,
      value: { id: 'p1', status: 'unavailable' },
    });
  });
});

describe('venue settings', () => {
  it.each([
    [{ spots: ['1', '2'], useTextMenu: false, textMenu: null }, []],
    [{ spots: ['A', 'a'], useTextMenu: false, textMenu: null }, ['spots[1]']],
    [{ spots: ['DELIVERY'], useTextMenu: false, textMenu: null }, ['spots[0]']],
    [{ spots: [], useTextMenu: true, textMenu: '  ' }, ['textMenu']],
    [{ spots: [], useTextMenu: true, textMenu: 'Pizza 9' }, []],
  ])('venueSettingsIssues(%o)', (input, paths) => {
    expect(venueSettingsIssues(input).map((i) => i.path)).toEqual(paths);
  });

  it('the PATCH schema takes only what is sent and refuses unknown settings', () => {
    expect(parseWith(venueSettingsSchema, { id: VENUE, cardPayment: false })).toEqual({
      ok: true,
      value: { id: VENUE, cardPayment: false },
    });
    const r = parseWith(venueSettingsSchema, { id: VENUE, currency: 'usd' });
    expect(r.ok ? [] : r.issues).toEqual([
      { path: '(root)', code: 'unrecognized_keys', params: { keys: ['currency'] }, message: 'unknown field(s): currency' },
    ]);
  });
});

describe('tableUrl', () => {
  it.each([
    ['http://localhost:3000', 'casa', '4', 'http://localhost:3000/casa?spot=4'],
    ['https://x.test/', 'casa', 'Terrace A', 'https://x.test/casa?spot=Terrace%20A'],
    ['https://x.test', 'casa', 'A&B/1?', 'https://x.test/casa?spot=A%26B%2F1%3F'],
  ])('%s + %s + %s', (base, venue, spot, url) => {
    expect(tableUrl(base, venue, spot)).toBe(url);
  });
  it.each([
    ['https://x.test', 'casa', '4', 'q3Vx0bT9r2nYk8aLm4Pz7sWc1dEf6G_-', 'https://x.test/casa?spot=4&t=q3Vx0bT9r2nYk8aLm4Pz7sWc1dEf6G_-'],
    ['https://x.test', 'casa', 'Terrace A', null, 'https://x.test/casa?spot=Terrace%20A'],
  ])('%s + %s + %s with the table token %s', (base, venue, spot, token, url) => {
    expect(tableUrl(base, venue, spot, token)).toBe(url);
  });
});
