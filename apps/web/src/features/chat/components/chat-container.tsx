import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/react.tsx';
import { RotateCcw } from '../../../components/ui/icons.tsx';
import type { PublicProduct } from '@carte/domain/public-types';
import { useMessageToChat } from '../../../lib/stores/message-to-chat.ts';
import { useChat } from '../hooks/use-chat.ts';
import { loadSanitizer, useSanitizer } from '../lib/sanitizer.ts';
import type { ChatContainerProps } from '../types.ts';
import { AssistantMessage, ErrorMessage, UserMessage } from './chat-message.tsx';
import { TypingIndicator } from './typing-indicator.tsx';

/** The sticky header and a little air above a message scrolled to the top. */
const HEADER_SPACE_PX = 72;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The guest chat (spec section 2, Chat; ui.md): the conversation kept per venue, the reply
 * streaming in, the assistant's dishes as cards inside its message, a retry on failure. The guest's
 * messages come through the messageToChat store (chat starter, suggestion chips, menu search box).
 */
export function ChatContainer({
  venueUrl,
  isAdmin = false,
  menu,
  renderProductCard,
  onActions,
  getCart,
  orderDateCreated,
  onComposerState,
  initialMessages,
  onReply,
  confirmAnswers,
  undoAnswer,
}: ChatContainerProps) {
  const { t } = useTranslation();
  const { messages, busy, streaming, send, retry } = useChat({
    venueUrl,
    isAdmin,
    getCart,
    onActions,
    orderDateCreated,
    initialMessages,
    onReply,
  });
  const byId = useMemo(() => new Map(menu.map((p) => [p.id, p])), [menu]);

  // The replies' sanitiser is a chunk of its own (lib/sanitizer.ts). A conversation that comes back
  // with replies (the stored one, the staff chat's) waits for it, or for its download to fail, and
  // then appears formatted and scrolled to its end at once, instead of as text that reflows under
  // the guest; it waits no longer once the guest sends something. The staff chat asks for it at once.
  const [restored] = useState(() => (messages.some((m) => m.role === 'assistant') ? messages : null));
  const { sanitize, failed } = useSanitizer();
  const holding = messages === restored && !sanitize && !failed;
  useEffect(() => {
    if (isAdmin || restored) void loadSanitizer();
  }, [isAdmin, restored]);

  const isFirstTime = messages.length === 0 && !busy;
  useEffect(() => {
    onComposerState?.({ isFirstTime, busy });
  }, [onComposerState, isFirstTime, busy]);

  // Whatever a starter put in messageToChat is sent once the previous reply is in.
  const queued = useMessageToChat((s) => s.messageToChat);
  useEffect(() => {
    if (busy || queued === null) return;
    const text = useMessageToChat.getState().takeMessageToChat();
    if (text) send(text);
  }, [queued, busy, send]);

  // Keep the newest message in sight: the page scrolls as far down as it can (the input is sticky at
  // the bottom) without hiding the start of the latest message, so a long answer reads from its top.
  const logRef = useRef<HTMLElement>(null);
  const count = messages.length;
  const hasStream = streaming !== null;
  const mounted = useRef(false);
  useEffect(() => {
    const last = logRef.current?.lastElementChild;
    if (!last) return;
    const smooth = mounted.current && !prefersReducedMotion();
    mounted.current = true;
    const bottom = document.documentElement.scrollHeight - window.innerHeight;
    const lastTop = window.scrollY + last.getBoundingClientRect().top - HEADER_SPACE_PX;
    window.scrollTo({ top: Math.max(0, Math.min(bottom, lastTop)), behavior: smooth ? 'smooth' : 'auto' });
  }, [count, busy, hasStream, holding]);

  const resolve = (ids: string[]): PublicProduct[] =>
    ids.map((id) => byId.get(id)).filter((p): p is PublicProduct => p !== undefined);

  // A reply that asks to confirm (the staff chat's deletion) gets its two answers as buttons.
  const last = messages[messages.length - 1];
  const asksToConfirm =
    confirmAnswers && !busy && !holding && last?.role === 'assistant' && last.html.includes('<p class="confirm">');
  // A reply that changed the menu (its change card, nothing left to confirm) can be undone in one tap.
  const canUndo =
    undoAnswer &&
    !asksToConfirm &&
    !busy &&
    !holding &&
    last?.role === 'assistant' &&
    last.html.includes('<p class="change">');

  return (
    <section
      ref={logRef}
      role="log"
      aria-label={t('chat.conversation')}
      aria-busy={busy || holding}
      className="flex flex-1 flex-col justify-end gap-3"
    >
      {holding
        ? null
        : messages.map((m) =>
            m.role === 'user' ? (
              <UserMessage key={m.id} text={m.text} />
            ) : m.role === 'assistant' ? (
              <AssistantMessage
                key={m.id}
                html={m.html}
                products={resolve(m.products)}
                renderProductCard={renderProductCard}
              />
            ) : (
              <ErrorMessage key={m.id} onRetry={() => retry(m.id)} disabled={busy} />
            ),
          )}
      {asksToConfirm ? (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            onClick={() => send(confirmAnswers.yes.message)}
            className="inline-flex min-h-11 items-center rounded-full bg-brand px-5 font-semibold text-brand-contrast"
          >
            {confirmAnswers.yes.label}
          </button>
          <button
            type="button"
            onClick={() => send(confirmAnswers.no.message)}
            className="inline-flex min-h-11 items-center rounded-full border border-line bg-surface px-5 font-semibold hover:bg-surface-2"
          >
            {confirmAnswers.no.label}
          </button>
        </div>
      ) : null}
      {canUndo ? (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            onClick={() => send(undoAnswer.message)}
            className="inline-flex min-h-11 items-center gap-2 rounded-full border border-line bg-surface px-5 font-semibold hover:bg-surface-2"
          >
            <RotateCcw aria-hidden="true" className="size-4" />
            {undoAnswer.label}
          </button>
        </div>
      ) : null}
      {streaming ? <AssistantMessage html={streaming} /> : busy ? <TypingIndicator /> : null}
    </section>
  );
}
