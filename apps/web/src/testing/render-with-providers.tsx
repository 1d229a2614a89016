import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AppProvider } from '../app/provider.tsx';
import { createVenueStore, VenueStoreProvider } from '../features/venue/api/venue-store.ts';
import { AppRoutes } from '../app/routes.tsx';
import { createI18n } from '../i18n/index.ts';
import type { Language } from '../i18n/languages.ts';

/**
 * Renders with every provider the app has (i18n, the venue store and TanStack Query with no retries, a memory
 * router at `route`). Pass `ui` to render a component, or nothing to render the app's routes.
 */
export async function renderWithProviders(
  ui?: ReactElement,
  { route = '/', language = 'en' as Language }: { route?: string; language?: Language } = {},
) {
  const i18n = await createI18n(language);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
  // A store of its own per test, with no retries (as the query client).
  const venues = createVenueStore({ retries: 0 });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AppProvider i18n={i18n}>
      <VenueStoreProvider store={venues}>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
        </QueryClientProvider>
      </VenueStoreProvider>
    </AppProvider>
  );
  const content = ui ? (
    <Routes>
      <Route path="*" element={ui} />
    </Routes>
  ) : (
    <AppRoutes />
  );
  return { ...render(content, { wrapper }), i18n, queryClient };
}
