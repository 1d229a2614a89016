import type { i18n } from 'i18next';
import { BrowserRouter } from 'react-router';
import { AppProvider } from './provider.tsx';
import { AppRoutes } from './routes.tsx';

export function App({ i18n }: { i18n: i18n }) {
  return (
    <AppProvider i18n={i18n}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  );
}
