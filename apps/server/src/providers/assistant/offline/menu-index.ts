/**
 * A search index over one menu, built once and cached: per product, the terms of its name,
 * categories, description and variations (stems and cross-language concepts), and the inverse map
 * from a term to the products that carry it.
 */
import type { AssistantMenu, MenuProduct, MenuVariation } from '../types.ts';
import { annotate, type Tagged } from './annotate.ts';
import { allergenKey, allergensMeant } from '@carte/domain';
import { FREE_OF } from '../language/lexicon.ts';
import { fold, isNear, isThai, maxTypos, stem } from '../language/tokens.ts';

/** The menu is spelt correctly: typo tolerance is for the guest's words only. */
const MENU_TEXT = { typos: false };

const KNOWN_PREFERENCES = new Set([
  'lactose-free',
  'vegetarian',
  'vegan',
  'gluten-free',
  'dairy-free',
  'egg-free',
  'bean-free',
  'spicy',
]);

/** Section concepts that belong to a wider one a guest may ask for ("drinks", "desserts"). */
const CATEGORY_PARENT = new Map<string, string>([
  ...[
    'c:wine',
    'c:redwine',
    'c:whitewine',
    'c:beer',
    'c:ale',
    'c:cider',
    'c:coffee',
    'c:espresso',
    'c:tea',
    'c:softdrink',
    'c:juice',
    'c:water',
    'c:lemonade',
    'c:cola',
    'c:cocktail',
    'c:gin',
    'c:whisky',
  ].map((c): [string, string] => [c, 'c:drink']),
  ...['c:icecream', 'c:gelato', 'c:sorbet', 'c:cake', 'c:pudding'].map((c): [string, string] => [c, 'c:dessert']),
]);

export const WEIGHT = { name: 3, category: 2.5, description: 1.5, variation: 1 } as const;
type Field = keyof typeof WEIGHT;

/** The terms a token stands for: its stem and its concept tags. */
export function termsOf(t: Tagged): string[] {
  const out = [t.stem];
  for (const tag of t.tags) if (tag.startsWith('c:')) out.push(tag);
  return out;
}

const ALLERGEN_CONCEPTS = new Set(['c:fish', 'c:seafoodish', 'c:egg']);

/**
 * A guest's word also reaches the menu's allergen lists when it names an allergen ("seafood",
 * "fish", "nuts"), but not when it names a dish that merely tends to contain one ("pasta").
 */
export function queryTermsOf(t: Tagged): string[] {
  const out = termsOf(t);
  const concepts = t.tags.filter((x) => x.startsWith('c:'));
  if (concepts.every((c) => ALLERGEN_CONCEPTS.has(c))) {
    for (const tag of t.tags) if (tag.startsWith('alg:')) out.push(tag);
  }
  // "prawns", "squid", "fish" look for that, not for every kind of seafood; "seafood" alone does.
  if (concepts.length > 1 && concepts.includes('c:seafoodish')) return out.filter((x) => x !== 'c:seafoodish');
  return out;
}

/** A menu's allergen entry as the lexicon's tags: the domain's identifiers it means ("nuts" -> peanuts and tree nuts). */
export function allergenTags(id: string): string[] {
  return (allergensMeant(id) ?? [allergenKey(id)]).map((a) => `alg:${a}`);
}

export interface NamePart {
  terms: string[];
}

export interface IndexedVariation {
  v: MenuVariation;
  parts: NamePart[];
}

export interface IndexedProduct {
  p: MenuProduct;
  order: number;
  available: boolean;
  /** Significant tokens of the name (stop words dropped), each with its terms. */
  nameParts: NamePart[];
  /** term -> best field weight. */
  terms: Map<string, number>;
  variations: IndexedVariation[];
  /** Allergen tags (alg:...) the name or description mentions, e.g. "pistachio" -> treenuts. */
  textAllergens: Set<string>;
  spicyText: boolean;
  foldedName: string;
  catTerms: Set<string>;
  /** allergen tag -> an option that removes it ("Gluten-free base", "Gluten-free spaghetti") */
  freeOptions: Map<string, MenuVariation>;
}

export interface MenuIndex {
  menu: AssistantMenu;
  products: IndexedProduct[];
  byId: Map<string, IndexedProduct>;
  /** term -> product order -> weight */
  postings: Map<string, Map<number, number>>;
  /** term -> products whose *name* carries it */
  namePostings: Map<string, Set<number>>;
  /** term -> products whose *category* carries it */
  catPostings: Map<string, Set<number>>;
  /** plain stems by length, for typo tolerance */
  vocab: Map<number, string[]>;
  vocabSet: Set<string>;
  /** true when some product carries the 'spicy' preference: then only labels say what is spicy */
  labelsSpicy: boolean;
  fuzzyCache: Map<string, { term: string; factor: number }[]>;
}

function significant(tokens: Tagged[]): Tagged[] {
  // "Chicken instead of prawns": "instead" does not name the option.
  return tokens.filter((t) => !t.stop && t.num === null && !t.tags.some((x) => x.startsWith('kw:')));
}

/**
 * Terms of a word inside a dish name: within a known phrase only its main concept ("pad thai" is
 * c:padthai, not every c:noodle), so that a name is matched by its own words.
 */
export function nameTermsOf(t: Tagged): string[] {
  const concepts = t.tags.filter((x) => x.startsWith('c:'));
  if (t.span[1] > 1 && concepts.length) return [concepts[0]!];
  if (concepts.length > 1) return [t.stem, concepts[0]!];
  return termsOf(t);
}

function partsOf(tokens: Tagged[]): NamePart[] {
  return significant(tokens).map((t) => ({ terms: nameTermsOf(t) }));
}

function indexProduct(p: MenuProduct, order: number): IndexedProduct {
  const terms = new Map<string, number>();
  const textAllergens = new Set<string>();
  let spicyText = false;
  const put = (tokens: Tagged[], field: Field) => {
    // "tomato, garlic, oregano - no cheese": what a description rules out is not in the dish.
    let negated = 0;
    for (const t of tokens) {
      if (field === 'description' && (t.tags.includes('kw:without') || t.tags.includes('kw:free'))) {
        negated = 2;
        continue;
      }
      if (negated > 0 && !t.stop) {
        negated--;
        if (t.tags.some((x) => x.startsWith('c:') || x.startsWith('alg:'))) continue;
      }
      for (const tag of t.tags) {
        if (tag.startsWith('alg:') && field !== 'variation') textAllergens.add(tag.slice(4));
        if ((tag === 'diet:spicyword' || tag === 'c:chili') && field !== 'variation') spicyText = true;
      }
      if (t.stop || t.num !== null) continue;
      // Inside a known phrase ("ginger beer") the words count only through the phrase's concepts.
      const inPhrase = t.span[1] > 1 && t.tags.some((x) => x.startsWith('c:'));
      for (const term of inPhrase ? termsOf(t).slice(1) : termsOf(t)) {
        const w = WEIGHT[field];
        if ((terms.get(term) ?? 0) < w) terms.set(term, w);
      }
      // "Mythos beer", "Ouzo": the dish is also under the wider concept (alcohol), at a low weight.
      for (const tag of t.tags) {
        if (!tag.startsWith('is:')) continue;
        const term = `c:${tag.slice(3)}`;
        if ((terms.get(term) ?? 0) < WEIGHT.variation) terms.set(term, WEIGHT.variation);
      }
    }
  };
  const nameTokens = annotate(p.name, undefined, MENU_TEXT);
  put(nameTokens, 'name');
  const catTerms = new Set<string>();
  for (const c of p.categories) {
    const toks = annotate(c.name, undefined, MENU_TEXT);
    put(toks, 'category');
    for (const t of toks) if (!t.stop && t.num === null) for (const term of termsOf(t)) catTerms.add(term);
  }
  // A "Wine" or "Coffee" section is also among the drinks; "Gelato" among the desserts.
  for (const term of [...catTerms]) {
    const parent = CATEGORY_PARENT.get(term);
    if (parent && !catTerms.has(parent)) {
      catTerms.add(parent);
      if ((terms.get(parent) ?? 0) < WEIGHT.category) terms.set(parent, WEIGHT.category);
    }
  }
  if (p.description) put(annotate(p.description, undefined, MENU_TEXT), 'description');
  // Labels we have no dietary rule for ("halal", "organic") are searchable words of the dish.
  for (const pref of p.preferences) {
    if (KNOWN_PREFERENCES.has(pref) || /\s|-/.test(pref)) continue;
    const s = stem(fold(pref));
    if ((terms.get(s) ?? 0) < WEIGHT.category) terms.set(s, WEIGHT.category);
  }
  for (const a of p.allergenes)
    for (const tag of allergenTags(a)) if ((terms.get(tag) ?? 0) < WEIGHT.description) terms.set(tag, WEIGHT.description);
  const freeOptions = new Map<string, MenuVariation>();
  const variations = p.variations.map((v) => {
    const toks = annotate(v.name, undefined, MENU_TEXT);
    // "No peanuts", "Without fried egg": the option takes that allergen or ingredient out.
    let without = false;
    for (const t of toks) {
      if (t.tags.includes('kw:without')) without = true;
      for (const tag of t.tags) {
        const free = tag.startsWith('diet:') ? FREE_OF[tag.slice(5)] : undefined;
        if (free && !freeOptions.has(free)) freeOptions.set(free, v);
        if (without && tag.startsWith('alg:') && !freeOptions.has(tag.slice(4))) freeOptions.set(tag.slice(4), v);
        if (without && tag.startsWith('c:') && !freeOptions.has(tag)) freeOptions.set(tag, v);
      }
    }
    put(toks, 'variation');
    return { v, parts: partsOf(toks) };
  });
  // "mild" items are not spicy even if the description says "chili-free".
  if (nameTokens.some((t) => t.tags.includes('diet:mild'))) spicyText = false;
  return {
    p,
    order,
    available: p.status === 'available',
    nameParts: partsOf(nameTokens),
    terms,
    variations,
    textAllergens,
    spicyText,
    foldedName: nameTokens.map((t) => t.fold).join(' '),
    catTerms,
    freeOptions,
  };
}

export function buildIndex(menu: AssistantMenu): MenuIndex {
  const products = menu.products.map((p, i) => indexProduct(p, i));
  const postings = new Map<string, Map<number, number>>();
  const namePostings = new Map<string, Set<number>>();
  const catPostings = new Map<string, Set<number>>();
  const vocabSet = new Set<string>();
  for (const ip of products) {
    for (const [term, w] of ip.terms) {
      let m = postings.get(term);
      if (!m) postings.set(term, (m = new Map()));
      m.set(ip.order, w);
      if (!term.includes(':')) vocabSet.add(term);
    }
    for (const term of ip.catTerms) {
      let s = catPostings.get(term);
      if (!s) catPostings.set(term, (s = new Set()));
      s.add(ip.order);
    }
    for (const part of ip.nameParts) {
      for (const term of part.terms) {
        let s = namePostings.get(term);
        if (!s) namePostings.set(term, (s = new Set()));
        s.add(ip.order);
      }
    }
    for (const v of ip.variations)
      for (const part of v.parts) for (const t of part.terms) if (!t.includes(':')) vocabSet.add(t);
  }
  const vocab = new Map<number, string[]>();
  for (const s of vocabSet) {
    const list = vocab.get(s.length) ?? [];
    list.push(s);
    vocab.set(s.length, list);
  }
  return {
    menu,
    products,
    byId: new Map(products.map((ip) => [ip.p.id, ip])),
    postings,
    namePostings,
    catPostings,
    vocab,
    vocabSet,
    labelsSpicy: menu.products.some((p) => p.preferences.includes('spicy')),
    fuzzyCache: new Map(),
  };
}

const cache = new WeakMap<AssistantMenu, MenuIndex>();
const byFingerprint = new Map<string, MenuIndex>();
const FINGERPRINT_CACHE = 32;

/** A cheap identity of a menu's content, so a menu rebuilt per request still hits the cache. */
function fingerprint(menu: AssistantMenu): string {
  let h = 2166136261;
  const mix = (s: string) => {
    for (let i = 0; i < s.length; i++) {
      h ^= s.charCodeAt(i);
      h = Math.imul(h, 16777619);
    }
  };
  mix(menu.venueName);
  mix(menu.currency);
  for (const p of menu.products) {
    mix(p.id);
    mix(p.name);
    mix(p.description ?? '');
    mix(String(p.priceMinor));
    mix(p.status);
    mix(p.recommended ? '1' : '0');
    mix(p.preferences.join(','));
    mix(p.allergenes.join(','));
    for (const c of p.categories) mix(c.id + c.name);
    for (const v of p.variations)
      mix(`${v.id}${v.name}${v.priceVariationMinor}${v.allergenes?.join(',') ?? ''}|${v.preferences?.join(',') ?? ''}`);
    for (const g of p.variationGroups ?? []) mix(`${g.id}${g.name}${g.min}/${g.max}:${g.variationIds.join(',')}`);
  }
  return `${menu.products.length}:${h >>> 0}`;
}

export function menuIndex(menu: AssistantMenu): MenuIndex {
  const hit = cache.get(menu);
  if (hit) return hit;
  const fp = fingerprint(menu);
  let idx = byFingerprint.get(fp);
  if (!idx) {
    idx = buildIndex(menu);
    byFingerprint.set(fp, idx);
    if (byFingerprint.size > FINGERPRINT_CACHE) byFingerprint.delete(byFingerprint.keys().next().value!);
  }
  cache.set(menu, idx);
  return idx;
}

/** Like expandToken, for matching dish names: a phrase counts by its main concept when the menu has it. */
export function expandNameToken(idx: MenuIndex, t: Tagged): { term: string; factor: number }[] {
  const concepts = t.tags.filter((x) => x.startsWith('c:'));
  if (t.span[1] > 1 || concepts.length > 1) {
    const main = concepts[0];
    const out: { term: string; factor: number }[] = [];
    if (main && idx.namePostings.has(main)) out.push({ term: main, factor: 1 });
    if (t.span[1] === 1 && idx.namePostings.has(t.stem)) out.push({ term: t.stem, factor: 1 });
    if (out.length) return out;
  }
  return expandToken(idx, t);
}

/**
 * The menu terms a guest's token reaches: exact stem or concept, else menu words within the typo
 * bound, else (German compounds, "Hähnchen" in "Hähnchenbrust") menu words that contain it.
 * `factor` lowers the weight of approximate matches.
 */
export function expandToken(idx: MenuIndex, t: Tagged): { term: string; factor: number }[] {
  const out: { term: string; factor: number }[] = [];
  for (const term of queryTermsOf(t)) if (idx.postings.has(term)) out.push({ term, factor: 1 });
  if (out.length || t.stop || t.num !== null) return out;
  // The lexicon knows this word ("Pilzen" = mushroom) and the menu has none: no near-miss guessing.
  if (t.tags.some((x) => x.startsWith('c:'))) return out;
  const s = t.stem;
  const cached = idx.fuzzyCache.get(s);
  if (cached) return cached;
  const thai = isThai(s);
  const k = maxTypos(s.length, thai);
  const found: { term: string; factor: number }[] = [];
  if (k > 0) {
    for (let len = s.length - k; len <= s.length + k; len++) {
      for (const v of idx.vocab.get(len) ?? []) if (isNear(s, v)) found.push({ term: v, factor: 0.8 });
    }
  }
  if (!found.length && s.length >= (thai ? 3 : 5)) {
    for (const v of idx.vocabSet) {
      if (v.length > s.length && v.length >= (thai ? 3 : 7) && v.includes(s)) found.push({ term: v, factor: 0.6 });
      else if (!thai && s.length >= 7 && v.length >= 4 && s.length > v.length && s.startsWith(v))
        found.push({ term: v, factor: 0.5 });
    }
  }
  if (idx.fuzzyCache.size > 5000) idx.fuzzyCache.clear();
  idx.fuzzyCache.set(s, found);
  return found;
}

/** Whether a dish is a drink: in a drinks section ("Wine", "Getränke"), or named as one ("Singha beer"). */
export function isDrink(ip: IndexedProduct): boolean {
  if (ip.catTerms.has('c:drink')) return true;
  for (const [term, weight] of ip.terms) {
    if (weight < WEIGHT.category) continue;
    if (term === 'c:drink' || CATEGORY_PARENT.get(term) === 'c:drink') return true;
  }
  return false;
}
