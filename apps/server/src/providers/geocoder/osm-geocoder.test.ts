import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeGeocoder, type FakeGeocoder } from '../../../test/fake-geocoder.ts';
import { withGeocoderCache } from './cached-geocoder.ts';
import {
  createOsmGeocoder,
  formatPhotonFeature,
  geocoderKindFor,
  GeocoderError,
  type GeocoderKind,
} from './osm-geocoder.ts';

describe('Photon feature as one line', () => {
  it.each<[string, Record<string, unknown>, string]>([
    [
      'a named place with its address',
      {
        name: 'Trattoria da Luca',
        street: 'Via Appia Nuova',
        housenumber: '10',
        postcode: '00183',
        city: 'Roma',
        country: 'Italia',
      },
      'Trattoria da Luca, Via Appia Nuova 10, 00183 Roma, Italia',
    ],
    [
      'a house (number, no name)',
      { street: 'Via Appia Nuova', housenumber: '12', postcode: '00183', city: 'Roma', country: 'Italia' },
      'Via Appia Nuova 12, 00183 Roma, Italia',
    ],
    [
      'a street',
      { name: 'Via Appia Nuova', postcode: '00183', city: 'Roma', country: 'Italia' },
      'Via Appia Nuova, 00183 Roma, Italia',
    ],
    ['a city', { name: 'Roma', country: 'Italia' }, 'Roma, Italia'],
    ['a village without city', { name: 'Bar Sport', village: 'Borgo', country: 'Italia' }, 'Bar Sport, Borgo, Italia'],
    ['spaces tidied', { name: '  Bar   Sport ', country: ' Italia ' }, 'Bar Sport, Italia'],
    ['nothing usable', { osm_key: 'x' }, ''],
  ])('%s', (_name, properties, expected) => {
    expect(formatPhotonFeature(properties)).toBe(expected);
  });
});

describe.each<[string, string | undefined, GeocoderKind]>([
  ['https://photon.komoot.io', undefined, 'photon'],
  ['https://nominatim.openstreetmap.org', undefined, 'nominatim'],
  ['https://geo.example/nominatim/', undefined, 'nominatim'],
  ['https://geo.example', 'nominatim', 'nominatim'],
  ['https://nominatim.example', 'photon', 'photon'],
])('geocoder kind for %s (GEOCODER_KIND=%s)', (url, kind, expected) => {
  it(`is ${expected}`, () => {
    expect(geocoderKindFor(url, kind as GeocoderKind | undefined)).toBe(expected);
  });
});

describe('OSM geocoders against the fake geocoder', () => {
  let fake: FakeGeocoder;
  const geocoder = (kind: GeocoderKind, timeoutMs?: number) =>
    createOsmGeocoder({
      url: `${fake.url}/`,
      kind,
      userAgent: 'Carte/1.0 (test)',
      ...(timeoutMs ? { timeoutMs } : {}),
    });

  beforeAll(async () => {
    fake = await startFakeGeocoder();
  });
  afterAll(async () => fake?.close());
  beforeEach(() => {
    fake.requests.length = 0;
    fake.fail = null;
    fake.delayMs = 0;
    fake.languages = ['default', 'en', 'de', 'fr', 'it'];
  });

  it('Photon: asks /api with the query, language and limit, and names each feature in one line, with its postcode and coordinates', async () => {
    const found = await geocoder('photon').suggest('Via Appia Roma', 'it-IT', { limit: 3 });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({ path: '/api', query: { q: 'Via Appia Roma', lang: 'it', limit: '3' } });
    expect(fake.requests[0]!.headers['user-agent']).toBe('Carte/1.0 (test)');
    // GeoJSON gives [longitude, latitude]; the suggestion names them (decision 032).
    expect(found).toEqual([
      {
        full_address: 'Trattoria da Luca, Via Appia Nuova 10, 00183 Roma, Italia',
        postcode: '00183',
        location: { lat: 41.88, lng: 12.5 },
      },
      { full_address: 'Via Appia Nuova 12, 00183 Roma, Italia', postcode: '00183', location: { lat: 41.88, lng: 12.51 } },
      { full_address: 'Via Appia Nuova, 00183 Roma, Italia', postcode: '00183', location: { lat: 41.88, lng: 12.52 } },
    ]);
  });

  it('Photon: answers in the app language (de)', async () => {
    const found = await geocoder('photon').suggest('Via Appia Roma', 'de-DE', { limit: 1 });
    expect(fake.requests[0]!.query.lang).toBe('de');
    expect(found.map((f) => f.full_address)).toEqual(['Trattoria da Luca, Via Appia Nuova 10, 00183 Rom, Italien']);
  });

  it('Photon: Thai is not a Photon language: asked without one (local names)', async () => {
    const found = await geocoder('photon').suggest('Roma', 'th-TH', { limit: 1 });
    expect(fake.requests[0]!.query.lang).toBeUndefined();
    expect(found).toHaveLength(1);
  });

  it('Photon: a server without the language (400) is asked again without it', async () => {
    fake.languages = ['default', 'en'];
    const found = await geocoder('photon').suggest('Roma', 'fr-FR', { limit: 1 });
    expect(fake.requests.map((r) => r.query.lang)).toEqual(['fr', undefined]);
    expect(found).toHaveLength(1);
  });

  it('Nominatim: asks /search (jsonv2) with accept-language and uses display_name and the coordinates', async () => {
    const found = await geocoder('nominatim').suggest('Via Appia Roma', 'en-US', { limit: 5 });
    expect(fake.requests[0]).toMatchObject({
      path: '/search',
      query: { format: 'jsonv2', q: 'Via Appia Roma', 'accept-language': 'en', limit: '5' },
    });
    expect(found).toEqual([
      {
        full_address: '10, Via Appia Nuova, Appio-Latino, Rome, Lazio, 00183, Italia',
        location: { lat: 41.88, lng: 12.51 },
      },
      { full_address: 'Rome, Lazio, Italia', location: { lat: 41.89, lng: 12.49 } },
    ]);
  });

  it.each<[GeocoderKind]>([['photon'], ['nominatim']])('%s: nothing found is an empty list', async (kind) => {
    expect(await geocoder(kind).suggest('Nowhere at all', 'en-US')).toEqual([]);
  });

  it.each<[GeocoderKind, number]>([
    ['photon', 500],
    ['nominatim', 503],
    ['nominatim', 429],
  ])('%s: HTTP %s is a GeocoderError', async (kind, status) => {
    fake.fail = status;
    await expect(geocoder(kind).suggest('Roma', 'it-IT')).rejects.toBeInstanceOf(GeocoderError);
  });

  it('gives up after its timeout', async () => {
    fake.delayMs = 500;
    const started = Date.now();
    await expect(geocoder('photon', 100).suggest('Roma', 'it-IT')).rejects.toBeInstanceOf(GeocoderError);
    expect(Date.now() - started).toBeLessThan(450);
  });

  it('the cache answers a repeated search for 5 minutes without asking again, per language', async () => {
    let now = 0;
    const cached = withGeocoderCache(geocoder('photon'), { now: () => now });
    const first = await cached.suggest('Via Appia Roma', 'it-IT', { limit: 3 });
    expect(await cached.suggest('via appia roma', 'it-IT', { limit: 3 })).toEqual(first);
    expect(fake.requests).toHaveLength(1);
    await cached.suggest('Via Appia Roma', 'en-US', { limit: 3 });
    expect(fake.requests).toHaveLength(2);
    now += 5 * 60_000 + 1;
    await cached.suggest('Via Appia Roma', 'it-IT', { limit: 3 });
    expect(fake.requests).toHaveLength(3);
  });

  it('the cache shares one request between identical concurrent searches and keeps no failure', async () => {
    fake.delayMs = 50;
    const cached = withGeocoderCache(geocoder('photon'));
    await Promise.all([cached.suggest('Roma', 'it-IT'), cached.suggest('Roma', 'it-IT')]);
    expect(fake.requests).toHaveLength(1);
    fake.fail = 500;
    await expect(cached.suggest('Roma centro', 'it-IT')).rejects.toBeInstanceOf(GeocoderError);
    fake.fail = null;
    expect(await cached.suggest('Roma centro', 'it-IT')).toHaveLength(4);
  });

  it('the cache is bounded: the oldest search goes first', async () => {
    const cached = withGeocoderCache(geocoder('photon'), { maxEntries: 2 });
    for (const q of ['Roma 1', 'Roma 2', 'Roma 3', 'Roma 3', 'Roma 1']) await cached.suggest(q, 'it-IT');
    // Roma 1 was dropped when Roma 3 came in; Roma 3 was cached.
    expect(fake.requests.map((r) => r.query.q)).toEqual(['Roma 1', 'Roma 2', 'Roma 3', 'Roma 1']);
  });
});
