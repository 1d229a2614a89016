import { DEFAULT_LANGUAGE, toLanguage, type Language } from '@carte/domain/languages';

/** The stored-language cookie the web app's language picker writes (spec sections 3 and 9). */
export const LANGUAGE_COOKIE = 'i18n_redirected';

/** Accept-Language's tags, most preferred first (q=0 left out; equal weights keep their order). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}

/**
 * The language of a server-rendered page, by the web app's rules (spec section 4, language choice
 * order; apps/web/src/i18n/languages.ts chooseLanguage): the `l` query value if supported, then the
 * stored language (cookie), then the browser's languages (Accept-Language), then the default.
 */
export function pageLanguage(input: {
  query: unknown;
  cookie: string | undefined;
  acceptLanguage: string | undefined;
}): Language {
  const fromQuery = typeof input.query === 'string' ? toLanguage(input.query) : undefined;
  if (fromQuery) return fromQuery;
  const fromCookie = toLanguage(input.cookie);
  if (fromCookie) return fromCookie;
  for (const tag of acceptedLanguages(input.acceptLanguage)) {
    const language = toLanguage(tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}
