import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeGeocoder, type FakeGeocoder } from '../../../test/fake-geocoder.ts';
import { nextTestAddress } from '../../../test/staff-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { dbKinds } from '../../../test/test-db.ts';

describe.each(dbKinds)('GET /api/address with an OSM geocoder on %s', (kind) => {
  let fake: FakeGeocoder;
  let photon: TestApp;
  let nominatim: TestApp;

  beforeAll(async () => {
    fake = await startFakeGeocoder();
    photon = await createTestApp(kind, {
      env: { GEOCODER_URL: fake.url, GEOCODER_RATE_LIMIT_PER_MINUTE: '3', PUBLIC_URL: 'https://carte.example' },
    });
    nominatim = await createTestApp(kind, { env: { GEOCODER_URL: fake.url, GEOCODER_KIND: 'nominatim' } });
  });
  afterAll(async () => {
    await photon?.close();
    await nominatim?.close();
    await fake?.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
    fake.fail = null;
  });

  const get = (t: TestApp, query: string, remoteAddress = nextTestAddress()) =>
    t.app.inject({ method: 'GET', url: `/api/address?${query}`, remoteAddress });

  it('suggests Photon places in the app language, naming Carte to the geocoder', async () => {
    const res = await get(photon, 'q=Via%20Appia%20Roma&language=fr-FR');
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0]).toEqual({ full_address: 'Trattoria da Luca, Via Appia Nuova 10, 00183 Rome, Italie' });
    expect(fake.requests[0]).toMatchObject({ path: '/api', query: { lang: 'fr', q: 'Via Appia Roma', limit: '10' } });
    expect(fake.requests[0]!.headers['user-agent']).toMatch(/^Carte\/.*https:\/\/carte\.example/);
  });

  it('suggests Nominatim places (GEOCODER_KIND=nominatim)', async () => {
    const res = await get(nominatim, 'q=Via%20Appia%20Roma&language=it-IT');
    expect(res.json()).toEqual({
      success: true,
      data: [
        { full_address: '10, Via Appia Nuova, Appio-Latino, Roma, Lazio, 00183, Italia' },
        { full_address: 'Roma, Lazio, Italia' },
      ],
    });
    expect(fake.requests[0]!.query['accept-language']).toBe('it');
  });

  it('answers a repeated search from its cache', async () => {
    await get(nominatim, 'q=Piazza%20Roma&language=en-US');
    await get(nominatim, 'q=piazza%20%20roma&language=en-US');
    expect(fake.requests).toHaveLength(1);
  });

  it('does not ask the geocoder for fewer than 3 characters', async () => {
    const res = await get(photon, 'q=Ro&language=it-IT');
    expect(res.json()).toEqual({ success: true, data: [] });
    expect(fake.requests).toHaveLength(0);
  });

  it('a failing geocoder is a 502 the address form shows as its delivery error', async () => {
    fake.fail = 500;
    const res = await get(photon, 'q=Via%20del%20Corso%20Roma&language=it-IT');
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      success: false,
      code: 'PROVIDER_FAILED',
      error: 'Error managing the delivery of your order. Please try again later.',
    });
  });

  it('limits searches per client address (GEOCODER_RATE_LIMIT_PER_MINUTE)', async () => {
    const guest = nextTestAddress();
    const statuses = [];
    for (const q of ['Roma 1', 'Roma 2', 'Roma 3', 'Roma 4']) {
      statuses.push((await get(photon, `q=${encodeURIComponent(q)}&language=it-IT`, guest)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    // Another guest is not limited by the first.
    expect((await get(photon, 'q=Roma%205&language=it-IT')).statusCode).toBe(200);
    expect(fake.requests).toHaveLength(4);
  });
});
