import type { StaffReceiptEmailAnswer } from '@carte/domain/contracts/receipts';
import type { OrderTicket, VenueTickets } from '@carte/domain/contracts/tickets';
import type { PaidMethod } from '@carte/domain/contracts/staff-orders';
import type { TableCall } from '@carte/domain/contracts/table-calls';
import type { PublicOrder } from '@carte/domain/contracts/orders';
import type { PublicProduct } from '@carte/domain/public-types';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/venue/tickets: the kitchen tickets of the venue's current orders, by order id (4.11). */
export function getVenueTickets(venueId: string, signal?: AbortSignal): Promise<VenueTickets> {
  return apiRequest<VenueTickets>('/api/venue/tickets', { query: { venueId }, ...(signal ? { signal } : {}) });
}

/** POST /api/order/reprint: every station of the order, or one. */
export function reprintTickets(orderId: string, station?: string): Promise<{ tickets: OrderTicket[] }> {
  return apiRequest('/api/order/reprint', { method: 'POST', body: station ? { orderId, station } : { orderId } });
}

/** The printable page of one station's ticket (the offline default): the pass prints it from the browser. */
export function ticketPageUrl(orderId: string, station: string): string {
  const params = new URLSearchParams({ orderId, station });
  return new URL(`/api/order/ticket?${params.toString()}`, document.baseURI).href;
}

/** GET /api/venue/calls: the open calls from the tables (4.12). */
export function getVenueCalls(venueId: string, signal?: AbortSignal): Promise<{ calls: TableCall[] }> {
  return apiRequest('/api/venue/calls', { query: { venueId }, ...(signal ? { signal } : {}) });
}

export function answerCall(id: string, status: 'acknowledged' | 'done'): Promise<TableCall> {
  return apiRequest('/api/table/call', { method: 'PATCH', body: { id, status } });
}

/** The venue's dishes, for the waiter's order. */
export function getMenu(venueId: string, signal?: AbortSignal): Promise<PublicProduct[]> {
  return apiRequest('/api/product', { query: { venueId, owner: true }, ...(signal ? { signal } : {}) });
}

export interface StaffLine {
  productId: string;
  variationIds: string[];
  quantity: number;
}

/** POST /api/venue/order: priced by the server as a guest's order. */
export function placeStaffOrder(body: { venueId: string; spot: string; items: StaffLine[] }): Promise<PublicOrder> {
  return apiRequest('/api/venue/order', { method: 'POST', body });
}

/** POST /api/venue/order/items: a round added to a table's open order. */
export function addRound(body: { orderId: string; items: StaffLine[] }): Promise<PublicOrder> {
  return apiRequest('/api/venue/order/items', { method: 'POST', body });
}

export function markPaid(orderId: string, method: PaidMethod): Promise<PublicOrder> {
  return apiRequest('/api/order/paid', { method: 'POST', body: { orderId, method } });
}

/** POST /api/venue/orders/receipt: a paid order's receipt to the address typed, else the order's own. */
export function sendOrderReceipt(venueId: string, orderId: string, email?: string): Promise<StaffReceiptEmailAnswer> {
  return apiRequest('/api/venue/orders/receipt', {
    method: 'POST',
    body: email ? { venueId, orderId, email } : { venueId, orderId },
  });
}
