import { useContext, type ReactNode } from 'react';
import { hydrate, QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { ApiError, isApiError } from '../lib/api-client.ts';
import { takeVenueSeeds, type VenueSeed } from '../lib/venue-prefetch.ts';
import { venueQueryOptions } from '../features/venue/api/get-venue.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        staleTime: 30_000,
        // A 4xx stays a 4xx (an unknown venue stays unknown); weak Wi-Fi deserves two more tries.
        retry: (failureCount, error) =>
          !(isApiError(error) && error.status >= 400 && error.status < 500) && failureCount < 2,
      },
    },
  });
}

/**
 * Puts a venue answer in the cache as if GET /api/public/venue had just answered it, so that the
 * server and the hydrating browser render the same page from the same data. An unknown venue stays
 * unknown (no new request on mount); a 5xx is asked again once the page is up.
 */
export function seedVenueQuery(client: QueryClient, seed: VenueSeed, now = Date.now()): void {
  const { queryKey } = venueQueryOptions(seed.slug);
  if (seed.body.success) {
    client.setQueryData(queryKey, seed.body.data, { updatedAt: now });
    return;
  }
  const error = new ApiError(seed.status, seed.body.code, seed.body.error);
  if (seed.status < 500) client.setQueryDefaults(queryKey, { retryOnMount: false });
  hydrate(client, {
    mutations: [],
    queries: [
      {
        queryKey,
        queryHash: JSON.stringify(queryKey),
        dehydratedAt: now,
        state: {
          data: undefined,
          dataUpdateCount: 0,
          dataUpdatedAt: 0,
          error,
          errorUpdateCount: 1,
          errorUpdatedAt: now,
          fetchFailureCount: 1,
          fetchFailureReason: error,
          fetchMeta: null,
          isInvalidated: false,
          status: 'error',
          fetchStatus: 'idle',
        },
      },
    ],
  });
}

let browserClient: QueryClient | undefined;

/** The browser's one client, seeded with the venue the server embedded in the page. */
function browserQueryClient(): QueryClient {
  if (!browserClient) {
    browserClient = createQueryClient();
    for (const seed of takeVenueSeeds()) seedVenueQuery(browserClient, seed);
  }
  return browserClient;
}

/** Provides the app's QueryClient unless one is already provided (tests and the server renderer give their own). */
export function QueryProvider({ children }: { children: ReactNode }) {
  const existing = useContext(QueryClientContext);
  if (existing) return <>{children}</>;
  return <QueryClientProvider client={browserQueryClient()}>{children}</QueryClientProvider>;
}
