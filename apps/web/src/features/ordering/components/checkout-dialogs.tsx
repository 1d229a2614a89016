import { useEffect, useState, useSyncExternalStore } from 'react';
import { useCartStore } from '../store/cart-store.ts';
import type { CheckoutDialogName, CheckoutPage } from '../lib/checkout-types.ts';
import { dialogsVersion, loadDialog, loadedDialog, preloadDialogs, subscribeToDialogs } from './dialog-chunks.ts';

/**
 * The dialogs one step away from each one: their chunks start loading as soon as it shows. Not
 * for the delivery-or-table question, which shows by itself during a first visit's page load: its
 * next steps (table choice, cart recap) come with the guest's first touch of the page, which an
 * answer to it is (use-checkout-preload.ts), so the page load stays the first screen's and the question's alone.
 */
const NEXT: Record<CheckoutDialogName, readonly CheckoutDialogName[]> = {
  deliveryOrSpot: [],
  selectSpot: ['displayOrder'],
  displayOrder: ['selectSpot', 'delivery', 'deliveryRecap'],
  delivery: ['deliveryRecap'],
  deliveryRecap: [],
};

/**
 * The dialog container (spec section 2): one dialog at a time, by name. Each dialog is a chunk of
 * its own (dialog-chunks.ts): a dialog whose chunk is there opens in the same frame; otherwise the
 * current dialog stays on screen (nothing, for the first one) until the chunk arrives. It never
 * suspends, so a tap is never answered by a fallback.
 */
export function CheckoutDialogs({ page }: { page: CheckoutPage }) {
  useSyncExternalStore(subscribeToDialogs, dialogsVersion, dialogsVersion);
  const wanted = useCartStore((s) => s.dialog);
  const ready: CheckoutDialogName | null = wanted && loadedDialog(wanted) ? wanted : null;
  const [shown, setShown] = useState(ready);
  if (ready && ready !== shown) setShown(ready);

  useEffect(() => {
    if (!wanted) return;
    void loadDialog(wanted);
    preloadDialogs(NEXT[wanted]);
  }, [wanted]);

  const name = ready ?? shown;
  const chunk = name ? loadedDialog(name) : undefined;
  if (!chunk) return null;
  const { Dialog } = chunk;
  return <Dialog page={page} />;
}
