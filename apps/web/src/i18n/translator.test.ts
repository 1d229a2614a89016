import { describe, expect, it, vi } from 'vitest';
import { createTranslator, type Resources, type TOptions } from './translator.ts';

const en: Resources = {
  greeting: 'Hello {{name}}',
  twice: '{{name}} and {{name}}',
  nested: { deeper: { leaf: 'Leaf' } },
  dish: 'dish',
  dish_one: '{{count}} dish',
  dish_other: '{{count}} dishes',
  cart_zero: 'Your cart is empty',
  cart_one: 'One item',
  cart_other: '{{count}} items',
  onlyEnglish: 'Only in English',
  empty: '',
};
const fr: Resources = {
  greeting: 'Bonjour {{name}}',
  nested: { deeper: { leaf: 'Feuille' } },
  dish_one: '{{count}} plat',
  dish_other: '{{count}} plats',
  cart_one: '{{count}} article',
  cart_other: '{{count}} articles',
};
const th: Resources = { dish_other: '{{count}} จาน', cart_other: '{{count}} รายการ', greeting: 'สวัสดี {{name}}' };

function make(languages: Record<string, Resources> = { fr, th }, fail: string[] = []) {
  const load = vi.fn(async (language: string) => {
    if (fail.includes(language)) throw new Error(`offline: ${language}`);
    const bundle = languages[language];
    if (!bundle) throw new Error(`No locale ${language}`);
    return bundle;
  });
  return { i18n: createTranslator({ fallbackLanguage: 'en', resources: { en }, load }), load };
}

describe('t: interpolation, nested keys, missing keys', () => {
  it.each<[string, string, TOptions | undefined, string]>([
    ['a value', 'greeting', { name: 'Luca' }, 'Hello Luca'],
    ['the same value twice', 'twice', { name: 'Ada' }, 'Ada and Ada'],
    ['a number', 'greeting', { name: 3 }, 'Hello 3'],
    ['a value with braces is not interpolated again', 'greeting', { name: '{{name}}', x: 1 }, 'Hello {{name}}'],
    ['HTML as text (React escapes it)', 'greeting', { name: '<b>' }, 'Hello <b>'],
    ['a value not passed stays as written', 'greeting', undefined, 'Hello {{name}}'],
    ['a value passed as undefined is empty', 'greeting', { name: undefined }, 'Hello '],
    ['a value passed as null is empty', 'greeting', { name: null }, 'Hello '],
    ['a nested key', 'nested.deeper.leaf', undefined, 'Leaf'],
    ['a key naming an object is missing', 'nested.deeper', undefined, 'nested.deeper'],
    ['a key under a string is missing', 'greeting.more', undefined, 'greeting.more'],
    ['a missing key answers itself', 'no.such.key', undefined, 'no.such.key'],
    ['a server message used as a key answers itself', 'Please try again. Later.', undefined, 'Please try again. Later.'],
    ['defaultValue for a missing key', 'state.unknown', { defaultValue: 'unknown' }, 'unknown'],
    ['defaultValue is interpolated', 'state.unknown', { defaultValue: '{{n}} left', n: 2 }, '2 left'],
    ['defaultValue does not hide a present key', 'dish', { defaultValue: 'x' }, 'dish'],
    ['an empty string is a translation', 'empty', { defaultValue: 'x' }, ''],
  ])('%s', (_what, key, options, expected) => {
    const { i18n } = make();
    expect(i18n.t(key, options)).toBe(expected);
  });
});

describe('t: count picks the plural form of the language (Intl.PluralRules), as i18next', () => {
  it.each<[string, string, number, string]>([
    ['en', 'dish', 0, '0 dishes'],
    ['en', 'dish', 1, '1 dish'],
    ['en', 'dish', 2, '2 dishes'],
    ['en', 'dish', 1.5, '1.5 dishes'],
    // _zero wins for 0 in any language, when the language has it.
    ['en', 'cart', 0, 'Your cart is empty'],
    ['en', 'cart', 1, 'One item'],
    // French counts 0 and 1.5 as 'one'.
    ['fr', 'dish', 0, '0 plat'],
    ['fr', 'dish', 1, '1 plat'],
    ['fr', 'dish', 1.5, '1.5 plat'],
    ['fr', 'dish', 2, '2 plats'],
    ['fr', 'cart', 0, '0 article'],
    // Thai has one form, 'other', for every count.
    ['th', 'dish', 0, '0 จาน'],
    ['th', 'dish', 1, '1 จาน'],
    ['th', 'dish', 5, '5 จาน'],
    // A language without the key falls back to English, with English's plural rule.
    ['th', 'onlyEnglish', 1, 'Only in English'],
  ])('%s %s with count %d', async (language, key, count, expected) => {
    const { i18n } = make();
    await i18n.changeLanguage(language);
    expect(i18n.t(key, { count })).toBe(expected);
  });

  it('falls back to the key without a suffix, and to English forms, when the language has no plural form', async () => {
    const { i18n } = make({ fr: { things: '{{count}} choses' } });
    await i18n.changeLanguage('fr');
    expect(i18n.t('things', { count: 1 })).toBe('1 choses');
    // French has no 'cart' at all: English's forms for English's rule (1 is 'one').
    expect(i18n.t('cart', { count: 1 })).toBe('One item');
    expect(i18n.t('cart', { count: 0 })).toBe('Your cart is empty');
  });
});

describe('languages', () => {
  it('starts in the fallback language and falls back to it for a key the language lacks', async () => {
    const { i18n, load } = make();
    expect(i18n.language).toBe('en');
    expect(load).not.toHaveBeenCalled();
    await i18n.changeLanguage('fr');
    expect(i18n.t('greeting', { name: 'Luca' })).toBe('Bonjour Luca');
    expect(i18n.t('nested.deeper.leaf')).toBe('Feuille');
    expect(i18n.t('onlyEnglish')).toBe('Only in English');
    expect(i18n.exists('onlyEnglish')).toBe(true);
    expect(i18n.exists('no.such.key')).toBe(false);
  });

  it('changeLanguage loads the language once, then switches and tells the listeners', async () => {
    const { i18n, load } = make();
    const seen: string[] = [];
    const listener = (language: string) => seen.push(`${language}:${i18n.t('greeting', { name: 'A' })}`);
    i18n.on('languageChanged', listener);
    const switching = i18n.changeLanguage('fr');
    // Nothing changes before the strings are there.
    expect(i18n.language).toBe('en');
    expect(i18n.t('greeting', { name: 'A' })).toBe('Hello A');
    await switching;
    expect(i18n.language).toBe('fr');
    expect(i18n.resolvedLanguage).toBe('fr');
    expect(seen).toEqual(['fr:Bonjour A']);
    await i18n.changeLanguage('en');
    await i18n.changeLanguage('fr');
    expect(load).toHaveBeenCalledTimes(1);
    expect(seen).toEqual(['fr:Bonjour A', 'en:Hello A', 'fr:Bonjour A']);
    i18n.off('languageChanged', listener);
    await i18n.changeLanguage('th');
    expect(seen).toHaveLength(3);
  });

  it('the last of two quick switches wins', async () => {
    const { i18n } = make();
    const seen: string[] = [];
    i18n.on('languageChanged', (language) => seen.push(language));
    await Promise.all([i18n.changeLanguage('fr'), i18n.changeLanguage('th')]);
    expect(i18n.language).toBe('th');
    expect(seen).toEqual(['th']);
  });

  it('a failed load is logged and the text stays in English; a later switch tries again', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const failing = ['fr'];
    const { i18n, load } = make({ fr }, failing);
    await i18n.changeLanguage('fr');
    expect(warn).toHaveBeenCalledWith('Failed to load locale fr', expect.any(Error));
    // As i18next: the language is the one asked for, its strings are English (resolvedLanguage).
    expect(i18n.language).toBe('fr');
    expect(i18n.resolvedLanguage).toBe('en');
    expect(i18n.t('greeting', { name: 'A' })).toBe('Hello A');
    failing.length = 0;
    await i18n.changeLanguage('fr');
    expect(load).toHaveBeenCalledTimes(2);
    expect(i18n.resolvedLanguage).toBe('fr');
    expect(i18n.t('greeting', { name: 'A' })).toBe('Bonjour A');
  });

  it('a language with strings added from a chunk still loads its own strings when chosen', async () => {
    const { i18n, load } = make();
    i18n.addResourceBundle('fr', 'translation', { orderLive: { cancelled: 'Annulée' } }, true, false);
    await i18n.changeLanguage('fr');
    expect(load).toHaveBeenCalledWith('fr');
    expect(i18n.t('greeting', { name: 'A' })).toBe('Bonjour A');
    expect(i18n.t('orderLive.cancelled')).toBe('Annulée');
  });

  it('getFixedT translates in its language whatever the current one, and is the same function each time', async () => {
    const { i18n } = make();
    await i18n.changeLanguage('fr');
    const tEn = i18n.getFixedT('en');
    expect(tEn('greeting', { name: 'A' })).toBe('Hello A');
    expect(i18n.getFixedT('fr')('greeting', { name: 'A' })).toBe('Bonjour A');
    expect(i18n.getFixedT('en')).toBe(tEn);
    expect(i18n.getFixedT('fr')).not.toBe(tEn);
  });
});

describe('addResourceBundle', () => {
  it('deep-merges nested keys without replacing what is there (deep, no overwrite: the chunks)', () => {
    const { i18n } = make();
    i18n.addResourceBundle('en', 'translation', { nested: { deeper: { leaf: 'Other', twig: 'Twig' }, side: 'Side' } }, true, false);
    expect(i18n.t('nested.deeper.leaf')).toBe('Leaf');
    expect(i18n.t('nested.deeper.twig')).toBe('Twig');
    expect(i18n.t('nested.side')).toBe('Side');
  });

  it('replaces strings with overwrite, and a shallow add replaces whole top-level keys', () => {
    const { i18n } = make();
    i18n.addResourceBundle('en', 'translation', { nested: { deeper: { leaf: 'Other' } } }, true, true);
    expect(i18n.t('nested.deeper.leaf')).toBe('Other');
    i18n.addResourceBundle('en', 'translation', { nested: { side: 'Side' } });
    expect(i18n.t('nested.side')).toBe('Side');
    expect(i18n.exists('nested.deeper.leaf')).toBe(false);
  });

  it('never changes the bundles it was given (they are shared modules)', () => {
    const bundle: Resources = { nested: { added: 'Added' } };
    const { i18n } = make();
    i18n.addResourceBundle('en', 'translation', bundle, true, false);
    i18n.addResourceBundle('en', 'translation', { nested: { later: 'Later' } }, true, false);
    expect(bundle).toEqual({ nested: { added: 'Added' } });
    expect(en.nested).toEqual({ deeper: { leaf: 'Leaf' } });
  });
});

describe('two translators', () => {
  it('are independent: languages, strings and listeners', async () => {
    const a = make().i18n;
    const b = make().i18n;
    const heard = vi.fn();
    b.on('languageChanged', heard);
    await a.changeLanguage('fr');
    a.addResourceBundle('en', 'translation', { extra: 'Extra' }, true, false);
    expect(a.t('greeting', { name: 'A' })).toBe('Bonjour A');
    expect(b.language).toBe('en');
    expect(b.t('greeting', { name: 'A' })).toBe('Hello A');
    expect(b.exists('extra')).toBe(false);
    expect(heard).not.toHaveBeenCalled();
  });

  it('render concurrently in two languages without mixing', async () => {
    const [a, b] = [make().i18n, make().i18n];
    await Promise.all([a.changeLanguage('fr'), b.changeLanguage('th')]);
    const texts = await Promise.all(
      [a, b].map(async (i18n) => {
        await Promise.resolve();
        return i18n.t('greeting', { name: 'A' });
      }),
    );
    expect(texts).toEqual(['Bonjour A', 'สวัสดี A']);
  });
});
