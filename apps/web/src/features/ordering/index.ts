/**
 * The ordering feature's public API (decision 036): the guest's cart, the checkout's dialogs, the
 * table's live session and its bill. One feature, because the table session changes the cart and the
 * checkout together; the dialogs and the panel read and change the cart store directly. The payment
 * feature's sheet stays outside: app/ hands it to the table's bill through `renderPay`.
 *
 * Cart (ships with the guest page):
 * - `useCartActions()` -> { addItem(product, variationIds, quantity, notes?), removeItem(productId, variationIds, quantity?),
 *   setLineQuantity(key, q), removeLine(key), openCart(), getItems() }: every add/remove shows a toast with Undo.
 * - `ProductAddControl` ({product, currency, compact?}): the card's add button (>= 44 px), with the variation
 *   chooser (option groups, extras, a note for the kitchen) for products with options; renders nothing for a
 *   product without price.
 * - `CartButton`, `CurrentOrderLink` ({slug}): header actions.
 * - `useCartSession(slug, venue, spotQuery, mayAsk)`: venue sync, session expiry, `?spot=`, order-bar rule.
 * - `useCartStore` (Zustand, persisted in localStorage) and its selectors, for pages that show the cart's count.
 *
 * Checkout:
 * - `Checkout` ({page}): the dialog the cart store names (cart recap, table choice, delivery or table,
 *   address form, delivery recap). The container ships with the page; each dialog is a lazy chunk,
 *   downloaded on the guest's first touch of the page or at once when they reach for the cart.
 *
 * Table session (issue 20, decisions 034 and 036):
 * - `hasTable(slug, token)`: whether the page is at a table (a QR code's token, or one joined before).
 * - `TableSessionPanel` (lazy, its own chunk with its strings): the table's shared cart and bill, and
 *   each guest's part to pay through `renderPay` (TablePayRequest).
 */
import { lazy } from 'react';

export { useCartActions, openCart, type CartActions, type AddableProduct } from './hooks/use-cart-actions.ts';
export { ProductAddControl } from './components/product-add-control.tsx';
export { CartButton, CurrentOrderLink } from './components/cart-button.tsx';
export { useCartSession } from './hooks/use-cart-session.ts';
export {
  useCartStore,
  selectCount,
  selectSubtotalMinor,
  CART_STORAGE_KEY,
  DELIVERY_SPOT,
  type CartState,
  type CartChange,
  type CheckoutDialog,
  type DeliveryData,
  type DeliveryCost,
  type CurrentOrder,
} from './store/cart-store.ts';

export { Checkout } from './components/checkout.tsx';
export type { CheckoutPage, CheckoutDialogName } from './lib/checkout-types.ts';

export { hasTable } from './lib/has-table.ts';
export type { TableSessionPanelProps } from './components/table-session-panel.tsx';
export type { TablePayRequest } from './components/pay-my-part.tsx';
/** The table's panel: a chunk of its own, loaded only at a table (never in the guest page's first load). */
export const TableSessionPanel = lazy(() => import('./components/table-session-panel.tsx'));
