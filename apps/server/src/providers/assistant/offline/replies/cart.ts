/**
 * The cart: what it holds, its total, checkout, and removing or changing lines.
 * Part of the offline assistant's answers (replies.ts gathers them).
 */
import { MAX_LINE_QUANTITY } from '@carte/domain';
import type { AssistantAction, AssistantReply, CartLine, Language, ReplyBlock } from '../../types.ts';
import type { Tagged } from '../annotate.ts';
import { expandNameToken, type IndexedProduct } from '../menu-index.ts';
import { joinList, msg } from '../messages.ts';
import { pickVariations, type Mention } from '../parse.ts';
import { type Ctx, price, reply } from './common.ts';

export function resolveCart(ctx: Ctx): ResolvedLine[] {
  return ctx.input.cart
    .filter((l) => l && typeof l.productId === 'string' && Number.isFinite(l.quantity) && l.quantity > 0)
    .map((line) => {
      const ip = ctx.idx.byId.get(line.productId) ?? null;
      if (!ip) return { line, ip, variationNames: [], unitMinor: null };
      const vars = (line.variationIds ?? [])
        .map((id) => ip.p.variations.find((v) => v.id === id))
        .filter((v) => v !== undefined);
      const unit =
        ip.p.priceMinor === null ? null : vars.reduce((s, v) => s + (v.priceVariationMinor ?? 0), ip.p.priceMinor);
      return { line, ip, variationNames: vars.map((v) => v.name), unitMinor: unit };
    });
}

export function lineLabel(name: string, quantity: number, variationNames: string[]): string {
  return `${quantity} × ${name}${variationNames.length ? ` (${variationNames.join(', ')})` : ''}`;
}

export function cartSummary(ctx: Ctx): { blocks: ReplyBlock[]; total: number; lines: ResolvedLine[] } {
  const lines = resolveCart(ctx);
  const known = lines.filter((l) => l.ip);
  const total = known.reduce((s, l) => s + (l.unitMinor ?? 0) * l.line.quantity, 0);
  const blocks: ReplyBlock[] = [];
  if (!known.length) return { blocks, total: 0, lines };
  blocks.push({ type: 'paragraph', text: msg(ctx.lang, 'cartHeader') });
  blocks.push({
    type: 'list',
    items: known.map((l) => [
      { text: lineLabel(l.ip!.p.name, l.line.quantity, l.variationNames), strong: true },
      { text: ` — ${l.unitMinor === null ? msg(ctx.lang, 'askPrice') : price(ctx, l.unitMinor * l.line.quantity)}` },
    ]),
  });
  if (lines.length > known.length) blocks.push({ type: 'paragraph', text: msg(ctx.lang, 'cartUnknown') });
  blocks.push({
    type: 'paragraph',
    text: [{ text: msg(ctx.lang, 'cartTotal', { total: price(ctx, total) }), strong: true }],
  });
  return { blocks, total, lines };
}

export function viewCartReply(ctx: Ctx): AssistantReply {
  const s = cartSummary(ctx);
  if (!s.blocks.length) return reply('view_cart', [{ type: 'paragraph', text: msg(ctx.lang, 'cartEmpty') }]);
  return reply(
    'view_cart',
    s.blocks,
    s.lines.filter((l) => l.ip).map((l) => l.line.productId),
  );
}

export function checkoutReply(ctx: Ctx): AssistantReply {
  const s = cartSummary(ctx);
  if (!s.blocks.length) return reply('checkout', [{ type: 'paragraph', text: msg(ctx.lang, 'checkoutEmpty') }]);
  return reply(
    'checkout',
    [{ type: 'paragraph', text: msg(ctx.lang, 'checkout', { total: price(ctx, s.total) }) }, ...s.blocks.slice(1)],
    [],
    [{ type: 'open_cart' }],
  );
}

/** Cart lines the guest points at: products named, else the dish just discussed, else the only line. */
/** Every word of the mention is in the dish's name ("naan" in "Garlic and coriander naan"). */
function namedBy(ctx: Ctx, m: Mention, ip: IndexedProduct): boolean {
  return m.tokens.every((t) =>
    expandNameToken(ctx.idx, t).some((x) => ip.nameParts.some((part) => part.terms.includes(x.term))),
  );
}

/** "beers", "bières", "Biere", "birre": a plural the guest typed (the stemmer folds it to the singular). */
const PLURAL_ENDING: Record<Language, RegExp> = {
  en: /[^s]s$/,
  fr: /[^s][sx]$/,
  it: /[ei]$/,
  de: /(?:[^s]s|e|en)$/,
  th: /$^/,
};
function isPlural(lang: Language, t: Tagged): boolean {
  return t.num === null && t.fold !== t.stem && t.fold.length > 3 && PLURAL_ENDING[lang].test(t.fold);
}

export function targetLines(
  ctx: Ctx,
  lines: ResolvedLine[],
): { lines: ResolvedLine[]; quantity: number | null; named: boolean; missing: boolean } {
  const known = lines.filter((l) => l.ip);
  if (ctx.mentions.length) {
    const out: ResolvedLine[] = [];
    let quantity: number | null = null;
    let missing = false;
    const hitsOf = (m: Mention) => {
      const ids = new Set(m.candidates.map((c) => c.p.id));
      // "le naan" also reaches the "Garlic and coriander naan" in the cart, not only the closest names.
      return known.filter((l) => ids.has(l.line.productId) || namedBy(ctx, m, l.ip!));
    };
    const hits = new Map(ctx.mentions.map((m) => [m, hitsOf(m)]));
    for (const m of ctx.mentions) {
      let hit = hits.get(m)!;
      if (!hit.length) {
        // "the lamb jalfrezi": a word that names an option of a dish found in the cart is that option.
        const optionWord = ctx.mentions.some(
          (o) => o !== m && hits.get(o)!.some((l) => pickVariations(ctx.idx, l.ip!, m.tokens).length > 0),
        );
        if (!optionWord) missing = true;
        continue;
      }
      if (hit.length > 1) {
        const words = [
          ...m.loose,
          ...ctx.mentions.filter((o) => o !== m && !hits.get(o)!.length).flatMap((o) => o.tokens),
        ];
        const ip = hit[0]!.ip!;
        const wanted = words.length ? pickVariations(ctx.idx, ip, words) : [];
        const narrowed = hit.filter((l) => wanted.length && wanted.every((w) => l.line.variationIds.includes(w)));
        if (narrowed.length) hit = narrowed;
      }
      // "the drinks", "i dolci", "the beers": a section's word or a plural takes every line it names.
      const all = (m.generic && !m.resolved) || (!m.resolved && m.tokens.some((t) => isPlural(ctx.lang, t)));
      if (all) out.push(...hit.filter((l) => !out.includes(l)));
      else out.push(hit[0]!);
      quantity ??= m.quantity;
    }
    return { lines: out, quantity, named: true, missing };
  }
  const q = [...ctx.p.quantities.values()][0] ?? null;
  const fromHistory = known.filter((l) => ctx.state.products.some((h) => h.p.id === l.line.productId));
  // Several lines of the dish just discussed: the latest one.
  if (fromHistory.length >= 1 && new Set(fromHistory.map((l) => l.line.productId)).size === 1) {
    return { lines: [fromHistory[fromHistory.length - 1]!], quantity: q, named: false, missing: false };
  }
  if (known.length === 1) return { lines: known, quantity: q, named: false, missing: false };
  return { lines: [], quantity: q, named: false, missing: true };
}

export function removeReply(ctx: Ctx): AssistantReply {
  const lines = resolveCart(ctx);
  const known = lines.filter((l) => l.ip);
  if (!known.length) return reply('remove_from_cart', [{ type: 'paragraph', text: msg(ctx.lang, 'cartEmpty') }]);
  if ((ctx.p.kw.has('clearverb') || ctx.p.kw.has('all')) && !ctx.mentions.length) {
    return reply(
      'remove_from_cart',
      [{ type: 'paragraph', text: msg(ctx.lang, 'cleared') }],
      [],
      known.map((l) => ({
        type: 'remove_from_cart',
        productId: l.line.productId,
        variationIds: [...l.line.variationIds],
        quantity: l.line.quantity,
      })),
    );
  }
  const t = targetLines(ctx, lines);
  if (!t.lines.length) return reply('remove_from_cart', [{ type: 'paragraph', text: msg(ctx.lang, 'notInCart') }], []);
  const actions: AssistantAction[] = [];
  const labels: string[] = [];
  for (const l of t.lines) {
    const m = ctx.mentions.find((mm) => mm.candidates.some((c) => c.p.id === l.line.productId));
    const q = Math.min(l.line.quantity, (m ? m.quantity : t.quantity) ?? l.line.quantity);
    actions.push({
      type: 'remove_from_cart',
      productId: l.line.productId,
      variationIds: [...l.line.variationIds],
      quantity: q,
    });
    labels.push(lineLabel(l.ip!.p.name, q, l.variationNames));
  }
  const blocks: ReplyBlock[] = [
    { type: 'paragraph', text: msg(ctx.lang, 'removed', { items: joinList(ctx.lang, labels) }) },
  ];
  if (t.missing && t.named) blocks.push({ type: 'paragraph', text: msg(ctx.lang, 'notInCart') });
  return reply('remove_from_cart', blocks, [], actions);
}

export function updateReply(ctx: Ctx): AssistantReply | null {
  const lines = resolveCart(ctx);
  const t = targetLines(ctx, lines);
  if (!t.lines.length || t.quantity === null) return null;
  const actions: AssistantAction[] = [];
  const labels: string[] = [];
  for (const l of t.lines) {
    const m = ctx.mentions.find((mm) => mm.candidates.some((c) => c.p.id === l.line.productId));
    const want = (m ? m.quantity : t.quantity) ?? t.quantity;
    if (want > MAX_LINE_QUANTITY) {
      return reply('update_quantity', [
        {
          type: 'paragraph',
          text: msg(ctx.lang, 'tooMany', { max: MAX_LINE_QUANTITY, name: l.ip!.p.name, quantity: want }),
        },
      ]);
    }
    const diff = want - l.line.quantity;
    if (diff > 0)
      actions.push({
        type: 'add_to_cart',
        productId: l.line.productId,
        variationIds: [...l.line.variationIds],
        quantity: diff,
      });
    if (diff < 0)
      actions.push({
        type: 'remove_from_cart',
        productId: l.line.productId,
        variationIds: [...l.line.variationIds],
        quantity: -diff,
      });
    labels.push(lineLabel(l.ip!.p.name, want, l.variationNames));
  }
  return reply(
    'update_quantity',
    [{ type: 'paragraph', text: msg(ctx.lang, 'updated', { items: joinList(ctx.lang, labels) }) }],
    t.lines.map((l) => l.line.productId),
    actions,
  );
}

export interface ResolvedLine {
  line: CartLine;
  ip: IndexedProduct | null;
  variationNames: string[];
  unitMinor: number | null;
}
