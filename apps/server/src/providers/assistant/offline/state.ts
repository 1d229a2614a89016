/**
 * The conversation state (decision 010): what the guest and the assistant were last talking about,
 * derived on the server from the history the client sends back ([{role, html}], architecture 4.5) and
 * the menu, never trusted from the client. Dishes are held by menu id: the route's `productIds` when
 * it has them, else the menu's names found in the text (a name can only point at a dish of this menu).
 */
import type { AssistantInput, AssistantReply, MenuCategory } from '../types.ts';
import type { IndexedProduct, MenuIndex } from './menu-index.ts';
import { fold } from '../language/tokens.ts';

/**
 * A dish the guest asked for whose required option groups are still open ("a margherita": which size?).
 * It is not added: the reply asks, and the guest's answer next turn completes it (see pendingChoices).
 */
export interface PendingItem {
  ip: IndexedProduct;
  quantity: number;
  variationIds: string[];
}

/** The dishes a reply asked options for, kept beside the reply (the reply's shape stays the API's). */
export const PENDING = new WeakMap<AssistantReply, PendingItem[]>();

export interface ConversationState {
  /** The dishes the last assistant message was about, most relevant first ("it", "them", "the second one"). */
  products: IndexedProduct[];
  /** The one dish last talked about, when the last answer was about one ("is it spicy?", "I'll take two"). */
  lastProduct: IndexedProduct | null;
  /** The list last shown, when the last answer listed several dishes ("the second one"). */
  lastList: IndexedProduct[];
  /** The menu sections those dishes belong to ("and the vegan ones?"). */
  categories: MenuCategory[];
  /** Dishes the assistant asked a required option for, waiting for the guest's choice. */
  pending: PendingItem[];
  /** Lines in the guest's cart (as the client sends it). */
  cartLines: number;
  /** The guest's previous message, when the assistant answered it last ("is it spicy?" before "and the margherita?"). */
  previousAsk: string | null;
}

function previousAsk(input: AssistantInput): string | null {
  const h = input.history;
  const n = h.length;
  if (n < 2 || h[n - 1]!.role !== 'assistant' || h[n - 2]!.role !== 'user') return null;
  return h[n - 2]!.text?.trim() || null;
}

/** Answers an earlier message again (to learn what the assistant asked then); depth bounds the replay. */
export type Replay = (input: AssistantInput, depth: number) => AssistantReply;

/** The state for this message: derived once, read by every rule's guard and handler. */
export function conversationState(
  input: AssistantInput,
  idx: MenuIndex,
  depth: number,
  replay: Replay,
): ConversationState {
  const products = historyProducts(input, idx);
  const categories: MenuCategory[] = [];
  for (const ip of products)
    for (const c of ip.p.categories) if (!categories.some((x) => x.id === c.id)) categories.push(c);
  return {
    products,
    lastProduct: products.length === 1 ? products[0]! : null,
    lastList: products.length > 1 ? products : [],
    categories,
    pending: idx.products.length ? pendingChoices(input, depth, replay) : [],
    cartLines: input.cart.length,
    previousAsk: previousAsk(input),
  };
}

/**
 * The dishes the assistant's last message asked options for. The client sends the conversation back,
 * so the question is the previous guest message answered again with the history before it: when that
 * answer asked options for dishes (and showed them), those dishes are still waiting for the choice.
 */
function pendingChoices(input: AssistantInput, depth: number, replay: Replay): PendingItem[] {
  const h = input.history;
  const n = h.length;
  if (depth >= 3 || n < 2 || h[n - 1]!.role !== 'assistant' || h[n - 2]!.role !== 'user') return [];
  const asked = h[n - 2]!.text?.trim();
  if (!asked) return [];
  // Only a message that names an option group can have asked for one (the group names are menu text).
  const said = h[n - 1]!.text ?? '';
  const groupNamed = input.menu.products.some((p) => (p.variationGroups ?? []).some((g) => said.includes(g.name)));
  if (!groupNamed) return [];
  const before = replay({ ...input, message: asked, history: h.slice(0, n - 2) }, depth + 1);
  const pending = PENDING.get(before) ?? [];
  const shown = h[n - 1]!.productIds;
  if (shown?.length && !pending.every((x) => shown.includes(x.ip.p.id))) return [];
  return pending;
}

/** Products the last assistant message showed: its productIds, else the product names in its text. */
function historyProducts(input: AssistantInput, idx: MenuIndex): IndexedProduct[] {
  let seen = 0;
  for (let i = input.history.length - 1; i >= 0 && seen < 3; i--) {
    const h = input.history[i]!;
    if (h.role !== 'assistant') continue;
    seen++;
    if (h.productIds?.length) {
      const out = h.productIds.map((id) => idx.byId.get(id)).filter((x): x is IndexedProduct => x !== undefined);
      if (out.length) return out;
    }
    const text = ` ${fold(h.text ?? '')
      .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
      .trim()} `;
    const found = idx.products
      .map((ip) => ({
        ip,
        at:
          ip.foldedName.length >= 3
            ? text.indexOf(` ${ip.foldedName.replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ').trim()} `)
            : -1,
      }))
      .filter((x) => x.at >= 0)
      .sort((a, b) => a.at - b.at || b.ip.foldedName.length - a.ip.foldedName.length);
    // Drop names that are part of a longer name found at the same place ("Espresso" in "Espresso doppio").
    const out: IndexedProduct[] = [];
    for (const f of found) {
      if (
        found.some(
          (g) =>
            g !== f &&
            g.ip.foldedName.length > f.ip.foldedName.length &&
            g.at <= f.at &&
            f.at < g.at + g.ip.foldedName.length + 1,
        )
      )
        continue;
      out.push(f.ip);
    }
    // A reply that opens with a dish's name was about that dish ("Massaman beef curry — 240.00 ฿ ...
    // served with jasmine rice"): the other names are only mentioned.
    if (out.length && found[0]!.at <= 1 && found[0]!.ip === out[0]) return [out[0]!];
    if (out.length) return out;
  }
  return [];
}
