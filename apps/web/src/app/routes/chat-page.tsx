import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import type { PublicProduct } from '@carte/domain/public-types';
import { ProductCard } from '../../components/product/product-card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { ChatIntro } from '../../features/chat-intro/components/chat-intro.tsx';
import { ChatStarter } from '../../features/chat-starter/components/chat-starter.tsx';
import { SuggestionChips } from '../../features/chat-starter/components/suggestion-chips.tsx';
// Two small modules of the chat's that load with the page (the rest of the chat is lazy: chat-chunk.ts).
import { hasStoredReplies } from '../../features/chat/lib/history-key.ts';
import { loadSanitizer } from '../../features/chat/lib/sanitizer.ts';
import type { ChatAction, ComposerState } from '../../features/chat/index.ts';
import { ProductAddControl, useCartActions, useCartStore } from '../../features/ordering/index.ts';
import { RouteErrorBoundary } from '../../features/errors/components/route-error-boundary.tsx';
import { useRouteMeta } from '../route-meta.ts';
import { useInBrowser } from '../use-in-browser.ts';
import { loadChat, prepareChat } from './chat-chunk.ts';
import { useVenueOutlet } from './venue-outlet.ts';

const ChatContainer = lazy(() => loadChat().then((m) => ({ default: m.ChatContainer })));

/**
 * `/` and `/:id`: the chat page. The intro, then the conversation; the suggestion chips (first-time
 * guests) and the chat starter sit at the bottom within thumb reach and put the guest's message in
 * the messageToChat store, which the chat container sends.
 */
export function ChatPage() {
  const { t } = useTranslation();
  const { data } = useVenueOutlet();
  const { isAdmin } = useRouteMeta();
  const name = data?.venue.name;
  useEffect(() => {
    if (name) document.title = `${name} · ${t('orderBar.chat')}`;
  }, [name, t]);
  const venueUrl = data?.venue.venueUrl;
  useEffect(() => {
    void loadChat();
  }, []);
  useEffect(() => {
    if (venueUrl && hasStoredReplies(venueUrl, isAdmin)) void loadSanitizer();
  }, [venueUrl, isAdmin]);

  // Until the chat says otherwise, a guest is new: the chips show.
  const [composer, setComposer] = useState<ComposerState>({ isFirstTime: true, busy: false });
  const inBrowser = useInBrowser();
  const venue = data?.venue;
  const menu = data?.menu;
  // The assistant's dishes are cards of the 'order' variation with the cart's add control (and its
  // variation chooser); its actions go through the same cart store as the menu, with the same undo toast.
  const cart = useCartActions();
  const orderDateCreated = useCartStore((s) => s.order?.date_created ?? null);
  const byId = useMemo(() => new Map((menu ?? []).map((p) => [p.id, p])), [menu]);
  const renderProductCard = useCallback(
    (product: PublicProduct) =>
      venue ? (
        <ProductCard
          product={product}
          currency={venue.currency}
          defaultImage={venue.defaultImage}
          variation="order"
          headingLevel={3}
        >
          {isAdmin ? null : (
            <div className="pt-1">
              <ProductAddControl product={product} currency={venue.currency} />
            </div>
          )}
        </ProductCard>
      ) : null,
    [venue, isAdmin],
  );
  const onActions = useCallback(
    (actions: ChatAction[]) => {
      for (const action of actions) {
        if (action.type === 'open_cart') cart.openCart();
        else if (action.type === 'remove_from_cart')
          cart.removeItem(action.productId, action.variationIds, action.quantity);
        else {
          const product = byId.get(action.productId);
          if (product) cart.addItem(product, action.variationIds, action.quantity);
        }
      }
    },
    [cart, byId],
  );

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

  // The page fills the screen above the order bar. The chips and the input stay at the bottom
  // (sticky) once a conversation grows above them; they live outside the lazy chat so that what
  // the guest types while it loads is kept.
  return (
    <div className="flex min-h-[calc(100dvh-3.5rem-6rem)] flex-col gap-5">
      <ChatIntro venueName={data.venue.name} />
      <div data-slot="chat" className="flex flex-1 flex-col">
        <RouteErrorBoundary>
          {inBrowser ? (
            <Suspense fallback={null}>
              <ChatContainer
                key={`${data.venue.venueUrl}:${isAdmin}`}
                venueUrl={data.venue.venueUrl}
                isAdmin={isAdmin}
                menu={data.menu}
                renderProductCard={renderProductCard}
                onActions={isAdmin ? undefined : onActions}
                getCart={isAdmin ? undefined : cart.getItems}
                orderDateCreated={orderDateCreated}
                onComposerState={setComposer}
              />
            </Suspense>
          ) : null}
        </RouteErrorBoundary>
      </div>
      <div className="sticky bottom-20 z-10 -mx-3 flex flex-col gap-3 bg-bg px-3 pt-2 pb-3">
        {composer.isFirstTime ? <SuggestionChips onCompose={prepareChat} /> : null}
        <ChatStarter placeholder={data.venue.inputPlaceholder} starter={composer.isFirstTime} onCompose={prepareChat} />
      </div>
    </div>
  );
}
