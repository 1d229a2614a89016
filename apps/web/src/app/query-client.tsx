import { useContext, type ReactNode } from 'react';
import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { isApiError } from '../lib/api-client.ts';

/**
 * TanStack Query for the pages that load after the first screen: the order page (its order, kept
 * current by its live stream) and the staff area. The guest pages' venue is a store of its own
 * (features/venue/api/venue-store.ts), so Query is not part of a guest's first load.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        staleTime: 30_000,
        // A 4xx stays a 4xx (an unknown order stays unknown); weak Wi-Fi deserves two more tries.
        retry: (failureCount, error) =>
          !(isApiError(error) && error.status >= 400 && error.status < 500) && failureCount < 2,
      },
    },
  });
}

let browserClient: QueryClient | undefined;

/** The browser's one client. */
function browserQueryClient(): QueryClient {
  browserClient ??= createQueryClient();
  return browserClient;
}

/** Provides the app's QueryClient unless one is already provided (tests and the staff shell give their own). */
export function QueryProvider({ children }: { children: ReactNode }) {
  const existing = useContext(QueryClientContext);
  if (existing) return <>{children}</>;
  return <QueryClientProvider client={browserQueryClient()}>{children}</QueryClientProvider>;
}
