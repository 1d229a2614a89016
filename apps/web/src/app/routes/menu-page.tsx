import { useCallback, useEffect, useMemo } from 'react';
import { checkProductSafety, isEmptyAllergyProfile } from '@carte/domain/allergens';
import type { PublicProduct } from '@carte/domain/public-types';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/react.tsx';
import { ChatStarter } from '../../features/chat-starter/components/chat-starter.tsx';
import { MenuSkeleton } from '../../features/menu/components/menu-skeleton.tsx';
import { MenuView } from '../../features/menu/components/menu-view.tsx';
import { TextMenu } from '../../features/menu/components/text-menu.tsx';
import { ProductAddControl, useCartStore } from '../../features/ordering/index.ts';
import { prepareChat } from './chat-chunk.ts';
import { useVenueOutlet } from './venue-outlet.ts';
import { useInBrowser } from '../use-in-browser.ts';
import { AllergyFilter } from '../../features/allergy-filter/components/allergy-filter.tsx';
import { useAllergyProfile } from '../../lib/stores/allergy-profile.ts';

const SEP = '\u0000';
const LINE = '\u0001';

/** `/:id/menu`: the chat starter under the header, then the menu (or the venue's text menu). */
export function MenuPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data, chatHref } = useVenueOutlet();
  const name = data?.venue.name;
  // The counts as one string: the menu (hundreds of cards) renders again only when a count changes,
  // not when the cart object is replaced with an equal one (the session check on load does that).
  const counts = useCartStore((s) => s.cart.lines.map((l) => `${l.product.id}${SEP}${l.quantity}`).join(LINE));
  const countInCart = useMemo(() => {
    const byProduct = new Map<string, number>();
    for (const line of counts ? counts.split(LINE) : []) {
      const [id = '', quantity = '0'] = line.split(SEP);
      byProduct.set(id, (byProduct.get(id) ?? 0) + Number(quantity));
    }
    return (productId: string) => byProduct.get(productId) ?? 0;
  }, [counts]);
  // The allergy filter (issue 17 item 2): the profile lives in this browser, so the marks appear once
  // the server-rendered menu is hydrated (the first render matches the server's HTML).
  const hydrated = useInBrowser();
  const profile = useAllergyProfile((s) => s.profile);
  const hideUnsafe = useAllergyProfile((s) => s.hideUnsafe);
  const filtering = hydrated && !isEmptyAllergyProfile(profile);
  const safetyOf = useMemo(
    () => (filtering ? (product: PublicProduct) => checkProductSafety(product, [], profile) : undefined),
    [filtering, profile],
  );
  const currency = data?.venue.currency;
  const renderProductAction = useCallback(
    (product: PublicProduct) => <ProductAddControl product={product} currency={currency ?? 'eur'} />,
    [currency],
  );
  // The menu as one element that changes only with the menu or a count: the page renders again when
  // React takes over (controls enabled, outlet context) and that must not render hundreds of cards
  // again in one blocking task.
  const menu = useMemo(
    () =>
      data && !data.venue.useTextMenu ? (
        <MenuView
          venue={data.venue}
          menu={data.menu}
          renderProductAction={renderProductAction}
          countInCart={countInCart}
          safetyOf={safetyOf}
          hideUnsafe={filtering && hideUnsafe}
        />
      ) : null,
    [data, renderProductAction, countInCart, safetyOf, filtering, hideUnsafe],
  );
  useEffect(() => {
    if (name) document.title = `${name} · ${t('menu.title')}`;
  }, [name, t]);
  return (
    <div className="flex flex-col gap-3 pt-3">
      <h1 className="sr-only">{name ? `${name} · ${t('menu.title')}` : t('menu.title')}</h1>
      <ChatStarter
        placeholder={data?.venue.inputPlaceholder}
        // A question typed here goes to the chat page: what sending it needs downloads as the guest writes.
        onCompose={prepareChat}
        onSent={() => void navigate(chatHref)}
      />
      {data && !data.venue.useTextMenu ? <AllergyFilter hydrated={hydrated} /> : null}
      {!data ? <MenuSkeleton /> : data.venue.useTextMenu ? <TextMenu text={data.venue.textMenu} /> : menu}
    </div>
  );
}
