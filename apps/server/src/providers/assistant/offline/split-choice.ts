import { settleChoice } from './options.ts';
import type { MenuProduct } from '../types.ts';

interface Item {
  ip: { p: MenuProduct };
  quantity: number;
  variationIds: string[];
}

/**
 * "2 chicken tikka masala, one mild and one medium", "due shish taouk, uno con riso e uno con
 * patatine": options named beyond a one-choice group's one go to the other dishes of the same kind
 * in the message that have none of that group yet, or, for a single line of as many dishes as
 * options, one line per option (issue 17 item 4: every option named is applied, none chosen for
 * the guest). What is still left over is settled by settleChoice (the first named kept, and said).
 */
export function splitByChoice<T extends Item>(items: readonly T[]): T[] {
  const out = items.map((item) => ({ ...item, variationIds: [...item.variationIds] }));
  const result: T[] = [];
  for (const [i, item] of out.entries()) {
    const settled = settleChoice(item.ip.p, item.variationIds);
    const only = settled.dropped.length === 1 ? settled.dropped[0]! : null;
    if (!only || only.group.max !== 1) {
      result.push(item);
      continue;
    }
    const { group, kept } = only;
    const extra = only.dropped.filter((id) => id !== kept);
    const others = settled.variationIds.filter((id) => id !== kept);
    // The other dishes of the same kind in the message with nothing chosen in this group.
    // (Lines already passed are the same objects in the result: what they get here, they keep.)
    const open = out.filter(
      (o, j) => j !== i && o.ip.p.id === item.ip.p.id && !o.variationIds.some((id) => group.variationIds.includes(id)),
    );
    if (open.length >= extra.length) {
      extra.forEach((option, n) => open[n]!.variationIds.push(option));
      result.push({ ...item, variationIds: [...others, kept] });
      continue;
    }
    if (open.length === 0 && item.quantity === extra.length + 1) {
      for (const option of [kept, ...extra]) result.push({ ...item, quantity: 1, variationIds: [...others, option] });
      continue;
    }
    result.push(item);
  }
  return result;
}
