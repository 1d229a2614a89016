/**
 * The checkout feature: the dialog container and its dialogs (cart recap, select table, delivery or
 * table, address form, delivery recap). app/ renders `loadCheckoutDialogs`'s container lazily with
 * a CheckoutModel built from the cart store, and calls `useCheckoutPreload` on the ordering pages.
 */
import { useEffect } from 'react';
import CheckoutDialogs from './components/checkout-dialogs.tsx';
import { preloadDialogs } from './components/dialog-chunks.ts';

export type { CheckoutModel, CheckoutDialogName, CheckoutDeliveryInfo } from './types.ts';

/**
 * The container is a few lines that ship with the page; each dialog is a chunk of its own, so the
 * delivery-or-table question that opens by itself on a first visit downloads only its own sheet.
 * (A promise, for React.lazy: app/ already renders the container that way.)
 */
export const loadCheckoutDialogs = () => Promise.resolve({ default: CheckoutDialogs });

/** Starts downloading every checkout dialog (the guest reached for the cart); cheap to call again. */
export function preloadCheckout(): void {
  preloadDialogs();
}

/**
 * What downloads when the page is idle: every dialog but the address form. The form brings
 * react-hook-form and the domain's zod schema (about 40 KB gzipped, more than all the other dialogs
 * together); it is two taps away (cart, then order with delivery), so it starts when the cart
 * recap shows or the guest reaches for the cart, and stays out of the page load's bytes.
 */
const IDLE_DIALOGS = ['deliveryOrSpot', 'selectSpot', 'displayOrder', 'deliveryRecap'] as const;
const preloadWhenIdle = () => preloadDialogs(IDLE_DIALOGS);

/**
 * While `enabled` (a page that takes orders), downloads the checkout dialogs once the page is
 * complete and the browser idle (a timeout where requestIdleCallback is missing), never competing
 * with the first paint; `onIntent` subscribes to the guest reaching for the cart (pointer down,
 * hover or focus on the cart button), which starts all of them at once.
 */
export function useCheckoutPreload(enabled: boolean, onIntent?: (listener: () => void) => () => void): void {
  useEffect(() => {
    if (!enabled) return;
    let cancel = () => {};
    const whenIdle = () => {
      if (window.requestIdleCallback) {
        const id = window.requestIdleCallback(preloadWhenIdle, { timeout: 4000 });
        cancel = () => window.cancelIdleCallback(id);
      } else {
        const id = window.setTimeout(preloadWhenIdle, 1000);
        cancel = () => window.clearTimeout(id);
      }
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    const unsubscribe = onIntent?.(preloadCheckout);
    return () => {
      window.removeEventListener('load', whenIdle);
      cancel();
      unsubscribe?.();
    };
  }, [enabled, onIntent]);
}
