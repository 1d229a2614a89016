import type { ReactNode } from 'react';
import type { PublicProduct } from '@carte/domain/public-types';

/** The chat call's shapes (architecture.md 4.5) come from the domain's wire contracts. */
import type { ChatAction, ChatCartLine, ChatReply } from '@carte/domain/wire';

export type { ChatAction, ChatCartLine, ChatReply };

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
  /**
   * The staff chat (`/admin/:id`): the server keeps the conversation (`initialMessages` is what GET
   * /api/chat/history gave), the menu changes it makes are shown as cards in its replies, and no
   * cart is sent.
   */
  isAdmin?: boolean;
  /** The conversation to start from instead of the browser's stored one (the staff chat's). */
  initialMessages?: ChatMessage[];
  /** After each reply (the staff page refreshes what the change touched). */
  onReply?: () => void;
  /**
   * A reply that asks to confirm (a deletion, `<p class="confirm">`) shows these two answers as
   * buttons under it; each sends its message.
   */
  confirmAnswers?: { yes: { label: string; message: string }; no: { label: string; message: string } };
  /** The staff chat: after a reply that changed the menu, a button that sends this ("undo"). */
  undoAnswer?: { label: string; message: string };
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
