/**
 * Turns a guest's message into what the engine needs: keywords present, dietary filters, allergens
 * and ingredients to avoid, a price limit, quantities, an ordinal, the question flag, and the
 * remaining content words; then finds the product names mentioned (with their quantity and
 * variations).
 */
import { toMinor } from '@carte/domain';
import { glossaryConcepts } from '../language/glossary.ts';
import { annotate, hasTag, type Tagged } from './annotate.ts';
import { WORD_LISTS, wordSet } from '../language/lexicon.ts';
import { isThai } from '../language/tokens.ts';
import { expandNameToken, expandToken, type IndexedProduct, type MenuIndex } from './menu-index.ts';

export interface Parsed {
  toks: Tagged[];
  kw: Set<string>;
  question: boolean;
  /** vegan, vegetarian, spicy, mild */
  diets: Set<string>;
  /** allergen tags to avoid: dairy, gluten, egg, fish, nuts, treenuts, seafood, bean */
  exclude: Set<string>;
  /** allergen tags whose "-free" label was asked for ("gluten-free") */
  freeLabels: Set<string>;
  /** ingredient concepts or stems to avoid ("without onion"); `show` when not already said as an allergen */
  excludeTerms: { label: string; terms: string[]; show: boolean }[];
  /** allergens asked about positively ("does it contain nuts?") */
  askAllergens: Set<string>;
  /** tokens (not product names) asked about positively: "does it have cheese?" */
  askTokens: Tagged[];
  priceMax: number | null;
  priceMin: number | null;
  /** quantity tokens, by token index */
  quantities: Map<number, number>;
  ordinal: number | 'last' | null;
  /** token indices that carry no content (keywords, filters, numbers, stop words) */
  consumed: Set<number>;
}

const QUESTION_STARTS = new Set(['kw:q', 'kw:have', 'kw:price', 'kw:whatin', 'kw:tell', 'kw:which', 'kw:contains']);
const THAI_QUESTION = new RegExp(WORD_LISTS.thaiQuestion.th.join('|'));
/** Any count a guest types is kept (the reply says when it is over the line maximum, MAX_LINE_QUANTITY). */
const MAX_QUANTITY = 999;
const CLAUSE_WORDS = new Set([
  'kw:q',
  'kw:which',
  'kw:have',
  'kw:whatyouhave',
  'kw:recommend',
  'kw:add',
  'kw:price',
  'kw:whatin',
]);
const ALLERGEN_WORD_CONCEPTS = new Set([
  'c:fish',
  'c:seafoodish',
  'c:egg',
  'c:milk',
  'c:walnut',
  'c:peanut',
  'c:cashew',
  'c:almond',
  'c:pistachio',
  'c:hazelnut',
  'c:pinenut',
  'c:soy',
  'c:shrimp',
  'c:crab',
  'c:mussel',
  'c:clam',
  'c:squid',
]);

function tagValue(t: Tagged, prefix: string): string | null {
  const tag = t.tags.find((x) => x.startsWith(prefix));
  return tag ? tag.slice(prefix.length) : null;
}

export function parseMessage(message: string, idx: MenuIndex): Parsed {
  const toks = annotate(message, idx.vocabSet);
  const kw = new Set<string>();
  for (const t of toks) for (const tag of t.tags) if (tag.startsWith('kw:')) kw.add(tag.slice(3));
  const consumed = new Set<number>();
  const p: Parsed = {
    toks,
    kw,
    question: false,
    diets: new Set(),
    exclude: new Set(),
    freeLabels: new Set(),
    excludeTerms: [],
    askAllergens: new Set(),
    askTokens: [],
    priceMax: null,
    priceMin: null,
    quantities: new Map(),
    ordinal: null,
    consumed,
  };
  const first = toks.find((t) => !t.stop || t.tags.length);
  p.question =
    kw.has('question') ||
    (first !== undefined && first.tags.some((x) => QUESTION_STARTS.has(x))) ||
    THAI_QUESTION.test(message);

  // Prices: a number next to a currency word, or after "under"/"over".
  toks.forEach((t, i) => {
    if (t.num === null) return;
    const prev = toks[i - 1];
    const next = toks[i + 1];
    const currency = (prev && hasTag(prev, 'cur:')) || (next && hasTag(next, 'cur:'));
    let dir: 'under' | 'over' | null = null;
    for (let j = i - 1; j >= Math.max(0, i - 4); j--) {
      const u = toks[j]!;
      if (u.tags.includes('kw:under')) dir = 'under';
      else if (u.tags.includes('kw:over')) dir = 'over';
      if (dir) {
        consumed.add(j);
        break;
      }
    }
    // "8 dollars or less", "10 € au plus": the limit word after the amount (and its currency).
    if (!dir) {
      for (let j = i + 1; j <= Math.min(toks.length - 1, i + 3); j++) {
        const u = toks[j]!;
        if (u.tags.includes('kw:orless')) {
          dir = 'under';
          for (let k = j; k < toks.length && toks[k]!.span[0] === u.span[0]; k++) consumed.add(k);
          break;
        }
        if (!hasTag(u, 'cur:')) break;
      }
    }
    // Thai puts the limit word after the amount: "200 บาทไม่เกิน" is rare; "ไม่เกิน 200 บาท" is usual.
    if (!dir && !currency) return;
    const minor = toMinor(t.num);
    if (dir === 'over') p.priceMin = minor;
    else p.priceMax = minor;
    consumed.add(i);
    if (prev && hasTag(prev, 'cur:')) consumed.add(i - 1);
    if (next && hasTag(next, 'cur:')) consumed.add(i + 1);
  });

  // Quantities and ordinals.
  toks.forEach((t, i) => {
    if (consumed.has(i)) return;
    const ord = tagValue(t, 'ord:');
    // "il primo più caro": a word the menu uses for a course ("Primi") is not an ordinal.
    if (ord && !idx.catPostings.has(t.stem) && !t.tags.some((x) => x.startsWith('c:') && idx.catPostings.has(x))) {
      p.ordinal = ord === 'last' ? 'last' : Number(ord);
      consumed.add(i);
      return;
    }
    let n: number | null = null;
    if (t.num !== null && Number.isInteger(t.num)) n = t.num;
    else {
      const w = tagValue(t, 'n:');
      if (w && t.span[0] === t.i) n = Number(w);
      else if (w) return void consumed.add(i);
    }
    if (n === null) return;
    consumed.add(i);
    // Thai "อันที่สอง": ที่ + number is an ordinal.
    if (toks[i - 1]?.raw === 'ที่' && n <= 10) {
      p.ordinal = n;
      return;
    }
    if (n >= 1 && n <= MAX_QUANTITY) p.quantities.set(i, n);
    else if (n === 0) p.quantities.set(i, 0);
  });

  // Dietary words, allergens and ingredients, with their negation ("without", "allergic to", "-free").
  // "without nuts", "allergic to eggs", "no nuts or dairy", "nut-free", "nut allergy"; but "remove the
  // beer" ("ไม่เอาเบียร์") is a cart change, not a filter.
  const removing = kw.has('remove');
  const negatedAt = (i: number): boolean => {
    const after = toks[i + 1];
    if (
      after &&
      (after.tags.includes('kw:free') ||
        (after.tags.includes('kw:allergic') && toks[i]!.tags.some((x) => x.startsWith('alg:'))))
    )
      return true;
    for (let j = i - 1; j >= Math.max(0, i - 5); j--) {
      const u = toks[j]!;
      // "lactose intolerant, any desserts?": an allergy word after its allergen belongs to it.
      const before = toks[j - 1];
      if (
        u.tags.includes('kw:allergic') &&
        !u.tags.includes('kw:without') &&
        before &&
        before.span[0] !== u.span[0] &&
        before.tags.some((x) => x.startsWith('alg:') || x.startsWith('diet:') || x.startsWith('x:'))
      )
        return false;
      if (u.tags.includes('kw:without') || u.tags.includes('kw:allergic') || u.tags.includes('kw:nor'))
        return !(removing && u.tags.includes('kw:remove'));
      if (u.tags.includes('kw:conj') && u.span[1] === 1) continue;
      if (u.span[0] === toks[i]!.span[0]) continue;
      // A question word starts a new clause: "nut allergy, what desserts" does not negate desserts.
      if (u.stop && !u.tags.some((x) => CLAUSE_WORDS.has(x))) continue;
      // Lists of allergens share one negation: "no nuts, dairy or eggs".
      if (u.tags.some((x) => x.startsWith('alg:')) && toks[i]!.tags.some((x) => x.startsWith('alg:'))) continue;
      return false;
    }
    return false;
  };
  const seenSpan = new Set<number>();
  toks.forEach((t, i) => {
    if (seenSpan.has(t.span[0])) {
      if (t.tags.length && !t.tags.every((x) => x.startsWith('c:'))) consumed.add(i);
      return;
    }
    seenSpan.add(t.span[0]);
    const tags = t.tags;
    if (!tags.length) return;
    const diet = tags.find((x) => x.startsWith('diet:'));
    const algs = tags.filter((x) => x.startsWith('alg:')).map((x) => x.slice(4));
    const concepts = tags.filter((x) => x.startsWith('c:'));
    const xs = tags.filter((x) => x.startsWith('x:')).map((x) => x.slice(2));
    if (xs.length) {
      for (const x of xs) p.exclude.add(x);
      if (xs.includes('nuts')) p.exclude.add('treenuts');
      consumed.add(i);
      return;
    }
    if (diet) {
      const d = diet.slice(5);
      const negated = negatedAt(i);
      consumed.add(i);
      if (d === 'spicyword') p.diets.add(negated ? 'mild' : 'spicy');
      else if (d === 'mild') p.diets.add('mild');
      else if (d.endsWith('-free')) {
        const a = d.slice(0, -5);
        p.exclude.add(a);
        p.freeLabels.add(a);
      } else p.diets.add(d);
      return;
    }
    if (algs.length || concepts.length) {
      if (negatedAt(i)) {
        consumed.add(i);
        if (concepts.includes('c:meat')) {
          p.diets.add('vegetarian');
          return;
        }
        for (const a of algs) {
          p.exclude.add(a);
          if (a === 'nuts') p.exclude.add('treenuts');
        }
        if (concepts.length) {
          const words = toks.filter((u) => u.span[0] === t.span[0]);
          p.excludeTerms.push({
            label: words.map((u) => u.raw).join(isThai(t.raw) ? '' : ' '),
            terms: [t.stem, ...concepts],
            show: !algs.length,
          });
        }
        return;
      }
      // "gluten", "nuts", "noix", "fish": asked about a dish, or searched for. Stays content.
      const allergenWord = !concepts.length || concepts.every((c) => ALLERGEN_WORD_CONCEPTS.has(c));
      if (algs.length && allergenWord) {
        for (const a of algs) p.askAllergens.add(a);
        p.askTokens.push(t);
      } else if (concepts.length) p.askTokens.push(t);
    }
    if (tags.some((x) => x.startsWith('kw:') || x.startsWith('cur:'))) consumed.add(i);
  });
  // Negation words are not content; a lone "no"/"pas" is a stop word anyway.
  toks.forEach((t, i) => {
    if (t.stop || t.tags.includes('kw:question')) consumed.add(i);
  });
  return p;
}

/** Content tokens: what the guest is looking for once keywords and filters are set aside. */
export function contentTokens(p: Parsed): Tagged[] {
  return p.toks.filter((t) => !p.consumed.has(t.i) && t.num === null);
}

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
      // "burrata with truffle oil": a word of the current dish's variations is not a new dish.
      if (withMode || variationHit(idx, cur.set, t)) continue;
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
  for (const t of toks) {
    if (t.num !== null || p.quantities.has(t.i)) continue;
    // Consumed dietary words still name variations: "carbonara with gluten-free pasta".
    if (
      p.consumed.has(t.i) &&
      !t.tags.some((x) => x.startsWith('diet:') || x.startsWith('alg:') || x.startsWith('c:') || x === 'kw:free')
    )
      continue;
    if (mentions.some((m) => m.start <= t.i && t.i <= m.end)) continue;
    const m = owner(t.i, false);
    if (m) m.loose.push(t);
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
  const toks = [...loose, ...alsoTokens];
  if (!toks.length || !ip.variations.length) return [];
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
  return [...out, ...byMeaning(ip, toks, out)];
}

/**
 * Options chosen by meaning (issue 17 item 4): in a group none of the guest's words named, the one
 * option whose name or description says a concept of the glossary the guest said ("scharf" -> "Hot",
 * "mit Spiegelei" -> "Fried egg and plantain", "au tofu" -> "Tofu"). Two options that fit: none chosen.
 */
function byMeaning(ip: IndexedProduct, toks: Tagged[], chosen: string[]): string[] {
  const said = glossaryConcepts(toks.map((t) => t.raw).join(' '));
  if (!said.size) return [];
  const variations = ip.p.variations;
  const groups = ip.p.variationGroups?.length
    ? ip.p.variationGroups.map((g) => g.variationIds)
    : [variations.map((v) => v.id)];
  const out: string[] = [];
  for (const ids of groups) {
    if (ids.some((id) => chosen.includes(id))) continue;
    const fits = variations.filter((v) => {
      if (!ids.includes(v.id)) return false;
      const concepts = glossaryConcepts(v.name);
      return [...concepts].some((c) => said.has(c));
    });
    if (fits.length === 1) out.push(fits[0]!.id);
  }
  return out;
}
