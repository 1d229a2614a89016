/**
 * The offline menu assistant (decision 010): a deterministic reply to one guest message, from the menu
 * data only. The engine reads the message once (parse.ts, with the words of language/lexicon.ts), derives the
 * conversation state from the history (state.ts), then tries the rules of rules.ts in their stated
 * order; the first that answers wins. A venue with a text menu is answered by the same rules over its
 * lines, quoted as written and never with cart actions.
 */
import type { AssistantInput, AssistantReply, Language, ReplyBlock } from '../types.ts';
import { annotate, type Tagged } from './annotate.ts';
import { WORD_LISTS, wordSet } from '../language/lexicon.ts';
import { menuIndex, type MenuIndex } from './menu-index.ts';
import { msg } from './messages.ts';
import { findMentions, parseMessage, type Mention, type Parsed } from './parse.ts';
import { filterBefore, hasFilters, passesFilters, reply, type Ctx } from './replies.ts';
import { replyLanguage } from './reply-language.ts';
import { readMessage, runGuestRules } from './rules.ts';
import { conversationState } from './state.ts';
import { isThai } from '../language/tokens.ts';
import { textMenuAsMenu } from './text-menu.ts';

const QUESTION_OPENERS = wordSet(WORD_LISTS.questionOpeners);

/** A reply and the name of the rule that gave it (for tests and logs; the reply's shape is the API's). */
export interface Traced {
  rule: string;
  reply: AssistantReply;
}

export function replyOffline(input: AssistantInput): AssistantReply {
  return replyOfflineTraced(input).reply;
}

export function replyOfflineTraced(input: AssistantInput): Traced {
  const ui: Language = (['en', 'fr', 'it', 'de', 'th'] as const).includes(input.language) ? input.language : 'en';
  // The language the guest writes in when it is clearly one of the five, else the interface's.
  const lang = replyLanguage(input.message, ui);
  if (input.menu.useTextMenu && input.menu.textMenu?.trim()) return textMenuReply({ ...input, language: lang });
  return tracedProductReply({ ...input, language: lang });
}

const CART_INTENTS = new Set(['add_to_cart', 'remove_from_cart', 'update_quantity', 'view_cart', 'checkout']);

/** A venue with a text menu: answer from its lines (quoted as written), never with cart actions. */
function textMenuReply(input: AssistantInput): Traced {
  const lang = input.language;
  const tm = textMenuAsMenu(input.menu);
  const traced = tracedProductReply({
    ...input,
    menu: tm.menu,
    cart: [],
    history: input.history.map((h) => ({ role: h.role, text: h.text })),
  });
  const inner = traced.reply;
  const done = (out: AssistantReply) => ({ rule: `text_menu:${traced.rule}`, reply: out });
  const quotes = inner.products.map((id) => tm.quote.get(id)).filter((q): q is string => q !== undefined);
  if (CART_INTENTS.has(inner.intent) || inner.actions.length) {
    const blocks: ReplyBlock[] = [{ type: 'paragraph', text: msg(lang, 'textMenuCannotOrder') }];
    if (quotes.length) blocks.push({ type: 'list', items: quotes });
    return done(reply(inner.intent, blocks));
  }
  if (inner.intent === 'fallback') {
    // Opening hours, service charge, allergy policy: the notes of the text menu.
    const words = annotate(input.message).filter((t) => !t.stop && t.num === null && t.stem.length >= 3);
    const hits = tm.notes.filter((n) => {
      const stems = new Set(annotate(n, undefined, { typos: false }).map((t) => t.stem));
      return words.some((w) => stems.has(w.stem));
    });
    if (hits.length)
      return done(
        reply('text_menu', [
          { type: 'paragraph', text: msg(lang, 'textMenuFound') },
          { type: 'list', items: hits.slice(0, 3) },
        ]),
      );
    return done(
      reply('fallback', [
        { type: 'paragraph', text: msg(lang, 'textMenuNothing') },
        { type: 'paragraph', text: msg(lang, 'fallback') },
      ]),
    );
  }
  if (inner.intent === 'greeting' || inner.intent === 'help' || inner.intent === 'thanks') return done(inner);
  const blocks: ReplyBlock[] = [];
  let listed = false;
  for (const b of inner.blocks) {
    if (b.type === 'list') {
      if (!listed && quotes.length) blocks.push({ type: 'list', items: quotes });
      else if (!quotes.length) blocks.push(b);
      listed = true;
    } else blocks.push(b);
  }
  if (!listed && quotes.length)
    blocks.push({ type: 'paragraph', text: msg(lang, 'textMenuFound') }, { type: 'list', items: quotes });
  return done(reply(inner.intent === 'product_info' ? 'text_menu' : inner.intent, blocks));
}

/**
 * The dishes a message names, settled: a dish said after a past order ("I already ordered a
 * carbonara, can I add a tiramisu?") is not ordered again, and a category word that only one dish
 * carries ("le risotto est sans gluten ?") is that dish unless the guest is looking around.
 */
function readMentions(p: Parsed, idx: MenuIndex, lang: Language): Mention[] {
  let mentions = findMentions(p, idx, lang === 'th');
  // "I already ordered a carbonara, can I add a tiramisu?": a dish after a past order is not ordered again.
  if ((p.kw.has('ordered') || (p.kw.has('sofar') && lang === 'th')) && p.kw.has('add')) {
    const lastVerb = (m: Mention) => {
      for (let i = m.start - 1; i >= 0; i--) {
        const tags = p.toks[i]!.tags;
        // Thai "สั่งผัดไทยไปแล้ว": ordered already, said after the dish.
        const after = p.toks[m.end + 1];
        if (
          tags.includes('kw:add') &&
          after &&
          isThai(after.raw) &&
          (after.tags.includes('kw:sofar') || after.tags.includes('kw:ordered'))
        )
          return 'ordered';
        if (tags.includes('kw:add')) return 'add';
        if (tags.includes('kw:ordered')) return 'ordered';
        // "ich habe schon eine Carbonara bestellt": the participle comes after the dish.
        if (tags.includes('kw:possess')) {
          for (let j = m.end + 1; j < p.toks.length; j++) {
            const next = p.toks[j]!.tags;
            if (next.includes('kw:add')) return 'add';
            if (next.includes('kw:ordered')) return 'ordered';
          }
          return null;
        }
      }
      return null;
    };
    const kept = mentions.filter((m) => lastVerb(m) !== 'ordered');
    if (kept.length) mentions = kept;
  }
  // "gluten-free pasta", "vegetarian pizzas": a filter on a category word is a filtered search of the
  // category, not a question about the one dish that happens to carry the word in its name.
  // "allergic to sesame, can I get the tiradito": asked for, the one dish stays meant (and the add is
  // refused with its allergen), not a search of its category without it.
  const asksToAdd = p.kw.has('add') && !p.kw.has('which') && !p.kw.has('have');
  const filteredCategory = (m: Mention) =>
    m.generic &&
    hasFilters(p) &&
    (!m.single || (!passesFilters(m.single, p, idx) && !asksToAdd) || filterBefore(p, m));
  // "le risotto est sans gluten ?": the one risotto; "avete un risotto?" and "no pork, what can we
  // grill?" stay searches.
  const asksWhat =
    hasFilters(p) &&
    QUESTION_OPENERS.has(
      p.toks.find((t) => !t.tags.some((x) => !x.startsWith('kw:')) && t.tags.includes('kw:q'))?.fold ?? '',
    );
  if (!p.kw.has('have') && !p.kw.has('whatyouhave') && !p.kw.has('which') && !asksWhat) {
    for (const m of mentions) {
      if (!m.resolved && m.single && !filteredCategory(m)) {
        m.candidates = [m.single];
        m.resolved = true;
      }
    }
  }
  return mentions;
}

function tracedProductReply(input: AssistantInput, depth = 0): Traced {
  const idx = menuIndex(input.menu);
  const p = parseMessage(input.message, idx);
  const mentions = readMentions(p, idx, input.language);
  const state = conversationState(input, idx, depth, (again, d) => tracedProductReply(again, d).reply);
  const inMention = (t: Tagged) => mentions.some((m) => m.tokens.includes(t));
  const ctx: Ctx = {
    input,
    lang: input.language,
    idx,
    p,
    mentions,
    state,
    asks: p.askTokens.filter((t) => !inMention(t)),
  };
  return runGuestRules(readMessage(ctx), state);
}
