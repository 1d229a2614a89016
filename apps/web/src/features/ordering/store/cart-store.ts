import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import {
  addToCart,
  cartCount,
  cartSubtotalMinor,
  clearCart,
  emptyCart,
  lineKey,
  removeFromCart,
  undo as undoCart,
  updateQuantity,
  type Cart,
  type CartLine,
  type CartProduct,
  type CartVariation,
} from '@carte/domain/cart';
import { sessionResetReason } from '@carte/domain/session-expiry';
import { DELIVERY_SPOT, PICKUP_SPOT } from '@carte/domain/spot';

/** The venue's delivery spot value (spec section 9), from the domain's zod-free spot module. */
export { DELIVERY_SPOT };

/** The dialogs of the dialog container (spec section 2). */
export type CheckoutDialog = 'displayOrder' | 'selectSpot' | 'deliveryOrSpot' | 'delivery' | 'deliveryRecap' | null;

export interface DeliveryData {
  fullName: string;
  email: string;
  fullAddress: string;
  phone?: string | undefined;
  notes?: string | undefined;
  /** From the chosen address suggestion, when the geocoder gave them (decision 032). */
  postcode?: string | undefined;
  location?: { lat: number; lng: number } | undefined;
}

export interface DeliveryCost {
  /** Decimal fee as POST /api/delivery-quote gives it. */
  fee: number;
  quoteId: string;
  address: string;
}

export interface CurrentOrder {
  id: string;
  number?: number;
  /** ISO 8601 */
  date_created: string;
}

export interface SpotVenueLike {
  spots: readonly string[];
  enable_uber_direct: boolean;
}

interface PersistedCartState {
  venueUrl: string | null;
  cart: Cart;
  spot: string | null;
  delivery: boolean;
  deliveryInfo: DeliveryData | null;
  deliveryCost: DeliveryCost | null;
  /** The guest asked to order before choosing a table: the recap opens once one is chosen. */
  orderPending: boolean;
  order: CurrentOrder | null;
  /** Idempotency-Key of the current checkout attempt, reused on retry, dropped once an order exists. */
  checkoutKey: string | null;
  /** The order-bar rule asked once this session (the dialog does not come back after closing it). */
  askedDeliveryOrSpot: boolean;
  lastActivityAt: number;
}

export interface CartState extends PersistedCartState {
  dialog: CheckoutDialog;
  /** Resets the stored state when it belongs to another venue or has expired (spec section 4). */
  syncVenue: (venueUrl: string, now?: number) => void;
  /** Adds to the line with the same product, variation set and note (a different note is a new line). */
  add: (
    product: CartProduct,
    variations: readonly CartVariation[],
    quantity: number,
    notes?: string | null,
  ) => CartChange;
  remove: (key: string, quantity?: number) => CartChange;
  setQuantity: (key: string, quantity: number) => CartChange;
  /** Undoes one change: exactly (domain undo) when nothing changed since, else by the inverse operation. */
  revert: (change: CartChange) => void;
  clear: () => void;
  chooseTable: (spot: string) => void;
  chooseDelivery: () => void;
  /** Pickup ("click and collect", decision 032): the spot 'pickup', no delivery. */
  choosePickup: () => void;
  /** Forgets the spot (a table the venue no longer has). */
  clearSpot: () => void;
  setSpotState: (state: { spot: string | null; delivery: boolean }) => void;
  setDeliveryInfo: (info: DeliveryData | null) => void;
  setDeliveryCost: (cost: DeliveryCost | null) => void;
  setOrderPending: (pending: boolean) => void;
  /** An order was placed: the cart is cleared and the order becomes the current one. */
  orderPlaced: (order: CurrentOrder) => void;
  /** The Idempotency-Key of this checkout attempt (created once, reused by retries). */
  takeCheckoutKey: () => string;
  openDialog: (dialog: CheckoutDialog) => void;
  markAsked: () => void;
}

export interface CartChange {
  kind: 'add' | 'remove' | 'update' | 'none';
  /** Lines before and after, to tell whether a later change happened before undo. */
  before: CartLine[];
  after: CartLine[];
  line: CartLine | undefined;
  quantity: number;
}

const initial = (): PersistedCartState => ({
  venueUrl: null,
  cart: emptyCart(),
  spot: null,
  delivery: false,
  deliveryInfo: null,
  deliveryCost: null,
  orderPending: false,
  order: null,
  checkoutKey: null,
  askedDeliveryOrSpot: false,
  lastActivityAt: Date.now(),
});

export const CART_STORAGE_KEY = 'carte-cart';

function newKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

export const useCartStore = create<CartState>()(
  persist(
    (set, get) => {
      const apply = (next: Cart, kind: CartChange['kind'], key: string, quantity: number): CartChange => {
        const before = get().cart.lines;
        const line = before.find((l) => l.key === key) ?? next.lines.find((l) => l.key === key);
        if (next === get().cart) return { kind: 'none', before, after: before, line, quantity: 0 };
        // A changed cart is a new checkout attempt: a new Idempotency-Key.
        set({ cart: next, lastActivityAt: Date.now(), checkoutKey: null });
        if (next.lines.length === 0 && get().dialog === 'displayOrder') set({ dialog: null });
        return { kind, before, after: next.lines, line, quantity };
      };
      return {
        ...initial(),
        dialog: null,
        syncVenue: (venueUrl, now = Date.now()) => {
          const s = get();
          const reason = sessionResetReason(
            { venueUrl: s.venueUrl, lastActivityAt: s.lastActivityAt, orderDateCreated: s.order?.date_created ?? null },
            venueUrl,
            now,
          );
          if (reason === 'other-venue') {
            console.warn(`Stored venue ${s.venueUrl ?? ''} differs from ${venueUrl}: its cart is reset.`);
          }
          if (reason || s.venueUrl !== venueUrl) set({ ...initial(), venueUrl, lastActivityAt: now, dialog: null });
        },
        add: (product, variations, quantity, notes) => {
          const next = addToCart(get().cart, product, variations, quantity, notes);
          return apply(
            next,
            'add',
            lineKey(
              product.id,
              variations.map((v) => v.id),
              notes,
            ),
            quantity,
          );
        },
        remove: (key, quantity) => {
          const line = get().cart.lines.find((l) => l.key === key);
          const q = quantity === undefined || !line ? (line?.quantity ?? 0) : Math.min(quantity, line.quantity);
          return apply(removeFromCart(get().cart, key, quantity), 'remove', key, q);
        },
        setQuantity: (key, quantity) => {
          const line = get().cart.lines.find((l) => l.key === key);
          return apply(updateQuantity(get().cart, key, quantity), 'update', key, line ? quantity - line.quantity : 0);
        },
        revert: (change) => {
          const { cart } = get();
          if (change.kind === 'none' || !change.line) return;
          if (cart.lines === change.after && cart.previous === change.before) {
            set({ cart: undoCart(cart), lastActivityAt: Date.now(), checkoutKey: null });
            return;
          }
          // Something changed since: undo this change alone.
          const { line } = change;
          const current = cart.lines.find((l) => l.key === line.key);
          let next = cart;
          if (change.kind === 'add' || (change.kind === 'update' && change.quantity > 0)) {
            if (current) next = removeFromCart(cart, line.key, Math.min(change.quantity, current.quantity));
          } else {
            const back = change.kind === 'update' ? -change.quantity : change.quantity;
            if (back > 0) next = addToCart(cart, line.product, line.variations, back, line.notes);
          }
          if (next !== cart) set({ cart: next, lastActivityAt: Date.now(), checkoutKey: null });
        },
        clear: () => set({ cart: clearCart(get().cart), lastActivityAt: Date.now(), checkoutKey: null }),
        chooseTable: (spot) => set({ spot, delivery: false, lastActivityAt: Date.now(), checkoutKey: null }),
        chooseDelivery: () =>
          set({ spot: DELIVERY_SPOT, delivery: true, lastActivityAt: Date.now(), checkoutKey: null }),
        choosePickup: () => get().chooseTable(PICKUP_SPOT),
        clearSpot: () => set({ spot: null, delivery: false }),
        setSpotState: ({ spot, delivery }) => set({ spot, delivery }),
        setDeliveryInfo: (deliveryInfo) => set({ deliveryInfo, lastActivityAt: Date.now(), checkoutKey: null }),
        setDeliveryCost: (deliveryCost) => set({ deliveryCost }),
        setOrderPending: (orderPending) => set({ orderPending }),
        orderPlaced: (order) =>
          set({
            cart: emptyCart(),
            order,
            orderPending: false,
            checkoutKey: null,
            deliveryCost: null,
            dialog: null,
            lastActivityAt: Date.now(),
          }),
        takeCheckoutKey: () => {
          const existing = get().checkoutKey;
          if (existing) return existing;
          const key = newKey();
          set({ checkoutKey: key });
          return key;
        },
        openDialog: (dialog) => set({ dialog }),
        markAsked: () => set({ askedDeliveryOrSpot: true }),
      };
    },
    {
      name: CART_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (s): PersistedCartState => ({
        venueUrl: s.venueUrl,
        cart: s.cart,
        spot: s.spot,
        delivery: s.delivery,
        deliveryInfo: s.deliveryInfo,
        deliveryCost: s.deliveryCost,
        orderPending: s.orderPending,
        order: s.order,
        checkoutKey: s.checkoutKey,
        askedDeliveryOrSpot: s.askedDeliveryOrSpot,
        lastActivityAt: s.lastActivityAt,
      }),
    },
  ),
);

/** Number of items in the cart (sum of quantities). */
export const selectCount = (s: CartState) => cartCount(s.cart);
/** Subtotal in minor units, priced by the domain rules (the server prices the same way). */
export const selectSubtotalMinor = (s: CartState) => cartSubtotalMinor(s.cart);
