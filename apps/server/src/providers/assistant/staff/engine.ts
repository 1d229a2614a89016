import type { StaffCategory, StaffProduct } from '@carte/domain';
import { runRulesAsync } from '../rules/runner.ts';
import { isBareNo } from './lexicon.ts';
import { parseStaffMessage } from './parse.ts';
import { STAFF_RULES, withoutPending, type RuleAnswer, type StaffContext, type StaffRule } from './rules.ts';
import type { StaffInput, StaffMenuPort, StaffReply, StaffState } from './types.ts';

/**
 * The offline staff assistant: reads the message once, then tries `STAFF_RULES` in order. Only the
 * state it is given (the server's, never the client's) can hold a pending deletion, so a "yes" deletes
 * only what this assistant itself proposed in its previous reply.
 */
export async function replyStaff(
  input: StaffInput,
  port: StaffMenuPort,
  rules: readonly StaffRule[] = STAFF_RULES,
): Promise<StaffReply> {
  const parsed = parseStaffMessage(input.message);
  let menu: Promise<StaffProduct[]> | undefined;
  let categories: Promise<StaffCategory[]> | undefined;
  const makeContext = (state: StaffState): StaffContext => ({
    input,
    parsed,
    state,
    port,
    language: input.language,
    menu: () => (menu ??= port.listMenu()),
    categories: () => (categories ??= port.listCategories()),
  });

  const run = (state: StaffState, list: readonly StaffRule[]) => runRulesAsync(list, parsed, state, makeContext(state));

  // A change waiting for "yes" (a deletion, a list of prices, a dish without its category) that the
  // owner does not confirm is cancelled; the message is then read afresh (so "no, delete the soup
  // instead" still asks about the soup), unless it says nothing else.
  const cleared = withoutPending(input.state);
  let first = await run(input.state, rules);
  const prefix: RuleAnswer['blocks'] = [];
  let intent = first?.rule ?? 'fallback';
  if (first?.rule === 'cancel_pending') {
    prefix.push(...first.answer.blocks);
    const rest = rules.filter(
      (r) =>
        !['confirm_delete', 'confirm_prices', 'create_in_category', 'cancel_pending', 'help', 'fallback'].includes(
          r.name,
        ),
    );
    const again = isBareNo(parsed.text) ? null : await run(cleared, rest);
    if (again) {
      first = again;
      intent = `cancel_pending+${again.rule}`;
    } else first = { rule: first.rule, answer: { ...first.answer, blocks: [] } };
  }
  const answer = first!.answer;
  const state: StaffState = answer.state ?? (intent.startsWith('cancel_pending') ? cleared : input.state);
  return {
    blocks: [...prefix, ...answer.blocks],
    products: answer.products ?? [],
    actions: answer.actions ?? [],
    intent,
    state,
  };
}
