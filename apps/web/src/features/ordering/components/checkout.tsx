import { useCheckoutPreload } from '../hooks/use-checkout-preload.ts';
import type { CheckoutPage } from '../lib/checkout-types.ts';
import { useCartStore } from '../store/cart-store.ts';
import { CheckoutDialogs } from './checkout-dialogs.tsx';

/**
 * The checkout of a venue page that takes orders (`page`, else null): the dialog the cart store
 * names, one at a time. The container is a few lines that ship with the page; each dialog is a chunk
 * of its own (dialog-chunks.ts), downloaded on the guest's first touch of the page or at once when
 * they reach for the cart. A new dialog container mounts each time a dialog opens.
 */
export function Checkout({ page }: { page: CheckoutPage | null }) {
  useCheckoutPreload(page !== null);
  const open = useCartStore((s) => s.dialog !== null);
  return page && open ? <CheckoutDialogs page={page} /> : null;
}
