import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { PublicOrder } from '@carte/domain/contracts/orders';
import { makeVenueResponse } from '../../testing/data-generators.ts';
import { venueHandler } from '../../testing/handlers.ts';
import { renderWithProviders } from '../../testing/render-with-providers.tsx';
import { server } from '../../testing/server.ts';

const baan = makeVenueResponse({ venueUrl: 'baan-suan', name: 'Baan Suan' });

const paid: PublicOrder = {
  id: '8f1c2d3e-0000-4000-8000-000000000007',
  number: 12,
  status: 'accepted',
  total: 369,
  subtotal: 320,
  service_charge: 0,
  tax: [{ rate: 'vat', name: 'VAT 7%', percent: 7, base: 299.07, amount: 20.93 }],
  tax_total: 20.93,
  tax_mode: 'inclusive',
  receipt_number: 7,
  delivery_cost: 49,
  date_created: new Date(Date.now() - 10 * 60_000).toISOString(),
  items: [{ productId: 'p1', name: 'Pad thai', quantity: 2, unit_price: 160, total: 320, variations: [], notes: null }],
  delivery_info: { fullName: 'Ada Lovelace', fullAddress: '1 Soi 31, Bangkok', email: 'ada@example.com' },
  notes: null,
  delivery: true,
  spot: 'delivery',
  pickup_at: null,
  currency: 'thb',
  currencySymbol: '฿',
  venueUrl: 'baan-suan',
  payment_status: 'paid',
  paid_in_parts: 0,
  tip: 0,
  courier: null,
  updated_at: new Date(Date.now() - 5 * 60_000).toISOString(),
  allergyProfile: null,
  allergyAcknowledged: null,
  cancel_reason: null,
};

function orderHandler(order: PublicOrder) {
  return http.get('*/api/order', () => HttpResponse.json({ success: true, data: order }));
}

describe('the receipt on the order page', { timeout: 20_000 }, () => {
  it('offers no receipt while the order is unpaid', async () => {
    server.use(venueHandler([baan]), orderHandler({ ...paid, payment_status: 'unpaid', receipt_number: null }));
    await renderWithProviders(undefined, { route: `/baan-suan/order?orderId=${paid.id}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #12' })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByRole('link', { name: 'Download receipt (PDF)' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'E-mail me the receipt' })).not.toBeInTheDocument();
  });

  it('once paid: the PDF to download, and the receipt e-mailed to the order’s address', async () => {
    const sent: unknown[] = [];
    server.use(
      venueHandler([baan]),
      orderHandler(paid),
      http.post('*/api/order/receipt/email', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ success: true, data: { to: 'ada@example.com', status: 'sent' } });
      }),
    );
    const user = userEvent.setup();
    await renderWithProviders(undefined, { route: `/baan-suan/order?orderId=${paid.id}` });
    expect(await screen.findByRole('heading', { level: 2, name: 'Receipt no. 7' })).toBeInTheDocument();
    const pdf = screen.getByRole('link', { name: 'Download receipt (PDF)' });
    expect(pdf).toHaveAttribute('href', `/api/order/receipt?orderId=${paid.id}&format=pdf&lang=en`);
    expect(pdf).toHaveAttribute('download', 'receipt-7.pdf');
    expect(screen.getByRole('link', { name: 'View the receipt' })).toHaveAttribute(
      'href',
      `/api/order/receipt?orderId=${paid.id}&format=html&lang=en`,
    );

    await user.click(screen.getByRole('button', { name: 'E-mail me the receipt' }));
    const field = screen.getByRole('textbox', { name: 'Your e-mail address' });
    expect(field).toHaveValue('ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send the receipt' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Receipt sent to ada@example.com.'));
    expect(sent).toEqual([{ orderId: paid.id, email: 'ada@example.com', lang: 'en' }]);
    expect(screen.queryByRole('textbox', { name: 'Your e-mail address' })).not.toBeInTheDocument();
  });

  it('says so when the address is not one, and sends nothing; a masked address is not prefilled', async () => {
    const sent: unknown[] = [];
    server.use(
      venueHandler([baan]),
      orderHandler({ ...paid, delivery_info: { ...paid.delivery_info!, email: 'a••@example.com' } }),
      http.post('*/api/order/receipt/email', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ success: true, data: { to: 'x', status: 'sent' } });
      }),
    );
    const user = userEvent.setup();
    await renderWithProviders(undefined, { route: `/baan-suan/order?orderId=${paid.id}` });
    await user.click(await screen.findByRole('button', { name: 'E-mail me the receipt' }));
    const field = screen.getByRole('textbox', { name: 'Your e-mail address' });
    expect(field).toHaveValue('');
    await user.type(field, 'not an address');
    await user.click(screen.getByRole('button', { name: 'Send the receipt' }));
    expect(await screen.findByText('Please enter a valid e-mail address.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
  });

  it('says the receipt waits in the outbox when the venue sends no e-mail', async () => {
    server.use(
      venueHandler([baan]),
      orderHandler(paid),
      http.post('*/api/order/receipt/email', () =>
        HttpResponse.json({ success: true, data: { to: 'ada@example.com', status: 'kept' } }),
      ),
    );
    const user = userEvent.setup();
    await renderWithProviders(undefined, { route: `/baan-suan/order?orderId=${paid.id}` });
    await user.click(await screen.findByRole('button', { name: 'E-mail me the receipt' }));
    await user.click(screen.getByRole('button', { name: 'Send the receipt' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        "Your receipt for ada@example.com is waiting in the venue's outbox",
      ),
    );
  });
});
