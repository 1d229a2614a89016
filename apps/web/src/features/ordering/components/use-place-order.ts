import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../i18n/react.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { notifyPromise } from '../../../lib/toast.ts';
import { withAllergyProfile } from '../../../lib/stores/allergy-profile.ts';
import { refusedOrderText } from '../../../lib/venue-time.ts';
import { placeOrder, type PlaceOrderBody } from '../api/checkout-api.ts';
import { formatPrice, toMinor } from '@carte/domain/money';
import { useCartStore } from '../store/cart-store.ts';
import { cartToOrderItems } from '@carte/domain/cart';
import type { CheckoutPage } from '../lib/checkout-types.ts';

/**
 * Places the order (spec section 4): loading, success and error toasts; the cart is cleared and
 * the guest lands on the order page. A delivery order that yields no order goes to order-error.
 */
/** Refusals that keep the guest in the checkout to change something (decision 032), not on order-error. */
const FIXABLE = [
  'PICKUP_SLOT_UNAVAILABLE',
  'DELIVERY_MINIMUM_NOT_MET',
  'DELIVERY_OUTSIDE_AREA',
  'DELIVERY_LOCATION_REQUIRED',
];

export function usePlaceOrder(page: CheckoutPage, options: { onRefused?: (code: string) => void } = {}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [placing, setPlacing] = useState(false);

  async function submit(extra: Partial<PlaceOrderBody> = {}) {
    const cart = useCartStore.getState();
    if (placing || !cart.spot) return;
    setPlacing(true);
    const body: PlaceOrderBody = {
      venueUrl: page.venue.venueUrl,
      venueId: page.venue.id,
      items: cartToOrderItems(cart.cart),
      spot: cart.spot,
      delivery: cart.delivery,
      // The guest's allergies travel with the order: the staff acknowledge them before preparing.
      ...withAllergyProfile(),
      ...extra,
    };
    const request = placeOrder(body, cart.takeCheckoutKey());
    notifyPromise(
      request,
      {
        loading: t('checkout.placing'),
        success: t('checkout.placed'),
        // Closed, paused or a dish out of its hours (409, architecture 4.10): say so; the cart stays.
        error: (error) =>
          (isApiError(error)
            ? error.code === 'DELIVERY_MINIMUM_NOT_MET'
              ? t('checkout.belowMinimum', { minimum: minimumText(error.body) })
              : refusedOrderText(error, t, i18n.resolvedLanguage, page.venue.availability?.timezone)
            : null) ?? t('checkout.placeError'),
      },
      // The order page comes next with its heading at the top: "Order placed" shows at the bottom.
      { successPosition: 'bottom-center' },
    );
    try {
      const order = await request;
      cart.orderPlaced({ id: order.id, number: order.number, date_created: order.date_created });
      void navigate(`/${page.slug}/order?orderId=${encodeURIComponent(order.id)}`);
    } catch (error) {
      if (isApiError(error) && error.code === 'INVALID_SPOT') cart.clearSpot();
      if (isApiError(error) && FIXABLE.includes(error.code)) {
        // The cart stays; the guest picks another time, adds a dish or changes the address.
        if (error.code === 'DELIVERY_MINIMUM_NOT_MET') cart.openDialog('displayOrder');
        else if (error.code !== 'PICKUP_SLOT_UNAVAILABLE') cart.openDialog('delivery');
        options.onRefused?.(error.code);
      } else if (body.delivery) {
        cart.openDialog(null);
        void navigate(`/${page.slug}/order-error`);
      }
    } finally {
      setPlacing(false);
    }
  }

  /** The minimum of a DELIVERY_MINIMUM_NOT_MET answer, in the venue's currency. */
  function minimumText(body: Record<string, unknown> | undefined): string {
    const minimum = typeof body?.minimumOrder === 'number' ? body.minimumOrder : page.venue.deliveryRules?.minimumOrder;
    return minimum === undefined ? '' : formatPrice(toMinor(minimum), page.venue.currency, i18n.language);
  }

  return { placing, submit };
}
