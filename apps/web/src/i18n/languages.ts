/** Interface languages (spec section 1), shared with the server (the domain's languages module, free of zod). */
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, toLanguage, type Language } from '@carte/domain/languages';

export { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, toLanguage, type Language };

/** The stored-language cookie (spec sections 3 and 9). */
export const LANGUAGE_COOKIE = 'i18n_redirected';
export const LANGUAGE_COOKIE_DAYS = 365;

/** Each language's name in itself, as the picker shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  fr: 'Français',
  it: 'Italiano',
  de: 'Deutsch',
  th: 'ไทย',
};

/**
 * Spec section 4, language choice order: the `l` query value if supported, then the stored
 * language (cookie), then the browser locale list, then the default.
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
