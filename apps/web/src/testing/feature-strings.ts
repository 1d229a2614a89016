import { describe, expect, it } from 'vitest';
import adminEn from '../i18n/locales/admin/en.json';
import mainEn from '../i18n/locales/en.json';

type Tree = { [key: string]: string | Tree };
export type LanguageBundles = Record<'en' | 'fr' | 'it' | 'de' | 'th', unknown>;

/** `{a: {b: 'x'}}` -> `{'a.b': 'x'}`. */
export function flattenStrings(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[path] = value;
    else Object.assign(out, flattenStrings(value, path));
  }
  return out;
}

/**
 * The checks every feature's own string set passes (a back office feature's i18n/<language>.json,
 * merged into the `translation` namespace when its page opens): each language has exactly the keys of
 * English, each translated, with the same placeholders; and no key is one of the staff shell's
 * (locales/admin, where the strings several features share live) or of the guest pages'.
 */
export function describeFeatureStrings(name: string, bundles: LanguageBundles) {
  const english = flattenStrings(bundles.en as Tree);
  const others = { fr: bundles.fr, it: bundles.it, de: bundles.de, th: bundles.th } as Record<string, Tree>;

  describe(`${name} strings`, () => {
    it('has strings', () => {
      expect(Object.keys(english).length).toBeGreaterThan(0);
    });

    it.each(Object.keys(others))(
      '%s has exactly the keys of en, each translated, with the same placeholders',
      (lang) => {
        const strings = flattenStrings(others[lang]!);
        expect(Object.keys(strings).sort()).toEqual(Object.keys(english).sort());
        for (const [key, value] of Object.entries(strings)) {
          expect(value.trim(), key).not.toBe('');
          const wanted = (english[key]!.match(/\{\{\w+\}\}/g) ?? []).sort();
          expect((value.match(/\{\{\w+\}\}/g) ?? []).sort(), key).toEqual(wanted);
        }
        const same = Object.keys(english).filter((key) => strings[key] === english[key]);
        expect(same.length / Object.keys(english).length).toBeLessThan(0.1);
      },
    );

    it('uses no key of the staff shell or the guest pages (all share one namespace)', () => {
      const taken = { ...flattenStrings(adminEn as Tree), ...flattenStrings(mainEn as Tree) };
      expect(Object.keys(english).filter((key) => key in taken)).toEqual([]);
    });
  });
}

type Merged<A, B> = A & B;

/** A feature's string set merged with the staff shell's (what its page has), as i18next merges them. */
export function mergeStrings<A extends object, B extends object>(feature: A, shell: B): Merged<A, B> {
  const out: Record<string, unknown> = structuredClone(shell) as Record<string, unknown>;
  const add = (into: Record<string, unknown>, from: Record<string, unknown>) => {
    for (const [key, value] of Object.entries(from)) {
      if (typeof value === 'object' && value !== null) {
        const target = (into[key] ??= {}) as Record<string, unknown>;
        add(target, value as Record<string, unknown>);
      } else into[key] = value;
    }
  };
  add(out, feature as Record<string, unknown>);
  return out as Merged<A, B>;
}
