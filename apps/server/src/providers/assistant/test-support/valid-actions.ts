/**
 * Test helper: every cart action an assistant emits must be one the order would accept. An
 * add_to_cart names a product of the menu that has a price, a whole positive quantity, and options
 * that pass the domain's choiceProblems (each group within its min and max, no option twice, none of
 * another product). Used by the offline engine's and the model assistant's tests.
 */
import { choiceProblems, describeChoiceProblem } from '@carte/domain';
import { expect } from 'vitest';
import type { AssistantAction, AssistantMenu } from '../types.ts';

export function actionProblems(menu: AssistantMenu, actions: readonly AssistantAction[]): string[] {
  const out: string[] = [];
  for (const a of actions) {
    if (a.type !== 'add_to_cart') continue;
    const p = menu.products.find((x) => x.id === a.productId);
    if (!p) {
      out.push(`${a.productId}: not on the menu`);
      continue;
    }
    if (p.priceMinor === null) out.push(`${p.id}: has no price`);
    if (!Number.isInteger(a.quantity) || a.quantity < 1) out.push(`${p.id}: quantity ${a.quantity}`);
    for (const problem of choiceProblems(p, a.variationIds)) out.push(`${p.id}: ${describeChoiceProblem(problem)}`);
  }
  return out;
}

/** Fails the test when an add_to_cart action breaks the menu's option groups. */
export function expectValidActions(menu: AssistantMenu, reply: { actions: readonly AssistantAction[] }): void {
  expect(actionProblems(menu, reply.actions)).toEqual([]);
}
