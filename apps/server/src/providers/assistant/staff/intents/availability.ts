/**
 * Sold out and back: "is anything sold out?", "the tiramisu is sold out", "X is back".
 */
import { hasWord } from '../lexicon.ts';
import { resolveOne } from '../parse.ts';
import { type StaffRule, L, p, t, isQuestion, targetProduct, update } from './common.ts';

export const soldOutQuestion: StaffRule = {
  name: 'question_sold_out',
  guard: (pm) => hasWord(pm.text, L.soldOut) && isQuestion(pm),
  async handle(ctx) {
    const menu = await ctx.menu();
    // "is the tiramisu sold out?" is about one dish; "what is sold out?" about the menu.
    const one = resolveOne(ctx.parsed.text, menu);
    const list = one.kind === 'one' ? [one.match.item] : menu.filter((x) => x.status === 'unavailable');
    if (one.kind === 'one') {
      const x = one.match.item;
      return {
        blocks: [p(`${x.name}: ${t(ctx, x.status === 'unavailable' ? 'unavailable' : 'available')}`)],
        products: [x.id],
        state: { ...ctx.state, focus: [x.id] },
      };
    }
    if (!list.length) return { blocks: [p(t(ctx, 'soldOutNone'))] };
    return {
      blocks: [p(t(ctx, 'soldOutList')), { type: 'list', items: list.map((x) => x.name) }],
      products: list.map((x) => x.id),
    };
  },
};

export const setStatus: StaffRule = {
  name: 'set_status',
  guard: (pm) => hasWord(pm.text, L.soldOut) || (hasWord(pm.text, L.available) && !isQuestion(pm)),
  async handle(ctx) {
    const target = await targetProduct(ctx);
    if (!target.ok) return target.answer;
    const soldOut = hasWord(ctx.parsed.text, L.soldOut);
    return update(ctx, target.product, { status: soldOut ? 'unavailable' : 'available' });
  },
};
