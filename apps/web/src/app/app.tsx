import type { i18n } from 'i18next';
import { useEffect } from 'react';
import { BrowserRouter } from 'react-router';
import { AppProvider } from './provider.tsx';
import { AppRoutes } from './routes.tsx';
import { scheduleBuildCheck } from '../lib/build-check-schedule.ts';

export function App({ i18n }: { i18n: i18n }) {
  // An open page learns of a new deployment (spec 7, 9); started when idle, in its own chunk.
  useEffect(() => scheduleBuildCheck(i18n), [i18n]);
  return (
    <AppProvider i18n={i18n}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  );
}
