import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { PublicOrder } from '@carte/domain/contracts/orders';
import { makeVenueResponse } from '../../testing/data-generators.ts';
import { venueHandler } from '../../testing/handlers.ts';
import { renderWithProviders } from '../../testing/render-with-providers.tsx';
import { server } from '../../testing/server.ts';

const trattoria = makeVenueResponse({ venueUrl: 'trattoria-da-luca', name: 'Trattoria da Luca' });

const order: PublicOrder = {
  id: '8f1c2d3e-0000-4000-8000-000000000001',
  number: 42,
  status: 'placed',
  total: 30.3,
  subtotal: 30.3,
  service_charge: 0,
  tax: [],
  tax_total: 0,
  tax_mode: null,
  receipt_number: null,
  delivery_cost: 0,
  date_created: new Date(Date.now() - 10 * 60_000).toISOString(),
  items: [
    { productId: 'p1', name: 'Burrata', quantity: 2, unit_price: 10.1, total: 20.2, variations: [], notes: null },
    {
      productId: 'p2',
      name: 'Pizza Margherita',
      quantity: 1,
      unit_price: 10.1,
      total: 10.1,
      variations: [{ id: 'v1', name: 'Extra basil', price_variation: 0.6 }],
      notes: 'No onions, well done',
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

function orderHandler() {
  return http.get('*/api/order', ({ request }) => {
    if (new URL(request.url).searchParams.get('orderId') === order.id)
      return HttpResponse.json({ success: true, data: order });
    return HttpResponse.json({ success: false, error: 'Order not found', code: 'ORDER_NOT_FOUND' }, { status: 404 });
  });
}

// Over 5 s per test when the machine runs other suites beside this one (as the order board's tests).
describe('order page /:id/order', { timeout: 20_000 }, () => {
  it('shows the placed order: number, table, lines with variations and the total', async () => {
    server.use(venueHandler([trattoria]), orderHandler());
    await renderWithProviders(undefined, { route: `/trattoria-da-luca/order?orderId=${order.id}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #42' })).toBeInTheDocument();
    expect(screen.getByText('Placed')).toBeInTheDocument();
    expect(screen.getByText('Table Terrace A')).toBeInTheDocument();
    // The calls from the table, in words (they are the order feature's, shipped with the order page).
    expect(screen.getByRole('button', { name: 'Call the waiter' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ask for the bill' })).toBeInTheDocument();
    // The order's lines: the last list (the live progress steps come above them).
    const lines = within(screen.getAllByRole('list').at(-1)!).getAllByRole('listitem');
    expect(lines[0]).toHaveTextContent('2 × Burrata');
    expect(lines[0]).toHaveTextContent('€20.20');
    expect(lines[1]).toHaveTextContent('Extra basil');
    expect(lines[1]).toHaveTextContent('Note: No onions, well done');
    expect(lines[0]).not.toHaveTextContent('Note:');
    const total = screen.getByText('Total').parentElement!;
    expect(within(total).getByText('€30.30')).toBeInTheDocument();
  });

  it('a pickup order says when to come, in the venue’s time, and offers no waiter call (decision 032)', async () => {
    const pickup = { ...order, spot: 'pickup', pickup_at: '2099-06-01T19:30:00+02:00' };
    server.use(
      venueHandler([trattoria]),
      http.get('*/api/order', () => HttpResponse.json({ success: true, data: pickup })),
    );
    await renderWithProviders(undefined, { route: `/trattoria-da-luca/order?orderId=${order.id}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #42' })).toBeInTheDocument();
    // Another day than today: the day's name before the time ("Mon 07:30 PM" in English).
    expect(screen.getByText(/^Pickup at \w+ 07:30 PM$/)).toBeInTheDocument();
    expect(screen.queryByText(/^Table /)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /waiter/i })).not.toBeInTheDocument();
  });

  it('shows the not-found page when the order does not exist, and says so without an order id', async () => {
    server.use(venueHandler([trattoria]), orderHandler());
    const { unmount } = await renderWithProviders(undefined, { route: '/trattoria-da-luca/order?orderId=unknown' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    unmount();
    await renderWithProviders(undefined, { route: '/trattoria-da-luca/order' });
    expect(await screen.findByText('You have not placed an order yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the menu' })).toHaveAttribute('href', '/trattoria-da-luca/menu');
  });
});
