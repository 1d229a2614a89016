import type { PublicOrder, StatusChangeBody } from '@carte/domain/contracts/orders';
import type { RefundBody } from '@carte/domain/contracts/payments';
import type { VenueOrdersPage } from '@carte/domain/contracts/venue-orders';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/venue/orders answer (architecture.md 4.8): the orders and the cursor to catch up from. */
export type { VenueOrdersPage };

/** The venue's orders: `status` is a comma list or 'open'; `since` a cursor from an earlier answer or event. */
export function getVenueOrders(
  query: { venueId: string; status?: string; since?: string | null },
  signal?: AbortSignal,
): Promise<VenueOrdersPage> {
  return apiRequest<VenueOrdersPage>('/api/venue/orders', {
    query: { venueId: query.venueId, status: query.status, since: query.since ?? undefined },
    ...(signal ? { signal } : {}),
  });
}

/** PATCH /api/order/status: the order as it is after the move (409 INVALID_TRANSITION when refused). */
export function moveOrder(body: StatusChangeBody): Promise<PublicOrder> {
  return apiRequest<PublicOrder>('/api/order/status', { method: 'PATCH', body });
}

/** POST /api/order/allergy-ack: a staff member has read the order's allergy banner (needed before preparing). */
export function acknowledgeAllergies(orderId: string): Promise<PublicOrder> {
  return apiRequest<PublicOrder>('/api/order/allergy-ack', { method: 'POST', body: { orderId } });
}

/** POST /api/order/refund: a cancelled, paid order is refunded through the payment provider. */
export function refundOrder(orderId: string): Promise<unknown> {
  return apiRequest<unknown>('/api/order/refund', { method: 'POST', body: { orderId } satisfies RefundBody });
}

/** GET /api/order: one order, to learn its real state after a refused move. */
export function getOrder(orderId: string): Promise<PublicOrder> {
  return apiRequest<PublicOrder>('/api/order', { query: { orderId } });
}

/** The staff stream's address; the cursor makes the server replay what changed since. */
export function venueStreamUrl(venueId: string, since: string | null): string {
  const params = new URLSearchParams({ venueId });
  if (since) params.set('since', since);
  return new URL(`/api/venue/orders/stream?${params.toString()}`, document.baseURI).href;
}
