/** Rules that browse the menu, and the last resorts: recommend, overview, search, late greetings, the fallback. */
import { msg } from '../messages.ts';
import { fallback, overviewReply, recommendReply, reply, searchReply } from '../replies.ts';
import type { GuestRule } from '../rules.ts';
import { greetingReply, thanksReply } from './rule-helpers.ts';

export const BROWSE_RULES: readonly GuestRule[] = [
  {
    name: 'recommend',
    guard: (r) => r.kw.has('recommend'),
    handle: (r) => recommendReply(r.ctx),
  },
  {
    name: 'overview',
    guard: (r) =>
      (r.kw.has('menu') || r.kw.has('whatyouhave') || (r.kw.has('show') && r.kw.has('all'))) &&
      !r.filters &&
      r.content.every((t) => t.stop || t.tags.some((x) => x.startsWith('kw:'))),
    handle: (r) => overviewReply(r.ctx),
  },
  {
    name: 'search',
    guard: (r) => r.content.length > 0 || r.filters || r.mentions.length > 0,
    handle: (r) => searchReply(r.ctx),
  },
  {
    name: 'late_greeting',
    guard: (r) => r.kw.has('greet'),
    handle: greetingReply,
  },
  {
    name: 'late_thanks',
    guard: (r) => r.kw.has('thanks') || r.kw.has('bye'),
    handle: thanksReply,
  },
  {
    name: 'what_to_add',
    guard: (r) => r.kw.has('add'),
    handle: (r) => reply('add_to_cart', [{ type: 'paragraph', text: msg(r.ctx.lang, 'whatToAdd') }]),
  },
  {
    name: 'fallback',
    guard: () => true,
    handle: (r) => fallback(r.ctx),
  },
];
