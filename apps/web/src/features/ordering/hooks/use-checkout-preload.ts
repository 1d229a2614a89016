import { useEffect } from 'react';
import { preloadDialogs } from '../components/dialog-chunks.ts';
import { onCartIntent } from '../lib/cart-intent.ts';

/**
 * What downloads on the guest's first touch of the page: every dialog but the address form. The form
 * brings react-hook-form and the domain's zod schema (about 40 KB gzipped, more than all the other
 * dialogs together); it is two taps away (cart, then order with delivery), so it starts when the cart
 * recap shows or the guest reaches for the cart.
 */
const FIRST_TOUCH_DIALOGS = ['deliveryOrSpot', 'selectSpot', 'displayOrder', 'deliveryRecap'] as const;
const preloadOnFirstTouch = () => preloadDialogs(FIRST_TOUCH_DIALOGS);
/** Starts downloading every checkout dialog (the guest reached for the cart); cheap to call again. */
const preloadCheckout = () => preloadDialogs();
/** The first sign of a guest at work: a touch, a click, a key or a scroll. */
const FIRST_TOUCH_EVENTS = ['pointerdown', 'keydown', 'scroll', 'wheel'] as const;

/**
 * While `enabled` (a page that takes orders), downloads the checkout dialogs on the guest's first
 * touch of the page (a dialog is at least a tap and a render away, the few KB arrive meanwhile):
 * they are not part of the page load, which the first screen has to itself. The guest reaching for
 * the cart (pointer down, hover or focus on the cart button, an add) starts all of them at once, the
 * address form included.
 */
export function useCheckoutPreload(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    const options = { capture: true, passive: true } as const;
    const onFirstTouch = () => {
      stop();
      preloadOnFirstTouch();
    };
    const stop = () => {
      for (const type of FIRST_TOUCH_EVENTS) window.removeEventListener(type, onFirstTouch, options);
    };
    for (const type of FIRST_TOUCH_EVENTS) window.addEventListener(type, onFirstTouch, options);
    const unsubscribe = onCartIntent(preloadCheckout);
    return () => {
      stop();
      unsubscribe();
    };
  }, [enabled]);
}
