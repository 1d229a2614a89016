import { normaliseAddress } from '@carte/domain';
import type { GeocoderProvider } from './geocoder.ts';

/** The offline default: the address as typed (trimmed, spaces collapsed) is the one suggestion. */
export function createOfflineGeocoder(): GeocoderProvider {
  return {
    name: 'offline',
    async suggest(query) {
      const address = normaliseAddress(query);
      return address ? [{ full_address: address }] : [];
    },
  };
}
