import type { Env } from '../../env.ts';
import { withGeocoderCache } from './cached-geocoder.ts';
import type { GeocoderProvider } from './geocoder.ts';
import { createOfflineGeocoder } from './offline-geocoder.ts';
import { createOsmGeocoder, geocoderKindFor } from './osm-geocoder.ts';

export type { GeocoderProvider } from './geocoder.ts';
export { createOfflineGeocoder } from './offline-geocoder.ts';
export { createOsmGeocoder, formatPhotonFeature, geocoderKindFor } from './osm-geocoder.ts';
export { withGeocoderCache } from './cached-geocoder.ts';

/** The geocoder for this configuration: Photon or Nominatim at GEOCODER_URL (cached), else the typed address. */
export function geocoderFromEnv(env: Env): GeocoderProvider {
  if (!env.GEOCODER_URL) return createOfflineGeocoder();
  return withGeocoderCache(
    createOsmGeocoder({
      url: env.GEOCODER_URL,
      kind: geocoderKindFor(env.GEOCODER_URL, env.GEOCODER_KIND),
      userAgent: `Carte/1.0 (restaurant ordering; +${env.PUBLIC_URL})`,
    }),
  );
}
