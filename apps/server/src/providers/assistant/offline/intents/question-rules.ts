/** Rules for questions about dishes: the cheapest, what is in a dish, its diets and allergens, and follow-ups. */
import type { ReplyBlock } from '../../types.ts';
import { expandToken } from '../menu-index.ts';
import { msg } from '../messages.ts';
import { parseMessage } from '../parse.ts';
import { addReply, infoReply, pickFromHistory, reply, searchReply, superlativeReply } from '../replies.ts';
import type { GuestRule } from '../rules.ts';
import { labelWords, noDishNamed } from './rule-helpers.ts';

export const QUESTION_RULES: readonly GuestRule[] = [
  {
    name: 'cheapest',
    guard: (r) => r.kw.has('cheapest'),
    handle: (r) => superlativeReply(r.ctx, 'cheapest'),
  },
  {
    name: 'most_expensive',
    guard: (r) => r.kw.has('expensive'),
    handle: (r) => superlativeReply(r.ctx, 'most_expensive'),
  },
  {
    // "is the diavola spicy?" ... "and the margherita?": the same question about the dish named now.
    name: 'same_question',
    guard: (r, s) =>
      s.previousAsk !== null &&
      r.resolved.length > 0 &&
      r.resolved.length === r.mentions.length &&
      !r.askingAbout &&
      !r.kw.has('add') &&
      r.p.toks.some((t) => t.i < r.mentions[0]!.start && t.tags.includes('kw:conj')),
    handle: (r) => {
      const before = parseMessage(r.ctx.state.previousAsk!, r.ctx.idx);
      const asked =
        before.diets.size > 0 || before.exclude.size > 0 || before.askAllergens.size > 0 || before.kw.has('price');
      if (!asked) return null;
      const kw = new Set(r.p.kw);
      if (before.kw.has('price')) kw.add('price');
      // A dish not talked about yet: what is in it, besides the answer.
      else kw.add('whatin');
      const p = {
        ...r.p,
        kw,
        question: true,
        diets: before.diets,
        exclude: before.exclude,
        freeLabels: before.freeLabels,
        askAllergens: before.askAllergens,
      };
      const asks = before.askTokens.filter((t) => t.tags.some((x) => x.startsWith('alg:')));
      return infoReply({ ...r.ctx, p, asks }, r.resolved);
    },
  },
  {
    // Questions about the dishes named.
    name: 'product_info',
    guard: (r) => {
      if (!r.resolved.length || r.resolved.length !== r.mentions.length) return false;
      if (r.kw.has('recommend') || r.ingredientSearch) return false;
      const { idx } = r.ctx;
      const leftover = r.content.filter(
        (t) => !r.mentions.some((m) => m.tokens.includes(t)) && expandToken(idx, t).length === 0 && !t.tags.length,
      );
      return r.askingAbout || r.p.question || leftover.length === 0 || r.resolved.length === 1;
    },
    handle: (r) => infoReply(r.ctx, r.resolved),
  },
  {
    // "the second one (please)": a dish of the list just shown, ordered or asked about.
    name: 'pick_from_list',
    guard: (r, s) => noDishNamed(r, s) && r.p.ordinal !== null && !r.askingAbout,
    handle: (r) => {
      const picked = pickFromHistory(r.ctx);
      if (!picked.length) return null;
      if (r.kw.has('please') || r.kw.has('add')) {
        const added = addReply(r.ctx);
        if (added) return added;
      }
      return infoReply(r.ctx, picked);
    },
  },
  {
    // "which of them are vegan?": the list just shown, filtered.
    name: 'follow_up_filter',
    guard: (r, s) =>
      noDishNamed(r, s) &&
      (r.kw.has('which') || r.kw.has('ref')) &&
      (r.p.diets.size > 0 || r.p.exclude.size > 0 || r.p.priceMax !== null) &&
      s.products.length > 1 &&
      !r.p.ordinal,
    handle: (r) => searchReply(r.ctx, r.ctx.state.products),
  },
  {
    // "is it spicy?", "how much is the second one?", "does it have nuts?": about the dish just shown.
    name: 'follow_up',
    guard: (r, s) =>
      noDishNamed(r, s) &&
      !r.lookingFor &&
      (r.kw.has('ref') || r.p.ordinal !== null || (r.p.question && r.content.every((t) => r.ctx.asks.includes(t)))) &&
      r.askingAbout,
    handle: (r) => infoReply(r.ctx, pickFromHistory(r.ctx)),
  },
  {
    // "and that one?", "what is it?".
    name: 'follow_up_ref',
    guard: (r, s) => noDishNamed(r, s) && r.kw.has('ref') && r.p.question && !r.content.length,
    handle: (r) => infoReply(r.ctx, pickFromHistory(r.ctx)),
  },
  {
    // "is it halal?": a label the menu uses, asked about the dish just shown.
    name: 'follow_up_label',
    guard: (r, s) => {
      if (!noDishNamed(r, s) || !r.p.question) return false;
      const words = labelWords(r);
      return words.length > 0 && words.length === r.content.length;
    },
    handle: (r) => {
      const picked = pickFromHistory(r.ctx);
      if (!picked.length) return null;
      const words = labelWords(r);
      const blocks: ReplyBlock[] = picked.slice(0, 4).flatMap((ip) =>
        words.map((t): ReplyBlock => ({
          type: 'paragraph',
          text: msg(r.ctx.lang, ip.p.preferences.includes(t.fold) ? 'dietYes' : 'dietNo', {
            name: ip.p.name,
            diet: t.fold,
          }),
        })),
      );
      return reply(
        'product_info',
        blocks,
        picked.slice(0, 4).map((ip) => ip.p.id),
      );
    },
  },
];
