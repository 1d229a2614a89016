/**
 * Answers to what the assistant proposed (a deletion, a list of prices, a category for a new dish),
 * and undo.
 */
import { toMinor } from '@carte/domain';
import { hasWord } from '../lexicon.ts';
import { cleanEnds, findCategory } from '../parse.ts';
import type { StaffAction, StaffBlock } from '../types.ts';
import { changeCard, valuesOf } from '../values.ts';
import { type StaffRule, L, p, t, priceOf, isYes, attempt, changed, withoutPending } from './common.ts';
import { createDish } from './create-dish.ts';
import { applyPrices } from './price.ts';

// ---------------------------------------------------------------------------------------------

export const confirmDelete: StaffRule = {
  name: 'confirm_delete',
  guard: (pm, s) => s.pendingDelete !== undefined && isYes(pm.text),
  async handle(ctx) {
    const pending = ctx.state.pendingDelete!;
    const menu = await ctx.menu();
    const product = menu.find((x) => x.id === pending.productId);
    if (!product) return { blocks: [p(t(ctx, 'notFound', { name: pending.name }))], state: {} };
    const result = await attempt(ctx, () => ctx.port.deleteProduct(product.id));
    if (!result.ok) return { ...result.answer, state: {} };
    return {
      blocks: [
        { type: 'card', title: t(ctx, 'productDeleted'), name: product.name, rows: [] },
        p(t(ctx, 'deleted', { name: product.name })),
      ],
      actions: [{ type: 'menu_changed', productId: product.id }],
      state: { undo: { kind: 'deleted', name: product.name, before: valuesOf(product) } },
    };
  },
};

/** "yes" to a list of prices the assistant showed: written at once, unless a dish changed meanwhile. */
export const confirmPrices: StaffRule = {
  name: 'confirm_prices',
  guard: (pm, s) => s.pendingPrices !== undefined && isYes(pm.text),
  async handle(ctx) {
    const pending = ctx.state.pendingPrices!;
    const menu = await ctx.menu();
    const now = pending.changes.map((c) => ({ c, x: menu.find((m) => m.id === c.productId) }));
    if (now.some(({ c, x }) => !x || x.price !== c.from))
      return { blocks: [p(t(ctx, 'pendingStale'))], state: { focus: ctx.state.focus } };
    return applyPrices(
      ctx,
      now.map(({ c, x }) => ({ x: x!, minor: toMinor(c.to) })),
      pending.label,
    );
  },
};

/** The answer to "which category?" for a dish waiting to be created (anything else cancels it). */
export const createInCategory: StaffRule = {
  name: 'create_in_category',
  guard: (_pm, s) => s.pendingCreate !== undefined,
  async handle(ctx) {
    const pm = ctx.parsed;
    const cat = findCategory(pm.text, await ctx.categories());
    if (!cat) return null;
    // Only an answer that names the category ("Desserts", "in the mains please"), never another command.
    const rest = cleanEnds(pm.text.slice(0, cat.index) + ' ' + pm.text.slice(cat.end))
      .split(/\s+/u)
      .filter(Boolean);
    const commands = [L.raise, L.lower, L.delete, L.soldOut, L.rename, L.undo] as const;
    if (pm.amounts.length || rest.length > 4 || commands.some((list) => hasWord(pm.text, list))) return null;
    return createDish(
      { ...ctx, state: withoutPending(ctx.state) },
      { ...ctx.state.pendingCreate!, category: cat.item.name },
    );
  },
};

/** Anything but a yes cancels what was proposed (the engine then reads the message afresh). */
export const cancelPending: StaffRule = {
  name: 'cancel_pending',
  guard: (_pm, s) => s.pendingDelete !== undefined || s.pendingPrices !== undefined || s.pendingCreate !== undefined,
  async handle(ctx) {
    const s = ctx.state;
    const text = s.pendingDelete
      ? t(ctx, 'deleteCancelled', { name: s.pendingDelete.name })
      : s.pendingPrices
        ? t(ctx, 'pricesCancelled')
        : t(ctx, 'createCancelled', { name: s.pendingCreate!.name });
    return { blocks: [p(text)], state: withoutPending(s) };
  },
};

export const undo: StaffRule = {
  name: 'undo',
  guard: (pm) => hasWord(pm.text, L.undo) && pm.text.split(' ').length <= 5,
  async handle(ctx) {
    const entry = ctx.state.undo;
    if (!entry) return { blocks: [p(t(ctx, 'nothingToUndo'))] };
    const keep = { focus: ctx.state.focus };
    if (entry.kind === 'created') {
      const r = await attempt(ctx, () => ctx.port.deleteProduct(entry.productId));
      if (!r.ok) return { ...r.answer, state: keep };
      return {
        blocks: [
          { type: 'card', title: t(ctx, 'productDeleted'), name: entry.name, rows: [] },
          p(t(ctx, 'undone', { what: entry.name })),
        ],
        actions: [{ type: 'menu_changed', productId: entry.productId }],
        state: {},
      };
    }
    if (entry.kind === 'deleted') {
      const { variations, variationGroups, ...rest } = entry.before;
      const r = await attempt(ctx, () => ctx.port.createProduct({ ...rest, variations, variationGroups }));
      if (!r.ok) return { ...r.answer, state: keep };
      return {
        ...changed(ctx, 'productRestored', null, r.value, {
          kind: 'created',
          productId: r.value.id,
          name: r.value.name,
        }),
        state: { focus: [r.value.id] },
      };
    }
    if (entry.kind === 'updated') {
      const menu = await ctx.menu();
      const actions: StaffAction[] = [];
      const rows: { label: string; before: string; after: string }[] = [];
      let single: StaffBlock | null = null;
      for (const { productId, before } of entry.products) {
        const now = menu.find((x) => x.id === productId);
        if (!now) continue;
        const r = await attempt(ctx, () => ctx.port.updateProduct({ id: productId, ...before }));
        if (!r.ok) {
          if (entry.products.length === 1) return { ...r.answer, state: keep };
          continue;
        }
        if (entry.products.length === 1)
          single = changeCard(t(ctx, 'productUpdated'), now, r.value, ctx.input.currency, ctx.language);
        else rows.push({ label: now.name, before: priceOf(ctx, now.price), after: priceOf(ctx, r.value.price) });
        actions.push({ type: 'menu_changed', productId });
      }
      const blocks: StaffBlock[] = single
        ? [single, p(t(ctx, 'undone', { what: (single as { name: string }).name }))]
        : [
            {
              type: 'card',
              title: t(ctx, 'productUpdated'),
              name: t(ctx, 'pricesChanged', { count: actions.length }),
              rows,
            },
            p(t(ctx, 'undone', { what: t(ctx, 'pricesChanged', { count: actions.length }) })),
          ];
      return {
        blocks,
        actions,
        products: actions.map((a) => a.productId),
        state: { focus: actions.map((a) => a.productId) },
      };
    }
    if (entry.kind === 'category_created') {
      const r = await attempt(ctx, () => ctx.port.deleteCategory(entry.categoryId));
      if (!r.ok) return { ...r.answer, state: keep };
      return { blocks: [p(t(ctx, 'undone', { what: entry.name }))], state: {} };
    }
    const r = await attempt(ctx, () => ctx.port.updateCategory({ id: entry.categoryId, name: entry.name }));
    if (!r.ok) return { ...r.answer, state: keep };
    return { blocks: [p(t(ctx, 'undone', { what: entry.name }))], state: {} };
  },
};
