import { describe, expect, it } from 'vitest';
import en from './en.json';
import fr from './fr.json';
import it_ from './it.json';
import de from './de.json';
import th from './th.json';
import adminEn from '../../../i18n/locales/admin/en.json';
import mainEn from '../../../i18n/locales/en.json';

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

describe('the ordering feature strings (tableSession.*)', () => {
  it.each(Object.keys(others))('%s has exactly the keys of en, each translated, with the same placeholders', (lang) => {
    const strings = flatten(others[lang]!);
    expect(Object.keys(strings).sort()).toEqual(Object.keys(english).sort());
    for (const [key, value] of Object.entries(strings)) {
      expect(value.trim(), key).not.toBe('');
      const wanted = (english[key]!.match(/\{\{\w+\}\}/g) ?? []).sort();
      expect((value.match(/\{\{\w+\}\}/g) ?? []).sort(), key).toEqual(wanted);
    }
    const same = Object.keys(english).filter((key) => strings[key] === english[key]);
    expect(same.length / Object.keys(english).length).toBeLessThan(0.1);
  });

  it('uses no key of the staff shell or the guest pages (all share one namespace)', () => {
    const taken = { ...flatten(adminEn as Tree), ...flatten(mainEn as Tree) };
    expect(Object.keys(english).filter((key) => key in taken)).toEqual([]);
  });
});
