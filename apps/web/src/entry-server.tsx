/**
 * The server renderer of the guest pages (`/`, `/:id`, `/:id/menu`), built by `vite build --ssr`
 * into `<dist>/server/entry-server.js` and called by the server (apps/server/src/modules/web). It
 * renders the same tree the browser hydrates (main.tsx), from the public venue answer the page
 * embeds, in one language, synchronously: no Suspense fallback reaches the HTML.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { RenderInput, RenderResult } from '@carte/domain/page-render';
import { App } from './app/app.tsx';
import { loadGuestPages } from './app/routes.tsx';
import { createVenueStore, VenueStoreProvider } from './features/venue/api/venue-store.ts';
import { themeVariables } from './features/venue/hooks/use-venue-theme.ts';
import { createI18n } from './i18n/index.ts';
import { DEFAULT_LANGUAGE, toLanguage, type Language } from './i18n/languages.ts';
import type { I18n } from './i18n/translator.ts';
import { setServerDefaultVenue } from './lib/default-venue.ts';

const instances = new Map<Language, Promise<I18n>>();
function i18nFor(language: Language): Promise<I18n> {
  let instance = instances.get(language);
  if (!instance) {
    instance = createI18n(language);
    instance.catch(() => instances.delete(language));
    instances.set(language, instance);
  }
  return instance;
}

/** The marker React leaves where a Suspense boundary could not render on the server. */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

export async function render(input: RenderInput): Promise<RenderResult> {
  setServerDefaultVenue(input.defaultVenue);
  const lang = toLanguage(input.language) ?? DEFAULT_LANGUAGE;
  const [i18n] = await Promise.all([i18nFor(lang), loadGuestPages()]);
  // This page's own store: a render never sees another request's venue.
  const venues = createVenueStore();
  venues.seed({ slug: input.venueUrl, status: input.status, body: input.venue });
  const html = renderToString(
    <VenueStoreProvider store={venues}>
      <StrictMode>
        <App i18n={i18n} router={(routes) => <StaticRouter location={input.url}>{routes}</StaticRouter>} />
      </StrictMode>
    </VenueStoreProvider>,
  );
  if (html.includes(CLIENT_RENDERED_BOUNDARY)) {
    throw new Error(`A Suspense boundary of ${input.url} did not render on the server`);
  }
  const t = i18n.getFixedT(lang);
  const data = input.venue.success ? input.venue.data : null;
  const menuPage = /\/menu\/?$/.test(input.url);
  const title = data
    ? `${data.venue.name} · ${menuPage ? t('menu.title') : t('orderBar.chat')}`
    : `${input.status === 404 ? t('errors.notFoundTitle') : t('errors.internalTitle')} · Carte`;
  const vars = themeVariables(data?.venue.theme ?? null);
  return {
    html,
    title,
    lang,
    themeStyle: Object.entries(vars)
      .map(([name, value]) => `${name}:${value}`)
      .join(';'),
    themeColor: vars['--brand'] ?? null,
  };
}
