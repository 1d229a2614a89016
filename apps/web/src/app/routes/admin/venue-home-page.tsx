import { lazy, Suspense, useCallback, useId, useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/react.tsx';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowUp, ChevronRight, ExternalLink } from 'lucide-react';
import type { ChatHistoryData } from '@carte/domain/wire';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { RouteErrorBoundary } from '../../../features/errors/components/route-error-boundary.tsx';
import type * as ChatFeature from '../../../features/chat/index.ts';
import type { ChatMessage } from '../../../features/chat/index.ts';
import { loadSanitizer } from '../../../features/chat/lib/sanitizer.ts';
import { apiGet } from '../../../lib/api-client.ts';
import { useMessageToChat } from '../../../lib/stores/message-to-chat.ts';
import { QueryProvider } from '../../query-client.tsx';
import { useAdminVenue } from './admin-venue.ts';
import { VENUE_SECTIONS } from './venue-sections.ts';

// The conversation is the chat feature's own chunk, loaded with the page; the replies' sanitiser
// (DOMPurify, a chunk of its own) downloads beside it, since the staff chat shows replies at once,
// and what sending needs right after it (staff are here to send).
const ChatContainer = lazy(() => {
  void loadSanitizer();
  return import('../../../features/chat/index.ts').then((m: typeof ChatFeature) => {
    m.prepareToSend();
    return { default: m.ChatContainer };
  });
});

const CHIPS = ['soldOut', 'noPhoto', 'addDish', 'undo'] as const;
const MESSAGE_MAX = 2000;

export const staffChatKey = (venueId: string) => ['staff-chat', venueId] as const;

/** The server's history as the chat's messages (a staff member's own words are shown as text). */
function toMessages(history: ChatHistoryData): ChatMessage[] {
  const text = (html: string) => new DOMParser().parseFromString(html, 'text/html').body.textContent?.trim() ?? '';
  return history.messages.map((m, i) =>
    m.role === 'user'
      ? { id: `h${i}`, role: 'user', text: text(m.html), html: m.html }
      : { id: `h${i}`, role: 'assistant', html: m.html, products: [] },
  );
}

/**
 * /admin/:id: the staff chat is the main panel (spec section 2, admin variant: no cart, no order
 * bar). Staff tell the assistant what to change; each change comes back as a card, a deletion asks
 * first, and "undo" reverts the last change. The back office sections stay one tap away.
 */
export function VenueHomePage() {
  // The staff shell's query client when it provides one, else the app's (shared with the sections,
  // so a change by chat refreshes the menu page's lists).
  return (
    <QueryProvider>
      <StaffChatHome />
    </QueryProvider>
  );
}

function StaffChatHome() {
  const { t } = useTranslation();
  const { venue } = useAdminVenue();
  const client = useQueryClient();
  const history = useQuery({
    queryKey: staffChatKey(venue.id),
    queryFn: ({ signal }) => apiGet<ChatHistoryData>('/api/chat/history', { venueId: venue.id }, signal),
    // The server's conversation as it is now, each time the page opens (another manager may have
    // talked to it); the chat then keeps its own copy while it is open.
    staleTime: 0,
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
  });
  const ready = history.data !== undefined && !history.isFetching;
  const initialMessages = useMemo(
    () => (ready && history.data ? toMessages(history.data) : undefined),
    [ready, history.data],
  );
  const [empty, setEmpty] = useState(true);
  const onComposerState = useCallback(({ isFirstTime }: { isFirstTime: boolean }) => setEmpty(isFirstTime), []);
  // A change by chat is a change of the menu: the back office lists and guests' pages reload it.
  const onReply = useCallback(() => {
    void client.invalidateQueries({ queryKey: ['back-office'] });
  }, [client]);
  const confirmAnswers = useMemo(
    () => ({
      yes: { label: t('admin.chat.confirmYes'), message: t('admin.chat.confirmYesMessage') },
      no: { label: t('admin.chat.confirmNo'), message: t('admin.chat.confirmNoMessage') },
    }),
    [t],
  );
  const undoAnswer = useMemo(() => ({ label: t('admin.chat.undo'), message: t('admin.chat.undoMessage') }), [t]);

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="staff-chat-title" className="flex min-h-[60dvh] flex-col gap-4">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <div className="flex min-w-0 flex-col gap-1">
            <h1 className="text-2xl font-bold">{venue.name}</h1>
            <h2 id="staff-chat-title" className="text-lg font-semibold">
              {t('admin.chat.title')}
            </h2>
            <p className="text-muted">{t('admin.chat.intro')}</p>
          </div>
          <a
            href={`/${encodeURIComponent(venue.venueUrl)}/menu`}
            target="_blank"
            rel="noopener"
            className="inline-flex min-h-11 items-center gap-2 font-semibold underline-offset-4 hover:underline"
          >
            <ExternalLink aria-hidden="true" className="size-4" />
            {t('admin.home.guestPage')}
          </a>
        </div>
        <div className="flex flex-1 flex-col">
          {history.isError ? (
            <div role="alert" className="flex flex-col items-start gap-2 rounded-2xl border border-line bg-surface p-4">
              <p>{t('admin.chat.loadFailed')}</p>
              <button
                type="button"
                onClick={() => void history.refetch()}
                className="inline-flex min-h-11 items-center rounded-full border border-line px-4 font-semibold hover:bg-surface-2"
              >
                {t('admin.chat.retry')}
              </button>
            </div>
          ) : initialMessages ? (
            <RouteErrorBoundary>
              <Suspense fallback={<ChatSkeleton label={t('admin.chat.loading')} />}>
                <ChatContainer
                  key={venue.venueUrl}
                  venueUrl={venue.venueUrl}
                  isAdmin
                  menu={[]}
                  renderProductCard={() => null}
                  initialMessages={initialMessages}
                  onReply={onReply}
                  confirmAnswers={confirmAnswers}
                  undoAnswer={undoAnswer}
                  onComposerState={onComposerState}
                />
              </Suspense>
            </RouteErrorBoundary>
          ) : (
            <ChatSkeleton label={t('admin.chat.loading')} />
          )}
        </div>
        <div className="sticky bottom-0 z-10 -mx-3 flex flex-col gap-3 bg-bg/95 px-3 pt-2 pb-3 backdrop-blur sm:mx-0 sm:px-0">
          {empty ? <StaffChips /> : null}
          <StaffComposer />
        </div>
      </section>
      <section aria-labelledby="staff-sections-title" className="flex flex-col gap-2">
        <h2 id="staff-sections-title" className="text-lg font-semibold">
          {t('admin.chat.sectionsTitle')}
        </h2>
        <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2 xl:grid-cols-3">
          {VENUE_SECTIONS.filter((s) => !s.ownersOnly || venue.role === 'owner').map(({ path, icon: Icon }) => (
            <li key={path}>
              <Link
                to={path}
                className="flex min-h-14 items-center gap-3 rounded-2xl border border-line bg-surface px-4 py-2 hover:bg-surface-2"
              >
                <Icon aria-hidden="true" className="size-5 shrink-0" />
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="font-semibold">{t(`admin.nav.${path}`)}</span>
                  <span className="truncate text-sm text-muted">{t(`admin.sections.${path}`)}</span>
                </span>
                <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-muted" />
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function ChatSkeleton({ label }: { label: string }) {
  return (
    <div role="status" className="flex flex-col gap-3">
      <span className="sr-only">{label}</span>
      <Skeleton className="h-12 w-2/3 rounded-2xl" />
      <Skeleton className="ml-auto h-10 w-1/2 rounded-2xl" />
    </div>
  );
}

/** Staff suggestions: each sends its (localised) message to the chat. */
function StaffChips() {
  const { t } = useTranslation();
  const setMessageToChat = useMessageToChat((s) => s.setMessageToChat);
  return (
    <ul aria-label={t('admin.chat.chipsLabel')} className="no-scrollbar flex gap-2 overflow-x-auto py-1">
      {CHIPS.map((chip) => (
        <li key={chip} className="shrink-0">
          <button
            type="button"
            onClick={() => setMessageToChat(t(`admin.chat.chips.${chip}.message`))}
            className="inline-flex min-h-11 items-center rounded-full border border-line bg-surface px-4 text-sm font-semibold whitespace-nowrap hover:bg-surface-2"
          >
            {t(`admin.chat.chips.${chip}.label`)}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The staff's input: sent as typed (no "what about" prefix: these are instructions). */
function StaffComposer() {
  const { t } = useTranslation();
  const setMessageToChat = useMessageToChat((s) => s.setMessageToChat);
  const [value, setValue] = useState('');
  const inputId = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const message = value.trim();
    if (!message) return;
    setMessageToChat(message);
    setValue('');
  };
  return (
    <form onSubmit={submit} className="relative flex items-center">
      <label htmlFor={inputId} className="sr-only">
        {t('admin.chat.inputLabel')}
      </label>
      <input
        id={inputId}
        type="text"
        enterKeyHint="send"
        autoComplete="off"
        maxLength={MESSAGE_MAX}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        placeholder={t('admin.chat.placeholder')}
        className="h-12 w-full rounded-full border border-line bg-surface pr-14 pl-5 text-base text-fg placeholder:text-muted"
      />
      <button
        type="submit"
        aria-label={t('admin.chat.send')}
        className="absolute right-1 inline-flex size-11 items-center justify-center rounded-full bg-brand text-brand-contrast"
      >
        <ArrowUp aria-hidden="true" className="size-5" />
      </button>
    </form>
  );
}
