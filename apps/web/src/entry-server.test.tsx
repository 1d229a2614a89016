import { describe, expect, it } from 'vitest';
import type { RenderInput } from '@carte/domain/page-render';
import { render } from './entry-server.tsx';
import { makeProduct, makeVenueResponse } from './testing/data-generators.ts';

const venue = makeVenueResponse({ venueUrl: 'trattoria-da-luca', name: 'Trattoria da Luca' }, [
  makeProduct({ name: 'Burrata', price: 11.5 }),
]);

function input(language: string, url = '/trattoria-da-luca/menu'): RenderInput {
  return {
    url,
    venueUrl: 'trattoria-da-luca',
    venue: { success: true, data: venue },
    status: 200,
    language,
    defaultVenue: 'trattoria-da-luca',
  };
}

describe('server renderer languages', () => {
  it('renders concurrent requests each in its own language, with no string of the other', async () => {
    const languages = ['fr', 'th', 'en', 'de', 'it', 'fr', 'th'];
    const pages = await Promise.all(languages.map((language) => render(input(language))));
    const menuNavigation: Record<string, string> = {
      en: 'aria-label="Chat or menu"',
      fr: 'aria-label="Discussion ou carte"',
      th: 'aria-label="แชทหรือเมนู"',
      de: 'aria-label="Chat oder Speisekarte"',
      it: 'aria-label="Chat o menù"',
    };
    pages.forEach((page, i) => {
      const language = languages[i]!;
      expect(page.lang).toBe(language);
      expect(page.html).toContain(menuNavigation[language]);
      for (const [other, label] of Object.entries(menuNavigation)) {
        if (other !== language) expect(page.html, `${language} page holds ${other}`).not.toContain(label);
      }
    });
    expect(pages.map((page) => page.title)).toEqual([
      'Trattoria da Luca · Carte',
      'Trattoria da Luca · เมนู',
      'Trattoria da Luca · Menu',
      expect.stringMatching(/^Trattoria da Luca · /),
      expect.stringMatching(/^Trattoria da Luca · /),
      'Trattoria da Luca · Carte',
      'Trattoria da Luca · เมนู',
    ]);
  });

  it('renders an unsupported language in English', async () => {
    const page = await render(input('pt'));
    expect(page.lang).toBe('en');
    expect(page.html).toContain('aria-label="Chat or menu"');
  });
});
