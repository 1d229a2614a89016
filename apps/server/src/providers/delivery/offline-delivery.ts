import {
  DeliveryQuoteUnavailableError,
  type CreatedDelivery,
  type DeliveryProvider,
  type DeliveryQuoteInput,
  type DeliveryQuoteResult,
} from './delivery-provider.ts';

/** How long an offline quote is honoured. */
export const OFFLINE_QUOTE_TTL_MS = 30 * 60_000;

/**
 * The offline default: the fee configured per venue (venues.delivery_fee_minor), no courier.
 * The venue delivers with its own staff; a created delivery simply waits for them.
 */
export function createOfflineDeliveryProvider(opts: { now?: () => number; ttlMs?: number } = {}): DeliveryProvider {
  const now = opts.now ?? Date.now;
  const ttl = opts.ttlMs ?? OFFLINE_QUOTE_TTL_MS;
  return {
    name: 'offline',
    async quote({ venue }: DeliveryQuoteInput): Promise<DeliveryQuoteResult> {
      if (venue.deliveryFeeMinor === null || venue.deliveryFeeMinor === undefined) {
        throw new DeliveryQuoteUnavailableError(`Venue ${venue.venueUrl} has no delivery fee configured`);
      }
      return { fee: venue.deliveryFeeMinor, providerRef: null, expiresAt: new Date(now() + ttl) };
    },
    async createDelivery(): Promise<CreatedDelivery> {
      return { providerRef: null, status: 'pending', trackingUrl: null };
    },
  };
}
