import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/index.css';
import { App } from './app/app.tsx';
import { preloadGuestPages } from './app/routes.tsx';
import { createI18n, detectLanguage, storeLanguage } from './i18n/index.ts';
import { toLanguage } from './i18n/languages.ts';
import { prefetchVenue } from './lib/venue-prefetch.ts';

// Start the venue request and the guest chunk at once, in parallel with the language chunk.
if (prefetchVenue(window.location.pathname)) preloadGuestPages();

// A link with ?l=fr (a QR code in French) is a choice the guest keeps on the next pages.
const fromQuery = toLanguage(new URLSearchParams(window.location.search).get('l'));
if (fromQuery) storeLanguage(fromQuery);

const i18n = await createI18n(detectLanguage());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App i18n={i18n} />
  </StrictMode>,
);
