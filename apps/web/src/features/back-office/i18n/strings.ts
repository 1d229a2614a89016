import { useTranslation } from 'react-i18next';
import type { i18n } from 'i18next';
import en from './en.json';
import fr from './fr.json';
import it from './it.json';
import de from './de.json';
import th from './th.json';

/**
 * The back office pages' strings (`admin.menuPage.*`, `admin.productForm.*`, ...), merged into the
 * `translation` namespace under `admin` beside the staff shell's strings. They ship with the staff
 * pages' chunks only, never with the guest page.
 */
const BUNDLES: Record<string, Record<string, unknown>> = { en, fr, it, de, th };
const added = new WeakSet<i18n>();

export function addBackOfficeStrings(instance: i18n): void {
  if (added.has(instance)) return;
  for (const [language, bundle] of Object.entries(BUNDLES)) {
    instance.addResourceBundle(language, 'translation', bundle, true, false);
  }
  added.add(instance);
}

/** Call at the top of each back office page: the strings are there before the first render. */
export function useBackOfficeStrings(): void {
  const { i18n: instance } = useTranslation();
  addBackOfficeStrings(instance);
}
