import type { Env } from '../../env.ts';
import type { GeocoderProvider } from './geocoder.ts';
import { createOfflineGeocoder } from './offline-geocoder.ts';

export type { GeocoderProvider } from './geocoder.ts';
export { createOfflineGeocoder } from './offline-geocoder.ts';

/** The geocoder for this configuration: a Photon/Nominatim client (GEOCODER_URL) comes later; offline until then. */
export function geocoderFromEnv(_env: Env): GeocoderProvider {
  return createOfflineGeocoder();
}
