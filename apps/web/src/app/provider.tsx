import type { ReactNode } from 'react';
import { I18nProvider } from '../i18n/react.tsx';
import type { I18n } from '../i18n/translator.ts';

/**
 * The providers of the first load. TanStack Query's provider is part of the guest chunk
 * (app/routes/guest-layout.tsx) so that the entry stays within the performance budget.
 */
export function AppProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}
