import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { i18n } from 'i18next';

/**
 * The providers of the first load. TanStack Query's provider is part of the guest chunk
 * (app/routes/guest-layout.tsx) so that the entry stays within the performance budget.
 */
export function AppProvider({ i18n, children }: { i18n: i18n; children: ReactNode }) {
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}
