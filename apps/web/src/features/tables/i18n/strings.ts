import { byLanguage, createChunkStrings, type StringBundle } from '../../../i18n/chunk-strings.ts';
import en from './en.json';

/**
 * The tables page's strings (`admin.tablesPage.*`), merged into the `translation` namespace under `admin` beside the staff shell's
 * strings (locales/admin, which also holds what several back office features share). English ships
 * with the page's chunk (never with the guest page); each other language is a small chunk of its own,
 * loaded when the staff use it.
 */
const strings = createChunkStrings(
  'tables',
  en,
  byLanguage(import.meta.glob<{ default: StringBundle }>(['./*.json', '!./en.json'])),
);

/** True once the strings of the current language are there (follows language changes). */
export const useTablesStrings = strings.useStrings;
