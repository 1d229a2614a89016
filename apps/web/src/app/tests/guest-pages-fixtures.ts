import { http, HttpResponse } from 'msw';
import type { PublicOrder } from '@carte/domain/contracts/orders';
import { makeProduct, makeVenueResponse } from '../../testing/data-generators.ts';
import { venueHandler } from '../../testing/handlers.ts';
import { server } from '../../testing/server.ts';
import { useCartStore } from '../../features/ordering/index.ts';

/**
 * The guest pages' fixtures shared by menu-page-cards, order-page-lookup and ordering-checkout tests:
 * a trattoria that delivers, a text-menu pub, one placed order.
 */
export const LONG =
  'Slow-cooked for six hours with San Marzano tomatoes, guanciale from Amatrice, a splash of white wine and ' +
  'aged pecorino romano, finished with black pepper and served on bucatini made in house every morning.';
export const arancini = makeProduct({ id: 'arancini', name: 'Arancini', price: 8.5, description: 'Fried rice balls.' });
export const amatriciana = makeProduct({ id: 'amatriciana', name: 'Amatriciana', price: 13, description: LONG });
export const trattoria = makeVenueResponse(
  { venueUrl: 'trattoria-da-luca', spots: ['1', '2', 'Terrace A'], enable_uber_direct: true },
  [arancini, amatriciana],
);
export const TEXT_MENU = [
  'THE ANCHOR - FOOD & DRINK',
  'Served 12:00-21:30 daily.',
  '',
  'STARTERS',
  'Soup of the day (v) - £6.50',
  '  Served with crusty bloomer bread and butter.',
  'Scotch egg - £7.00',
  '',
  'DRINKS',
  'Wine (175 ml glass / bottle)',
  '  House red, Merlot, Chile - £6.50 / £24.00',
].join('\n');
export const anchor = makeVenueResponse(
  {
    venueUrl: 'the-anchor',
    name: 'The Anchor',
    currency: 'gbp',
    spots: ['1', '2'],
    enable_uber_direct: true,
    useTextMenu: true,
    textMenu: TEXT_MENU,
  },
  [],
);

export const order: PublicOrder = {
  id: '8f1c2d3e-0000-4000-8000-000000000042',
  number: 42,
  status: 'placed',
  total: 20.2,
  subtotal: 20.2,
  service_charge: 0,
  tax: [],
  tax_total: 0,
  tax_mode: null,
  receipt_number: null,
  delivery_cost: 0,
  date_created: new Date().toISOString(),
  items: [
    {
      productId: 'arancini',
      name: 'Arancini',
      quantity: 2,
      unit_price: 10.1,
      total: 20.2,
      variations: [],
      notes: null,
    },
  ],
  delivery_info: null,
  notes: null,
  delivery: false,
  spot: 'Terrace A',
  pickup_at: null,
  currency: 'eur',
  currencySymbol: '€',
  venueUrl: 'trattoria-da-luca',
  payment_status: 'unpaid',
  paid_in_parts: 0,
  tip: 0,
  courier: null,
  updated_at: new Date(Date.now() - 5 * 60_000).toISOString(),
  allergyProfile: null,
  allergyAcknowledged: null,
  cancel_reason: null,
};

/** GET /api/order as the server answers it: 400 for a malformed id, 404 for an unknown one. */
export function orderHandler() {
  return http.get('*/api/order', ({ request }) => {
    const id = new URL(request.url).searchParams.get('orderId') ?? '';
    if (id === order.id) return HttpResponse.json({ success: true, data: order });
    if (!/^[0-9a-f-]{36}$/.test(id)) {
      return HttpResponse.json(
        { success: false, error: 'The request is not valid.', code: 'VALIDATION' },
        { status: 400 },
      );
    }
    return HttpResponse.json({ success: false, error: 'Order not found', code: 'ORDER_NOT_FOUND' }, { status: 404 });
  });
}

/** Before each test: an empty cart and device, the two venues and the order answered. */
export function resetGuestPages(): void {
  localStorage.clear();
  useCartStore.getState().syncVenue('reset-between-tests');
  server.use(venueHandler([trattoria, anchor]), orderHandler());
}
