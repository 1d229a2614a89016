/**
 * Turns a guest's message into what the engine needs: keywords present, dietary filters, allergens
 * and ingredients to avoid, a price limit, quantities, an ordinal, the question flag, and the
 * remaining content words; then finds the product names mentioned (with their quantity and
 * variations, in mentions.ts).
 */
import { toMinor } from '@carte/domain';
import { annotate, hasTag, lexicon, type Tagged } from './annotate.ts';
import { FREE_OF, WORD_LISTS } from '../language/lexicon.ts';
import { readThaiLoanwords } from '../language/thai-loanwords.ts';
import { fold, isThai, stem } from '../language/tokens.ts';
import type { MenuIndex } from './menu-index.ts';

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

/** Prepositions that tie an allergy word to its allergen and are not stop words ("allergisch gegen Nüsse"). */
const ALLERGY_LINKS = new Set(['gegen', 'against', 'contre', 'contro']);

function tagValue(t: Tagged, prefix: string): string | null {
  const tag = t.tags.find((x) => x.startsWith(prefix));
  return tag ? tag.slice(prefix.length) : null;
}

/**
 * The guest's words, tagged. Thai loanwords of the menu's own words ("พิสโก้ซาวร์" when the menu has
 * "Pisco Sour") are read as those words; token offsets stay those of the message.
 */
function guestTokens(message: string, idx: MenuIndex): Tagged[] {
  const loan = readThaiLoanwords(
    message,
    (latin) => latin.split(' ').some((w) => idx.vocabSet.has(stem(fold(w)))),
    lexicon().thaiWords,
  );
  if (!loan) return annotate(message, idx.vocabSet);
  const toks = annotate(loan.text, idx.vocabSet);
  for (const t of toks) t.at = loan.offsets[t.at] ?? t.at;
  return toks;
}

export function parseMessage(message: string, idx: MenuIndex): Parsed {
  const toks = guestTokens(message, idx);
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
      if ((u.tags.includes('kw:conj') || u.tags.includes('kw:or')) && u.span[1] === 1) continue;
      if (u.span[0] === toks[i]!.span[0]) continue;
      // "allergisch gegen Käse", "allergic against cheese": the preposition after an allergy word.
      if (ALLERGY_LINKS.has(u.fold) && toks[j - 1]?.tags.includes('kw:allergic')) continue;
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
      consumed.add(i);
      return;
    }
    if (diet) {
      const d = diet.slice(5);
      const negated = negatedAt(i);
      consumed.add(i);
      if (d === 'spicyword') p.diets.add(negated ? 'mild' : 'spicy');
      else if (d === 'mild') p.diets.add('mild');
      else if (FREE_OF[d]) {
        p.exclude.add(FREE_OF[d]);
        p.freeLabels.add(FREE_OF[d]);
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
        for (const a of algs) p.exclude.add(a);
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

export { findMentions, pickVariations, type Mention } from './mentions.ts';
