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
