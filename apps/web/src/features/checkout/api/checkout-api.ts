import type { AddressSuggestion } from '@carte/domain/delivery';
import type { PublicDeliveryQuote, PublicOrder } from '@carte/domain/order';
import type { OrderBody } from '@carte/domain/wire';
import { apiGet, apiRequest } from '../../../lib/api-client.ts';

/** The body of POST /api/order (architecture.md 4.4), from the domain's wire contracts. */
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
    body: { venueUrl, deliveryAddress },
    ...(signal ? { signal } : {}),
  });
}

/** GET /api/address?q&language. */
export function searchAddress(q: string, language: string, signal?: AbortSignal): Promise<AddressSuggestion[]> {
  return apiGet<AddressSuggestion[]>('/api/address', { q, language }, signal);
}
