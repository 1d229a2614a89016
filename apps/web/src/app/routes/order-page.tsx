import { lazy, Suspense } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/react.tsx';
import { ErrorPage } from '../../features/errors/components/error-page.tsx';
import { useOrder, useReceiveOrder } from '../../features/order/api/get-order.ts';
import { OrderDetails } from '../../features/order/components/order-details.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { useCartStore } from '../../features/ordering/index.ts';
import { useVenueOutlet } from './venue-outlet.ts';
import { formatVenueTime } from '../../lib/venue-time.ts';
import { QueryProvider } from '../query-client.tsx';

// The order's live progress (its stream and its words) is a chunk of its own: the guest page's
// JavaScript does not grow with it.
const OrderLive = lazy(() => import('../../features/order/components/order-live.tsx'));
// Paying by card (or "Pay at the venue"): its own chunk; Stripe loads only when the guest pays.
const PayOrder = lazy(() => import('../../features/payment/components/pay-order.tsx'));
// A paid order's receipt (download, e-mail): its own chunk, loaded once the order has a receipt number.
const OrderReceipt = lazy(() => import('../../features/order/components/order-receipt.tsx'));

/**
 * `/:id/order?orderId=<id>`: the order the guest placed (GET /api/order). Without an order id it
 * is this device's latest order at this venue (kept by the cart store), or, when there is none,
 * a line saying so and the way back to the menu. A malformed (400) or unknown (404) id is the
 * not-found page; only other failures are the error page with a retry.
 */
export function OrderPage() {
  return (
    <QueryProvider>
      <OrderPageContent />
    </QueryProvider>
  );
}

function OrderPageContent() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const { menuHref, data: venueData } = useVenueOutlet();
  const [search] = useSearchParams();
  const latestOrderId = useCartStore((s) => s.order?.id ?? null);
  const orderId = search.get('orderId') || latestOrderId;
  const order = useOrder(orderId);
  const receiveOrder = useReceiveOrder(orderId);
  const back = (
    <Link
      to={menuHref}
      className="inline-flex min-h-11 items-center self-start rounded-full bg-brand px-5 font-semibold text-brand-contrast"
    >
      {t('order.backToMenu')}
    </Link>
  );
  if (orderId && order.data) {
    // The kitchen's current prep time (architecture 4.10) from when the order was placed.
    const prep = venueData?.venue.availability?.prepMinutes;
    const cooking = ['placed', 'accepted', 'preparing'].includes(order.data.status);
    const readyAt =
      prep && cooking
        ? formatVenueTime(
            new Date(Date.parse(order.data.date_created) + prep * 60_000).toISOString(),
            i18n.resolvedLanguage,
            venueData?.venue.availability?.timezone,
          )
        : null;
    return (
      <div className="flex flex-col gap-4">
        <OrderDetails
          order={order.data}
          readyAt={readyAt}
          live={
            <Suspense fallback={null}>
              <OrderLive order={order.data} onOrder={receiveOrder} refetch={order.refetch} />
            </Suspense>
          }
        />
        <Suspense fallback={null}>
          <PayOrder
            order={order.data}
            cardPayment={venueData?.venue.cardPayment ?? false}
            onPaid={(paid) => {
              // Shown paid at once; the server's copy then brings what the payment gave (the receipt number).
              receiveOrder(paid);
              void order.refetch();
            }}
          />
        </Suspense>
        {order.data.receipt_number !== null ? (
          <Suspense fallback={null}>
            <OrderReceipt order={order.data} />
          </Suspense>
        ) : null}
        {back}
      </div>
    );
  }
  if (orderId && order.isPending) {
    return (
      <div role="status" className="flex flex-col gap-3 pt-6">
        <span className="sr-only">{t('order.loading')}</span>
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-4 w-64" />
        <Skeleton className="h-32 w-full rounded-2xl" />
      </div>
    );
  }
  if (orderId && order.isError) {
    const missing = isApiError(order.error) && (order.error.status === 404 || order.error.status === 400);
    return missing ? (
      <ErrorPage status={404} path={`${location.pathname}${location.search}`} homeHref={menuHref} />
    ) : (
      <ErrorPage status={500} onRetry={() => void order.refetch()} homeHref={menuHref} />
    );
  }
  return (
    <section aria-labelledby="order-title" className="flex flex-col items-start gap-3 pt-6">
      <h1 id="order-title" className="text-2xl font-bold">
        {t('order.title')}
      </h1>
      <p className="text-muted">{t('order.none')}</p>
      {back}
    </section>
  );
}
