/**
 * Interface languages (spec section 1), shared by web and server. No zod here: the guest page's first
 * load imports this module.
 */
export const LANGUAGES = ['en', 'fr', 'it', 'de', 'th'] as const;
export type Language = (typeof LANGUAGES)[number];
/** The configured default locale (spec section 9). */
export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** "fr-CA" -> "fr", "DE" -> "de"; anything unsupported -> undefined. */
export function toLanguage(tag: string | null | undefined): Language | undefined {
  if (!tag) return undefined;
  const lower = tag.trim().toLowerCase();
  if (isLanguage(lower)) return lower;
  const primary = lower.split(/[-_]/)[0];
  return isLanguage(primary) ? primary : undefined;
}

/** The stored-language cookie (spec sections 3 and 9): written by the web app, read by it and the server. */
export const LANGUAGE_COOKIE = 'i18n_redirected';
export const LANGUAGE_COOKIE_DAYS = 365;

/**
 * Spec section 4, language choice order: the `l` query value if supported, then the stored
 * language (cookie), then the browser locale list, then the default. The browser applies it on
 * start; the server applies it to render a guest page in the language the browser will choose.
 */
export function chooseLanguage(input: {
  query?: string | null;
  stored?: string | null;
  browser?: readonly string[];
}): Language {
  const fromQuery = toLanguage(input.query);
  if (fromQuery) return fromQuery;
  const fromCookie = toLanguage(input.stored);
  if (fromCookie) return fromCookie;
  for (const tag of input.browser ?? []) {
    const lang = toLanguage(tag);
    if (lang) return lang;
  }
  return DEFAULT_LANGUAGE;
}
