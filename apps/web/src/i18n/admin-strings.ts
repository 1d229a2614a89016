import adminEn from './locales/admin/en.json';
import { byLanguage, createChunkStrings, type StringBundle } from './chunk-strings.ts';

/**
 * The staff area's strings (`admin.*`, `auth.*`) live in locales/admin/<language>.json, not in the
 * main locale files: English of the main file ships in the guest page's first load, and guests
 * never need these. English comes with the staff chunk; the other languages are one small chunk
 * each, merged into the `translation` namespace when the staff area needs them.
 */
const strings = createChunkStrings(
  'staff',
  adminEn,
  byLanguage(
    import.meta.glob<{ default: StringBundle }>(['./locales/admin/*.json', '!./locales/admin/en.json']),
  ),
);

/** Loads the staff strings of `language` into `instance` (English at once, others on demand). */
export const loadAdminStrings = strings.load;

/**
 * True once the staff strings of the current language are there; follows language changes.
 * Until then the staff area shows its loading state rather than flashing English.
 */
export const useAdminStrings = strings.useStrings;
