/** The dishes a guest message names: spans of words matched to menu products, with their quantity and options. */
import { GLOSSARY_MODIFIERS, glossaryConcepts, glossaryMatches, optionConcepts } from '../language/glossary.ts';
import type { Tagged } from './annotate.ts';
import { WORD_LISTS, wordSet } from '../language/lexicon.ts';
import { expandNameToken, expandToken, type IndexedProduct, type MenuIndex } from './menu-index.ts';
import type { Parsed } from './parse.ts';

export interface Mention {
  start: number;
  end: number;
  tokens: Tagged[];
  /** candidates, best first */
  candidates: IndexedProduct[];
  /** true when one product clearly wins */
  resolved: boolean;
  quantity: number | null;
  /** tokens around the mention that may name a variation */
  loose: Tagged[];
  text: string;
  /** the mention follows "with" ("anything with aubergine") */
  afterWith: boolean;
  /** a category word that only one dish carries in its name ("risotto"): that dish */
  single: IndexedProduct | null;
  /** a category word ("dessert", "pizza") rather than a dish name */
  generic: boolean;
  /** "two carbonara, one of them gluten-free": a second, smaller quantity and where it stands */
  split: { quantity: number; at: number } | null;
}

/** Products whose name carries the token, and whether the token is a category word ("pasta"). */
function nameHits(idx: MenuIndex, t: Tagged): { hits: Map<number, number>; category: boolean } {
  const out = new Map<number, number>();
  let category = false;
  for (const { term, factor } of expandNameToken(idx, t)) {
    for (const o of idx.namePostings.get(term) ?? []) out.set(o, Math.max(out.get(o) ?? 0, factor));
    const cat = idx.catPostings.get(term);
    if (cat?.size) {
      category = true;
      for (const o of cat) if (!out.has(o)) out.set(o, 0);
    }
  }
  // A category word alone only counts when some dish carries it in its name or category.
  return { hits: out, category };
}

function variationHit(idx: MenuIndex, products: Iterable<number>, t: Tagged): boolean {
  const terms = new Set(expandToken(idx, t).map((x) => x.term));
  for (const o of products) {
    const ip = idx.products[o]!;
    for (const v of ip.variations) for (const part of v.parts) if (part.terms.some((x) => terms.has(x))) return true;
  }
  return false;
}

function scoreCandidates(idx: MenuIndex, set: Set<number>, tokens: Tagged[]): { ip: IndexedProduct; score: number }[] {
  const tokenTerms = tokens.map((t) => new Map(expandNameToken(idx, t).map((x) => [x.term, x.factor])));
  return [...set]
    .map((o) => {
      const ip = idx.products[o]!;
      let matched = 0;
      for (const part of ip.nameParts) {
        let best = 0;
        for (const tt of tokenTerms) for (const term of part.terms) best = Math.max(best, tt.get(term) ?? 0);
        matched += best;
      }
      const coverage = ip.nameParts.length ? matched / ip.nameParts.length : 0;
      return { ip, score: coverage };
    })
    .sort((a, b) => b.score - a.score || Number(b.ip.available) - Number(a.ip.available) || a.ip.order - b.ip.order);
}

const MODIFIERS = new Set(GLOSSARY_MODIFIERS);

/** Words kept with a mention's options for the glossary only, never matched to an option's name. */
const MEANING_ONLY = new WeakSet<Tagged>();

/** Whether an option of one of the products says one of the concepts ("pâte fine" -> "Thin crust"). */
function meansOption(idx: MenuIndex, products: Iterable<number>, concepts: string[]): boolean {
  if (!concepts.length) return false;
  for (const o of products)
    for (const v of idx.products[o]!.p.variations) if (concepts.some((c) => optionConcepts(v.name).has(c))) return true;
  return false;
}

/** Finds product names in the message: "2 espressos and a tiramisu" -> two mentions with quantities. */
export function findMentions(p: Parsed, idx: MenuIndex, thaiOrder: boolean): Mention[] {
  const toks = p.toks;
  const raw: {
    start: number;
    end: number;
    set: Set<number>;
    tokens: Tagged[];
    generic: boolean;
    afterWith: boolean;
  }[] = [];
  let cur: (typeof raw)[number] | null = null;
  let withMode = false;
  let glossary: ReturnType<typeof glossaryMatches> | null = null;
  const meant = (i: number): string[] =>
    (glossary ??= glossaryMatches(toks.map((t) => t.raw)))
      .filter((g) => g.start <= i && i <= g.end)
      .map((g) => g.concept);
  for (const t of toks) {
    if (t.tags.includes('kw:conj') && t.span[1] === 1) {
      withMode = false;
      continue;
    }
    if (p.quantities.has(t.i)) {
      cur = null;
      withMode = false;
      continue;
    }
    if (t.tags.includes('kw:with')) {
      withMode = true;
      continue;
    }
    if (p.consumed.has(t.i) || t.num !== null) continue;
    const { hits, category } = nameHits(idx, t);
    if (!hits.size) continue;
    if (cur) {
      const inter = new Set([...cur.set].filter((o) => hits.has(o)));
      // A word that does not narrow the dish down and names one of its options stays an option.
      const samePhrase = t.span[1] > 1 && cur.tokens[cur.tokens.length - 1]!.span[0] === t.span[0];
      if (!samePhrase && inter.size === cur.set.size && (withMode || variationHit(idx, cur.set, t))) continue;
      if (inter.size) {
        cur.set = inter;
        cur.tokens.push(t);
        cur.end = t.i;
        cur.generic &&= category;
        continue;
      }
      // "burrata with truffle oil": a word of the current dish's variations is not a new dish; nor is
      // one that means an option of it ("une margherita pâte fine": a thin crust, not a pasta).
      if (withMode || variationHit(idx, cur.set, t) || meansOption(idx, cur.set, meant(t.i))) continue;
    }
    cur = { start: t.i, end: t.i, set: new Set(hits.keys()), tokens: [t], generic: category, afterWith: withMode };
    raw.push(cur);
    withMode = false;
  }
  const mentions: Mention[] = raw.map((m): Mention => {
    const scored = scoreCandidates(idx, m.set, m.tokens);
    const best = scored[0]?.score ?? 0;
    const top = scored.filter((s) => s.score >= best - 0.01);
    // "pasta", "dessert": a category word names a group, not one dish, unless one dish alone
    // carries it in its name ("risotto" on a menu with one risotto in "Pasta & risotto").
    // Only a dish whose name *starts* with the word ("Risotto ai funghi", not "Affogato al caffè").
    const tokenTerms = new Set(m.tokens.flatMap((t) => expandNameToken(idx, t).map((x) => x.term)));
    const named = scored.filter(
      (s) => s.score > 0 && s.ip.available && (s.ip.nameParts[0]?.terms.some((x) => tokenTerms.has(x)) ?? false),
    );
    const group = m.generic || best < 0.34 ? scored : top;
    const avail = group.filter((s) => s.ip.available);
    const pick = avail.length ? avail : group;
    return {
      start: m.start,
      end: m.end,
      tokens: m.tokens,
      candidates: pick.map((s) => s.ip),
      resolved: pick.length === 1,
      quantity: null,
      loose: [],
      text: m.tokens.map((t) => t.raw).join(' '),
      afterWith: m.afterWith,
      single: m.generic && named.length === 1 ? named[0]!.ip : null,
      split: null,
      generic: m.generic,
    };
  });
  // "is there any egg in the green curry": with another dish named, an allergen word is the question.
  if (mentions.length > 1 && p.question) {
    const isAllergenWord = (m: Mention) =>
      m.tokens.every((t) => p.askTokens.includes(t) && t.tags.some((x) => x.startsWith('alg:')));
    const kept = mentions.filter((m) => !isAllergenWord(m));
    if (kept.length && kept.length < mentions.length) mentions.splice(0, mentions.length, ...kept);
  }
  if (!mentions.length) return mentions;
  const conjBetween = (a: number, b: number) => {
    for (let i = Math.min(a, b) + 1; i < Math.max(a, b); i++) {
      const t = toks[i]!;
      if (t.tags.includes('kw:conj') && t.span[1] === 1) return true;
    }
    return false;
  };
  const owner = (i: number, preferNext: boolean): Mention | null => {
    let prev: Mention | null = null;
    let next: Mention | null = null;
    for (const m of mentions) {
      if (m.end < i) prev = m;
      else if (m.start > i && !next) next = m;
      else if (m.start <= i && i <= m.end) return m;
    }
    const prevOk = prev !== null && !conjBetween(prev.end, i);
    const nextOk = next !== null && !conjBetween(i, next.start);
    if (prevOk && nextOk) return preferNext ? next : prev;
    if (nextOk) return next;
    if (prevOk) return prev;
    return next ?? prev;
  };
  for (const [i, n] of p.quantities) {
    const before = toks[i - 1];
    const preferNext = !thaiOrder && !(before && (before.fold === 'x' || before.raw === '×'));
    const m = owner(i, preferNext);
    if (m && m.quantity === null) m.quantity = n;
    else if (m && !m.split && n < m.quantity!) m.split = { quantity: n, at: i };
  }
  const looseWord = (t: Tagged | undefined): boolean =>
    t !== undefined &&
    t.num === null &&
    !p.quantities.has(t.i) &&
    // Consumed dietary words still name variations: "carbonara with gluten-free pasta".
    (!p.consumed.has(t.i) ||
      t.tags.some((x) => x.startsWith('diet:') || x.startsWith('alg:') || x.startsWith('c:') || x === 'kw:free')) &&
    !mentions.some((m) => m.start <= t.i && t.i <= m.end);
  for (const t of toks) {
    // "no ice", "sans sucre", "ไม่ใส่พริก": the negation goes with the option words it comes before
    // (the glossary reads "no_ice"; options are never matched by the negation word's own name).
    // A consumed word of a glossary phrase ("fine" in "pâte fine") is read with it the same way.
    const loose = looseWord(t);
    const meaningOnly =
      !loose &&
      ((t.tags.includes('kw:without') && (looseWord(toks[t.i + 1]) || looseWord(toks[t.i + 2]))) ||
        (t.num === null &&
          !p.quantities.has(t.i) &&
          meant(t.i).length > 0 &&
          !mentions.some((m) => m.start <= t.i && t.i <= m.end)));
    if (!meaningOnly && !loose) continue;
    const m = owner(t.i, false);
    if (!m) continue;
    m.loose.push(t);
    if (meaningOnly) MEANING_ONLY.add(t);
  }
  return applyCorrection(p, idx, mentions);
}

/**
 * "2 margheritas, one large please... actually make both large", "2 espressos, actually 3": the last
 * instruction wins. After a correction word, a dish named again replaces its earlier mention; with no
 * dish named, a new number, "both" and option words apply to the last dish before the correction.
 */
const ADDITIVE = wordSet(WORD_LISTS.additive);

function applyCorrection(p: Parsed, idx: MenuIndex, mentions: Mention[]): Mention[] {
  const c = p.toks.find((t) => t.tags.includes('kw:correct') && mentions.some((m) => m.end < t.i));
  if (!c) return mentions;
  const at = c.i;
  const before = mentions.filter((m) => m.end < at);
  const after = mentions.filter((m) => m.start > at);
  const same = (a: Mention, b: Mention) =>
    a.candidates.length > 0 &&
    a.candidates.length === b.candidates.length &&
    a.candidates.every((x, k) => b.candidates[k] === x);
  if (after.length) {
    if (before.some((m) => after.some((a) => same(a, m))))
      return mentions.filter((m) => !(m.end < at && after.some((a) => same(a, m))));
    // "a carbonara... actually a lasagne (instead)": another dish replaces the last one, unless the
    // guest adds to it ("actually, also a coke").
    const adds = p.toks.some((t) => t.i > at && ADDITIVE.has(t.fold));
    if (adds) return mentions;
    const replaced = before[before.length - 1]!;
    return mentions.filter((m) => m !== replaced);
  }
  const target = before[before.length - 1]!;
  const numbers = [...p.quantities].filter(([i]) => i > at);
  const both = p.toks.some((t) => t.i > at && t.tags.includes('kw:both'));
  const looseAfter = target.loose.filter((t) => t.i > at);
  const resolved = target.candidates.length === 1 ? target.candidates[0]! : null;
  const namesOption = resolved !== null && pickVariations(idx, resolved, looseAfter).length > 0;
  if (!numbers.length && !both && !namesOption) return mentions;
  if (numbers.length) target.quantity = numbers[numbers.length - 1]![1];
  target.split = null;
  // The options said after the correction replace those said before it.
  if (namesOption) target.loose = looseAfter;
  return mentions;
}

/** The variations of a product named by the guest's words ("large", "with truffle oil"). */
export function pickVariations(
  idx: MenuIndex,
  ip: IndexedProduct,
  loose: Tagged[],
  alsoTokens: Tagged[] = [],
): string[] {
  const words = [...loose, ...alsoTokens];
  if (!words.length || !ip.variations.length) return [];
  // Negation words and consumed words of a glossary phrase are read for their meaning only.
  const toks = words.filter((t) => !MEANING_ONLY.has(t));
  const tokTerms = toks.map((t) => new Set(expandToken(idx, t).map((x) => x.term)));
  // Words every option shares ("bottle" in "Small bottle" / "Large bottle") do not tell them apart.
  const shared = (part: { terms: string[] }) =>
    ip.variations.length > 1 &&
    ip.variations.every((w) => w.parts.some((q) => q.terms.some((x) => part.terms.includes(x))));
  const scored = ip.variations
    .map((v) => {
      const used = new Set<number>();
      let matched = 0;
      const distinct = v.parts.filter((part) => !shared(part));
      const parts = distinct.length ? distinct : v.parts;
      for (const part of parts) {
        const k = tokTerms.findIndex((ts) => part.terms.some((x) => ts.has(x)));
        if (k >= 0) {
          matched++;
          used.add(k);
        }
      }
      return { v, ratio: parts.length ? matched / parts.length : 0, matched, used };
    })
    .filter((s) => s.ratio >= 0.5)
    // "medium rare" is the option "Medium rare", not "Medium" and "Rare": the fuller match first.
    .sort((a, b) => b.ratio - a.ratio || b.matched - a.matched);
  const taken = new Set<number>();
  const out: string[] = [];
  for (const s of scored) {
    if ([...s.used].every((k) => taken.has(k))) continue;
    for (const k of s.used) {
      taken.add(k);
      // A phrase's words are used together: "rare" in "medium rare" names no second option.
      const [start, len] = toks[k]!.span;
      if (len > 1) toks.forEach((t, j) => t.span[0] === start && t.span[1] === len && taken.add(j));
    }
    out.push(s.v.v.id);
  }
  return [...out, ...byMeaning(ip, words, out)];
}

/**
 * Options chosen by meaning (issue 17 item 4): the options whose name says a concept of the glossary
 * the guest said ("scharf" -> "Hot", "mit Spiegelei" -> "Fried egg and plantain", "au tofu" -> "Tofu").
 * In a one-choice group none of the guest's words named, the one option that fits (two that fit:
 * none, the engine asks). In a group of several choices ("Extras: up to 3"), every concept said that
 * one option of the group says: "avec fromage et avocat" is both extras.
 */
function byMeaning(ip: IndexedProduct, toks: Tagged[], chosen: string[]): string[] {
  const said = glossaryConcepts(toks.map((t) => t.raw).join(' '));
  if (!said.size) return [];
  const variations = ip.p.variations;
  const groups = ip.p.variationGroups?.length
    ? ip.p.variationGroups.map((g) => ({ ids: g.variationIds, max: g.max }))
    : [{ ids: variations.map((v) => v.id), max: variations.length }];
  const meaning = new Map(variations.map((v) => [v.id, optionConcepts(v.name)]));
  const says = (id: string, c: string) => meaning.get(id)?.has(c) ?? false;
  const out: string[] = [];
  for (const { ids, max } of groups) {
    if (max <= 1) {
      if (ids.some((id) => chosen.includes(id))) continue;
      const fits = ids.filter((id) => [...said].some((c) => says(id, c)));
      if (fits.length === 1) out.push(fits[0]!);
      continue;
    }
    for (const c of said) {
      if (MODIFIERS.has(c)) continue;
      const fits = ids.filter((id) => says(id, c));
      if (fits.length === 1 && !chosen.includes(fits[0]!) && !out.includes(fits[0]!)) out.push(fits[0]!);
    }
  }
  return out;
}
