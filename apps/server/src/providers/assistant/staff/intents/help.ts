/**
 * Help, the category list, recommendations, the photo limit and the fallback.
 */
import { hasWord } from '../lexicon.ts';
import { STAFF_MESSAGES } from '../messages.ts';
import { type StaffRule, L, p, t, isQuestion, targetProduct, update } from './common.ts';

export const help: StaffRule = {
  name: 'help',
  guard: (pm) => hasWord(pm.text, L.help) && pm.text.split(' ').length <= 5,
  async handle(ctx) {
    const items = STAFF_MESSAGES[ctx.language].helpItems;
    return { blocks: [p(t(ctx, 'help')), { type: 'list', items: [...items] }] };
  },
};

export const noPhoto: StaffRule = {
  name: 'question_no_photo',
  guard: (pm) => hasWord(pm.text, L.noPhoto),
  async handle(ctx) {
    const list = (await ctx.menu()).filter((x) => !x.image);
    if (!list.length) return { blocks: [p(t(ctx, 'noPhotoNone'))] };
    return {
      blocks: [p(t(ctx, 'noPhotoList')), { type: 'list', items: list.map((x) => x.name) }],
      products: list.map((x) => x.id),
      state: { ...ctx.state, focus: list.length === 1 ? [list[0]!.id] : [] },
    };
  },
};

export const categoryList: StaffRule = {
  name: 'question_categories',
  guard: (pm) => isQuestion(pm) && hasWord(pm.text, L.category) && !hasWord(pm.text, L.add),
  async handle(ctx) {
    const cats = await ctx.categories();
    return { blocks: [p(t(ctx, 'categoryList')), { type: 'list', items: cats.map((c) => c.name) }] };
  },
};

export const recommend: StaffRule = {
  name: 'set_recommended',
  guard: (pm) => hasWord(pm.text, L.recommend),
  async handle(ctx) {
    const target = await targetProduct(ctx);
    if (!target.ok) return target.answer;
    return update(ctx, target.product, { recommended: !hasWord(ctx.parsed.text, L.not) });
  },
};

export const fallback: StaffRule = {
  name: 'fallback',
  guard: () => true,
  async handle(ctx) {
    const items = STAFF_MESSAGES[ctx.language].helpItems;
    return { blocks: [p(t(ctx, 'fallback')), p(t(ctx, 'help')), { type: 'list', items: [...items] }] };
  },
};
