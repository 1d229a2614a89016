import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { i18n } from 'i18next';
import adminEn from './locales/admin/en.json';
import { DEFAULT_LANGUAGE, toLanguage } from './languages.ts';

/**
 * The staff area's strings (`admin.*`, `auth.*`) live in locales/admin/<language>.json, not in the
 * main locale files: English of the main file ships in the guest page's first load, and guests
 * never need these. English comes with the staff chunk; the other languages are one small chunk
 * each, merged into the `translation` namespace when the staff area needs them.
 */
const lazyBundles = import.meta.glob<{ default: Record<string, unknown> }>([
  './locales/admin/*.json',
  '!./locales/admin/en.json',
]);

const loaded = new WeakMap<i18n, Set<string>>();

function add(instance: i18n, language: string, bundle: Record<string, unknown>): void {
  instance.addResourceBundle(language, 'translation', bundle, true, false);
  const set = loaded.get(instance) ?? new Set<string>();
  set.add(language);
  loaded.set(instance, set);
}

function hasBundle(instance: i18n, language: string): boolean {
  return loaded.get(instance)?.has(language) ?? false;
}

/** Loads the staff strings of `language` into `instance` (English at once, others on demand). */
export async function loadAdminStrings(instance: i18n, language: string): Promise<void> {
  if (!hasBundle(instance, DEFAULT_LANGUAGE)) add(instance, DEFAULT_LANGUAGE, adminEn);
  if (hasBundle(instance, language)) return;
  const load = lazyBundles[`./locales/admin/${language}.json`];
  try {
    add(instance, language, load ? (await load()).default : {});
  } catch (error) {
    // Same as the main locales: a failed load is logged and the text stays in English.
    console.warn(`Failed to load the staff strings for ${language}`, error);
    add(instance, language, {});
  }
}

/**
 * True once the staff strings of the current language are there; follows language changes.
 * Until then the staff area shows its loading state rather than flashing English.
 */
export function useAdminStrings(): boolean {
  const { i18n: instance } = useTranslation();
  const language = toLanguage(instance.resolvedLanguage ?? instance.language) ?? DEFAULT_LANGUAGE;
  const [, setVersion] = useState(0);
  if (!hasBundle(instance, DEFAULT_LANGUAGE)) add(instance, DEFAULT_LANGUAGE, adminEn);
  const ready = hasBundle(instance, language);
  useEffect(() => {
    if (ready) return;
    let live = true;
    void loadAdminStrings(instance, language).then(() => {
      if (live) setVersion((v) => v + 1);
    });
    return () => {
      live = false;
    };
  }, [instance, language, ready]);
  return ready;
}
