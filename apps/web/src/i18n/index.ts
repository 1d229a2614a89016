import { readCookie, writeCookie } from '../lib/cookies.ts';
import en from './locales/en.json';
import { createTranslator, type I18n, type Resources } from './translator.ts';
import {
  chooseLanguage,
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_DAYS,
  type Language,
} from './languages.ts';

// English ships in the entry chunk (it is the default and the fallback); the other languages are
// fetched on demand, one small chunk each (a failed fetch is logged and the UI stays in English).
const lazyLocales = import.meta.glob<{ default: Resources }>(['./locales/*.json', '!./locales/en.json']);

async function loadLocale(language: string): Promise<Resources> {
  const load = lazyLocales[`./locales/${language}.json`];
  if (!load) throw new Error(`No locale ${language}`);
  return (await load()).default;
}

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

export async function createI18n(language: Language): Promise<I18n> {
  const instance = createTranslator({ fallbackLanguage: DEFAULT_LANGUAGE, resources: { en }, load: loadLocale });
  instance.on('languageChanged', followDocument);
  await instance.changeLanguage(language);
  followDocument(language);
  return instance;
}

/** The picker's action: switch the UI language and remember it in the cookie. */
export async function changeLanguage(instance: I18n, language: string): Promise<void> {
  if (!isLanguage(language)) return;
  storeLanguage(language);
  await instance.changeLanguage(language);
}
