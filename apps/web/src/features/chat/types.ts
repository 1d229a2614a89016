import type { ReactNode } from 'react';
import type { PublicProduct } from '@carte/domain/public-types';

/** A cart line as POST /api/chat takes it (architecture.md 4.5). */
export interface ChatCartLine {
  productId: string;
  variationIds: string[];
  quantity: number;
}

/** What the assistant asks the cart to do (architecture.md 4.5). */
export type ChatAction =
  | { type: 'add_to_cart'; productId: string; variationIds: string[]; quantity: number }
  | { type: 'remove_from_cart'; productId: string; variationIds: string[]; quantity: number }
  | { type: 'open_cart' };

/** The `data` of POST /api/chat, and of the `done` server-sent event. */
export interface ChatReply {
  message: { role: 'assistant'; html: string };
  products: string[];
  actions: ChatAction[];
}

/**
 * One message of the conversation. `html` is what the API takes back as history (a guest's text
 * escaped; the assistant's sanitised reply). A guest's `text` is shown as text, never as HTML.
 * `error` messages are shown with a retry and never stored.
 */
export type ChatMessage =
  | { id: string; role: 'user'; text: string; html: string }
  | { id: string; role: 'assistant'; html: string; products: string[] }
  | { id: string; role: 'error'; html: string; retryText: string };

export interface ComposerState {
  /** No conversation yet: the page shows the suggestion chips. */
  isFirstTime: boolean;
  /** A reply is on its way. */
  busy: boolean;
}

export interface ChatContainerProps {
  venueUrl: string;
  /** The admin chat keeps a history of its own (a later issue). */
  isAdmin?: boolean;
  /** The venue's menu, already loaded by the page: the reply names products by id. */
  menu: PublicProduct[];
  /** A product of the reply, shown inside the assistant's message (card variation 'order'). */
  renderProductCard: (product: PublicProduct) => ReactNode;
  /** The assistant's cart actions, once its reply is complete (never again on reload). */
  onActions?: (actions: ChatAction[]) => void;
  /** The guest's cart, sent with each message so the assistant can talk about it. */
  getCart?: () => ChatCartLine[];
  /** The stored order's date_created: a chat older than 2 hours resets with it (spec section 4). */
  orderDateCreated?: string | null;
  /**
   * Tells the page whether the guest is new (no conversation: the page shows the suggestion chips)
   * and whether a reply is on its way. The page owns the input, outside the lazy chat, so text
   * typed while the chat loads is never lost.
   */
  onComposerState?: (state: ComposerState) => void;
}
