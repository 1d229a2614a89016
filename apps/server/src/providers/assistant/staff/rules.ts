/**
 * The staff assistant's rules, tried in the order of `STAFF_RULES` (the first whose guard holds and
 * whose handler answers wins; a handler may answer null to let the next rule try). Each rule has a
 * name, a guard that reads the parsed message and the conversation state, and a handler; the rules
 * live in intents/, one file per intent. To teach it a new phrasing, add the words to the lexicon
 * data (lexicon/); to teach it a new command, add a rule to an intent file and to the list here.
 */
import { containsQuestion, setTags } from './intents/allergens.ts';
import { setStatus, soldOutQuestion } from './intents/availability.ts';
import { addCategory, moveCategory, renameCategory } from './intents/categories.ts';
import type { StaffRule } from './intents/common.ts';
import { cancelPending, confirmDelete, confirmPrices, createInCategory, undo } from './intents/confirm-undo.ts';
import { createProduct } from './intents/create-dish.ts';
import { deleteProduct, removeOption } from './intents/delete.ts';
import { categoryList, fallback, help, noPhoto, recommend } from './intents/help.ts';
import { bulkPrice, priceInWords, setPrice } from './intents/price.ts';
import { describeProduct, renameProduct } from './intents/rename.ts';

export {
  attempt,
  changed,
  dropClosing,
  isYes,
  update,
  withoutPending,
  type RuleAnswer,
  type StaffContext,
  type StaffRule,
} from './intents/common.ts';
export { createDish, readNewDish, type NewDish } from './intents/create-dish.ts';
export { changePrices, movesMoreThanHalf, proposePrices } from './intents/price.ts';

/** The names that appear more than once in a rule list (each rule's name must be its own). */
export function duplicateRuleNames(rules: readonly { name: string }[]): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const { name } of rules) (seen.has(name) ? twice : seen).add(name);
  return [...twice];
}

/** The rules in the order they are tried. */
export const STAFF_RULES: readonly StaffRule[] = [
  confirmDelete,
  confirmPrices,
  createInCategory,
  cancelPending,
  undo,
  help,
  noPhoto,
  soldOutQuestion,
  containsQuestion,
  categoryList,
  removeOption,
  deleteProduct,
  renameCategory,
  addCategory,
  bulkPrice,
  createProduct,
  renameProduct,
  describeProduct,
  setStatus,
  recommend,
  priceInWords,
  setPrice,
  setTags,
  moveCategory,
  fallback,
];
