import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { registerToasterMount } from '../../lib/toast.ts';
import { useTranslation } from '../../i18n/react.tsx';
import type { PublicVenueResponse } from '@carte/domain/public-types';
import { useShallow } from 'zustand/react/shallow';
import { PICKUP_SPOT } from '@carte/domain/spot';
import {
  onCartIntent,
  selectCount,
  selectSubtotalMinor,
  useCartActions,
  useCartStore,
} from '../../features/cart/index.ts';
import { loadCheckoutDialogs, useCheckoutPreload, type CheckoutModel } from '../../features/checkout/index.ts';

const CheckoutDialogs = lazy(loadCheckoutDialogs);
const Toaster = lazy(() => import('../../components/ui/toaster.tsx'));

/** A promise with its resolve function (resolved when the toaster listens). */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/**
 * The dialog container and the toaster of the guest pages: the checkout feature's dialogs get
 * their model from the cart store here (features do not import each other). Both load lazily.
 */
export function GuestCheckout({ slug, data }: { slug: string; data: PublicVenueResponse | undefined }) {
  const { t } = useTranslation();
  const actions = useCartActions();
  const state = useCartStore(
    useShallow((s) => ({
      dialog: s.dialog,
      cart: s.cart,
      spot: s.spot,
      delivery: s.delivery,
      orderPending: s.orderPending,
      deliveryInfo: s.deliveryInfo,
      count: selectCount(s),
      subtotalMinor: selectSubtotalMinor(s),
    })),
  );
  // The checkout's dialogs download on the first touch of the page, or at once on the cart button.
  useCheckoutPreload(Boolean(data), onCartIntent);
  // The toaster (and sonner) mounts on the first toast: it is not part of the page load.
  const [toaster, setToaster] = useState(false);
  const [toasterReady] = useState(deferred);
  useEffect(
    () =>
      registerToasterMount(() => {
        setToaster(true);
        return toasterReady.promise;
      }),
    [toasterReady],
  );

  const model = useMemo<CheckoutModel | null>(() => {
    if (!data) return null;
    const store = useCartStore.getState;
    return {
      slug,
      venue: data.venue,
      menu: data.menu,
      dialog: state.dialog,
      openDialog: (d) => store().openDialog(d),
      lines: state.cart.lines,
      count: state.count,
      subtotalMinor: state.subtotalMinor,
      spot: state.spot,
      delivery: state.delivery,
      orderPending: state.orderPending,
      deliveryInfo: state.deliveryInfo,
      setLineQuantity: actions.setLineQuantity,
      removeLine: actions.removeLine,
      chooseTable: (spot) => store().chooseTable(spot),
      chooseDelivery: () => store().chooseDelivery(),
      choosePickup: () => store().chooseTable(PICKUP_SPOT),
      clearSpot: () => store().setSpotState({ spot: null, delivery: false }),
      setOrderPending: (p) => store().setOrderPending(p),
      setDeliveryInfo: (info) => store().setDeliveryInfo(info),
      setDeliveryCost: (cost) => store().setDeliveryCost(cost),
      takeCheckoutKey: () => store().takeCheckoutKey(),
      orderPlaced: (order) => store().orderPlaced(order),
      items: actions.getItems,
    };
  }, [data, slug, state, actions]);

  return (
    <>
      {model && model.dialog ? (
        <Suspense fallback={null}>
          <CheckoutDialogs model={model} />
        </Suspense>
      ) : null}
      {toaster ? (
        <Suspense fallback={null}>
          <Toaster label={t('checkout.toasts')} dialogOpen={Boolean(state.dialog)} onReady={toasterReady.resolve} />
        </Suspense>
      ) : null}
    </>
  );
}
