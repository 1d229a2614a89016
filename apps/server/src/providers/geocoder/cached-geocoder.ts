import type { AddressSuggestion } from '@carte/domain';
import type { GeocoderProvider } from './geocoder.ts';

export const GEOCODER_CACHE_TTL_MS = 5 * 60_000;
export const GEOCODER_CACHE_MAX_ENTRIES = 1_000;

/**
 * Remembers answers for 5 minutes (bounded; the oldest entry goes first) and shares one lookup
 * between identical concurrent requests: guests retyping and several guests in one street cost
 * the geocoder (and a public server's usage policy) one request. Failures are not remembered.
 */
export function withGeocoderCache(
  inner: GeocoderProvider,
  opts: { ttlMs?: number; maxEntries?: number; now?: () => number } = {},
): GeocoderProvider {
  const ttl = opts.ttlMs ?? GEOCODER_CACHE_TTL_MS;
  const max = opts.maxEntries ?? GEOCODER_CACHE_MAX_ENTRIES;
  const now = opts.now ?? Date.now;
  const cache = new Map<string, { until: number; value: AddressSuggestion[] }>();
  const inFlight = new Map<string, Promise<AddressSuggestion[]>>();

  return {
    name: inner.name,
    async suggest(query, language, options = {}) {
      const key = `${language}\n${options.limit ?? ''}\n${query.toLowerCase()}`;
      const hit = cache.get(key);
      if (hit && hit.until > now()) return hit.value.map((s) => ({ ...s }));
      if (hit) cache.delete(key);
      let pending = inFlight.get(key);
      if (!pending) {
        // The lookup is shared, so it is not cancelled by one caller's signal; the timeout bounds it.
        pending = inner
          .suggest(query, language, { ...(options.limit !== undefined ? { limit: options.limit } : {}) })
          .then((value) => {
            if (cache.size >= max) cache.delete(cache.keys().next().value!);
            cache.set(key, { until: now() + ttl, value });
            return value;
          })
          .finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      return (await pending).map((s) => ({ ...s }));
    },
  };
}
