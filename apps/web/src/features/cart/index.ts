/**
 * The cart feature's public API (stable). app/ hands these to other features (menu, chat,
 * checkout); features never import each other.
 *
 * - `useCartActions()` -> { addItem(product, variationIds, quantity, notes?), removeItem(productId, variationIds, quantity?),
 *   setLineQuantity(key, q), removeLine(key), openCart(), getItems() }: every add/remove shows a toast with Undo.
 * - `ProductAddControl` ({product, currency, compact?}): the card's add button (>= 44 px), with the variation
 *   chooser (option groups, extras, a note for the kitchen) for products with options; renders nothing for a
 *   product without price.
 * - `CartButton`, `CurrentOrderLink` ({slug}): header actions; `onCartIntent(listener)`: the guest reaching
 *   for the cart button (pointer down, hover, focus), for app/ to preload the checkout.
 * - `useCartSession(slug, venue, spotQuery)`: venue sync, session expiry, `?spot=`, order-bar rule.
 * - `useCartStore` (Zustand, persisted in localStorage) and its selectors, for app/ to build the checkout's inputs.
 */
export { useCartActions, openCart, type CartActions, type AddableProduct } from './hooks/use-cart-actions.ts';
export { ProductAddControl } from './components/product-add-control.tsx';
export { CartButton, CurrentOrderLink } from './components/cart-button.tsx';
export { onCartIntent } from './lib/cart-intent.ts';
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
