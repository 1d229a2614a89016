import { describe, expect, it } from 'vitest';
import { createOfflineGeocoder } from './offline-geocoder.ts';

describe('offline geocoder', () => {
  const geocoder = createOfflineGeocoder();
  it.each<[string, { full_address: string }[]]>([
    ['Via Roma 12, Roma', [{ full_address: 'Via Roma 12, Roma' }]],
    ['  Via   Roma\t12  ', [{ full_address: 'Via Roma 12' }]],
    ['ถนน  สุขุมวิท 11', [{ full_address: 'ถนน สุขุมวิท 11' }]],
    ['   ', []],
  ])('suggests %j as typed, normalised', async (q, expected) => {
    expect(await geocoder.suggest(q, 'en-US')).toEqual(expected);
  });
});
