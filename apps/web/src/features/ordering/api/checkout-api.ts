import type { AddressSuggestion } from '@carte/domain/delivery';
import type { DeliveryQuoteBody, PublicDeliveryQuote } from '@carte/domain/contracts/delivery';
import type { OrderBody, PublicOrder } from '@carte/domain/contracts/orders';
import type { PickupSlots } from '@carte/domain/contracts/public-venue';
import { apiGet, apiRequest } from '../../../lib/api-client.ts';

/** The body of POST /api/order (architecture.md 4.4): the input of the domain's orderBodySchema. */
export type PlaceOrderBody = OrderBody;

/** POST /api/order; the same Idempotency-Key on a retry gives the same order back. */
export function placeOrder(body: PlaceOrderBody, idempotencyKey: string): Promise<PublicOrder> {
  return apiRequest<PublicOrder>('/api/order', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** POST /api/delivery-quote. */
export function quoteDelivery(
  venueUrl: string,
  deliveryAddress: string,
  signal?: AbortSignal,
): Promise<PublicDeliveryQuote> {
  return apiRequest<PublicDeliveryQuote>('/api/delivery-quote', {
    method: 'POST',
    body: { venueUrl, deliveryAddress } satisfies DeliveryQuoteBody,
    ...(signal ? { signal } : {}),
  });
}

/** GET /api/address?q&language. */
export function searchAddress(q: string, language: string, signal?: AbortSignal): Promise<AddressSuggestion[]> {
  return apiGet<AddressSuggestion[]>('/api/address', { q, language }, signal);
}

/** GET /api/public/pickup-slots?venue: the pickup times a guest may choose now (decision 032). */
export function getPickupSlots(venueUrl: string, signal?: AbortSignal): Promise<PickupSlots> {
  return apiGet<PickupSlots>('/api/public/pickup-slots', { venue: venueUrl }, signal);
}
