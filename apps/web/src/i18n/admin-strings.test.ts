import { describe, expect, it } from 'vitest';
import en from './locales/admin/en.json';
import fr from './locales/admin/fr.json';
import it_ from './locales/admin/it.json';
import de from './locales/admin/de.json';
import th from './locales/admin/th.json';
import mainEn from './locales/en.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[path] = value;
    else Object.assign(out, flatten(value, path));
  }
  return out;
}

const english = flatten(en as Tree);
const others = { fr, it: it_, de, th } as Record<string, Tree>;

describe('staff locale files (locales/admin)', () => {
  it.each(Object.keys(others))('%s has exactly the keys of en', (lang) => {
    expect(Object.keys(flatten(others[lang]!)).sort()).toEqual(Object.keys(english).sort());
  });

  it.each(['en', ...Object.keys(others)])('%s has no empty text and keeps every {{placeholder}}', (lang) => {
    const strings = lang === 'en' ? english : flatten(others[lang]!);
    for (const [key, value] of Object.entries(strings)) {
      expect(value.trim(), key).not.toBe('');
      const wanted = (english[key]!.match(/\{\{\w+\}\}/g) ?? []).sort();
      expect((value.match(/\{\{\w+\}\}/g) ?? []).sort(), key).toEqual(wanted);
    }
  });

  it.each(Object.keys(others))('%s is translated, not an English copy', (lang) => {
    const strings = flatten(others[lang]!);
    const same = Object.keys(english).filter((key) => strings[key] === english[key]);
    expect(same.length / Object.keys(english).length).toBeLessThan(0.15);
  });

  it('uses no key of the main locale files (the two are merged into one namespace)', () => {
    const main = flatten(mainEn as Tree);
    expect(Object.keys(english).filter((key) => key in main)).toEqual([]);
  });
});
