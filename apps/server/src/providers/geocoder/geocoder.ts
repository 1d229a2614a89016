import type { AddressLanguage, AddressSuggestion } from '@carte/domain';

/**
 * Address suggestions behind one small interface (architecture.md section 5). The offline default
 * returns the typed address itself, normalised; an OSM geocoder (Photon or Nominatim compatible,
 * GEOCODER_URL, osm-geocoder.ts) implements the same interface, mapping its features to `full_address`.
 */
export interface GeocoderProvider {
  readonly name: string;
  /** `query` is normalised and at least 3 characters long; `language` is one of en-US, fr-FR, it-IT, th-TH, de-DE. */
  suggest(
    query: string,
    language: AddressLanguage,
    opts?: { limit?: number; signal?: AbortSignal },
  ): Promise<AddressSuggestion[]>;
}
