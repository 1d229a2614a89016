import { byLanguage, createChunkStrings, type StringBundle } from '../../../i18n/chunk-strings.ts';
import en from './en.json';

/**
 * The table session's strings (`tableSession.*`): English ships with the table's chunk (loaded only
 * when a guest scanned a table's code, never in the guest page's first load); each other language is
 * a small chunk of its own.
 */
const strings = createChunkStrings(
  'table session',
  en,
  byLanguage(import.meta.glob<{ default: StringBundle }>(['./*.json', '!./en.json'])),
);

export const useTableSessionStrings = strings.useStrings;
