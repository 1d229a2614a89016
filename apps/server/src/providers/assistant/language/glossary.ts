/**
 * Options by meaning (issue 17 item 4): the multilingual food glossary (data, lexicon/glossary.ts)
 * read through the one phrase matcher. An option whose name says a concept is chosen by a guest who
 * says the same concept in any language; a concept said after a negation word is `no_<concept>`
 * ("No chilli" is not chilli, "sans sucre" is the option "No sugar").
 */
import { GLOSSARY, GLOSSARY_MODIFIERS, GLOSSARY_NEGATIONS } from './lexicon/glossary.ts';
import { compilePhrases, fold, matchPhrases, tokenize, type Token } from './tokens.ts';

export { GLOSSARY, GLOSSARY_MODIFIERS };

const COMPILED = compilePhrases(
  Object.entries(GLOSSARY).flatMap(([concept, words]) => words.map((w): [string, string] => [w, concept])),
);

const NEGATIONS = new Set(GLOSSARY_NEGATIONS.map((w) => fold(w)));
/** Thai negations are written glued to the word ("ไม่ใส่พริก"): the token may only start with one. */
const THAI_NEGATIONS = GLOSSARY_NEGATIONS.filter((w) => /[\u0E00-\u0E7F]/.test(w)).sort((a, b) => b.length - a.length);

/** A negation word among the two tokens before `start`, in the same clause. */
function negatedAt(tokens: Token[], start: number): boolean {
  for (let k = start - 1; k >= Math.max(0, start - 2); k--) {
    const t = tokens[k]!;
    if (t.stop) return false;
    if (NEGATIONS.has(t.fold) || (t.thai && THAI_NEGATIONS.some((n) => t.fold === n))) return true;
  }
  return false;
}

/** The glossary concepts a text says ("Fried egg and plantain" -> fried_egg; "scharf" -> spicy; "no ice" -> no_ice). */
export function glossaryConcepts(text: string): Set<string> {
  const tokens = tokenize(text);
  return new Set(
    matchPhrases(tokens, COMPILED).map((m) =>
      negatedAt(tokens, m.start) && !m.value.startsWith('no_') ? `no_${m.value}` : m.value,
    ),
  );
}

/**
 * The glossary phrases among a message's words, by word index (the guest engine's tokens, each
 * read on its own): "pâte fine" in "une margherita pâte fine" is thin_crust over words 2-3.
 */
export function glossaryMatches(words: readonly string[]): { concept: string; start: number; end: number }[] {
  const tokens: Token[] = [];
  const wordOf: number[] = [];
  words.forEach((w, k) => {
    for (const t of tokenize(w)) {
      tokens.push({ ...t, at: tokens.length });
      wordOf.push(k);
    }
  });
  return matchPhrases(tokens, COMPILED).map((m) => ({
    concept: negatedAt(tokens, m.start) && !m.value.startsWith('no_') ? `no_${m.value}` : m.value,
    start: wordOf[m.start]!,
    end: wordOf[m.end]!,
  }));
}

const optionCache = new Map<string, Set<string>>();

/** The concepts an option's name says, memoised (menus are read again on every message). */
export function optionConcepts(name: string): Set<string> {
  let hit = optionCache.get(name);
  if (!hit) {
    hit = glossaryConcepts(name);
    if (optionCache.size > 20_000) optionCache.clear();
    optionCache.set(name, hit);
  }
  return hit;
}
