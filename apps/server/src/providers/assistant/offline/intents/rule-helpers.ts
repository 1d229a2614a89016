/** Small helpers the guest rules share (rules.ts and intents/*-rules.ts). */
import type { AssistantReply } from '../../types.ts';
import type { Tagged } from '../annotate.ts';
import type { IndexedProduct } from '../menu-index.ts';
import { msg } from '../messages.ts';
import { pickVariations, type Mention } from '../parse.ts';
import { exampleName, reply } from '../replies.ts';
import type { ConversationState } from '../state.ts';
import type { Reading } from '../reading.ts';

export const greetingReply = (r: Reading): AssistantReply =>
  reply('greeting', [
    { type: 'paragraph', text: msg(r.ctx.lang, 'greeting', { venue: r.ctx.input.menu.venueName }) },
    { type: 'paragraph', text: msg(r.ctx.lang, 'help', { example: exampleName(r.ctx.idx) }) },
  ]);
export const thanksReply = (r: Reading): AssistantReply =>
  reply('thanks', [{ type: 'paragraph', text: msg(r.ctx.lang, 'thanks') }]);

/** "is it halal?": labels the menu uses (not the diets the lexicon knows), asked about the dish just shown. */
export function labelWords(r: Reading): Tagged[] {
  return r.content.filter((t) => r.ctx.idx.products.some((ip) => ip.p.preferences.includes(t.fold)));
}

export const noDishNamed = (r: Reading, s: ConversationState) => !r.mentions.length && s.products.length > 0;

/** Every word of the mention names an option of that dish ("เนื้อ" is the Bibimbap's "Beef"). */
export function namesOptionOf(r: Reading, ip: IndexedProduct, m: Mention): boolean {
  return m.tokens.every((t) => pickVariations(r.ctx.idx, ip, [t]).length > 0);
}
