import { useShallow } from 'zustand/react/shallow';
import { selectCount, selectSubtotalMinor, useCartStore } from '../store/cart-store.ts';

/** What the checkout dialogs show of the cart store (one shallow subscription). */
export function useCheckoutCart() {
  return useCartStore(
    useShallow((s) => ({
      lines: s.cart.lines,
      count: selectCount(s),
      subtotalMinor: selectSubtotalMinor(s),
      spot: s.spot,
      delivery: s.delivery,
      deliveryInfo: s.deliveryInfo,
    })),
  );
}

export type CheckoutCart = ReturnType<typeof useCheckoutCart>;
