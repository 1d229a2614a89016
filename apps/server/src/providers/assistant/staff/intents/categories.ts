/**
 * Categories: add, rename, and move a dish to another one.
 */
import { findWord, hasWord } from '../lexicon.ts';
import { after, displayName, findCategory, rawSpan, stripArticles } from '../parse.ts';
import {
  type StaffContext,
  type StaffRule,
  L,
  t,
  dropClosing,
  attempt,
  targetProduct,
  update,
  firstMoney,
} from './common.ts';

/** The name a category command gives: quoted, else the text after the category word or the verb. */
function categoryNameIn(ctx: StaffContext): string {
  if (ctx.parsed.quoted[0]) return ctx.parsed.quoted[0];
  const text = ctx.parsed.text;
  const afterCat = after(text, L.category);
  const afterAdd = after(text, L.add);
  let name =
    afterCat && afterCat.rest
      ? afterCat.rest
      : afterAdd
        ? withoutFirst(afterAdd.rest, findWord(afterAdd.rest, L.category))
        : '';
  name = stripArticles(dropClosing(name.replace(/^(?:called|named|appelée|chiamata|namens)\s+/u, '')));
  return displayName(rawSpan(ctx.parsed.raw, name));
}

export const addCategory: StaffRule = {
  name: 'add_category',
  guard: (pm) => hasWord(pm.text, L.add) && hasWord(pm.text, L.category) && firstMoney(pm) === undefined,
  async handle(ctx) {
    const name = categoryNameIn(ctx);
    const r = await attempt(ctx, () => ctx.port.createCategory(name));
    if (!r.ok) return r.answer;
    return {
      blocks: [{ type: 'card', title: t(ctx, 'categoryCreated'), name: r.value.name, rows: [] }],
      state: { undo: { kind: 'category_created', categoryId: r.value.id, name: r.value.name } },
    };
  },
};

export const renameCategory: StaffRule = {
  name: 'rename_category',
  guard: (pm) => hasWord(pm.text, L.rename) && hasWord(pm.text, L.category),
  async handle(ctx) {
    const cats = await ctx.categories();
    const cat = findCategory(ctx.parsed.text, cats);
    if (!cat) return null;
    const to = after(ctx.parsed.text, L.renameTo, cat.end);
    // German "benenne ... in Beilagen um": the particle closes the sentence.
    const toText = to ? stripArticles(dropClosing(to.rest)) : '';
    const newName =
      ctx.parsed.quoted.length >= 2
        ? ctx.parsed.quoted[1]!
        : toText
          ? displayName(rawSpan(ctx.parsed.raw, toText))
          : '';
    if (!newName) return null;
    const r = await attempt(ctx, () => ctx.port.updateCategory({ id: cat.item.id, name: newName }));
    if (!r.ok) return r.answer;
    return {
      blocks: [
        {
          type: 'card',
          title: t(ctx, 'categoryRenamed'),
          name: r.value.name,
          rows: [{ label: t(ctx, 'name'), before: cat.item.name, after: r.value.name }],
        },
      ],
      state: { undo: { kind: 'category_renamed', categoryId: cat.item.id, name: cat.item.name } },
    };
  },
};

/** "move the tiramisu to desserts", "put X in drinks". */
export const moveCategory: StaffRule = {
  name: 'move_category',
  guard: (pm) => hasWord(pm.text, L.inCategory),
  async handle(ctx) {
    const cat = findCategory(ctx.parsed.text, await ctx.categories());
    if (!cat) return null;
    const text = ctx.parsed.text.slice(0, cat.index) + ' ' + ctx.parsed.text.slice(cat.end);
    const target = await targetProduct(ctx, text);
    if (!target.ok) return null;
    return update(ctx, target.product, { categories: [cat.item.id] });
  },
};

/** The text without the word found in it (the first place it stands). */
function withoutFirst(text: string, at: { index: number; end: number } | null): string {
  return at ? text.slice(0, at.index) + text.slice(at.end) : text;
}
