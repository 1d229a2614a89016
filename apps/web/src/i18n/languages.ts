/** Interface languages (spec section 1), shared with the server (the domain's languages module, free of zod). */
import type { Language } from '@carte/domain/languages';

export {
  chooseLanguage,
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_DAYS,
  LANGUAGES,
  toLanguage,
  type Language,
} from '@carte/domain/languages';

/** Each language's name in itself, as the picker shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  fr: 'Français',
  it: 'Italiano',
  de: 'Deutsch',
  th: 'ไทย',
};
