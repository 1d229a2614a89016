import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './styles/index.css';
import { App } from './app/app.tsx';
import { loadGuestPages, preloadGuestPages } from './app/routes.tsx';
import { markBrowserRendered } from './app/use-in-browser.ts';
import { createI18n, detectLanguage, storeLanguage } from './i18n/index.ts';
import { toLanguage } from './i18n/languages.ts';
import type { I18n } from './i18n/translator.ts';
import { prefetchVenue, readEmbeddedVenue, seedVenue } from './lib/venue-prefetch.ts';

// A page the server rendered carries its venue's data: the guest pages start from it, no request.
const embedded = readEmbeddedVenue();
if (embedded) seedVenue(embedded);
// Otherwise start the venue request and the guest chunks at once, in parallel with the language chunk.
else if (prefetchVenue(window.location.pathname)) preloadGuestPages(window.location.pathname);

// A link with ?l=fr (a QR code in French) is a choice the guest keeps on the next pages.
const fromQuery = toLanguage(new URLSearchParams(window.location.search).get('l'));
if (fromQuery) storeLanguage(fromQuery);

const root = document.getElementById('root')!;
const app = (instance: I18n) => (
  <StrictMode>
    <App i18n={instance} />
  </StrictMode>
);

if (embedded) {
  // React takes over the server's markup in the language it was rendered in (same choice rules),
  // once the page's chunk and strings are here (the page preloads both): no flash, no mismatch.
  const language = toLanguage(document.documentElement.lang) ?? detectLanguage();
  const [instance] = await Promise.all([createI18n(language), loadGuestPages(window.location.pathname).catch(() => undefined)]);
  // As a transition, hydration yields to the browser every few milliseconds instead of one long
  // task (a 500-dish menu is tens of thousands of nodes): the page stays responsive meanwhile.
  startTransition(() => {
    hydrateRoot(root, app(instance));
  });
} else {
  markBrowserRendered();
  createRoot(root).render(app(await createI18n(detectLanguage())));
}
