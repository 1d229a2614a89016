/**
 * What a guest said about their allergies and diets (issue 17 item 1): read from every message in
 * any of the five languages, in any phrasing ("allergic to", "my son can't have", "sans gluten",
 * "Erdnussallergie", "แพ้ถั่วลิสง"), several at once, and carried through the conversation.
 *
 * An allergen word is a constraint only next to a cue: after an allergy cue ("allergic to fish and
 * shellfish"), after a "without" cue ("no nuts", "ohne Milch"), before "free" ("gluten free",
 * "glutenfrei") or before an allergy cue ("nut allergy", "Erdnussallergie"). Alone it is a search
 * word ("anything with prawns?"). A diet word is a constraint for the message it is in, and for the
 * rest of the conversation when the guest says it of themselves ("I'm vegan", "bin Veganer").
 * Constraints only ever add up: nothing a message says removes one (a forged history cannot).
 */
import { ALLERGENS, DIETS, type AllergenId, type AllergyProfile, type DietId } from '@carte/domain';
import { compilePhrases, matchPhrases, tokenize, type Lang, type PhraseMatch, type Token } from '../language/tokens.ts';
import {
  AFTER_CUES,
  ALLERGEN_WORDS,
  ALLERGY_CUES,
  DIET_WORDS,
  FREE_SUFFIXES,
  SELF_CUES,
  WITHOUT_CUES,
} from '../language/vocabulary.ts';
import type { AssistantInput } from '../types.ts';

const LANGS: Lang[] = ['en', 'fr', 'it', 'de', 'th'];

function merged<V>(tables: Record<Lang, Record<string, V>>): [string, V][] {
  return LANGS.flatMap((l) => Object.entries(tables[l]));
}
function mergedList(lists: Record<Lang, string[]>): [string, true][] {
  return LANGS.flatMap((l) => lists[l].map((w): [string, true] => [w, true]));
}

const ALLERGEN_PHRASES = compilePhrases(merged(ALLERGEN_WORDS));
const DIET_PHRASES = compilePhrases(merged(DIET_WORDS));
const ALLERGY_CUE_PHRASES = compilePhrases(mergedList(ALLERGY_CUES));
const WITHOUT_CUE_PHRASES = compilePhrases(mergedList(WITHOUT_CUES));
const SELF_CUE_PHRASES = compilePhrases(mergedList(SELF_CUES));
const AFTER_CUE_PHRASES = compilePhrases(mergedList(AFTER_CUES));
const FREE = new Set(LANGS.flatMap((l) => FREE_SUFFIXES[l]));
/**
 * Single-word allergy cues that also end a German compound ("erdnussallergie", "laktoseintoleranz",
 * "laktoseintolerant", "nussallergisch").
 */
const CUE_TAILS = [
  'allergie',
  'allergiker',
  'allergisch',
  'intoleranz',
  'intolerant',
  'intolerante',
  'intoleranter',
  'unvertraglichkeit',
  'frei',
  'freie',
  'freies',
  'freien',
];

/** Words that may stand between two allergens of one list ("fish and shellfish", "aux crustacés et aux noix"). */
const CONNECTORS = new Set([
  'and',
  'or',
  'nor',
  'also',
  'plus',
  'to',
  'et',
  'ou',
  'ni',
  'aux',
  'au',
  'a',
  'de',
  'des',
  'du',
  'la',
  'le',
  'les',
  'e',
  'o',
  'ai',
  'al',
  'alla',
  'alle',
  'agli',
  'di',
  'del',
  'della',
  'dei',
  'delle',
  'und',
  'oder',
  'sowie',
  'auf',
  'gegen',
  'kein',
  'keine',
  'keinen',
  'no',
  'sans',
  'senza',
  'ohne',
  'niente',
  'และ',
  'หรือ',
  'กับ',
  'ก็',
]);
/** Words between "no" and its allergen: "no any nuts", "sans le gluten", "ohne das Ei", "senza il latte". */
const ARTICLES = new Set([
  'any',
  'the',
  'some',
  'l',
  'il',
  'lo',
  'gli',
  'un',
  'une',
  'das',
  'die',
  'der',
  'den',
  'dem',
]);
/** Clause ends that stop a list; commas, semicolons and colons do not. */
const HARD_STOP = /[.!?\n]/;

export interface StatedConstraints {
  allergens: Set<AllergenId>;
  /** Diets named in the message (kept for its reply). */
  diets: Set<DietId>;
  /** Diets the guest said of themselves (kept for the conversation). */
  lastingDiets: Set<DietId>;
}

/** Whether the tokens between two positions are only list connectors and soft breaks. */
function onlyConnectors(tokens: Token[], from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const t = tokens[i]!;
    if (t.stop ? HARD_STOP.test(t.raw) : !CONNECTORS.has(t.fold)) return false;
  }
  return true;
}

/**
 * The allergens of a list that starts after a cue ending at `cueEnd`: the first within four words
 * of the same clause ("no, add prawns" is no list), then each next one joined by connectors only.
 */
function listAfter(
  tokens: Token[],
  cueEnd: number,
  allergens: PhraseMatch<AllergenId[]>[],
  near: boolean,
): AllergenId[] {
  const out: AllergenId[] = [];
  let last = cueEnd;
  for (const m of allergens) {
    if (m.start <= cueEnd) continue;
    if (out.length === 0) {
      const gap = tokens.slice(cueEnd + 1, m.start);
      if (gap.length > 4 || gap.some((t) => t.stop && t.raw !== ':')) break;
      // After "no"/"sans"/"ohne" the allergen comes next, or after an article: "no sugar with milk" is no milk allergy.
      if (near && (gap.length > 2 || !gap.every((t) => CONNECTORS.has(t.fold) || ARTICLES.has(t.fold)))) break;
    } else if (!onlyConnectors(tokens, last + 1, m.start)) break;
    out.push(...m.value);
    last = m.end;
  }
  return out;
}

/**
 * The allergens of a list that ends just before a cue starting at `cueStart` ("กินนมกับไข่ไม่ได้":
 * milk and eggs, cannot): the last one right before it, then each one before joined by connectors only.
 */
function listBefore(tokens: Token[], cueStart: number, allergens: PhraseMatch<AllergenId[]>[]): AllergenId[] {
  const out: AllergenId[] = [];
  let first = cueStart;
  for (const m of [...allergens].reverse()) {
    if (m.end >= first) continue;
    if (!onlyConnectors(tokens, m.end + 1, first)) break;
    out.push(...m.value);
    first = m.start;
  }
  return out;
}

/** Messages read lately (the same history comes back with every message of a conversation). */
const READ = new Map<string, StatedConstraints>();
const READ_MAX = 2000;

/** The allergies and diets one message states. */
export function readConstraints(text: string): StatedConstraints {
  const known = READ.get(text);
  if (known) return known;
  const read = readUncached(text);
  if (READ.size >= READ_MAX) READ.delete(READ.keys().next().value!);
  READ.set(text, read);
  return read;
}

function readUncached(text: string): StatedConstraints {
  const tokens = tokenize(text);
  const allergens = matchPhrases(tokens, ALLERGEN_PHRASES, { compoundHeads: true });
  const found = new Set<AllergenId>();
  const allergyCues = matchPhrases(tokens, ALLERGY_CUE_PHRASES);
  for (const cue of allergyCues) for (const a of listAfter(tokens, cue.end, allergens, false)) found.add(a);
  for (const cue of matchPhrases(tokens, WITHOUT_CUE_PHRASES)) {
    for (const a of listAfter(tokens, cue.end, allergens, true)) found.add(a);
  }
  const afterCues = matchPhrases(tokens, AFTER_CUE_PHRASES);
  for (const cue of afterCues) for (const a of listBefore(tokens, cue.start, allergens)) found.add(a);
  for (const m of allergens) {
    const next = tokens[m.end + 1];
    const token = tokens[m.start]!;
    // "gluten free", "nut-free", "glutenfrei", "nut allergy", "Erdnussallergie", "coeliac" (a cue itself).
    const freeAfter = next !== undefined && !next.stop && FREE.has(next.fold);
    const cueAfter = allergyCues.some((c) => c.start === m.end + 1);
    const compoundTail =
      m.start === m.end && CUE_TAILS.some((tail) => token.fold.endsWith(tail) && token.fold !== tail);
    const isCue = allergyCues.some((c) => c.start <= m.start && m.end <= c.end);
    if (freeAfter || cueAfter || compoundTail || isCue) for (const a of m.value) found.add(a);
  }
  const diets = new Set(matchPhrases(tokens, DIET_PHRASES, { compoundHeads: true }).map((m) => m.value));
  const self = matchPhrases(tokens, SELF_CUE_PHRASES).length > 0 || allergyCues.length > 0 || afterCues.length > 0;
  return { allergens: found, diets, lastingDiets: self ? new Set(diets) : new Set() };
}

/**
 * The profile every reply of this turn keeps to: the one the guest set on the menu page (sent as
 * `allergyProfile`), what they said earlier (their own messages only: allergens, and diets said of
 * themselves) and what this message says.
 */
export function conversationProfile(
  input: Pick<AssistantInput, 'message' | 'history' | 'allergyProfile'>,
  options: { lastingOnly?: boolean } = {},
): AllergyProfile {
  const allergens = new Set<AllergenId>(input.allergyProfile?.allergens ?? []);
  const diets = new Set<DietId>(input.allergyProfile?.diets ?? []);
  for (const h of input.history) {
    if (h.role !== 'user') continue;
    const said = readConstraints(h.text);
    for (const a of said.allergens) allergens.add(a);
    for (const d of said.lastingDiets) diets.add(d);
  }
  const now = readConstraints(input.message);
  for (const a of now.allergens) allergens.add(a);
  // "is the lasagne vegetarian?" asks about one dish: the diet is the question, not the guest's.
  for (const d of options.lastingOnly ? now.lastingDiets : now.diets) diets.add(d);
  return { allergens: ALLERGENS.filter((a) => allergens.has(a)), diets: DIETS.filter((d) => diets.has(d)) };
}
