import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small OSM geocoder on 127.0.0.1 answering both APIs:
 *  - Photon:    GET /api?q=&lang=&limit=  -> GeoJSON FeatureCollection
 *  - Nominatim: GET /search?format=jsonv2&q=&accept-language=&limit= -> [{display_name, ...}]
 * Every request is recorded (path, query, headers). `languages` lists what Photon accepts (others
 * get Photon's 400); `fail` scripts an HTTP error; `delayMs` a slow answer.
 */
export interface FakeGeocoderRequest {
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
}

export interface FakeGeocoder {
  url: string;
  requests: FakeGeocoderRequest[];
  fail: number | null;
  delayMs: number;
  languages: string[];
  close(): Promise<void>;
}

/** Photon features for a query mentioning "roma"; names follow the language asked for. */
function photonFeatures(q: string, lang: string | undefined, limit: number) {
  if (!/roma|rome/i.test(q)) return [];
  const country = lang === 'en' ? 'Italy' : lang === 'de' ? 'Italien' : lang === 'fr' ? 'Italie' : 'Italia';
  const city = lang === 'en' || lang === 'fr' ? 'Rome' : lang === 'de' ? 'Rom' : 'Roma';
  const all = [
    {
      name: 'Trattoria da Luca',
      street: 'Via Appia Nuova',
      housenumber: '10',
      postcode: '00183',
      city,
      country,
      osm_key: 'amenity',
    },
    { street: 'Via Appia Nuova', housenumber: '12', postcode: '00183', city, country, osm_key: 'building' },
    { name: 'Via Appia Nuova', postcode: '00183', city, country, osm_key: 'highway' },
    { name: city, country, osm_key: 'place' },
  ];
  return all.slice(0, limit).map((properties, i) => ({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [12.5 + i / 100, 41.88] },
    properties,
  }));
}

function nominatimPlaces(q: string, lang: string | undefined, limit: number) {
  if (!/roma|rome/i.test(q)) return [];
  const city = lang === 'en' ? 'Rome' : lang === 'th' ? 'โรม' : 'Roma';
  return [
    {
      place_id: 1,
      display_name: `10, Via Appia Nuova, Appio-Latino, ${city}, Lazio, 00183, Italia`,
      lat: '41.88',
      lon: '12.51',
    },
    { place_id: 2, display_name: `${city}, Lazio, Italia`, lat: '41.89', lon: '12.49' },
  ].slice(0, limit);
}

export async function startFakeGeocoder(): Promise<FakeGeocoder> {
  const fake = {
    url: '',
    requests: [] as FakeGeocoderRequest[],
    fail: null as number | null,
    delayMs: 0,
    languages: ['default', 'en', 'de', 'fr', 'it'],
  };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const query = Object.fromEntries(url.searchParams);
    fake.requests.push({ path: url.pathname, query, headers: req.headers });
    if (fake.delayMs) await new Promise((r) => setTimeout(r, fake.delayMs));
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (fake.fail) return json(fake.fail, { message: 'scripted failure' });
    const limit = Number(query.limit ?? 10);
    if (url.pathname === '/api') {
      if (!query.q) return json(400, { message: 'missing search term' });
      if (query.lang && !fake.languages.includes(query.lang)) {
        return json(400, { message: `Language is not supported. Supported are: ${fake.languages.join(', ')}` });
      }
      return json(200, { type: 'FeatureCollection', features: photonFeatures(query.q, query.lang, limit) });
    }
    if (url.pathname === '/search') {
      if (query.format !== 'jsonv2') return json(400, { error: 'format' });
      return json(200, nominatimPlaces(query.q ?? '', query['accept-language'], limit));
    }
    return json(404, { message: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(fake, {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
}
