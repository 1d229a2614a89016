/** Rules that add to the cart: a dish named, or an option of the dish just shown. */
import { pickVariations } from '../parse.ts';
import { addProducts, addReply } from '../replies.ts';
import type { GuestRule } from '../rules.ts';
import { namesOptionOf } from './rule-helpers.ts';

export const ADD_RULES: readonly GuestRule[] = [
  {
    // "เอาเนื้อ 2 ที่", "the chicken one, twice" after one dish was shown: its option, not another dish.
    name: 'option_of_last',
    guard: (r, s) =>
      s.lastProduct !== null &&
      r.mentions.length > 0 &&
      (r.explicitAdd || r.impliedAdd || r.p.quantities.size > 0) &&
      r.mentions.every((m) => !m.candidates.includes(s.lastProduct!) && namesOptionOf(r, s.lastProduct!, m)),
    handle: (r) => {
      const ip = r.ctx.state.lastProduct!;
      const words = r.mentions.flatMap((m) => [...m.tokens, ...m.loose]);
      const quantity = r.mentions.find((m) => m.quantity !== null)?.quantity ?? [...r.p.quantities.values()][0] ?? 1;
      return addProducts(r.ctx, [{ ip, quantity, variationIds: pickVariations(r.ctx.idx, ip, words) }], [], []);
    },
  },
  {
    name: 'add',
    guard: (r) =>
      (r.explicitAdd || r.impliedAdd) &&
      !r.glued &&
      !(r.p.question && !r.mentions.length && !r.p.quantities.size && !r.kw.has('ref')),
    handle: (r) => addReply(r.ctx),
  },
];
