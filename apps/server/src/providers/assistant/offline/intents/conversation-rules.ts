/** Rules that open a turn: an empty menu, the answer to a pending choice, greetings, help and thanks. */
import { msg } from '../messages.ts';
import { answerPending, exampleName, fallback, reply } from '../replies.ts';
import type { GuestRule } from '../rules.ts';
import { greetingReply, thanksReply } from './rule-helpers.ts';

export const CONVERSATION_RULES: readonly GuestRule[] = [
  {
    name: 'empty_menu',
    guard: (r) => !r.ctx.idx.products.length,
    handle: (r) => fallback(r.ctx),
  },
  {
    // The answer to "which size would you like?".
    name: 'pending_choice',
    guard: (_r, s) => s.pending.length > 0,
    handle: (r) => answerPending(r.ctx, r.ctx.state.pending),
  },
  {
    name: 'greeting',
    guard: (r) => r.kw.has('greet') && r.nothingElse && r.noIntent,
    handle: greetingReply,
  },
  {
    name: 'help',
    guard: (r) => r.kw.has('help') && !r.mentions.length && !r.filters && !r.content.length,
    handle: (r) =>
      reply('help', [{ type: 'paragraph', text: msg(r.ctx.lang, 'help', { example: exampleName(r.ctx.idx) }) }]),
  },
  {
    name: 'thanks',
    guard: (r) => (r.kw.has('thanks') || r.kw.has('bye')) && r.nothingElse && r.noIntent,
    handle: thanksReply,
  },
];
