/** The guest message as read once for the rules (rules.ts): the signals every guard shares. */
import type { Tagged } from './annotate.ts';
import { WORD_LISTS, wordSet, wordsOf } from '../language/lexicon.ts';
import { expandNameToken, expandToken, type IndexedProduct } from './menu-index.ts';
import { contentTokens, pickVariations, type Mention, type Parsed } from './parse.ts';
import { hasFilters, ingredientMention, type Ctx } from './replies.ts';

/** The message as read once: tags, dishes named and the signals the guards share. */
export interface Reading {
  ctx: Ctx;
  p: Parsed;
  kw: Set<string>;
  mentions: Mention[];
  /** Words that are neither keywords, filters nor numbers. */
  content: Tagged[];
  /** Content words the lexicon or the menu knows. */
  knownContent: Tagged[];
  /** A diet, allergen, ingredient or price filter was asked for. */
  filters: boolean;
  /** Nothing but a greeting, thanks or filler. */
  nothingElse: boolean;
  /** No word of an intent (add, remove, cart, price, menu ...). */
  noIntent: boolean;
  /** Dishes named by words the menu has exactly (not a near miss such as "think" ~ "Thai"). */
  firm: Mention[];
  /** "what ... do you have", "anything with": looking, not naming one dish. */
  searchish: boolean;
  /** The dishes named and resolved to one each. */
  resolved: IndexedProduct[];
  /** A question about a dish: price, contents, diet, allergens, "tell me about". */
  askingAbout: boolean;
  /** "was habt ihr mit Auberginen?": an ingredient searched for across dishes. */
  ingredientSearch: boolean;
  explicitAdd: boolean;
  impliedAdd: boolean;
  /** "take the spring rolls off": a removal with its particle apart from the verb. */
  takeOff: boolean;
  /** "something", "anything", "what ... do you have": asks for dishes, never about the last one. */
  lookingFor: boolean;
  /**
   * Two dishes named back to back with nothing between ("un poulet tandoori entier" read as "Chicken 65"
   * and "Tandoori roti"): one thing the menu does not have, not two orders.
   */
  glued: boolean;
}

const INTENT_WORDS = [
  'add',
  'remove',
  'cart',
  'total',
  'checkout',
  'recommend',
  'cheapest',
  'expensive',
  'price',
  'whatin',
  'menu',
  'whatyouhave',
  'change',
];

const TAKE_VERBS = wordSet(WORD_LISTS.takeVerbs);
const ARTICLES = wordSet(WORD_LISTS.articles);
const QUESTION_OPENERS = wordSet(WORD_LISTS.questionOpeners);
let openerPattern: RegExp | null = null;
/** "which mains can I have?", "quels desserts avez-vous ?": a question that asks to choose. */
function opensChoiceQuestion(message: string): boolean {
  openerPattern ??= new RegExp(
    `(^|[,.;:!]\\s*)(${wordsOf(WORD_LISTS.questionOpeners)
      .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('|')})\\s`,
    'iu',
  );
  return /\?\s*$/.test(message) && openerPattern.test(message.trim());
}

/** Reads the signals every guard shares, once per message. */
export function readMessage(ctx: Ctx): Reading {
  const { p, idx, mentions } = ctx;
  const kw = p.kw;
  const content = contentTokens(p);
  const filters = hasFilters(p);
  // Words neither the lexicon nor the menu knows ("guys", "owe", "far"): filler when the rest of
  // the message has a clear intent.
  const unknown = (t: Tagged) => !t.tags.length && expandToken(idx, t).length === 0;
  const knownContent = content.filter((t) => !unknown(t));
  const nothingElse =
    !mentions.length &&
    !filters &&
    !p.askAllergens.size &&
    (!content.length || (!knownContent.length && !p.question && !kw.has('have') && !kw.has('which')));
  const searchish =
    !p.quantities.size &&
    !kw.has('add') &&
    !kw.has('ref') &&
    (kw.has('have') || kw.has('whatyouhave') || kw.has('which') || kw.has('something'));
  // A word that only looks like a dish ("think" ~ "Thai") does not stop a checkout or a cart question.
  const firm = mentions.filter((m) => m.tokens.some((t) => expandNameToken(idx, t).some((x) => x.factor >= 1)));
  const resolved = mentions.filter((m) => m.resolved).map((m) => m.candidates[0]!);
  const askingAbout =
    kw.has('price') ||
    kw.has('whatin') ||
    kw.has('tell') ||
    ctx.asks.length > 0 ||
    p.diets.size > 0 ||
    p.exclude.size > 0;
  const ingredientSearch =
    mentions.length > 0 &&
    (mentions.every((m) => m.afterWith) || mentions.every((m) => ingredientMention(idx, m))) &&
    (kw.has('have') || kw.has('whatyouhave') || kw.has('which') || p.question) &&
    (searchish || mentions.every((m) => m.afterWith));
  // "which mains can I have?" and "what pizza can I get?" ask, they do not order.
  const choiceQuestion = !p.quantities.size && opensChoiceQuestion(ctx.input.message);
  const explicitAdd =
    kw.has('add') &&
    !choiceQuestion &&
    !(kw.has('recommend') && !mentions.length) &&
    !(kw.has('which') && !p.quantities.size) &&
    // "I want something with chicken": a search, not an order.
    !((kw.has('something') || mentions.every((m) => m.afterWith)) && !p.quantities.size && mentions.length > 0) &&
    // "I would like to see the dessert menu": browsing a category.
    !((kw.has('show') || kw.has('menu')) && !p.quantities.size && mentions.every((m) => m.generic || !m.resolved));
  // "a singha, the big one", "2 pad thai", "carbonara please": ordering without a verb.
  const startsWithArticle = ARTICLES.has(p.toks[0]?.fold ?? '');
  const choosesOption = mentions.some((m) => m.resolved && pickVariations(idx, m.candidates[0]!, m.loose).length > 0);
  // "un dolce senza pistacchi": a section word with a filter looks for dishes; it names none to order.
  const browsing = filters && mentions.every((m) => m.generic && !m.resolved);
  const impliedAdd =
    mentions.length > 0 &&
    !browsing &&
    !p.question &&
    (p.quantities.size > 0 || kw.has('please') || startsWithArticle || choosesOption || kw.has('checkout')) &&
    !kw.has('recommend') &&
    !kw.has('cheapest') &&
    !kw.has('expensive');
  const takeOff =
    kw.has('off') && (kw.has('add') || p.toks.some((t) => TAKE_VERBS.has(t.fold))) && ctx.state.cartLines > 0;
  const source = ctx.input.message.toLowerCase();
  const glued = mentions.some((m, k) => {
    const next = mentions[k + 1];
    if (!next || next.start !== m.end + 1) return false;
    const last = m.tokens[m.tokens.length - 1]!;
    const between = source.slice(last.at + last.raw.length, next.tokens[0]!.at);
    return !/[,;:+&/]/.test(between);
  });
  return {
    ctx,
    p,
    kw,
    mentions,
    glued,
    content,
    knownContent,
    filters,
    nothingElse,
    noIntent: !INTENT_WORDS.some((k) => kw.has(k)),
    firm,
    searchish,
    resolved,
    askingAbout,
    ingredientSearch,
    explicitAdd,
    impliedAdd,
    takeOff,
    // "something not spicy?", "what's not spicy?": dishes asked for, not the one just shown.
    lookingFor:
      kw.has('something') ||
      kw.has('whatyouhave') ||
      (!kw.has('ref') && (kw.has('have') || QUESTION_OPENERS.has(p.toks[0]?.fold ?? ''))),
  };
}
