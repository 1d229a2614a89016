import type { OrderTicket } from '@carte/domain/contracts/tickets';
import type { TableCall } from '@carte/domain/contracts/table-calls';
import { http, HttpResponse } from 'msw';
import type { PublicOrder } from '@carte/domain/contracts/orders';
import { canMoveOrder, canRefund, isFinalOrderStatus } from '@carte/domain/order-status';

let nextNumber = 100;

/** A table order placed a minute ago at Trattoria da Luca; override any field. */
export function makeOrder(overrides: Partial<PublicOrder> = {}): PublicOrder {
  const number = overrides.number ?? nextNumber++;
  const created = overrides.date_created ?? new Date(Date.now() - 60_000).toISOString();
  return {
    id: `order-${number}`,
    number,
    total: 20.5,
    subtotal: 20.5,
    service_charge: 0,
    tax: [],
    tax_total: 0,
    tax_mode: null,
    receipt_number: null,
    delivery_cost: 0,
    date_created: created,
    items: [
      {
        productId: 'margherita',
        name: 'Pizza Margherita',
        quantity: 2,
        unit_price: 9,
        total: 18,
        variations: [],
        notes: null,
      },
      {
        productId: 'tiramisu',
        name: 'Tiramisù',
        quantity: 1,
        unit_price: 2.5,
        total: 2.5,
        variations: [{ id: 'v-decaf', name: 'Decaf', price_variation: 0 }],
        notes: 'No cocoa',
      },
    ],
    delivery_info: null,
    notes: null,
    delivery: false,
    spot: '4',
    pickup_at: null,
    currency: 'eur',
    currencySymbol: '€',
    venueUrl: 'trattoria-da-luca',
    status: 'placed',
    payment_status: 'unpaid',
    paid_in_parts: 0,
    tip: 0,
    courier: null,
    updated_at: created,
    allergyProfile: null,
    allergyAcknowledged: null,
    cancel_reason: null,
    ...overrides,
  };
}

export interface BoardCall {
  method: string;
  path: string;
  query: Record<string, string>;
  body: Record<string, unknown> | null;
}

const fail = (status: number, code: string, error: string) =>
  HttpResponse.json({ success: false, error, code }, { status });

/**
 * A fake of the staff order calls (architecture.md 4.8) over an in-memory list: GET
 * /api/venue/orders with status and since (the cursor is the newest updated_at), PATCH
 * /api/order/status checked with the domain's transition table, POST /api/order/refund and
 * GET /api/order. Every call is recorded.
 */
export function fakeOrderBoard(options: { venueId?: string; orders?: PublicOrder[]; refuseMoves?: boolean } = {}) {
  const venueId = options.venueId ?? 'venue-luca';
  const orders = new Map((options.orders ?? []).map((o) => [o.id, structuredClone(o)]));
  const calls: BoardCall[] = [];
  const tickets: Record<string, OrderTicket[]> = {};
  const tableCalls: TableCall[] = [];
  let clock = Date.now();
  const tick = () => new Date((clock = Math.max(clock + 1000, Date.now()))).toISOString();
  const record = async (request: Request) => {
    let body: Record<string, unknown> | null = null;
    try {
      body = (await request.clone().json()) as Record<string, unknown>;
    } catch {
      body = null;
    }
    const url = new URL(request.url);
    calls.push({ method: request.method, path: url.pathname, query: Object.fromEntries(url.searchParams), body });
    return body;
  };
  const cursorOf = (list: PublicOrder[]) =>
    list.reduce<string | null>((max, o) => (max === null || o.updated_at > max ? o.updated_at : max), null);

  const handlers = [
    http.get('*/api/venue/orders', async ({ request }) => {
      await record(request);
      const query = new URL(request.url).searchParams;
      if (query.get('venueId') !== venueId) return fail(403, 'FORBIDDEN', 'You do not have access to this venue.');
      const status = query.get('status');
      const since = query.get('since');
      const wanted = status && status !== 'open' ? status.split(',') : null;
      const list = [...orders.values()].filter((o) => {
        if (status === 'open' && isFinalOrderStatus(o.status)) return false;
        if (wanted && !wanted.includes(o.status)) return false;
        return !since || o.updated_at > since;
      });
      const all = [...orders.values()];
      return HttpResponse.json({ success: true, data: { orders: list, cursor: cursorOf(all) ?? since } });
    }),
    http.patch('*/api/order/status', async ({ request }) => {
      const body = ((await record(request)) ?? {}) as { orderId?: string; status?: string; reason?: string };
      const order = body.orderId ? orders.get(body.orderId) : undefined;
      if (!order) return fail(404, 'ORDER_NOT_FOUND', 'Order not found');
      if (options.refuseMoves || !canMoveOrder(order, body.status ?? '', 'staff'))
        return fail(409, 'INVALID_TRANSITION', 'This order cannot move to that state.');
      order.status = body.status!;
      order.updated_at = tick();
      return HttpResponse.json({ success: true, data: order });
    }),
    http.post('*/api/order/refund', async ({ request }) => {
      const body = ((await record(request)) ?? {}) as { orderId?: string };
      const order = body.orderId ? orders.get(body.orderId) : undefined;
      if (!order) return fail(404, 'ORDER_NOT_FOUND', 'Order not found');
      if (!canRefund({ status: order.status, paymentStatus: order.payment_status }))
        return fail(409, 'INVALID_TRANSITION', 'This order cannot be refunded.');
      order.payment_status = 'refunded';
      order.updated_at = tick();
      // As the payments module answers: the payment state, not the order.
      return HttpResponse.json({ success: true, data: { paymentStatus: 'refunded' } });
    }),
    // Kitchen tickets and calls from the tables (issue 18): none unless a test adds them.
    http.get('*/api/venue/tickets', () => HttpResponse.json({ success: true, data: { tickets } })),
    http.get('*/api/venue/calls', () =>
      HttpResponse.json({ success: true, data: { calls: tableCalls.filter((c) => c.status !== 'done') } }),
    ),
    http.patch('*/api/table/call', async ({ request }) => {
      const body = (await request.json()) as { id: string; status: 'acknowledged' | 'done' };
      const call = tableCalls.find((c) => c.id === body.id);
      if (!call) return fail(404, 'CALL_NOT_FOUND', 'This call was not found.');
      call.status = body.status;
      return HttpResponse.json({ success: true, data: call });
    }),
    http.get('*/api/order', async ({ request }) => {
      await record(request);
      const order = orders.get(new URL(request.url).searchParams.get('orderId') ?? '');
      return order
        ? HttpResponse.json({ success: true, data: order })
        : fail(404, 'ORDER_NOT_FOUND', 'Order not found');
    }),
  ];

  return {
    handlers,
    calls,
    /** The kitchen tickets the board reads, by order id, and the open calls from the tables. */
    tickets,
    tableCalls,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
    /** Changes an order on the "server" (another tablet, a webhook) and returns its new version. */
    change(orderId: string, patch: Partial<PublicOrder>): PublicOrder {
      const order = orders.get(orderId)!;
      Object.assign(order, patch, { updated_at: tick() });
      return structuredClone(order);
    },
    add(order: PublicOrder): PublicOrder {
      orders.set(order.id, structuredClone(order));
      return structuredClone(order);
    },
    get: (orderId: string) => orders.get(orderId),
  };
}
