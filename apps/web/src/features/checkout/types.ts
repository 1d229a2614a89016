import type { PublicProduct, PublicVenue } from '@carte/domain/public-types';
import type { CartLine } from '@carte/domain/cart';
import type { OrderItemBody } from '@carte/domain/contracts/orders';

export type CheckoutDialogName = 'displayOrder' | 'selectSpot' | 'deliveryOrSpot' | 'delivery' | 'deliveryRecap';

export interface CheckoutDeliveryInfo {
  fullName: string;
  email: string;
  fullAddress: string;
  phone?: string | undefined;
  notes?: string | undefined;
  /** From the chosen address suggestion, when the geocoder gave them (decision 032). */
  postcode?: string | undefined;
  location?: { lat: number; lng: number } | undefined;
}

/**
 * What the checkout dialogs read and do. app/ builds it from the cart store (features do not
 * import each other).
 */
export interface CheckoutModel {
  slug: string;
  venue: PublicVenue;
  menu: PublicProduct[];
  dialog: CheckoutDialogName | null;
  openDialog: (dialog: CheckoutDialogName | null) => void;
  lines: CartLine[];
  count: number;
  subtotalMinor: number;
  spot: string | null;
  delivery: boolean;
  orderPending: boolean;
  deliveryInfo: CheckoutDeliveryInfo | null;
  setLineQuantity: (key: string, quantity: number) => void;
  removeLine: (key: string) => void;
  chooseTable: (spot: string) => void;
  chooseDelivery: () => void;
  /** Pickup ("click and collect", decision 032): the spot 'pickup', no delivery. */
  choosePickup: () => void;
  clearSpot: () => void;
  setOrderPending: (pending: boolean) => void;
  setDeliveryInfo: (info: CheckoutDeliveryInfo) => void;
  setDeliveryCost: (cost: { fee: number; quoteId: string; address: string } | null) => void;
  /** The Idempotency-Key of this checkout attempt (the same on a retry). */
  takeCheckoutKey: () => string;
  orderPlaced: (order: { id: string; number: number; date_created: string }) => void;
  /** The cart as POST /api/order wants it, each line with the guest's note for the kitchen if any. */
  items: () => OrderItemBody[];
}
