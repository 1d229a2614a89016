import { byLanguage, createChunkStrings, type StringBundle } from '../../../i18n/chunk-strings.ts';
import en from './en.json';

/**
 * The printing page's strings (`admin.printingPage.*`), merged into the `translation` namespace under `admin` beside the staff shell's
 * strings (locales/admin, which also holds what several back office features share). English ships
 * with the page's chunk (never with the guest page); each other language is a small chunk of its own,
 * loaded when the staff use it.
 */
const strings = createChunkStrings(
  'printing',
  en,
  byLanguage(import.meta.glob<{ default: StringBundle }>(['./*.json', '!./en.json'])),
);

/** True once the strings of the current language are there (follows language changes). */
export const usePrintingStrings = strings.useStrings;
