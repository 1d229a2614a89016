import { conversationProfile } from '../safety/constraints.ts';
import type { AssistantInput, AssistantProvider, AssistantReply, ReplyBlock } from '../types.ts';
import { TOOL_DEFINITIONS, ToolSession, type SearchFallback } from './menu-tools.ts';
import { createChatCompletion, ModelProviderError, type ChatMessage } from './openai-client.ts';
import { buildSystemPrompt } from './prompt.ts';
import { MODEL_STRINGS, productPriceBlocks, productsNamedIn, textToBlocks } from './reply-text.ts';

/**
 * The model-backed menu assistant: an OpenAI-compatible chat completion with tools, streamed.
 * The tool loop runs here, against the venue's menu; the model's words become escaped text and
 * everything factual under them (which dishes, their prices and allergens, the cart actions) comes
 * from the database. Any failure throws, and the caller falls back to the offline assistant.
 */

export interface ModelAssistantOptions {
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
  /** Budget for the whole reply, all tool rounds included. */
  timeoutMs: number;
  /** Completions per reply; the last one is asked without tools so the model must answer. */
  maxRounds?: number;
  fetchImpl?: typeof fetch;
  searchFallback?: SearchFallback;
}

export interface ReplyHooks {
  /** Completed blocks of the reply as the model writes them (already safe: escaped at render, prices removed). */
  onBlocks?: (blocks: ReplyBlock[]) => void;
}

const HISTORY_LIMIT = 12;
const HISTORY_TEXT_LIMIT = 2000;
const MAX_PRODUCTS = 8;

/** Emits whole paragraphs while text streams in. */
class ParagraphStreamer {
  private buffer = '';
  constructor(private readonly emit: (text: string) => void) {}
  push(text: string): void {
    this.buffer += text;
    const cut = this.buffer.lastIndexOf('\n\n');
    if (cut >= 0) {
      const ready = this.buffer.slice(0, cut);
      this.buffer = this.buffer.slice(cut + 2);
      if (ready.trim()) this.emit(ready);
    }
  }
  /** The rest of the text once the model is done with this round. */
  flush(): void {
    if (this.buffer.trim()) this.emit(this.buffer);
    this.buffer = '';
  }
  discard(): void {
    this.buffer = '';
  }
}

export class ModelAssistant implements AssistantProvider {
  private readonly maxRounds: number;
  constructor(private readonly options: ModelAssistantOptions) {
    this.maxRounds = Math.max(1, options.maxRounds ?? 4);
  }

  async reply(input: AssistantInput, signal?: AbortSignal, hooks: ReplyHooks = {}): Promise<AssistantReply> {
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    const { menu, language } = input;
    const profile = conversationProfile(input);
    const session = new ToolSession(menu, input.cart, this.options.searchFallback, language, profile);
    const stated = [...profile.allergens, ...profile.diets];
    const constraints = stated.length
      ? `\n\nThe guest has stated these allergies and diets: ${stated.join(', ')}. The tools already leave out the dishes and options that do not suit them: never recommend or add any other, and for a dish without allergen data tell the guest to ask the staff.`
      : '';
    const tools = menu.useTextMenu ? undefined : TOOL_DEFINITIONS;
    const messages: ChatMessage[] = [
      { role: 'system', content: buildSystemPrompt(menu, language) + constraints },
      ...input.history
        .slice(-HISTORY_LIMIT)
        .map((h) => ({ role: h.role, content: h.text.slice(0, HISTORY_TEXT_LIMIT) }) as ChatMessage),
      { role: 'user', content: input.message },
    ];

    let finalText = '';
    const spokenEarlier: string[] = [];
    for (let round = 1; round <= this.maxRounds; round++) {
      const lastRound = round === this.maxRounds;
      const streamer = new ParagraphStreamer((text) => hooks.onBlocks?.(textToBlocks(text, language)));
      const result = await createChatCompletion({
        baseUrl: this.options.baseUrl,
        apiKey: this.options.apiKey,
        model: this.options.model,
        messages,
        ...(tools && !lastRound ? { tools } : {}),
        signal: combined,
        onText: (t) => streamer.push(t),
        ...(this.options.fetchImpl ? { fetchImpl: this.options.fetchImpl } : {}),
      });
      if (!result.toolCalls.length || !tools || lastRound) {
        streamer.flush();
        finalText = result.content;
        break;
      }
      streamer.discard();
      if (result.content.trim()) spokenEarlier.push(result.content);
      messages.push({
        role: 'assistant',
        content: result.content || null,
        tool_calls: result.toolCalls.map((c) => ({
          id: c.id,
          type: 'function',
          function: { name: c.name, arguments: c.arguments },
        })),
      });
      for (const call of result.toolCalls) {
        const output = session.run(call.name, call.arguments);
        messages.push({ role: 'tool', tool_call_id: call.id, content: JSON.stringify(output) });
      }
    }

    const text = finalText.trim() ? finalText : spokenEarlier.join('\n\n');
    const blocks = textToBlocks(text, language);
    const strings = MODEL_STRINGS[language];
    if (!blocks.length) {
      if (session.actions.some((a) => a.type !== 'open_cart'))
        blocks.push({ type: 'paragraph', text: strings.cartUpdated });
      else if (session.actions.length) blocks.push({ type: 'paragraph', text: strings.cartOpened });
      else throw new ModelProviderError('the model gave no answer');
    }

    const candidates = new Set([...session.seen, ...session.acted, ...session.fetched]);
    const ids: string[] = [];
    for (const id of [...productsNamedIn(text, menu.products, candidates), ...session.acted, ...session.fetched]) {
      if (!ids.includes(id) && session.product(id)?.status === 'available') ids.push(id);
    }
    const products = ids.slice(0, MAX_PRODUCTS);
    blocks.push(
      ...productPriceBlocks(
        products.map((id) => session.product(id)!),
        menu.currency,
        language,
      ),
    );

    const kinds = new Set(session.actions.map((a) => a.type));
    const intent = kinds.has('add_to_cart')
      ? 'add_to_cart'
      : kinds.has('remove_from_cart')
        ? 'remove_from_cart'
        : kinds.has('open_cart')
          ? 'checkout'
          : menu.useTextMenu
            ? 'text_menu'
            : 'model';
    return { blocks, products, actions: session.actions, intent };
  }
}
