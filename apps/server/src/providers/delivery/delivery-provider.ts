/**
 * Courier delivery behind one small interface (architecture.md section 5). The offline default
 * quotes the fee configured on the venue; Uber Direct (uber-direct.ts: quotes with pickup and
 * dropoff, deliveries; its status webhooks are in modules/courier) implements the same interface.
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
  /** The provider's dropoff estimate, when it gives one. */
  dropoffEta?: Date | null;
}

export interface DeliveryProvider {
  /** Stored with quotes and deliveries ('offline', 'uber-direct'). */
  readonly name: string;
  quote(input: DeliveryQuoteInput): Promise<DeliveryQuoteResult>;
  createDelivery(input: CreateDeliveryInput): Promise<CreatedDelivery>;
}

/**
 * Raised by a provider whose service failed (HTTP error, timeout, unreadable answer): the guest's
 * quote answers 502 'Error managing the delivery of your order. Please try again later.'.
 */
export class DeliveryProviderError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'DeliveryProviderError';
  }
}

/** Raised when the provider quotes in another currency than the venue's: 500 'Invalid delivery cost data received'. */
export class DeliveryCurrencyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeliveryCurrencyError';
  }
}

/** Raised by a provider that cannot quote; the route answers 500 'Error fetching delivery cost'. */
export class DeliveryQuoteUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeliveryQuoteUnavailableError';
  }
}
