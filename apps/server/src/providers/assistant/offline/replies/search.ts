/**
 * Searches and lists: a search by the guest's words, recommendations, the cheapest and dearest, the menu overview.
 * Part of the offline assistant's answers (replies.ts gathers them).
 */
import type { AssistantReply, ReplyBlock, RichText } from '../../types.ts';
import type { Tagged } from '../annotate.ts';
import { isStopword } from '../../language/lexicon.ts';
import { expandToken, queryTermsOf, WEIGHT, type IndexedProduct } from '../menu-index.ts';
import { allergenName, joinList, msg, preferenceName } from '../messages.ts';
import { contentTokens } from '../parse.ts';
import { isThai } from '../../language/tokens.ts';
import {
  type Ctx,
  price,
  reply,
  fallback,
  productItem,
  listBlocks,
  hasFilters,
  passesFilters,
  type SearchResult,
  needsOption,
  optionsLast,
} from './common.ts';

export function search(ctx: Ctx, pool?: IndexedProduct[], content = contentTokens(ctx.p)): SearchResult {
  const r = searchUnordered(ctx, pool, content);
  return { ...r, items: optionsLast(r.items, ctx.p) };
}

export function searchUnordered(ctx: Ctx, pool: IndexedProduct[] | undefined, content: Tagged[]): SearchResult {
  const { idx, p } = ctx;
  const base = (pool ?? idx.products).filter((ip) => ip.available && passesFilters(ip, p, idx));
  if (!content.length) return { items: base, unmatched: [], content };
  // A phrase ("ของหวาน", "ice cream") is one unit: its meaning, not its pieces.
  const units: Tagged[][] = [];
  for (const t of content) {
    const last = units[units.length - 1];
    if (last && t.span[1] > 1 && last[0]!.span[0] === t.span[0]) last.push(t);
    else units.push([t]);
  }
  const expansions = units.flatMap((u) => {
    if (u.length === 1) return [{ u, terms: expandToken(idx, u[0]!) }];
    const terms = queryTermsOf(u[0]!)
      .filter((x) => x.includes(':') && idx.postings.has(x))
      .map((term) => ({ term, factor: 1 }));
    // A phrase the menu does not know as such: its words one by one.
    if (!terms.length) return u.filter((t) => !t.stop).map((t) => ({ u: [t], terms: expandToken(idx, t) }));
    return [{ u, terms }];
  });
  const unmatched = expansions.filter((e) => !e.terms.length).flatMap((e) => e.u);
  // A word that names a category ("desserts") keeps to dishes named or filed that way, not
  // every description that mentions a pudding.
  const useful = expansions
    .filter((e) => e.terms.length)
    .map((e) => ({ ...e, min: e.terms.some((x) => idx.catPostings.has(x.term)) ? WEIGHT.category : 0 }));
  if (!useful.length) return { items: [], unmatched, content };
  // "Suppen und Eintöpfe", "pasta or risotto": words joined by "and" / "or" are each wanted, not both
  // at once; a dish that has both still comes first (its score adds up).
  const group = orGroups(
    ctx,
    useful.map((e) => e.u),
  );
  const scored = base
    .map((ip) => {
      const matched = new Set<number>();
      let score = 0;
      useful.forEach((e, k) => {
        let best = 0;
        for (const { term, factor } of e.terms) {
          const w = ip.terms.get(term) ?? 0;
          if (w >= e.min) best = Math.max(best, w * factor);
        }
        if (best > 0) {
          matched.add(group[k]!);
          score += best;
        }
      });
      return { ip, count: matched.size, score };
    })
    .filter((s) => s.count > 0);
  const maxCount = Math.max(0, ...scored.map((s) => s.count));
  const items = scored
    .filter((s) => s.count === maxCount)
    .sort(
      (a, b) => b.score - a.score || Number(b.ip.p.recommended) - Number(a.ip.p.recommended) || a.ip.order - b.ip.order,
    )
    .map((s) => s.ip);
  return { items, unmatched, content };
}

/** For each unit of the query, its group: units joined by "and" / "or" (little words aside: "des soupes ou des ragoûts") share one. */
const joins = (t: Tagged) => (t.tags.includes('kw:conj') || t.tags.includes('kw:or')) && t.span[1] === 1;
function orGroups(ctx: Ctx, units: Tagged[][]): number[] {
  const groups: number[] = [];
  units.forEach((u, k) => {
    const prev = units[k - 1];
    if (!prev) return groups.push(0);
    const from = prev[prev.length - 1]!.i + 1;
    const between = ctx.p.toks.filter((t) => t.i >= from && t.i < u[0]!.i);
    const joined = between.some(joins) && between.every((t) => joins(t) || isStopword(t.fold));
    return groups.push(joined ? groups[k - 1]! : groups[k - 1]! + 1);
  });
  return groups;
}

/** ' for "pasta" (vegan, not listing nuts, up to 15.00 €)' in the guest's language. */
export function describeQuery(ctx: Ctx, content: Tagged[]): string {
  const { p, lang } = ctx;
  const parts: string[] = [];
  for (const d of ['vegan', 'vegetarian', 'spicy', 'mild'])
    if (p.diets.has(d)) parts.push(preferenceName(lang, d === 'mild' ? 'mild' : d));
  // Honest wording: "not listing gluten", whether or not the dish is labelled gluten-free.
  // Lactose is filtered as the dairy the menu lists (the lactose note says so).
  const rest = [...new Set([...p.exclude].map((a) => (a === 'lactose' ? 'milk' : a)))];
  if (rest.length)
    parts.push(
      msg(lang, 'notListing', {
        list: joinList(
          lang,
          rest.map((a) => allergenName(lang, a)),
        ),
      }),
    );
  const shown = p.excludeTerms.filter((x) => x.show);
  if (shown.length)
    parts.push(
      msg(lang, 'without', {
        list: joinList(
          lang,
          shown.map((x) => x.label),
        ),
      }),
    );
  if (p.priceMax !== null) parts.push(msg(lang, 'under', { price: price(ctx, p.priceMax) }));
  if (p.priceMin !== null) parts.push(msg(lang, 'over', { price: price(ctx, p.priceMin) }));
  let out = content.length ? msg(lang, 'whatFor', { q: joinWords(content) }) : '';
  if (parts.length) out += ` (${parts.join(', ')})`;
  return out;
}

/** The guest's words as typed: Thai pieces without spaces, others with. */
export function joinWords(toks: Tagged[]): string {
  let out = '';
  toks.forEach((t, i) => {
    const prev = toks[i - 1];
    out += i === 0 ? t.raw : prev && isThai(prev.raw) && isThai(t.raw) && prev.i + 1 === t.i ? t.raw : ` ${t.raw}`;
  });
  return out;
}

export function searchReply(ctx: Ctx, pool?: IndexedProduct[]): AssistantReply {
  let r = search(ctx, pool);
  // "je suis vegan, qu'est-ce que je peux manger": unknown words beside a filter are filler.
  if (
    !r.items.length &&
    r.content.length &&
    r.unmatched.length === r.content.length &&
    (hasFilters(ctx.p) || ctx.p.kw.has('which') || ctx.p.kw.has('recommend'))
  ) {
    r = search(ctx, pool, []);
  }
  if (!r.items.length) {
    if (r.content.length && r.unmatched.length === r.content.length) {
      return fallback(ctx, msg(ctx.lang, 'notOnMenu', { q: joinWords(r.unmatched) }));
    }
    if (hasFilters(ctx.p) || r.content.length) {
      return reply('search', [
        { type: 'paragraph', text: msg(ctx.lang, 'nothingMatches', { what: describeQuery(ctx, r.content) }) },
        { type: 'paragraph', text: msg(ctx.lang, 'fallback') },
      ]);
    }
    return fallback(ctx);
  }
  const matched = r.content.filter((t) => !r.unmatched.includes(t));
  const allergenFilter = ctx.p.exclude.size > 0 || ctx.p.diets.size > 0;
  const closest = allergenFilter ? closestOnly(ctx, r) : null;
  if (closest) {
    const out = listBlocks(ctx, msg(ctx.lang, 'closest'), closest, true);
    return reply(
      'search',
      [
        { type: 'paragraph', text: msg(ctx.lang, 'nothingMatches', { what: describeQuery(ctx, matched) }) },
        ...out.blocks,
      ],
      out.products,
    );
  }
  const out = listBlocks(ctx, msg(ctx.lang, 'found', { what: describeQuery(ctx, matched) }), r.items, allergenFilter);
  if (ctx.p.exclude.has('lactose')) out.blocks.splice(-1, 0, { type: 'paragraph', text: msg(ctx.lang, 'lactoseNote') });
  return reply('search', out.blocks, out.products);
}

/**
 * "gluten-free pasta" where every pasta lists gluten: the dishes found are only near misses (a
 * pasta with a gluten-free option, a gluten-free risotto filed under pasta). Returns them (naturally
 * free first, as in any allergy list); null when some dish named so is naturally suitable, or
 * when every dish found is named so (a pizza made gluten-free by its "Gluten-free base" is a match).
 */
export function closestOnly(ctx: Ctx, r: SearchResult): IndexedProduct[] | null {
  const { idx, p } = ctx;
  const typeTerms = new Set<string>();
  for (const t of r.content) {
    if (r.unmatched.includes(t)) continue;
    for (const { term } of expandToken(idx, t)) if (idx.catPostings.has(term)) typeTerms.add(term);
  }
  if (!typeTerms.size) return null;
  const named = (ip: IndexedProduct) => [...typeTerms].some((x) => (ip.terms.get(x) ?? 0) >= WEIGHT.name);
  if (!idx.products.some((ip) => ip.available && named(ip))) return null;
  if (r.items.some((ip) => named(ip) && !needsOption(ip, p))) return null;
  // Every dish found is named so and needs an option ("gluten-free pizza" = a gluten-free base): a match.
  if (r.items.every(named)) return null;
  return r.items;
}

export function recommendReply(ctx: Ctx): AssistantReply {
  const content = contentTokens(ctx.p);
  let r = search(ctx, undefined, content);
  // "we are 4 people, what do you suggest?": words the menu does not know are not a request.
  if (!r.items.length && r.unmatched.length === r.content.length) r = search(ctx, undefined, []);
  if (!r.items.length) return searchReply(ctx);
  const rec = r.items.filter((ip) => ip.p.recommended);
  const what = describeQuery(
    ctx,
    r.content.filter((t) => !r.unmatched.includes(t)),
  );
  if (rec.length) {
    const out = listBlocks(ctx, msg(ctx.lang, 'recommend', { what }), rec.slice(0, 5), ctx.p.exclude.size > 0);
    return reply('recommend', out.blocks, out.products);
  }
  // No recommended dish: offer one per category rather than pretending.
  const seen = new Set<string>();
  const picks: IndexedProduct[] = [];
  for (const ip of r.items) {
    const cat = ip.p.categories[0]?.id ?? '';
    if (seen.has(cat)) continue;
    seen.add(cat);
    picks.push(ip);
    if (picks.length >= 5) break;
  }
  const out = listBlocks(ctx, msg(ctx.lang, 'recommendNone', { what }), picks, ctx.p.exclude.size > 0);
  return reply('recommend', out.blocks, out.products);
}

export function superlativeReply(ctx: Ctx, which: 'cheapest' | 'most_expensive'): AssistantReply {
  const r = search(ctx);
  const priced = r.items.filter((ip) => ip.p.priceMinor !== null);
  if (!priced.length) return searchReply(ctx);
  const sorted = [...priced].sort((a, b) =>
    which === 'cheapest'
      ? a.p.priceMinor! - b.p.priceMinor! || a.order - b.order
      : b.p.priceMinor! - a.p.priceMinor! || a.order - b.order,
  );
  const top = sorted[0]!;
  const ties = sorted.filter((ip) => ip.p.priceMinor === top.p.priceMinor);
  const what = describeQuery(
    ctx,
    r.content.filter((t) => !r.unmatched.includes(t)),
  );
  const names = joinList(
    ctx.lang,
    ties.map((ip) => ip.p.name),
  );
  const blocks: ReplyBlock[] = [
    {
      type: 'paragraph',
      text: msg(ctx.lang, which === 'cheapest' ? 'cheapest' : 'expensive', {
        what,
        name: names,
        price: price(ctx, top.p.priceMinor),
      }),
    },
  ];
  const others = sorted.slice(ties.length, ties.length + 2);
  blocks.push({ type: 'list', items: [...ties, ...others].map((ip) => productItem(ctx, ip)) });
  if ([...ties, ...others].some((ip) => ip.p.allergenes.length))
    blocks.push({ type: 'note', text: msg(ctx.lang, 'allergenNote') });
  return reply(
    which,
    blocks,
    [...ties, ...others].map((ip) => ip.p.id),
  );
}

export function overviewReply(ctx: Ctx): AssistantReply {
  const cats = new Map<string, { name: string; items: IndexedProduct[] }>();
  for (const ip of ctx.idx.products) {
    if (!ip.available) continue;
    const c = ip.p.categories[0];
    const key = c?.id ?? '';
    const entry = cats.get(key) ?? { name: c?.name ?? '', items: [] };
    entry.items.push(ip);
    cats.set(key, entry);
  }
  if (!cats.size) return fallback(ctx);
  const items: RichText[] = [...cats.values()].map((c) => [
    ...(c.name ? [{ text: `${c.name}: `, strong: true }] : []),
    {
      text:
        c.items
          .slice(0, 6)
          .map((ip) => ip.p.name)
          .join(', ') + (c.items.length > 6 ? ', …' : ''),
    },
  ]);
  const rec = ctx.idx.products.filter((ip) => ip.available && ip.p.recommended).slice(0, 4);
  return reply(
    'search',
    [
      {
        type: 'paragraph',
        text: msg(ctx.lang, 'menuOverview', {
          list: joinList(ctx.lang, [...cats.values()].map((c) => c.name).filter(Boolean)),
        }),
      },
      { type: 'list', items },
    ],
    rec.map((ip) => ip.p.id),
  );
}

// ---------------------------------------------------------------------------------------------
// Product questions
