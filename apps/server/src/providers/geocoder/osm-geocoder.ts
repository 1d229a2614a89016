import { normaliseAddress, type AddressLanguage, type AddressSuggestion } from '@carte/domain';
import type { GeocoderProvider } from './geocoder.ts';

/**
 * OpenStreetMap geocoders behind GEOCODER_URL: Photon (`GET /api?q=&lang=&limit=`, GeoJSON) and
 * Nominatim (`GET /search?format=jsonv2&q=&accept-language=&limit=`). Both get the app's language,
 * a User-Agent naming Carte (Nominatim's usage policy asks for one) and a timeout.
 */
export type GeocoderKind = 'photon' | 'nominatim';

export interface OsmGeocoderConfig {
  url: string;
  kind: GeocoderKind;
  /** Sent as User-Agent, e.g. `Carte/1.0 (+https://carte.example)`. */
  userAgent: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export const GEOCODER_TIMEOUT_MS = 4_000;
/** Languages public Photon servers index; for others (Thai) Photon answers in the local names. */
const PHOTON_LANGUAGES = new Set(['en', 'fr', 'it', 'de']);

/** The kind named by GEOCODER_KIND, else guessed from the URL (a Nominatim server usually says so). */
export function geocoderKindFor(url: string, kind: GeocoderKind | undefined): GeocoderKind {
  if (kind) return kind;
  return /nominatim/i.test(url) ? 'nominatim' : 'photon';
}

export class GeocoderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GeocoderError';
  }
}

const text = (v: unknown): string => (typeof v === 'string' ? normaliseAddress(v) : '');

/** A Photon feature as one line: "name, street housenumber, postcode city, country" (empty parts left out). */
export function formatPhotonFeature(properties: Record<string, unknown>): string {
  const name = text(properties.name);
  const street = text(properties.street);
  const number = text(properties.housenumber);
  const postcode = text(properties.postcode);
  const city = text(properties.city) || text(properties.town) || text(properties.village) || text(properties.locality);
  const country = text(properties.country);
  // A street feature is named by its street; a house has a number but no street name of its own.
  const streetLine = [street || (number ? name : ''), number].filter(Boolean).join(' ');
  const place = name && name !== street && name !== city && !(number && !street) ? name : '';
  const cityLine = [postcode, city].filter(Boolean).join(' ');
  const lines = [place, streetLine, cityLine, country].filter(Boolean);
  // A city or country feature: its name is the city line already.
  return [...new Set(lines)].join(', ');
}

/**
 * A suggestion with the postcode and the coordinates when the geocoder gave them (decision 032: a
 * delivery area checks them); a coordinate that is not a number on the globe is left out.
 */
function withPlace(full_address: string, postcode: string, lat: unknown, lng: unknown): AddressSuggestion {
  const onGlobe =
    typeof lat === 'number' &&
    typeof lng === 'number' &&
    Number.isFinite(lat) &&
    Number.isFinite(lng) &&
    Math.abs(lat) <= 90 &&
    Math.abs(lng) <= 180;
  return {
    full_address,
    ...(postcode && postcode.length <= 12 ? { postcode } : {}),
    ...(onGlobe ? { location: { lat, lng } } : {}),
  };
}

export function createOsmGeocoder(config: OsmGeocoderConfig): GeocoderProvider {
  const base = config.url.replace(/\/+$/, '');
  const doFetch = config.fetch ?? fetch;
  const timeoutMs = config.timeoutMs ?? GEOCODER_TIMEOUT_MS;

  async function getJson(url: URL, signal: AbortSignal | undefined): Promise<{ status: number; body: unknown }> {
    const timeout = AbortSignal.timeout(timeoutMs);
    let res: Response;
    try {
      res = await doFetch(url, {
        headers: { 'user-agent': config.userAgent, accept: 'application/json' },
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (e) {
      throw new GeocoderError(`geocoder unreachable: ${(e as Error)?.message}`);
    }
    const body: unknown = res.ok ? await res.json().catch(() => undefined) : undefined;
    if (res.ok && body === undefined) throw new GeocoderError('geocoder answered no JSON');
    return { status: res.status, body };
  }

  async function photon(query: string, lang: string, limit: number, signal?: AbortSignal) {
    const url = new URL(`${base}/api`);
    url.searchParams.set('q', query);
    url.searchParams.set('limit', String(limit));
    if (PHOTON_LANGUAGES.has(lang)) url.searchParams.set('lang', lang);
    let answer = await getJson(url, signal);
    // A Photon server built without this language answers 400: ask again in its default names.
    if (answer.status === 400 && url.searchParams.has('lang')) {
      url.searchParams.delete('lang');
      answer = await getJson(url, signal);
    }
    if (answer.status !== 200) throw new GeocoderError(`photon: HTTP ${answer.status}`);
    const features = (answer.body as { features?: unknown })?.features;
    if (!Array.isArray(features)) throw new GeocoderError('photon: no features in the answer');
    return features.map((f): AddressSuggestion => {
      const properties = ((f as { properties?: unknown })?.properties ?? {}) as Record<string, unknown>;
      // GeoJSON: [longitude, latitude].
      const [lng, lat] = ((f as { geometry?: { coordinates?: unknown } })?.geometry?.coordinates ?? []) as unknown[];
      return withPlace(formatPhotonFeature(properties), text(properties.postcode), lat, lng);
    });
  }

  async function nominatim(query: string, lang: string, limit: number, signal?: AbortSignal) {
    const url = new URL(`${base}/search`);
    url.searchParams.set('format', 'jsonv2');
    url.searchParams.set('q', query);
    url.searchParams.set('accept-language', lang);
    url.searchParams.set('limit', String(limit));
    const answer = await getJson(url, signal);
    if (answer.status !== 200) throw new GeocoderError(`nominatim: HTTP ${answer.status}`);
    if (!Array.isArray(answer.body)) throw new GeocoderError('nominatim: the answer is not a list');
    return answer.body.map((place): AddressSuggestion => {
      const p = place as { display_name?: unknown; lat?: unknown; lon?: unknown };
      return withPlace(text(p.display_name), '', Number(p.lat), Number(p.lon));
    });
  }

  return {
    name: config.kind,
    async suggest(query: string, language: AddressLanguage, opts = {}): Promise<AddressSuggestion[]> {
      const lang = language.slice(0, 2);
      const limit = Math.min(Math.max(opts.limit ?? 5, 1), 20);
      const found =
        config.kind === 'nominatim'
          ? await nominatim(query, lang, limit, opts.signal)
          : await photon(query, lang, limit, opts.signal);
      // One suggestion per address text (the first, the geocoder's best).
      const seen = new Set<string>();
      return found.filter((s) => s.full_address !== '' && !seen.has(s.full_address) && seen.add(s.full_address));
    },
  };
}
