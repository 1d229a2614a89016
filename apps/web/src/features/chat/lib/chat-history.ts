import { sessionResetReason } from '@carte/domain/session-expiry';
import type { ChatMessage } from '../types.ts';
import { historyKey } from './history-key.ts';

export { historyKey };

/**
 * The conversation kept in the browser (spec section 3, Chat history: messages with role and html,
 * updatedAt, venue, isAdmin), one per venue and per admin flag. Messages with role 'error' are
 * dropped when stored. It resets with the 2-hour session (spec section 4): 2 hours without a
 * message, or an order placed more than 2 hours ago.
 */
export interface StoredChatHistory {
  messages: StoredMessage[];
  updatedAt: number;
  venue: string;
  isAdmin: boolean;
}

type StoredMessage =
  | { role: 'user'; html: string; text: string }
  | { role: 'assistant'; html: string; products: string[] };

/** Enough for a long meal; older messages go first. */
export const STORED_MESSAGES_MAX = 60;

let counter = 0;
export function newMessageId(): string {
  counter += 1;
  return `m${Date.now().toString(36)}${counter}`;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function toStored(message: ChatMessage): StoredMessage | null {
  if (message.role === 'user') return { role: 'user', html: message.html, text: message.text };
  if (message.role === 'assistant') return { role: 'assistant', html: message.html, products: message.products };
  return null;
}

function fromStored(value: unknown): ChatMessage | null {
  if (typeof value !== 'object' || value === null) return null;
  const m = value as Record<string, unknown>;
  if (typeof m.html !== 'string') return null;
  if (m.role === 'user' && typeof m.text === 'string') {
    return { id: newMessageId(), role: 'user', text: m.text, html: m.html };
  }
  if (m.role === 'assistant') {
    const products = Array.isArray(m.products) ? m.products.filter((p): p is string => typeof p === 'string') : [];
    return { id: newMessageId(), role: 'assistant', html: m.html, products };
  }
  return null;
}

export interface LoadOptions {
  now?: number;
  orderDateCreated?: string | null | undefined;
}

/** The stored conversation, or none when it expired, belongs elsewhere or cannot be read. */
export function loadHistory(
  venueUrl: string,
  isAdmin: boolean,
  options: LoadOptions = {},
): { messages: ChatMessage[]; updatedAt: number | null } {
  const none = { messages: [], updatedAt: null };
  const store = storage();
  if (!store) return none;
  const key = historyKey(venueUrl, isAdmin);
  let stored: Partial<StoredChatHistory> | null = null;
  try {
    stored = JSON.parse(store.getItem(key) ?? 'null') as Partial<StoredChatHistory> | null;
  } catch {
    stored = null;
  }
  if (!stored || typeof stored !== 'object' || !Array.isArray(stored.messages)) return none;
  const expired = sessionResetReason(
    { venueUrl: stored.venue, lastActivityAt: stored.updatedAt, orderDateCreated: options.orderDateCreated },
    venueUrl,
    options.now ?? Date.now(),
  );
  if (expired || stored.isAdmin !== isAdmin) {
    clearHistory(venueUrl, isAdmin);
    return none;
  }
  return {
    messages: stored.messages.map(fromStored).filter((m): m is ChatMessage => m !== null),
    updatedAt: typeof stored.updatedAt === 'number' ? stored.updatedAt : null,
  };
}

export function saveHistory(venueUrl: string, isAdmin: boolean, messages: ChatMessage[], now = Date.now()): void {
  const store = storage();
  if (!store) return;
  const kept = messages
    .map(toStored)
    .filter((m): m is StoredMessage => m !== null)
    .slice(-STORED_MESSAGES_MAX);
  const value: StoredChatHistory = { messages: kept, updatedAt: now, venue: venueUrl, isAdmin };
  try {
    store.setItem(historyKey(venueUrl, isAdmin), JSON.stringify(value));
  } catch {
    // Full or refused storage: the conversation still works, it is just not kept.
  }
}

export function clearHistory(venueUrl: string, isAdmin: boolean): void {
  try {
    storage()?.removeItem(historyKey(venueUrl, isAdmin));
  } catch {
    // Nothing to clear.
  }
}
