import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/react.tsx';
import { sliceChars } from '@carte/domain/options';
import { isOlderThanSession } from '@carte/domain/session-expiry';
import type * as PostChatModule from '../api/post-chat.ts';
import { loadHistory, newMessageId, saveHistory } from '../lib/chat-history.ts';
import { escapeHtml } from '../lib/escape-html.ts';
import { loadSanitizer } from '../lib/sanitizer.ts';
import type { ChatAction, ChatCartLine, ChatMessage } from '../types.ts';
import { keepStatedProfile, withAllergyProfile } from '../../../lib/stores/allergy-profile.ts';
import { tableMemberHeaders } from '../../../lib/stores/table-member.ts';

/** The server reads the last 30 messages and takes at most 50 (chat.routes.ts); lengths in characters. */
const HISTORY_SENT = 30;
const HISTORY_HTML_MAX = 8000;
export const MESSAGE_MAX = 2000;

interface Pending {
  /** One id per attempt: a retry is a new attempt. */
  id: string;
  text: string;
  history: { role: 'user' | 'assistant'; html: string }[];
}

interface ChatState {
  messages: ChatMessage[];
  /** Last activity (ms), for the 2-hour session rule; null before the first message. */
  updatedAt: number | null;
  /** Changed since it was loaded: stored on the next commit. */
  touched: boolean;
}

export interface UseChatOptions {
  venueUrl: string;
  isAdmin: boolean;
  /** The staff chat's conversation as the server keeps it (then nothing is stored in the browser). */
  initialMessages?: ChatMessage[] | undefined;
  onReply?: (() => void) | undefined;
  getCart?: (() => ChatCartLine[]) | undefined;
  onActions?: ((actions: ChatAction[]) => void) | undefined;
  orderDateCreated?: string | null | undefined;
}

/**
 * POST /api/chat and its event-stream reader: a chunk of their own, needed once a message is sent,
 * which a first visit's load skips. Asked for as the guest starts to write (prepareToSend) and at
 * the latest when a message goes; a failed download is forgotten, so the message's retry asks again.
 */
let postChatChunk: Promise<typeof PostChatModule> | null = null;
function loadPostChat(): Promise<typeof PostChatModule> {
  postChatChunk ??= import('../api/post-chat.ts').catch((error: unknown) => {
    postChatChunk = null;
    throw error;
  });
  return postChatChunk;
}

/** What a message and its reply need (the request code, the sanitiser), downloading before it goes. */
export function prepareToSend(): void {
  loadPostChat().catch(() => {});
  void loadSanitizer();
}

function toHistory(messages: ChatMessage[]): Pending['history'] {
  return messages
    .filter((m): m is Exclude<ChatMessage, { role: 'error' }> => m.role !== 'error')
    .slice(-HISTORY_SENT)
    .map((m) => ({ role: m.role, html: sliceChars(m.html, HISTORY_HTML_MAX) }));
}

/**
 * The conversation: the stored history, the message on its way (streamed in as it forms), failed
 * messages with a retry. The request is tied to an effect, so leaving the page aborts it.
 */
export function useChat({
  venueUrl,
  isAdmin,
  getCart,
  onActions,
  orderDateCreated,
  initialMessages,
  onReply,
}: UseChatOptions) {
  const { i18n } = useTranslation();
  const serverKept = initialMessages !== undefined;
  const [state, setState] = useState<ChatState>(() => {
    if (initialMessages) return { messages: initialMessages, updatedAt: null, touched: false };
    const { messages, updatedAt } = loadHistory(venueUrl, isAdmin, { orderDateCreated });
    return { messages, updatedAt, touched: false };
  });
  const [pending, setPending] = useState<Pending | null>(null);
  const [stream, setStream] = useState<{ id: string; html: string } | null>(null);

  // The page's latest callbacks, read when a request starts or ends (not a reason to resend).
  const callbacks = useRef({ getCart, onActions, onReply });
  useEffect(() => {
    callbacks.current = { getCart, onActions, onReply };
  }, [getCart, onActions, onReply]);

  useEffect(() => {
    if (state.touched && !serverKept) saveHistory(venueUrl, isAdmin, state.messages, state.updatedAt ?? Date.now());
  }, [state, venueUrl, isAdmin, serverKept]);

  useEffect(() => {
    if (!pending) return;
    const controller = new AbortController();
    let first = true;
    const language = i18n.resolvedLanguage ?? i18n.language;
    // The reply will need the sanitiser: downloaded beside the request (again, if it failed before).
    void loadSanitizer();
    loadPostChat()
      .then(({ postChat }) =>
        postChat(
          {
            venueUrl,
            language,
            message: pending.text,
            history: pending.history,
            cart: callbacks.current.getCart?.() ?? [],
            // The guest's allergies as the menu filter keeps them: every reply keeps to them.
            ...(isAdmin ? { isAdmin: true } : withAllergyProfile()),
          },
          {
            signal: controller.signal,
            // A phone at a table: the assistant reads the table's rounds and bill.
            ...(isAdmin ? {} : { headers: tableMemberHeaders(venueUrl) }),
            onDelta: (html) => {
              if (controller.signal.aborted) return;
              const replace = first;
              first = false;
              setStream((s) => ({ id: pending.id, html: replace || !s ? html : s.html + html }));
            },
          },
        ),
      )
      .then(
        (reply) => {
          if (controller.signal.aborted) return;
          setState((s) => ({
            messages: [
              ...s.messages,
              { id: newMessageId(), role: 'assistant', html: reply.message.html, products: reply.products },
            ],
            updatedAt: Date.now(),
            touched: true,
          }));
          setStream(null);
          setPending(null);
          // An allergy or a diet said in the chat is the guest's profile from now on: the menu marks by it.
          if (reply.allergyProfile) keepStatedProfile(reply.allergyProfile);
          if (reply.actions.length) callbacks.current.onActions?.(reply.actions);
          callbacks.current.onReply?.();
        },
        () => {
          if (controller.signal.aborted) return;
          setState((s) => ({
            ...s,
            messages: [...s.messages, { id: newMessageId(), role: 'error', html: '', retryText: pending.text }],
          }));
          setStream(null);
          setPending(null);
        },
      );
    return () => controller.abort();
  }, [pending, venueUrl, i18n, isAdmin]);

  const busy = pending !== null;

  /** Sends the guest's text (already trimmed and prefixed by the chat starter). */
  const send = useCallback(
    (input: string) => {
      const text = sliceChars(input.trim(), MESSAGE_MAX);
      if (!text || busy) return false;
      const now = Date.now();
      // A page left open for over 2 hours starts a new conversation (spec section 4); the staff
      // chat's conversation is the server's and stays.
      const previous = !serverKept && isOlderThanSession(state.updatedAt, now) ? [] : state.messages;
      const user: ChatMessage = { id: newMessageId(), role: 'user', text, html: `<p>${escapeHtml(text)}</p>` };
      setState({ messages: [...previous, user], updatedAt: now, touched: true });
      setPending({ id: newMessageId(), text, history: toHistory(previous) });
      return true;
    },
    [busy, state, serverKept],
  );

  /** Sends a failed message again: the error goes, the guest's message stays. */
  const retry = useCallback(
    (errorId: string) => {
      if (busy) return;
      const at = state.messages.findIndex((m) => m.id === errorId);
      const failed = state.messages[at];
      if (!failed || failed.role !== 'error') return;
      const messages = state.messages.filter((m) => m.id !== errorId);
      // The history is what came before the guest's message that failed.
      const before = messages.slice(0, at).filter((m) => m.role !== 'error');
      const last = before[before.length - 1];
      const history = toHistory(last?.role === 'user' ? before.slice(0, -1) : before);
      setState({ messages, updatedAt: Date.now(), touched: true });
      setPending({ id: newMessageId(), text: failed.retryText, history });
    },
    [busy, state],
  );

  const streaming = pending && stream?.id === pending.id ? stream.html : null;
  return { messages: state.messages, busy, streaming, send, retry };
}
