/**
 * The guest assistant's rules (decision 010), tried in the order of `GUEST_RULES`: the first whose
 * guard holds and whose handler answers wins; a handler may answer null to let the next rule try.
 * Guards read the message as read once (`Reading`, reading.ts: lexicon tags, dishes named, filters) and the
 * conversation state (state.ts); handlers build the reply from the menu (replies.ts).
 *
 * To teach the assistant a new phrasing, add its words to lexicon.ts; to teach it a new intent, add
 * a rule at its place here, with a row in rules.test.ts.
 */
import { runRules } from '../rules/runner.ts';
import type { Rule } from '../rules/types.ts';
import type { AssistantReply } from '../types.ts';
import { fallback } from './replies.ts';
import type { ConversationState } from './state.ts';
import type { Reading } from './reading.ts';
import { CONVERSATION_RULES } from './intents/conversation-rules.ts';
import { CART_RULES } from './intents/cart-rules.ts';
import { ADD_RULES } from './intents/add-rules.ts';
import { QUESTION_RULES } from './intents/question-rules.ts';
import { BROWSE_RULES } from './intents/browse-rules.ts';

export type GuestRule = Rule<Reading, ConversationState, Reading, AssistantReply>;

/** The rules in the order they are tried: the first whose guard holds and whose handler answers wins. */
export const GUEST_RULES: readonly GuestRule[] = [
  ...CONVERSATION_RULES,
  ...CART_RULES,
  ...ADD_RULES,
  ...QUESTION_RULES,
  ...BROWSE_RULES,
];

/** The reply to one message, and the name of the rule that gave it. */
export function runGuestRules(
  r: Reading,
  state: ConversationState,
  rules: readonly GuestRule[] = GUEST_RULES,
): { rule: string; reply: AssistantReply } {
  const answered = runRules(rules, r, state, r);
  if (answered) return { rule: answered.rule, reply: answered.answer };
  return { rule: 'fallback', reply: fallback(r.ctx) };
}

export { readMessage, type Reading } from './reading.ts';
