/**
 * The offline assistant's answers: searches, product questions, the cart and adding dishes, built
 * from the menu data only. The rules (rules.ts) decide which of them answers a message; these
 * functions only build the reply. Everything they state (dishes, prices, allergens, labels) comes
 * from the menu; when they cannot help they say so with the specification's fallback sentence.
 */
import { formatPrice, formatPriceDifference, groupRule, MAX_LINE_QUANTITY } from '@carte/domain';
import type {
  AssistantAction,
  AssistantInput,
  AssistantReply,
  CartLine,
  Language,
  ReplyBlock,
  RichText,
  TextRun,
} from '../types.ts';
import type { Tagged } from './annotate.ts';
import { ALLERGEN_IDS } from '../language/lexicon.ts';
import { splitByChoice } from './split-choice.ts';
import {
  expandNameToken,
  expandToken,
  queryTermsOf,
  WEIGHT,
  type IndexedProduct,
  type MenuIndex,
} from './menu-index.ts';
import { allergenName, joinList, msg, preferenceName } from './messages.ts';
import {
  chooseBlocks,
  openGroups,
  optionsBreakingDiet,
  optionsWithAllergen,
  optionsWithPreference,
  quoteOptions,
  requiredGroupHasAllergen,
  sameAllergen,
  ruleText,
  settleChoice,
} from './options.ts';
import { contentTokens, pickVariations, type Mention, type Parsed } from './parse.ts';
import { PENDING, type ConversationState, type PendingItem } from './state.ts';
import { isThai } from '../language/tokens.ts';

export const MAX_LISTED = 8;

/** What every answer reads: the input, the menu index, the message read once, the conversation state. */
export interface Ctx {
  input: AssistantInput;
  lang: Language;
  idx: MenuIndex;
  p: Parsed;
  mentions: Mention[];
  state: ConversationState;
  /** words asked about that are not product names: "does it have cheese?" */
  asks: Tagged[];
}

// ---------------------------------------------------------------------------------------------
// Small helpers

export function price(ctx: Ctx, minor: number | null): string {
  return minor === null ? msg(ctx.lang, 'askPrice') : formatPrice(minor, ctx.input.menu.currency, ctx.lang);
}

export function reply(
  intent: string,
  blocks: ReplyBlock[],
  products: string[] = [],
  actions: AssistantAction[] = [],
): AssistantReply {
  return { intent, blocks, products, actions };
}

export function fallback(ctx: Ctx, lead?: string): AssistantReply {
  const blocks: ReplyBlock[] = [];
  if (lead) blocks.push({ type: 'paragraph', text: lead });
  blocks.push({ type: 'paragraph', text: msg(ctx.lang, 'fallback') });
  return reply('fallback', blocks);
}

export function isLabelled(ip: IndexedProduct, pref: string): boolean {
  return ip.p.preferences.includes(pref);
}

export function isVegan(ip: IndexedProduct): boolean {
  return isLabelled(ip, 'vegan');
}

export function isVegetarian(ip: IndexedProduct): boolean {
  return isVegan(ip) || isLabelled(ip, 'vegetarian');
}

/** Spicy by label; by the words of the description only on menus that label nothing as spicy. */
export function isSpicy(ip: IndexedProduct, idx: MenuIndex): boolean {
  if (isLabelled(ip, 'spicy')) return true;
  return !idx.labelsSpicy && ip.spicyText;
}

/** Allergen tag (nuts, treenuts, ...) listed in the product's allergens or named in its text. */
export function listsAllergen(ip: IndexedProduct, tag: string): boolean {
  // Lactose comes from milk: a dish listing dairy may hold lactose (unless labelled lactose-free).
  if (tag === 'lactose') return listsAllergen(ip, 'dairy') || ip.p.allergenes.includes('lactose');
  const id = ALLERGEN_IDS[tag] ?? tag;
  return ip.p.allergenes.some((a) => sameAllergen(a, id)) || requiredGroupHasAllergen(ip.p, id);
}

/** The options that bring an allergen the dish itself does not list ("Anchovies" for fish). */
export function allergenOptions(ip: IndexedProduct, tag: string): IndexedProduct['p']['variations'] {
  const found = optionsWithAllergen(ip.p, ALLERGEN_IDS[tag] ?? tag);
  if (tag === 'nuts') found.push(...optionsWithAllergen(ip.p, 'tree nuts').filter((v) => !found.includes(v)));
  return found;
}

export function freeLabel(tag: string): string | null {
  return tag === 'dairy' || tag === 'gluten' || tag === 'egg' || tag === 'bean' || tag === 'lactose'
    ? `${tag}-free`
    : null;
}

export function labelledFree(ip: IndexedProduct, tag: string): boolean {
  const label = freeLabel(tag);
  if (!label) return false;
  if (isLabelled(ip, label)) return true;
  // Dairy-free (or vegan) means no milk, so no lactose; lactose-free does not mean dairy-free.
  if (tag === 'lactose') return isLabelled(ip, 'dairy-free') || isVegan(ip);
  return (tag === 'dairy' || tag === 'egg') && isVegan(ip);
}

/** Passes "without <allergen>": labelled free, or lists no such allergen and its text names none. */
export function avoids(ip: IndexedProduct, tag: string): boolean {
  if (tag === 'lactose' && isLabelled(ip, 'lactose-free')) return true;
  // A pizza with a "Gluten-free base" option is offered for "gluten-free", with that option named.
  if (listsAllergen(ip, tag)) return ip.freeOptions.has(tag) || (tag === 'lactose' && ip.freeOptions.has('dairy'));
  if (labelledFree(ip, tag)) return true;
  if (tag === 'lactose') return !ip.textAllergens.has('dairy') && !ip.textAllergens.has('lactose');
  return !ip.textAllergens.has(tag);
}

export function productItem(ctx: Ctx, ip: IndexedProduct, extra?: string): RichText {
  const runs: TextRun[] = [{ text: ip.p.name, strong: true }, { text: ` — ${price(ctx, ip.p.priceMinor)}` }];
  const labels = ip.p.preferences.map((x) => preferenceName(ctx.lang, x));
  if (labels.length) runs.push({ text: ` (${labels.join(', ')})` });
  if (ip.p.allergenes.length) {
    runs.push({
      text: `. ${msg(ctx.lang, 'allergensListed', { list: ip.p.allergenes.map((a) => allergenName(ctx.lang, a)).join(', ') })}`,
    });
  }
  // A dish that lists the allergen is only shown for its "-free" option: say so plainly.
  const options = new Set<string>();
  for (const tag of ctx.p.exclude) {
    const option = listsAllergen(ip, tag) ? ip.freeOptions.get(tag) : undefined;
    if (option && !options.has(option.name)) {
      options.add(option.name);
      runs.push({ text: ` ${msg(ctx.lang, 'optionNeeded', { option: option.name })}` });
    }
  }
  if (extra) runs.push({ text: ` ${extra}` });
  return runs;
}

export function listBlocks(
  ctx: Ctx,
  header: string,
  items: IndexedProduct[],
  note: boolean,
): { blocks: ReplyBlock[]; products: string[] } {
  const shown = items.slice(0, MAX_LISTED);
  const blocks: ReplyBlock[] = [
    { type: 'paragraph', text: header },
    { type: 'list', items: shown.map((ip) => productItem(ctx, ip)) },
  ];
  if (items.length > shown.length)
    blocks.push({ type: 'paragraph', text: msg(ctx.lang, 'foundMore', { n: items.length - shown.length }) });
  if (note || shown.some((ip) => ip.p.allergenes.length))
    blocks.push({ type: 'note', text: msg(ctx.lang, 'allergenNote') });
  return { blocks, products: shown.map((ip) => ip.p.id) };
}

// ---------------------------------------------------------------------------------------------
// Filters and search

export function hasFilters(p: Parsed): boolean {
  return (
    p.diets.size > 0 || p.exclude.size > 0 || p.excludeTerms.length > 0 || p.priceMax !== null || p.priceMin !== null
  );
}

export function passesFilters(ip: IndexedProduct, p: Parsed, idx: MenuIndex): boolean {
  if (p.diets.has('vegan') && !isVegan(ip)) return false;
  if (p.diets.has('vegetarian') && !isVegetarian(ip)) return false;
  if (p.diets.has('spicy') && !p.diets.has('mild') && !isSpicy(ip, idx)) return false;
  if (p.diets.has('mild') && isSpicy(ip, idx)) return false;
  for (const tag of p.exclude) if (!avoids(ip, tag)) return false;
  for (const x of p.excludeTerms) if (x.terms.some((t) => ip.terms.has(t))) return false;
  if (p.priceMax !== null && (ip.p.priceMinor === null || ip.p.priceMinor > p.priceMax)) return false;
  if (p.priceMin !== null && (ip.p.priceMinor === null || ip.p.priceMinor < p.priceMin)) return false;
  return true;
}

export interface SearchResult {
  items: IndexedProduct[];
  /** content words that matched nothing on the menu */
  unmatched: Tagged[];
  content: Tagged[];
}

/** True when the dish passes the allergen filters only through a "-free" option (it lists the allergen). */
export function needsOption(ip: IndexedProduct, p: Parsed): boolean {
  for (const tag of p.exclude) if (listsAllergen(ip, tag) && ip.freeOptions.has(tag)) return true;
  return false;
}

/** Dishes naturally free of what the guest avoids first, those that need an option after them. */
export function optionsLast(items: IndexedProduct[], p: Parsed): IndexedProduct[] {
  if (!p.exclude.size) return items;
  const free = items.filter((ip) => !needsOption(ip, p));
  return free.length === items.length ? items : [...free, ...items.filter((ip) => needsOption(ip, p))];
}

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
  const scored = base
    .map((ip) => {
      let count = 0;
      let score = 0;
      for (const e of useful) {
        let best = 0;
        for (const { term, factor } of e.terms) {
          const w = ip.terms.get(term) ?? 0;
          if (w >= e.min) best = Math.max(best, w * factor);
        }
        if (best > 0) {
          count++;
          score += best;
        }
      }
      return { ip, count, score };
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

/** ' for "pasta" (vegan, not listing nuts, up to 15.00 €)' in the guest's language. */
export function describeQuery(ctx: Ctx, content: Tagged[]): string {
  const { p, lang } = ctx;
  const parts: string[] = [];
  for (const d of ['vegan', 'vegetarian', 'spicy', 'mild'])
    if (p.diets.has(d)) parts.push(preferenceName(lang, d === 'mild' ? 'mild' : d));
  // Honest wording: "not listing gluten", whether or not the dish is labelled gluten-free.
  // Lactose is filtered as the dairy the menu lists (the lactose note says so).
  const rest = [...new Set([...p.exclude].map((a) => (a === 'lactose' ? 'dairy' : a)))].filter(
    (a) => !(a === 'treenuts' && p.exclude.has('nuts')),
  );
  if (rest.length)
    parts.push(
      msg(lang, 'notListing', {
        list: joinList(
          lang,
          rest.map((a) => allergenName(lang, ALLERGEN_IDS[a] ?? a)),
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

export function productInfo(ctx: Ctx, ip: IndexedProduct): ReplyBlock[] {
  const { lang, p } = ctx;
  const name = ip.p.name;
  const blocks: ReplyBlock[] = [];
  const asks = p.question || p.kw.has('contains') ? ctx.asks : [];
  const askAllergens = new Set(
    asks
      .flatMap((t) => t.tags.filter((x) => x.startsWith('alg:')).map((x) => x.slice(4)))
      .filter((a) => p.askAllergens.has(a)),
  );
  const specific =
    p.kw.has('price') || askAllergens.size > 0 || asks.length > 0 || p.diets.size > 0 || p.exclude.size > 0;
  const priceLine: RichText = [
    { text: name, strong: true },
    { text: ` — ${ip.p.priceMinor === null ? msg(lang, 'askPrice') : price(ctx, ip.p.priceMinor)}` },
  ];
  if (!ip.available) blocks.push({ type: 'paragraph', text: msg(lang, 'unavailable', { name }) });
  if (p.kw.has('price') && !askAllergens.size && !p.diets.size) {
    blocks.push({
      type: 'paragraph',
      text:
        ip.p.priceMinor === null
          ? msg(lang, 'priceUnknown', { name })
          : msg(lang, 'price', { name, price: price(ctx, ip.p.priceMinor) }),
    });
    if (ip.p.variations.length) blocks.push({ type: 'paragraph', text: variationsLine(ctx, ip.p) });
    return blocks;
  }
  if (!specific) {
    blocks.push({ type: 'paragraph', text: priceLine });
    blocks.push({
      type: 'paragraph',
      text: ip.p.description?.trim() ? ip.p.description.trim() : msg(lang, 'noDescription', { name }),
    });
    if (ip.p.variations.length) blocks.push({ type: 'paragraph', text: variationsLine(ctx, ip.p) });
  } else {
    blocks.push({ type: 'paragraph', text: priceLine });
    if (p.kw.has('whatin') && ip.p.description?.trim())
      blocks.push({ type: 'paragraph', text: ip.p.description.trim() });
  }
  // Dietary questions.
  for (const d of p.diets) {
    if (d === 'spicy' || d === 'mild') {
      if (d === 'spicy' && p.diets.has('mild')) continue;
      const spicy = isSpicy(ip, ctx.idx);
      blocks.push({ type: 'paragraph', text: msg(lang, spicy ? 'spicyYes' : 'spicyNo', { name }) });
      continue;
    }
    const ok = d === 'vegan' ? isVegan(ip) : isVegetarian(ip);
    const label = preferenceName(lang, d);
    const diet = d === 'vegan' ? 'vegan' : 'vegetarian';
    // "Pad see ew" with its "Tofu" option; a vegetarian pizza but for its "Anchovies".
    const withOptions = ok ? [] : optionsWithPreference(ip.p, diet);
    const breaking = ok ? optionsBreakingDiet(ip.p, diet) : [];
    if (withOptions.length)
      blocks.push({
        type: 'paragraph',
        text: msg(lang, 'dietWithOption', { name, diet: label, options: quoteOptions(lang, withOptions) }),
      });
    else if (ok && d === 'vegetarian' && !isLabelled(ip, 'vegetarian'))
      blocks.push({ type: 'paragraph', text: msg(lang, 'dietVeganSo', { name, diet: label }) });
    else blocks.push({ type: 'paragraph', text: msg(lang, ok ? 'dietYes' : 'dietNo', { name, diet: label }) });
    if (breaking.length)
      blocks.push({
        type: 'paragraph',
        text: msg(lang, 'dietExceptOption', { name, diet: label, options: quoteOptions(lang, breaking) }),
      });
  }
  for (const a of p.exclude) {
    if (a === 'treenuts' && p.exclude.has('nuts')) continue;
    if (a === 'lactose') {
      blocks.push({ type: 'paragraph', text: lactoseLine(ctx, ip) });
      continue;
    }
    const label = freeLabel(a);
    const allergen = allergenName(lang, ALLERGEN_IDS[a] ?? a);
    // "Frappe" is vegan, but its "With milk" option brings dairy: the option is said, not the label.
    const bringing = allergenOptions(ip, a);
    if (label && isLabelled(ip, label) && !bringing.length)
      blocks.push({ type: 'paragraph', text: msg(lang, 'dietYes', { name, diet: preferenceName(lang, label) }) });
    else if (label && labelledFree(ip, a) && !bringing.length)
      blocks.push({ type: 'paragraph', text: msg(lang, 'dietVeganSo', { name, diet: preferenceName(lang, label) }) });
    else {
      const listed = listsAllergen(ip, a) || (a === 'nuts' && listsAllergen(ip, 'treenuts'));
      const withOptions = listed ? [] : bringing;
      // "is it gluten-free?" about a dish listing gluten: a plain no.
      const no = listed && p.freeLabels.has(a) ? 'notFree' : 'containsYes';
      blocks.push({
        type: 'paragraph',
        text: withOptions.length
          ? msg(lang, 'containsWithOption', { name, what: allergen, options: quoteOptions(lang, withOptions) })
          : msg(lang, listed ? no : 'containsNo', { name, what: allergen }),
      });
      const option = listed ? ip.freeOptions.get(a) : undefined;
      if (option) blocks.push({ type: 'paragraph', text: msg(lang, 'optionNeeded', { option: option.name }) });
    }
    // A lactose-free label does not answer a dairy question.
    if (a === 'dairy' && isLabelled(ip, 'lactose-free') && listsAllergen(ip, 'dairy'))
      blocks.push({ type: 'paragraph', text: msg(lang, 'lactoseNotDairyFree', { name }) });
  }
  // "Does it contain nuts / cheese?"
  const asked = new Set<string>();
  for (const a of askAllergens) {
    if (a === 'treenuts' && askAllergens.has('nuts')) continue;
    if (a === 'lactose') {
      if (!p.exclude.has('lactose')) blocks.push({ type: 'paragraph', text: lactoseLine(ctx, ip) });
      asked.add(a);
      continue;
    }
    const listed = listsAllergen(ip, a) || (a === 'nuts' && listsAllergen(ip, 'treenuts'));
    const what = allergenName(lang, ALLERGEN_IDS[a] ?? a);
    // "Does the pizza contain fish?": "only with the “Anchovies” option".
    const withOptions = listed ? [] : allergenOptions(ip, a);
    blocks.push({
      type: 'paragraph',
      text: withOptions.length
        ? msg(lang, 'containsWithOption', { name, what, options: quoteOptions(lang, withOptions) })
        : msg(lang, listed ? 'containsYesAsked' : 'containsNo', { name, what }),
    });
    asked.add(a);
  }
  for (const t of asks) {
    const concepts = t.tags.filter((x) => x.startsWith('c:'));
    if (!concepts.length) continue;
    const algs = t.tags.filter((x) => x.startsWith('alg:')).map((x) => x.slice(4));
    if (algs.some((a) => listsAllergen(ip, a) || (a === 'nuts' && listsAllergen(ip, 'treenuts')))) continue;
    // Answered above by the option that brings it ("only with “Anchovies”").
    if (algs.some((a) => asked.has(a) && allergenOptions(ip, a).length)) continue;
    const inText = concepts.some((c) => ip.terms.has(c)) || ip.terms.has(t.stem);
    blocks.push({ type: 'paragraph', text: msg(lang, inText ? 'mentionsYes' : 'mentionsNo', { name, what: t.raw }) });
  }
  if (specific || p.kw.has('whatin')) {
    if (ip.p.allergenes.length)
      blocks.push({
        type: 'paragraph',
        text: msg(lang, 'allergensListed', { list: ip.p.allergenes.map((a) => allergenName(lang, a)).join(', ') }),
      });
    else blocks.push({ type: 'paragraph', text: msg(lang, 'allergensNone', { name }) });
  } else if (ip.p.allergenes.length) {
    blocks.push({
      type: 'paragraph',
      text: msg(lang, 'allergensListed', { list: ip.p.allergenes.map((a) => allergenName(lang, a)).join(', ') }),
    });
  }
  if (ip.p.preferences.length && !p.diets.size) {
    blocks.push({
      type: 'paragraph',
      text: msg(lang, 'labelled', { list: ip.p.preferences.map((x) => preferenceName(lang, x)).join(', ') }),
    });
  }
  if (askAllergens.size || p.exclude.size || p.diets.size || ip.p.allergenes.length || asks.length) {
    blocks.push({ type: 'note', text: msg(lang, 'allergenNote') });
  }
  return blocks;
}

/**
 * A lactose question in lactose terms (decision 010): the menu lists dairy, not lactose, so a dish
 * listing dairy is never called lactose-free, and "dairy-free" is never the answer to it.
 */
export function lactoseLine(ctx: Ctx, ip: IndexedProduct): string {
  const { lang } = ctx;
  const name = ip.p.name;
  if (isLabelled(ip, 'lactose-free')) return msg(lang, 'dietYes', { name, diet: preferenceName(lang, 'lactose-free') });
  const bringing = allergenOptions(ip, 'dairy');
  if (isLabelled(ip, 'dairy-free') && !bringing.length) return msg(lang, 'lactoseDairyFree', { name });
  if (isVegan(ip) && !bringing.length)
    return msg(lang, 'dietVeganSo', { name, diet: preferenceName(lang, 'lactose-free') });
  if (listsAllergen(ip, 'lactose')) return msg(lang, 'lactoseDairy', { name });
  if (bringing.length)
    return msg(lang, 'containsWithOption', {
      name,
      what: allergenName(lang, 'dairy'),
      options: quoteOptions(lang, bringing),
    });
  return msg(lang, 'lactoseNoDairy', { name });
}

export function infoReply(ctx: Ctx, products: IndexedProduct[]): AssistantReply {
  const blocks: ReplyBlock[] = [];
  const list = products.slice(0, 4);
  list.forEach((ip, i) => {
    const b = productInfo(ctx, ip);
    // One allergen reminder at the end is enough.
    blocks.push(...b.filter((x) => x.type !== 'note' || i === list.length - 1));
  });
  if (list.length > 1 && !blocks.some((b) => b.type === 'note')) {
    if (list.some((ip) => ip.p.allergenes.length)) blocks.push({ type: 'note', text: msg(ctx.lang, 'allergenNote') });
  }
  return reply(
    'product_info',
    blocks,
    list.map((ip) => ip.p.id),
  );
}

// ---------------------------------------------------------------------------------------------
// Cart

export interface ResolvedLine {
  line: CartLine;
  ip: IndexedProduct | null;
  variationNames: string[];
  unitMinor: number | null;
}

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
    if (tag === 'treenuts' && p.exclude.has('nuts')) continue;
    // "a margherita with anchovies, no fish": the option brings what is left out.
    const bringing = allergenOptions(ip, tag).filter((v) => variationIds.includes(v.id));
    if (bringing.length) {
      out.push(
        msg(lang, 'containsWithOption', {
          name,
          what: allergenName(lang, ALLERGEN_IDS[tag] ?? tag),
          options: quoteOptions(lang, bringing),
        }),
      );
      continue;
    }
    const option = ip.freeOptions.get(tag);
    if (option && variationIds.includes(option.id)) continue;
    const listed = listsAllergen(ip, tag) || (tag === 'nuts' && listsAllergen(ip, 'treenuts'));
    if (listed) out.push(msg(lang, 'containsYes', { name, what: allergenName(lang, ALLERGEN_IDS[tag] ?? tag) }));
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

/** "Small (-€1.50), Large (+€3.50)" in English, "Petite (-1,50 €)" in French: options with their price differences. */
export function variationsLine(ctx: Ctx, p: IndexedProduct['p']): string {
  const option = (v: IndexedProduct['p']['variations'][number]) =>
    `${v.name} (${formatPriceDifference(v.priceVariationMinor, ctx.input.menu.currency, ctx.lang)})`;
  const groups = p.variationGroups ?? [];
  const grouped = new Set(groups.flatMap((g) => g.variationIds));
  // "Size (exactly 1): Small (-€1.50), Regular (+€0.00), Large (+€3.50); Gluten-free base (+€2.00)"
  const parts = groups.map((g) => {
    const items = p.variations.filter((v) => g.variationIds.includes(v.id)).map(option);
    const rule = ruleText(ctx.lang, groupRule(g)).trim();
    return msg(ctx.lang, 'groupOptions', { group: g.name, rule, list: items.join(', ') });
  });
  const extras = p.variations.filter((v) => !grouped.has(v.id)).map(option);
  if (extras.length) parts.push(extras.join(', '));
  return msg(ctx.lang, 'variationsLine', { list: parts.join('; ') });
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
