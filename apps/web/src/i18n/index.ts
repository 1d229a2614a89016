import i18next, { type BackendModule, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readCookie, writeCookie } from '../lib/cookies.ts';
import en from './locales/en.json';
import {
  chooseLanguage,
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGES,
  LANGUAGE_COOKIE_DAYS,
  type Language,
} from './languages.ts';

// English ships in the entry chunk (it is the default and the fallback); the other languages are
// fetched on demand, one small chunk each.
const lazyLocales = import.meta.glob<{ default: Record<string, unknown> }>(['./locales/*.json', '!./locales/en.json']);

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    if (language === 'en') return callback(null, en);
    const load = lazyLocales[`./locales/${language}.json`];
    if (!load) return callback(new Error(`No locale ${language}`), false);
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => {
        // Spec section 8: a failed locale load is logged; the UI stays in the fallback language.
        console.warn(`Failed to load locale ${language}`, error);
        callback(error as Error, false);
      },
    );
  },
};

/** Reads the spec's language choice inputs from the page. */
export function detectLanguage(): Language {
  return chooseLanguage({
    query: new URLSearchParams(window.location.search).get('l'),
    stored: readCookie(LANGUAGE_COOKIE),
    browser: navigator.languages?.length ? navigator.languages : [navigator.language],
  });
}

function followDocument(language: string): void {
  // The server renderer has no document: the page's <html lang> is written by the server.
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  document.documentElement.dir = 'ltr';
}

export function storeLanguage(language: Language): void {
  writeCookie(LANGUAGE_COOKIE, language, { maxAgeDays: LANGUAGE_COOKIE_DAYS, path: '/' });
}

export async function createI18n(language: Language): Promise<i18n> {
  const instance = i18next.createInstance();
  instance.use(lazyBackend).use(initReactI18next);
  instance.on('languageChanged', followDocument);
  await instance.init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    partialBundledLanguages: true,
    resources: { en: { translation: en } },
    nsSeparator: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  followDocument(language);
  return instance;
}

/** The picker's action: switch the UI language and remember it in the cookie. */
export async function changeLanguage(instance: i18n, language: string): Promise<void> {
  if (!isLanguage(language)) return;
  storeLanguage(language);
  await instance.changeLanguage(language);
}
