import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { ChatIntro } from '../../features/chat-intro/components/chat-intro.tsx';
import { ChatStarter } from '../../features/chat-starter/components/chat-starter.tsx';
import { SuggestionChips } from '../../features/chat-starter/components/suggestion-chips.tsx';
import { useVenueOutlet } from './venue-outlet.ts';

/**
 * `/` and `/:id`: the chat page. The intro, the suggestion chips and the chat starter put the
 * guest's first message in the messageToChat store.
 * Extension point (issue 4): the ChatContainer feature mounts in the `chat-slot` below, takes
 * messageToChat and shows the conversation; until then no conversation is shown.
 */
export function ChatPage() {
  const { t } = useTranslation();
  const { data } = useVenueOutlet();
  const name = data?.venue.name;
  useEffect(() => {
    if (name) document.title = `${name} · ${t('orderBar.chat')}`;
  }, [name, t]);
  if (!data) {
    return (
      <div role="status" className="flex flex-col gap-3 pt-6">
        <span className="sr-only">{t('menu.loading')}</span>
        <Skeleton className="size-11 rounded-full" />
        <Skeleton className="h-8 w-3/4" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-12 w-full rounded-full" />
      </div>
    );
  }
  // The page fills the screen above the order bar; the chips and the input sit at the bottom,
  // within thumb reach, and stay there (sticky) once a conversation grows above them.
  return (
    <div className="flex min-h-[calc(100dvh-3.5rem-6rem)] flex-col gap-5">
      <ChatIntro venueName={data.venue.name} />
      <div data-slot="chat" className="flex-1" />
      <div className="sticky bottom-20 z-10 -mx-3 flex flex-col gap-3 bg-bg/95 px-3 pt-2 pb-3 backdrop-blur">
        <SuggestionChips />
        <ChatStarter placeholder={data.venue.inputPlaceholder} />
      </div>
    </div>
  );
}
