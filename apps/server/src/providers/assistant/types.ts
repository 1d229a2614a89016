/**
 * The menu assistant provider (architecture.md sections 4.5 and 5).
 *
 * A provider answers one guest message with a *structured* reply: plain text blocks, the ids of the
 * products it refers to, and cart actions. It never produces HTML; the route renders the reply with
 * `renderReplyHtml` (which escapes every piece of text) and sanitises the result again.
 *
 * Two implementations: the offline assistant (`./offline/index.ts`, the default, deterministic, no
 * network) and a model-backed one (OpenAI-compatible). Both take the same input.
 */
import { LANGUAGES, type AllergyProfile, type Language, type OptionGroup, type VenueSchedule } from '@carte/domain';

export { LANGUAGES, type Language };

export interface MenuCategory {
  id: string;
  name: string;
}

export interface MenuVariation {
  id: string;
  name: string;
  /** Minor units; a missing price_variation counts as 0. May be negative. */
  priceVariationMinor: number;
  /** The option's own allergen ids, lower case ("anchovies" -> fish): the dish has them when it is chosen. */
  allergenes?: string[];
  /** The option's own preference ids, lower case ("tofu" -> vegan). */
  preferences?: string[];
}

export interface MenuProduct {
  id: string;
  name: string;
  description: string | null;
  /** Minor units; null means "ask for price": such a product cannot be added to a cart. */
  priceMinor: number | null;
  recommended: boolean;
  /** 'available' products are offered; any other status is never offered. */
  status: string;
  /** Preference ids, lower case: vegetarian, vegan, gluten-free, dairy-free, egg-free, bean-free, spicy, ... */
  preferences: string[];
  /** Allergen ids: the 14 of the domain (milk, eggs, tree-nuts, crustaceans, ...); older data may hold an old name (dairy, nuts, seafood), read by its meaning (domain allergensMeant). */
  allergenes: string[];
  categories: MenuCategory[];
  variations: MenuVariation[];
  /** Option groups ("Size: choose exactly 1"); absent or empty when the product has none. */
  variationGroups?: OptionGroup[];
}

export interface AssistantMenu {
  venueName: string;
  /** usd, eur, gbp, thb (formatPrice from @carte/domain writes it in the guest's language: "7,50 €", "£7.50"). */
  currency: string;
  useTextMenu: boolean;
  textMenu: string | null;
  products: MenuProduct[];
  /** The venue's opening hours (architecture 4.10), to answer "when do you close?"; absent = always open. */
  schedule?: VenueSchedule;
}

/** One line of the guest's cart as the client sends it (architecture.md 4.5). */
export interface CartLine {
  productId: string;
  variationIds: string[];
  quantity: number;
}

/**
 * A previous message. `text` is already stripped of HTML by the route.
 * `productIds` are the products an assistant message showed (the cards), when the route knows them;
 * without them the assistant looks for product names in the text.
 */
export interface HistoryMessage {
  role: 'user' | 'assistant';
  text: string;
  productIds?: string[];
}

export type AssistantAction =
  | { type: 'add_to_cart'; productId: string; variationIds: string[]; quantity: number }
  | { type: 'remove_from_cart'; productId: string; variationIds: string[]; quantity: number }
  | { type: 'open_cart' };

/** A line the table sent to the kitchen. */
export interface TableOrderedLine {
  /** null when the dish has since left the menu. */
  productId: string | null;
  name: string;
  variationIds: string[];
  variationNames: string[];
  quantity: number;
  totalMinor: number;
  /** 1 for the table's first round. */
  round: number;
}

/**
 * The guest's table, when the phone joined its live session (issue 20 item 4): what the table has
 * ordered, what waits in its shared cart, and its bill, so "what did we order?", "the same drinks
 * again" and "what do I owe?" are answered from the session.
 */
export interface AssistantTable {
  spot: string;
  /** The name this guest goes by at the table. */
  me: string;
  /** How many phones joined. */
  guests: number;
  ordered: TableOrderedLine[];
  /** The shared cart, not sent yet. */
  cart: { name: string; quantity: number; addedBy: string }[];
  /** Minor units; null before the first round. */
  bill: {
    totalMinor: number;
    paidMinor: number;
    heldMinor: number;
    remainingMinor: number;
    /** What this guest has paid, and holds while paying. */
    myPaidMinor: number;
    myHeldMinor: number;
  } | null;
}

export interface AssistantInput {
  menu: AssistantMenu;
  language: Language;
  /** The guest's message, trimmed, 1..2000 characters (the route checks). */
  message: string;
  /** Oldest first. */
  history: HistoryMessage[];
  cart: CartLine[];
  /** The allergies and diets the guest set on the menu page (decision 017): every reply keeps to them. */
  allergyProfile?: AllergyProfile;
  /** The venue's opening hours when it has them: the assistant answers "when do you close?" from them. */
  schedule?: VenueSchedule;
  /** The time of the question (epoch ms; defaults to now): for opening hours. */
  now?: number;
  /** The guest's table session, when the phone joined one. */
  table?: AssistantTable;
}

/** A run of text, optionally bold. */
export interface TextRun {
  text: string;
  strong?: boolean;
}
/** Plain text, or runs of text where some are bold. Never HTML. */
export type RichText = string | TextRun[];

export type ReplyBlock =
  | { type: 'paragraph'; text: RichText }
  | { type: 'list'; items: RichText[] }
  /** A side remark such as the allergen reminder; rendered as a paragraph with class "note". */
  | { type: 'note'; text: RichText };

/**
 * Intent names used by the offline assistant (the model-backed one may use any of them):
 * greeting, help, search, recommend, product_info, add_to_cart, remove_from_cart, update_quantity,
 * view_cart, checkout, cheapest, most_expensive, text_menu, thanks, fallback.
 */
export type AssistantIntent =
  | 'greeting'
  | 'help'
  | 'thanks'
  | 'search'
  | 'recommend'
  | 'product_info'
  | 'add_to_cart'
  | 'remove_from_cart'
  | 'update_quantity'
  | 'view_cart'
  | 'checkout'
  | 'cheapest'
  | 'most_expensive'
  | 'text_menu'
  | 'fallback';

export interface AssistantReply {
  blocks: ReplyBlock[];
  /** Product ids the reply recommends or refers to, most relevant first (the route shows them as cards). */
  products: string[];
  actions: AssistantAction[];
  intent: AssistantIntent | string;
}

export interface AssistantProvider {
  reply(input: AssistantInput, signal?: AbortSignal): Promise<AssistantReply>;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

function renderRich(text: RichText): string {
  if (typeof text === 'string') return escapeHtml(text);
  return text.map((run) => (run.strong ? `<strong>${escapeHtml(run.text)}</strong>` : escapeHtml(run.text))).join('');
}

function plainRich(text: RichText): string {
  return typeof text === 'string' ? text : text.map((r) => r.text).join('');
}

/**
 * Renders a reply to simple HTML (p, ul/li, strong) with every piece of text escaped.
 * The route still sanitises the result.
 */
export function renderReplyHtml(reply: Pick<AssistantReply, 'blocks'>): string {
  return reply.blocks
    .map((b) => {
      if (b.type === 'paragraph') return `<p>${renderRich(b.text)}</p>`;
      if (b.type === 'note') return `<p class="note">${renderRich(b.text)}</p>`;
      return `<ul>${b.items.map((i) => `<li>${renderRich(i)}</li>`).join('')}</ul>`;
    })
    .join('');
}

/** The reply as plain text (for logs, the evaluation and model context). */
export function renderReplyText(reply: Pick<AssistantReply, 'blocks'>): string {
  return reply.blocks
    .map((b) => (b.type === 'list' ? b.items.map((i) => `- ${plainRich(i)}`).join('\n') : plainRich(b.text)))
    .join('\n');
}
