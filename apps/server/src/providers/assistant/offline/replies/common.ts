/**
 * The replies' shared parts: the context, prices, labels and allergen checks of a dish, list blocks and filters.
 * Part of the offline assistant's answers (replies.ts gathers them).
 */
import { formatPrice } from '@carte/domain';
import type {
  AssistantAction,
  AssistantInput,
  AssistantReply,
  Language,
  ReplyBlock,
  RichText,
  TextRun,
} from '../../types.ts';
import type { Tagged } from '../annotate.ts';
import type { IndexedProduct, MenuIndex } from '../menu-index.ts';
import { allergenName, msg, preferenceName } from '../messages.ts';
import { optionsWithAllergen, requiredGroupHasAllergen, sameAllergen } from '../options.ts';
import type { Mention, Parsed } from '../parse.ts';
import type { ConversationState } from '../state.ts';

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

/** An allergen (one of the domain's 14, or lactose) listed by the product or by an option it cannot go without. */
export function listsAllergen(ip: IndexedProduct, tag: string): boolean {
  // Lactose comes from milk: a dish listing milk may hold lactose (unless labelled lactose-free).
  if (tag === 'lactose') return listsAllergen(ip, 'milk') || ip.p.allergenes.includes('lactose');
  return ip.p.allergenes.some((a) => sameAllergen(a, tag)) || requiredGroupHasAllergen(ip.p, tag);
}

/** The options that bring an allergen the dish itself does not list ("Anchovies" for fish). */
export function allergenOptions(ip: IndexedProduct, tag: string): IndexedProduct['p']['variations'] {
  return optionsWithAllergen(ip.p, tag);
}

/** Allergens one word of a guest names together: "nuts", "seafood", "beans". */
const SAID_TOGETHER: readonly (readonly string[])[] = [
  ['peanuts', 'tree-nuts'],
  ['crustaceans', 'molluscs'],
  ['soya', 'lupin'],
];

/**
 * The allergens to answer about a dish: of those a word names together ("does it have nuts?"), the
 * ones the dish lists or an option brings when there are any ("lists tree nuts", not also "does not
 * list peanuts", which a guest could read as a no); all of them otherwise.
 */
export function answeredAllergens(ip: IndexedProduct, ids: Iterable<string>): string[] {
  const all = [...ids];
  const present = (a: string) => listsAllergen(ip, a) || allergenOptions(ip, a).length > 0;
  return all.filter((a) => {
    const together = SAID_TOGETHER.find((g) => g.includes(a))?.filter((x) => all.includes(x)) ?? [];
    const hits = together.filter(present);
    return together.length < 2 || hits.length === 0 || hits.includes(a);
  });
}

/** The "-free" label a menu gives a dish without the allergen. */
const FREE_LABEL: Record<string, string> = {
  milk: 'dairy-free',
  gluten: 'gluten-free',
  eggs: 'egg-free',
  soya: 'bean-free',
  lactose: 'lactose-free',
};

export function freeLabel(tag: string): string | null {
  return FREE_LABEL[tag] ?? null;
}

export function labelledFree(ip: IndexedProduct, tag: string): boolean {
  const label = freeLabel(tag);
  if (!label) return false;
  if (isLabelled(ip, label)) return true;
  // Dairy-free (or vegan) means no milk, so no lactose; lactose-free does not mean dairy-free.
  if (tag === 'lactose') return isLabelled(ip, 'dairy-free') || isVegan(ip);
  return (tag === 'milk' || tag === 'eggs') && isVegan(ip);
}

/** Passes "without <allergen>": labelled free, or lists no such allergen and its text names none. */
export function avoids(ip: IndexedProduct, tag: string): boolean {
  if (tag === 'lactose' && isLabelled(ip, 'lactose-free')) return true;
  // A pizza with a "Gluten-free base" option is offered for "gluten-free", with that option named.
  if (listsAllergen(ip, tag)) return ip.freeOptions.has(tag) || (tag === 'lactose' && ip.freeOptions.has('milk'));
  if (labelledFree(ip, tag)) return true;
  if (tag === 'lactose') return !ip.textAllergens.has('milk') && !ip.textAllergens.has('lactose');
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
