import type { AddressSuggestion } from '@carte/domain/delivery';
import type { PublicDeliveryQuote, PublicOrder } from '@carte/domain/order';
import { apiGet, apiRequest } from '../../../lib/api-client.ts';

export interface PlaceOrderBody {
  venueUrl: string;
  venueId: string;
  items: { productId: string; variationIds: string[]; quantity: number; notes?: string }[];
  spot: string;
  delivery: boolean;
  deliveryCost?: number;
  deliveryQuoteId?: string;
  deliveryInfo?: {
    fullName: string;
    email: string;
    fullAddress: string;
    phone?: string | undefined;
    notes?: string | undefined;
  };
}

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
