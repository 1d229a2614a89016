import { describe, expect, it } from 'vitest';
import {
  chooseDelivery,
  chooseTable,
  isValidSpot,
  revalidateSpot,
  shouldAskDeliveryOrTable,
  spotFromQuery,
  type SpotState,
  type SpotVenue,
} from './spot.ts';

const withDelivery: SpotVenue = { spots: ['1', '2', 'Terrace A'], enable_uber_direct: true };
const tablesOnly: SpotVenue = { spots: ['1', '2', 'Terrace A'], enable_uber_direct: false };

describe('spotFromQuery (?spot=)', () => {
  it.each<[string, SpotVenue, string | null | undefined, SpotState | null]>([
    ['a table of the venue', tablesOnly, '2', { spot: '2', delivery: false }],
    ['a table with a space', tablesOnly, 'Terrace A', { spot: 'Terrace A', delivery: false }],
    ['delivery at a venue with delivery', withDelivery, 'delivery', { spot: 'delivery', delivery: true }],
    ['delivery at a venue without delivery', tablesOnly, 'delivery', null],
    ['an unknown table', tablesOnly, '9', null],
    ['case matters', tablesOnly, 'terrace a', null],
    ['empty', tablesOnly, '', null],
    ['absent', tablesOnly, null, null],
    ['undefined', tablesOnly, undefined, null],
  ])('%s', (_name, venue, query, expected) => {
    expect(spotFromQuery(venue, query)).toEqual(expected);
  });
});

describe('isValidSpot', () => {
  it.each<[SpotVenue, unknown, boolean]>([
    [tablesOnly, '1', true],
    [tablesOnly, 'delivery', false],
    [withDelivery, 'delivery', true],
    [withDelivery, '3', false],
    [withDelivery, 1, false],
    [withDelivery, null, false],
  ])('%#: %j', (venue, spot, expected) => {
    expect(isValidSpot(venue, spot)).toBe(expected);
  });
});

describe('choosing', () => {
  it('a table turns delivery off', () => {
    expect(chooseTable(withDelivery, '1')).toEqual({ spot: '1', delivery: false });
  });
  it('delivery sets the spot to delivery', () => {
    expect(chooseDelivery(withDelivery)).toEqual({ spot: 'delivery', delivery: true });
  });
  it.each<[string, () => unknown, string]>([
    ['an unknown table', () => chooseTable(withDelivery, '42'), 'INVALID_SPOT'],
    ['"delivery" as a table', () => chooseTable(withDelivery, 'delivery'), 'INVALID_SPOT'],
    ['delivery without enable_uber_direct', () => chooseDelivery(tablesOnly), 'DELIVERY_NOT_AVAILABLE'],
  ])('refuses %s', (_name, fn, code) => {
    expect(fn).toThrow(expect.objectContaining({ code }));
  });
});

describe('revalidateSpot (a stored spot against the current venue)', () => {
  it.each<[SpotVenue, SpotState, SpotState]>([
    [tablesOnly, { spot: '1', delivery: false }, { spot: '1', delivery: false }],
    [tablesOnly, { spot: 'gone', delivery: false }, { spot: null, delivery: false }],
    [tablesOnly, { spot: 'delivery', delivery: true }, { spot: null, delivery: false }],
    [withDelivery, { spot: 'delivery', delivery: true }, { spot: 'delivery', delivery: true }],
    [withDelivery, { spot: null, delivery: false }, { spot: null, delivery: false }],
  ])('%#', (venue, state, expected) => {
    expect(revalidateSpot(venue, state)).toEqual(expected);
  });
});

describe('shouldAskDeliveryOrTable (order bar)', () => {
  it.each<[SpotVenue, SpotState, boolean, boolean]>([
    [withDelivery, { spot: null, delivery: false }, false, true],
    [withDelivery, { spot: '1', delivery: false }, false, false],
    [withDelivery, { spot: 'delivery', delivery: true }, false, false],
    [withDelivery, { spot: null, delivery: false }, true, false],
    [tablesOnly, { spot: null, delivery: false }, false, false],
  ])('%#', (venue, state, hasOrder, expected) => {
    expect(shouldAskDeliveryOrTable(venue, state, hasOrder)).toBe(expected);
  });
});
