/** Interface languages (spec section 1) and the choice order of spec section 4. */
export const LANGUAGES = ['en', 'fr', 'it', 'de', 'th'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The configured default locale. */
export const DEFAULT_LANGUAGE: Language = 'en';

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

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** "fr-CA" -> "fr"; anything unsupported -> undefined. */
export function toLanguage(tag: string | null | undefined): Language | undefined {
  if (!tag) return undefined;
  const lower = tag.trim().toLowerCase();
  if (isLanguage(lower)) return lower;
  const primary = lower.split(/[-_]/)[0];
  return isLanguage(primary) ? primary : undefined;
}

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
