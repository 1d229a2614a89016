/**
 * Courier delivery behind one small interface (architecture.md section 5). The offline default
 * quotes the fee configured on the venue; Uber Direct (quotes with pickup and dropoff, deliveries,
 * status webhooks) implements the same interface later.
 */

/** What a provider may know of the venue: the pickup side of a courier job. */
export interface DeliveryVenue {
  id: string;
  venueUrl: string;
  name: string;
  currency: string;
  pickupAddress: string | null;
  pickupPhone: string | null;
  /** Fee the offline provider quotes, in minor units; null when none is configured. */
  deliveryFeeMinor: number | null;
}

export interface DeliveryQuoteInput {
  venue: DeliveryVenue;
  /** The guest's address, normalised. */
  dropoffAddress: string;
}

export interface DeliveryQuoteResult {
  /** Fee in minor units of the venue's currency. The caller checks that it is a whole number. */
  fee: number;
  /** The provider's own quote id (Uber Direct `dqr_...`), passed back when the delivery is created. */
  providerRef?: string | null;
  /** Until when the provider honours the fee. */
  expiresAt: Date;
}

export interface DeliveryContact {
  name: string;
  phone?: string | undefined;
  email?: string | undefined;
  address: string;
  notes?: string | undefined;
}

export interface CreateDeliveryInput {
  venue: DeliveryVenue;
  orderId: string;
  orderNumber: number;
  /** The provider's quote id the fee came from, when it gave one. */
  quoteRef: string | null;
  feeMinor: number;
  dropoff: DeliveryContact;
  items: { name: string; quantity: number }[];
}

export interface CreatedDelivery {
  /** The provider's delivery id, for webhooks and tracking. */
  providerRef: string | null;
  status: string;
  trackingUrl: string | null;
}

export interface DeliveryProvider {
  /** Stored with quotes and deliveries ('offline', 'uber-direct'). */
  readonly name: string;
  quote(input: DeliveryQuoteInput): Promise<DeliveryQuoteResult>;
  createDelivery(input: CreateDeliveryInput): Promise<CreatedDelivery>;
}

/** Raised by a provider that cannot quote; the route answers 500 'Error fetching delivery cost'. */
export class DeliveryQuoteUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeliveryQuoteUnavailableError';
  }
}
