import type { PublicProduct, PublicVenue } from '@carte/domain/public-types';
import type { CheckoutDialog } from '../store/cart-store.ts';

/** A dialog of the checkout's dialog container (spec section 2). */
export type CheckoutDialogName = Exclude<CheckoutDialog, null>;

/**
 * The venue page the checkout runs on: what app/ loaded (the venue and its menu). Everything else a
 * dialog reads or changes (the lines, the spot, delivery, the dialog shown) is the cart store's, which
 * the dialogs use directly (decision 036).
 */
export interface CheckoutPage {
  slug: string;
  venue: PublicVenue;
  menu: PublicProduct[];
}
