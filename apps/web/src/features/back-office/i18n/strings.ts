import { byLanguage, createChunkStrings, type StringBundle } from '../../../i18n/chunk-strings.ts';
import en from './en.json';

/**
 * The back office pages' strings (`admin.menuPage.*`, `admin.productForm.*`, ...), merged into the
 * `translation` namespace under `admin` beside the staff shell's strings. English ships with the
 * pages' chunks (never with the guest page); each other language is a small chunk of its own,
 * loaded when the staff use it.
 */
const strings = createChunkStrings(
  'back office',
  en,
  byLanguage(import.meta.glob<{ default: StringBundle }>(['./*.json', '!./en.json'])),
);

export const loadBackOfficeStrings = strings.load;

/** True once the strings of the current language are there (follows language changes). */
export const useBackOfficeStrings = strings.useStrings;
