import type { I18n } from '../i18n/translator.ts';
import { useEffect, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { AppProvider } from './provider.tsx';
import { AppRoutes } from './routes.tsx';
import { scheduleBuildCheck } from '../lib/build-check-schedule.ts';

const browserRouter = (routes: ReactNode) => <BrowserRouter>{routes}</BrowserRouter>;

/**
 * The whole app. The browser routes with the address bar; the server renderer (entry-server.tsx)
 * hands a router fixed at the requested URL, so both render the same tree.
 */
export function App({ i18n, router = browserRouter }: { i18n: I18n; router?: (routes: ReactNode) => ReactNode }) {
  // An open page learns of a new deployment (spec 7, 9); started when idle, in its own chunk.
  useEffect(() => scheduleBuildCheck(i18n), [i18n]);
  return <AppProvider i18n={i18n}>{router(<AppRoutes />)}</AppProvider>;
}
