import { lazy, Suspense } from 'react';
import { matchPath, Outlet, useLocation, useParams, useSearchParams } from 'react-router';
import { Header } from '../../components/layout/header.tsx';
import { SkipLink } from '../../components/layout/skip-link.tsx';
import { ORDER_BAR_SPACE, OrderBar } from '../../components/layout/order-bar.tsx';
import { CarteLogo } from '../../components/brand/carte-logo.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { ErrorPage } from '../../features/errors/components/error-page.tsx';
import { LanguagePicker } from '../../features/language-picker/components/language-picker.tsx';
import { useVenue } from '../../features/venue/api/venue-store.ts';
import { defaultVenueSlug } from '../../lib/default-venue.ts';
import { useVenueTheme } from '../../features/venue/hooks/use-venue-theme.ts';
import { VenueBrand } from '../../features/venue/components/venue-brand.tsx';
import { AvailabilityBanner } from '../../features/venue/components/availability-banner.tsx';
import { useRouteMeta } from '../route-meta.ts';
import { useInBrowser } from '../use-in-browser.ts';
import type { VenueOutletContext } from './venue-outlet.ts';
import {
  CartButton,
  Checkout,
  CurrentOrderLink,
  hasTable,
  TableSessionPanel,
  useCartSession,
  type TablePayRequest,
} from '../../features/ordering/index.ts';
import { GuestToaster } from './guest-toaster.tsx';

/** The payment feature's pay sheet, for a guest's part of the table's bill (its own chunk, loaded when opened). */
const PaySheet = lazy(() => import('../../features/payment/components/pay-sheet.tsx'));

function payPart(request: TablePayRequest) {
  return (
    <Suspense fallback={null}>
      <PaySheet
        order={request.order}
        open={request.open}
        onOpenChange={request.onOpenChange}
        onPaid={() => request.onPaid()}
        part={{
          amountMinor: request.amountMinor,
          title: request.title,
          label: request.label,
          createIntent: request.createIntent,
          onAbandon: request.onAbandon,
        }}
      />
    </Suspense>
  );
}

/**
 * The pages where a guest builds an order: the chat and the menu. Only there may the
 * delivery-or-table question open by itself (never over an error, not-found or order page).
 */
const ORDERING_PAGES = ['/', '/:id', '/:id/menu'];
const isOrderingPage = (pathname: string) =>
  ORDERING_PAGES.some((path) => matchPath({ path, end: true }, pathname) !== null);

/**
 * The guest shell of `/`, `/:id` and the venue's other pages: header, page, order bar.
 * It loads the venue (an unknown slug shows the 404 page) and applies its theme colours.
 */
export function GuestLayout() {
  const params = useParams();
  const location = useLocation();
  const slug = params.id ?? defaultVenueSlug();
  const meta = useRouteMeta();
  const venue = useVenue(slug);
  useVenueTheme(venue.data?.venue.theme);
  const [search] = useSearchParams();
  // A venue with a free-text menu takes no orders here: no cart, no table, no delivery.
  const takesOrders = !meta.isAdmin && !venue.data?.venue.useTextMenu;
  useCartSession(slug, venue.data?.venue, search.get('spot'), takesOrders && isOrderingPage(location.pathname));

  const chatHref = `/${slug}`;
  const menuHref = `/${slug}/menu`;
  const context: VenueOutletContext = { slug, data: venue.data, chatHref, menuHref };
  const failure = venue.isError ? venue.error : null;
  // A server-rendered page is readable at once; its controls work once React has taken it over
  // (hydration): until then they are disabled, so a tap is never silently lost.
  const inBrowser = useInBrowser();
  const notFound = isApiError(failure) && failure.status === 404;

  const brand = venue.data ? (
    <VenueBrand name={venue.data.venue.name} headerIcon={venue.data.venue.headerIcon} to={chatHref} />
  ) : failure ? (
    <span className="flex min-h-11 items-center gap-2 font-semibold">
      <CarteLogo />
      Carte
    </span>
  ) : (
    <span className="flex min-h-11 items-center gap-2">
      <Skeleton className="size-8" />
      <Skeleton className="h-5 w-36" />
    </span>
  );

  return (
    <>
      <SkipLink />
      <Header
        brand={brand}
        actions={
          <fieldset disabled={!inBrowser} className="contents">
            <LanguagePicker />
            {!takesOrders || failure ? null : (
              <>
                <CurrentOrderLink slug={slug} />
                <CartButton />
              </>
            )}
          </fieldset>
        }
      />
      <main
        id="main"
        tabIndex={-1}
        className={`mx-auto w-full max-w-[720px] px-3 outline-none ${failure ? '' : ORDER_BAR_SPACE}`}
      >
        {failure ? (
          <ErrorPage
            status={notFound ? 404 : isApiError(failure) && failure.status >= 500 ? failure.status : 500}
            path={location.pathname}
            onRetry={notFound ? undefined : () => void venue.refetch()}
          />
        ) : (
          <fieldset disabled={!inBrowser} className="contents">
            {takesOrders ? <AvailabilityBanner availability={venue.data?.venue.availability} /> : null}
            {takesOrders && inBrowser && venue.data && hasTable(slug, search.get('t')) ? (
              <Suspense fallback={null}>
                <TableSessionPanel
                  venueUrl={slug}
                  currency={venue.data.venue.currency}
                  spot={search.get('spot')}
                  token={search.get('t')}
                  cardPayment={venue.data.venue.cardPayment}
                  renderPay={payPart}
                />
              </Suspense>
            ) : null}
            <Outlet context={context} />
          </fieldset>
        )}
      </main>
      {failure || meta.isAdmin ? null : <OrderBar chatHref={chatHref} menuHref={menuHref} current={meta.pageVariant} />}
      {/* The toaster stays for every guest page; without orders there is no dialog to open. */}
      {failure || meta.isAdmin ? null : (
        <>
          <Checkout
            page={takesOrders && venue.data ? { slug, venue: venue.data.venue, menu: venue.data.menu } : null}
          />
          <GuestToaster />
        </>
      )}
    </>
  );
}
