import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { i18n } from 'i18next';
import { DEFAULT_LANGUAGE, toLanguage } from '../../../i18n/languages.ts';
import en from './en.json';

/**
 * The back office pages' strings (`admin.menuPage.*`, `admin.productForm.*`, ...), merged into the
 * `translation` namespace under `admin` beside the staff shell's strings. English ships with the
 * pages' chunks (never with the guest page); each other language is a small chunk of its own,
 * loaded when the staff use it.
 */
const lazyBundles = import.meta.glob<{ default: Record<string, unknown> }>(['./*.json', '!./en.json']);
const loaded = new WeakMap<i18n, Set<string>>();

function add(instance: i18n, language: string, bundle: Record<string, unknown>): void {
  instance.addResourceBundle(language, 'translation', bundle, true, false);
  const set = loaded.get(instance) ?? new Set<string>();
  set.add(language);
  loaded.set(instance, set);
}

const has = (instance: i18n, language: string) => loaded.get(instance)?.has(language) ?? false;

export async function loadBackOfficeStrings(instance: i18n, language: string): Promise<void> {
  if (!has(instance, DEFAULT_LANGUAGE)) add(instance, DEFAULT_LANGUAGE, en);
  if (has(instance, language)) return;
  const load = lazyBundles[`./${language}.json`];
  try {
    add(instance, language, load ? (await load()).default : {});
  } catch (error) {
    // As for the other strings: a failed load is logged and the text stays in English.
    console.warn(`Failed to load the back office strings for ${language}`, error);
    add(instance, language, {});
  }
}

/** True once the strings of the current language are there (follows language changes). */
export function useBackOfficeStrings(): boolean {
  const { i18n: instance } = useTranslation();
  const language = toLanguage(instance.resolvedLanguage ?? instance.language) ?? DEFAULT_LANGUAGE;
  const [, setVersion] = useState(0);
  if (!has(instance, DEFAULT_LANGUAGE)) add(instance, DEFAULT_LANGUAGE, en);
  const ready = has(instance, language);
  useEffect(() => {
    if (ready) return;
    let live = true;
    void loadBackOfficeStrings(instance, language).then(() => {
      if (live) setVersion((v) => v + 1);
    });
    return () => {
      live = false;
    };
  }, [instance, language, ready]);
  return ready;
}
