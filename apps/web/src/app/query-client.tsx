import { useContext, type ReactNode } from 'react';
import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { isApiError } from '../lib/api-client.ts';

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

let browserClient: QueryClient | undefined;

/** Provides the app's QueryClient unless one is already provided (tests give a fresh one). */
export function QueryProvider({ children }: { children: ReactNode }) {
  const existing = useContext(QueryClientContext);
  if (existing) return <>{children}</>;
  browserClient ??= createQueryClient();
  return <QueryClientProvider client={browserClient}>{children}</QueryClientProvider>;
}
