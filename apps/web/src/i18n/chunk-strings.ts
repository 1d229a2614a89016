import { useEffect, useState } from 'react';
import { useTranslation } from './react.tsx';
import type { I18n, Resources } from './translator.ts';
import { DEFAULT_LANGUAGE, toLanguage } from './languages.ts';

/**
 * Strings that ship with a lazy chunk instead of the main locale files (whose English is part of the
 * guest page's first load): the staff area, the back office pages, the live order, the pay sheet.
 * They are merged into the `translation` namespace when the chunk needs them. One mechanism for all.
 */
export type StringBundle = Resources;
type BundleLoader = () => Promise<{ default: StringBundle }>;

/** `import.meta.glob` results keyed by file ('./locales/admin/fr.json') -> keyed by language ('fr'). */
export function byLanguage(files: Record<string, BundleLoader>): Record<string, BundleLoader> {
  return Object.fromEntries(
    Object.entries(files).map(([file, load]) => [file.replace(/^.*\/([a-z]{2})\.json$/, '$1'), load]),
  );
}

/**
 * English ships with the chunk (it is the fallback while another language loads); every other language
 * is a small chunk of its own, loaded on use. `what` names the strings in the warning of a failed load.
 */
export function createChunkStrings(what: string, english: StringBundle, others: Record<string, BundleLoader>) {
  const loaded = new WeakMap<I18n, Set<string>>();
  const add = (instance: I18n, language: string, bundle: StringBundle) => {
    instance.addResourceBundle(language, 'translation', bundle, true, false);
    const set = loaded.get(instance) ?? new Set<string>();
    set.add(language);
    loaded.set(instance, set);
  };
  const has = (instance: I18n, language: string) => loaded.get(instance)?.has(language) ?? false;
  const addEnglish = (instance: I18n) => {
    if (!has(instance, DEFAULT_LANGUAGE)) add(instance, DEFAULT_LANGUAGE, english);
  };

  /** Loads the strings of `language` into `instance` (English at once, the others on demand). */
  async function load(instance: I18n, language: string): Promise<void> {
    addEnglish(instance);
    if (has(instance, language)) return;
    const loader = others[language];
    try {
      add(instance, language, loader ? (await loader()).default : {});
    } catch (error) {
      // As for the main locales: a failed load is logged and the text stays in English.
      console.warn(`Failed to load the ${what} strings for ${language}`, error);
      add(instance, language, {});
    }
  }

  /** True once the strings of the current language are there; follows language changes. */
  function useStrings(): boolean {
    const { i18n: instance } = useTranslation();
    const language = toLanguage(instance.resolvedLanguage ?? instance.language) ?? DEFAULT_LANGUAGE;
    const [, setVersion] = useState(0);
    addEnglish(instance);
    const ready = has(instance, language);
    useEffect(() => {
      if (ready) return;
      let live = true;
      void load(instance, language).then(() => {
        if (live) setVersion((v) => v + 1);
      });
      return () => {
        live = false;
      };
    }, [instance, language, ready]);
    return ready;
  }

  return { load, useStrings };
}

/** Small bundles of every language that ship inside their chunk: added once per i18n instance. */
export function createBundledStrings(bundles: Record<string, StringBundle>): (instance: I18n) => void {
  const added = new WeakSet<I18n>();
  return (instance) => {
    if (added.has(instance)) return;
    for (const [language, bundle] of Object.entries(bundles)) {
      instance.addResourceBundle(language, 'translation', bundle, true, false);
    }
    added.add(instance);
  };
}
