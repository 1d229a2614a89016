/**
 * The checkout feature: the dialog container and its dialogs (cart recap, select table, delivery or
 * table, address form, delivery recap). Load `./components/checkout-dialogs.tsx` lazily; app/ gives
 * it a CheckoutModel built from the cart store.
 */
export type { CheckoutModel, CheckoutDialogName, CheckoutDeliveryInfo } from './types.ts';
export const loadCheckoutDialogs = () => import('./components/checkout-dialogs.tsx');
