import { describe, expect, it } from 'vitest';
import { chooseLanguage, LANGUAGE_COOKIE } from './languages.ts';
import { detectLanguage } from './index.ts';
import { readCookie, serialiseCookie } from '../lib/cookies.ts';

describe('language choice order (spec section 4)', () => {
  it.each([
    { name: 'l query wins over everything', input: { query: 'th', stored: 'fr', browser: ['de-DE'] }, expected: 'th' },
    {
      name: 'an unsupported l falls through to the cookie',
      input: { query: 'es', stored: 'fr', browser: ['de'] },
      expected: 'fr',
    },
    {
      name: 'cookie wins over the browser',
      input: { query: null, stored: 'it', browser: ['de-DE', 'en'] },
      expected: 'it',
    },
    {
      name: 'an unsupported cookie falls through to the browser',
      input: { stored: 'xx', browser: ['de-CH'] },
      expected: 'de',
    },
    {
      name: 'the first supported browser language',
      input: { browser: ['es-ES', 'pt', 'th-TH', 'fr'] },
      expected: 'th',
    },
    {
      name: 'default en when nothing matches',
      input: { query: 'ja', stored: undefined, browser: ['es', 'ru'] },
      expected: 'en',
    },
    { name: 'default en with no input', input: {}, expected: 'en' },
    { name: 'region tags count by their language', input: { query: 'fr-CA' }, expected: 'fr' },
  ])('$name', ({ input, expected }) => {
    expect(chooseLanguage(input)).toBe(expected);
  });

  it('reads the l query, then the i18n_redirected cookie, then navigator.languages from the page', () => {
    window.history.replaceState(null, '', '/trattoria-da-luca/menu?l=de');
    document.cookie = `${LANGUAGE_COOKIE}=it; Path=/`;
    expect(detectLanguage()).toBe('de');
    window.history.replaceState(null, '', '/trattoria-da-luca/menu');
    expect(detectLanguage()).toBe('it');
    document.cookie = `${LANGUAGE_COOKIE}=; Max-Age=0; Path=/`;
    // jsdom's navigator languages are en-US.
    expect(detectLanguage()).toBe('en');
  });
});

describe('the stored-language cookie', () => {
  it('lasts 365 days on path / with SameSite=Lax', () => {
    const cookie = serialiseCookie(LANGUAGE_COOKIE, 'fr', { maxAgeDays: 365, path: '/' });
    expect(cookie).toBe('i18n_redirected=fr; Max-Age=31536000; Path=/; SameSite=Lax');
  });

  it('reads back the value among other cookies', () => {
    expect(readCookie(LANGUAGE_COOKIE, 'a=1; i18n_redirected=th; b=2')).toBe('th');
    expect(readCookie(LANGUAGE_COOKIE, 'a=1')).toBeUndefined();
  });
});
