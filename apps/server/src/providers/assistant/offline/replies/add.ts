/**
 * Adding dishes: options, what the guest left out, a question pending, the line limits.
 * Part of the offline assistant's answers (replies.ts gathers them).
 */
import { MAX_LINE_QUANTITY } from '@carte/domain';
import type { AssistantAction, AssistantReply, ReplyBlock } from '../../types.ts';
import { splitByChoice } from '../split-choice.ts';
import { expandNameToken, expandToken, WEIGHT, type IndexedProduct, type MenuIndex } from '../menu-index.ts';
import { allergenName, joinList, msg, preferenceName } from '../messages.ts';
import { chooseBlocks, openGroups, quoteOptions, settleChoice } from '../options.ts';
import { contentTokens, pickVariations, type Mention, type Parsed } from '../parse.ts';
import { PENDING, type PendingItem } from '../state.ts';
import {
  MAX_LISTED,
  type Ctx,
  reply,
  fallback,
  isVegan,
  isVegetarian,
  listsAllergen,
  allergenOptions,
  productItem,
  hasFilters,
  passesFilters,
} from './common.ts';
import { search } from './search.ts';
import { lineLabel } from './cart.ts';

/** How many of this dish with these options the cart already holds (one line of the order). */
function sameLineQuantity(ctx: Ctx, productId: string, variationIds: string[]): number {
  const key = [...variationIds].sort().join(',');
  return ctx.input.cart
    .filter((l) => l.productId === productId && [...(l.variationIds ?? [])].sort().join(',') === key)
    .reduce((n, l) => n + (Number.isFinite(l.quantity) ? l.quantity : 0), 0);
}

export function addProducts(
  ctx: Ctx,
  items: { ip: IndexedProduct; quantity: number; variationIds: string[]; unfiltered?: boolean }[],
  blocks: ReplyBlock[],
  ambiguous: Mention[],
): AssistantReply {
  const { lang } = ctx;
  const actions: AssistantAction[] = [];
  const labels: string[] = [];
  const problems: string[] = [];
  const products: string[] = [];
  const questions: ReplyBlock[] = [];
  const pending: PendingItem[] = [];
  for (const named of splitByChoice(items)) {
    // Never two options of a one-choice group: the first one named is kept, and the guest is told.
    const settled = settleChoice(named.ip.p, named.variationIds);
    const it = { ...named, variationIds: settled.variationIds };
    for (const d of settled.dropped) {
      const kept = it.ip.p.variations.find((v) => v.id === d.kept);
      if (kept) problems.push(msg(lang, 'oneOfGroup', { group: d.group.name, name: it.ip.p.name, option: kept.name }));
    }
    // "the carbonara without egg": never add a dish that has what the guest asked to leave out.
    const conflicts = it.unfiltered ? [] : leftOut(ctx, it.ip, it.variationIds);
    if (conflicts.length) {
      problems.push(...conflicts, msg(lang, 'askStaffDetail'));
      products.push(it.ip.p.id);
      continue;
    }
    if (!it.ip.available) {
      problems.push(msg(lang, 'unavailable', { name: it.ip.p.name }));
      continue;
    }
    if (it.ip.p.priceMinor === null) {
      problems.push(msg(lang, 'noPrice', { name: it.ip.p.name }));
      products.push(it.ip.p.id);
      continue;
    }
    if (it.quantity < 1) continue;
    // Never more than a line holds: said, and nothing added (not a silently smaller number).
    const inCart = sameLineQuantity(ctx, it.ip.p.id, it.variationIds);
    if (inCart + it.quantity > MAX_LINE_QUANTITY) {
      problems.push(
        msg(lang, inCart ? 'tooManyInCart' : 'tooMany', {
          max: MAX_LINE_QUANTITY,
          name: it.ip.p.name,
          quantity: it.quantity,
          inCart,
        }),
      );
      products.push(it.ip.p.id);
      continue;
    }
    // A required group left open ("which size?"): ask, listing its options, and add nothing yet.
    const open = openGroups(it.ip.p, it.variationIds);
    if (open.length) {
      for (const g of open) questions.push(...chooseBlocks(lang, ctx.input.menu.currency, it.ip.p, g));
      pending.push({ ip: it.ip, quantity: it.quantity, variationIds: it.variationIds });
      products.push(it.ip.p.id);
      continue;
    }
    actions.push({ type: 'add_to_cart', productId: it.ip.p.id, variationIds: it.variationIds, quantity: it.quantity });
    labels.push(
      lineLabel(
        it.ip.p.name,
        it.quantity,
        it.variationIds.map((id) => it.ip.p.variations.find((v) => v.id === id)?.name ?? ''),
      ),
    );
    products.push(it.ip.p.id);
  }
  if (labels.length) blocks.push({ type: 'paragraph', text: msg(lang, 'added', { items: joinList(lang, labels) }) });
  for (const pr of problems) blocks.push({ type: 'paragraph', text: pr });
  blocks.push(...questions);
  if (labels.length && (ctx.p.exclude.size || ctx.p.excludeTerms.length))
    blocks.push({ type: 'note', text: msg(lang, 'allergenNote') });
  for (const m of ambiguous) {
    blocks.push({ type: 'paragraph', text: msg(lang, 'whichOneOf', { q: m.text }) });
    blocks.push({ type: 'list', items: m.candidates.slice(0, MAX_LISTED).map((ip) => productItem(ctx, ip)) });
    products.push(...m.candidates.slice(0, MAX_LISTED).map((ip) => ip.p.id));
  }
  if (!blocks.length) return fallback(ctx);
  const out = reply(
    actions.length ? 'add_to_cart' : ambiguous.length ? 'search' : 'add_to_cart',
    blocks,
    [...new Set(products)],
    actions,
  );
  if (pending.length) PENDING.set(out, pending);
  return out;
}

/** "large" after "which size for the Pizza Margherita?": the waiting dishes with the options named now. */
export function answerPending(ctx: Ctx, pending: PendingItem[]): AssistantReply | null {
  const ids = new Set(pending.map((x) => x.ip.p.id));
  // Another dish named ("and a tiramisu") is a new order, unless its words are an option's ("Thai hot").
  const optionWords = (m: Mention) => pending.some((x) => pickVariations(ctx.idx, x.ip, m.tokens).length > 0);
  if (ctx.mentions.some((m) => !m.candidates.some((c) => ids.has(c.p.id)) && !optionWords(m))) return null;
  const words = ctx.p.toks.filter((t) => !t.stop && t.num === null);
  let answered = false;
  const items = pending.map((x) => {
    const picked = pickVariations(ctx.idx, x.ip, words).filter((id) => !x.variationIds.includes(id));
    if (picked.length) answered = true;
    return { ip: x.ip, quantity: x.quantity, variationIds: [...x.variationIds, ...picked], unfiltered: true };
  });
  if (!answered) return null;
  return addProducts(ctx, items, [], []);
}

/** Why a dish does not fit what the guest asked to leave out, in the guest's words (empty: it fits). */
export function leftOut(ctx: Ctx, ip: IndexedProduct, variationIds: string[]): string[] {
  const { p, lang } = ctx;
  const out: string[] = [];
  const name = ip.p.name;
  for (const tag of p.exclude) {
    // "a margherita with anchovies, no fish": the option brings what is left out.
    const bringing = allergenOptions(ip, tag).filter((v) => variationIds.includes(v.id));
    if (bringing.length) {
      out.push(
        msg(lang, 'containsWithOption', {
          name,
          what: allergenName(lang, tag),
          options: quoteOptions(lang, bringing),
        }),
      );
      continue;
    }
    const option = ip.freeOptions.get(tag);
    if (option && variationIds.includes(option.id)) continue;
    if (listsAllergen(ip, tag)) out.push(msg(lang, 'containsYes', { name, what: allergenName(lang, tag) }));
  }
  for (const x of p.excludeTerms) {
    const removed = x.terms.some((t) => {
      const option = ip.freeOptions.get(t);
      return option !== undefined && variationIds.includes(option.id);
    });
    if (!removed && x.terms.some((t) => ip.terms.has(t)) && !out.length)
      out.push(msg(lang, 'mentionsYes', { name, what: x.label }));
  }
  if (p.diets.has('vegan') && !isVegan(ip))
    out.push(msg(lang, 'dietNo', { name, diet: preferenceName(lang, 'vegan') }));
  else if (p.diets.has('vegetarian') && !isVegetarian(ip))
    out.push(msg(lang, 'dietNo', { name, diet: preferenceName(lang, 'vegetarian') }));
  return out;
}

export function pickFromHistory(ctx: Ctx): IndexedProduct[] {
  const h = ctx.state.products.filter((ip) => ip.available);
  if (!h.length) return [];
  const o = ctx.p.ordinal;
  if (o === 'last') return [h[h.length - 1]!];
  if (typeof o === 'number') return h[o - 1] ? [h[o - 1]!] : [];
  return h;
}

export function addReply(ctx: Ctx): AssistantReply | null {
  const { mentions } = ctx;
  if (mentions.length) {
    const items: { ip: IndexedProduct; quantity: number; variationIds: string[]; unfiltered?: boolean }[] = [];
    const ambiguous: Mention[] = [];
    for (const m of mentions) {
      let cands = m.candidates;
      if (!m.resolved) {
        // "the vegan pizza": filters or history may settle it.
        const filtered = cands.filter((ip) => passesFilters(ip, ctx.p, ctx.idx));
        if (filtered.length) cands = filtered;
        if (cands.length > 1) {
          const inHistory = cands.filter((ip) => ctx.state.products.includes(ip));
          if (inHistory.length === 1) cands = inHistory;
        }
        // "noch ein Naan", "another beer": the one already in the cart.
        if (cands.length > 1) {
          const inCart = cands.filter((ip) => ctx.input.cart.some((l) => l.productId === ip.p.id));
          if (inCart.length === 1) cands = inCart;
        }
        if (cands.length > 1 && m.loose.length) {
          const narrowed = cands.filter((ip) =>
            m.loose.some((t) => expandToken(ctx.idx, t).some((e) => ip.terms.has(e.term))),
          );
          if (narrowed.length) cands = narrowed;
        }
      }
      if (cands.length === 1 && m.split && m.quantity !== null) {
        // "two carbonara, one of them gluten-free": the options after the second number are for it.
        const ip = cands[0]!;
        const at = m.split.at;
        const after = pickVariations(
          ctx.idx,
          ip,
          m.loose.filter((t) => t.i > at),
        );
        for (const tag of ctx.p.freeLabels) {
          const option = listsAllergen(ip, tag) ? ip.freeOptions.get(tag) : undefined;
          if (option && !after.includes(option.id)) after.push(option.id);
        }
        if (after.length) {
          items.push({
            unfiltered: true,
            ip,
            quantity: m.quantity - m.split.quantity,
            variationIds: pickVariations(
              ctx.idx,
              ip,
              m.loose.filter((t) => t.i < at),
            ),
          });
          items.push({ ip, quantity: m.split.quantity, variationIds: after });
          continue;
        }
      }
      if (cands.length === 1) {
        const ip = cands[0]!;
        const chosen = pickVariations(ctx.idx, ip, m.loose);
        // "la diavola senza glutine", "pad thai without peanuts": the option that takes it out.
        for (const tag of ctx.p.exclude) {
          const option = listsAllergen(ip, tag) ? ip.freeOptions.get(tag) : undefined;
          if (option && !chosen.includes(option.id)) chosen.push(option.id);
        }
        for (const x of ctx.p.excludeTerms) {
          const option = x.terms.map((t) => ip.freeOptions.get(t)).find((o) => o !== undefined);
          if (option && x.terms.some((t) => ip.terms.has(t)) && !chosen.includes(option.id)) chosen.push(option.id);
        }
        items.push({ ip, quantity: m.quantity ?? 1, variationIds: chosen });
      } else ambiguous.push({ ...m, candidates: cands });
    }
    return addProducts(ctx, items, [], ambiguous);
  }
  const content = contentTokens(ctx.p);
  const picked = pickFromHistory(ctx);
  const q = [...ctx.p.quantities.values()][0] ?? null;
  if (picked.length) {
    let pool = picked;
    // "I'll take the one with mushrooms" / "the large one"
    if (pool.length > 1 && content.length) {
      const r = search(ctx, pool, content);
      if (r.items.length) pool = r.items;
    }
    if (pool.length > 1 && hasFilters(ctx.p)) {
      const f = pool.filter((ip) => passesFilters(ip, ctx.p, ctx.idx));
      if (f.length) pool = f;
    }
    if (pool.length === 1) {
      const ip = pool[0]!;
      let variationIds = pickVariations(ctx.idx, ip, content);
      // "encore un", "noch einen": the same as the line already in the cart.
      const inCart = ctx.input.cart.filter((l) => l.productId === ip.p.id);
      if (!variationIds.length && inCart.length) variationIds = [...(inCart[inCart.length - 1]!.variationIds ?? [])];
      return addProducts(ctx, [{ ip, quantity: q ?? 1, variationIds }], [], []);
    }
    if (q !== null || ctx.p.kw.has('ref') || ctx.p.ordinal !== null || !content.length) {
      const blocks: ReplyBlock[] = [{ type: 'paragraph', text: msg(ctx.lang, 'whichOne') }];
      blocks.push({ type: 'list', items: pool.slice(0, MAX_LISTED).map((ip) => productItem(ctx, ip)) });
      return reply(
        'add_to_cart',
        blocks,
        pool.slice(0, MAX_LISTED).map((ip) => ip.p.id),
      );
    }
  }
  if (content.length || hasFilters(ctx.p)) return null; // a search: "I want something vegan"
  return reply('add_to_cart', [{ type: 'paragraph', text: msg(ctx.lang, 'whatToAdd') }]);
}

/**
 * A mention that names an ingredient rather than one dish: its word is found in the descriptions or
 * options of dishes beyond those whose name carries it ("prawn", "กุ้ง", "gamberi").
 */
export function ingredientMention(idx: MenuIndex, m: Mention): boolean {
  if (m.generic) return false;
  const named = new Set(m.candidates.map((ip) => ip.order));
  // A dish's own phrase ("green curry") counts by its main concept, not by "curry".
  const concepts = m.tokens.flatMap((t) =>
    expandNameToken(idx, t)
      .map((x) => x.term)
      .filter((x) => x.startsWith('c:')),
  );
  if (!concepts.length) return false;
  for (const term of concepts) {
    for (const [o, w] of idx.postings.get(term) ?? []) {
      if (!named.has(o) && w <= WEIGHT.description && idx.products[o]!.available) return true;
    }
  }
  return false;
}

/** A dietary or allergen word said before the mention ("gluten-free pasta", "vegane Currys"). */
export function filterBefore(p: Parsed, m: Mention): boolean {
  for (let i = m.start - 1; i >= 0; i--) {
    const t = p.toks[i]!;
    if (t.tags.some((x) => x.startsWith('diet:') || x.startsWith('x:') || x === 'kw:free')) return true;
    if (!t.stop && !t.tags.some((x) => x.startsWith('alg:') || x.startsWith('c:'))) return false;
  }
  return false;
}

export function exampleName(idx: MenuIndex): string {
  const ip = idx.products.find((x) => x.available && x.p.recommended) ?? idx.products.find((x) => x.available);
  return ip?.p.name ?? '';
}
