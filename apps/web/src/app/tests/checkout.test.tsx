import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { makeProduct, makeVariation, makeVenueResponse } from '../../testing/data-generators.ts';
import { venueHandler } from '../../testing/handlers.ts';
import { renderWithProviders } from '../../testing/render-with-providers.tsx';
import { server } from '../../testing/server.ts';
import { useCartStore } from '../../features/ordering/index.ts';

const burrata = makeProduct({
  id: 'burrata',
  name: 'Burrata',
  price: 11.5,
  variations: [makeVariation({ id: 'truffle', name: 'Truffle oil', price_variation: 3 })],
});
const arancini = makeProduct({ id: 'arancini', name: 'Arancini', price: 8.5 });
const venue = makeVenueResponse(
  { venueUrl: 'trattoria-da-luca', spots: ['1', '2', 'Terrace A'], enable_uber_direct: true },
  [burrata, arancini],
);

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'info').mockImplementation(() => {});
  localStorage.clear();
  useCartStore.getState().syncVenue('reset-between-tests');
});

async function openMenu(route: string) {
  const user = userEvent.setup();
  server.use(venueHandler([venue]));
  await renderWithProviders(undefined, { route });
  await screen.findByRole('article', { name: 'Arancini', hidden: true });
  return user;
}

describe('ordering dialogs', { timeout: 20_000 }, () => {
  it('a product with variations opens the chooser with each price difference and the total', async () => {
    const user = await openMenu('/trattoria-da-luca/menu?spot=1');
    await user.click(screen.getByRole('button', { name: 'Add Burrata to the order' }));
    const chooser = await screen.findByRole('dialog', { name: 'Burrata' });
    expect(within(chooser).getByText('+€3.00')).toBeInTheDocument();
    await user.click(within(chooser).getByRole('checkbox', { name: /Truffle oil/ }));
    await user.click(within(chooser).getByRole('button', { name: 'One more Burrata' }));
    await user.click(within(chooser).getByRole('button', { name: 'Add · €29.00' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Cart, 2 items' })).toBeInTheDocument();
  });

  it('a note written in the chooser stays with its line: in the recap and in the order sent', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/order', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(
          { success: false, error: 'Error placing the order. Please try again.', code: 'ORDER_PLACEMENT_FAILED' },
          { status: 500 },
        );
      }),
    );
    const user = await openMenu('/trattoria-da-luca/menu?spot=1');
    await user.click(screen.getByRole('button', { name: 'Add Burrata to the order' }));
    const chooser = await screen.findByRole('dialog', { name: 'Burrata' });
    await user.click(within(chooser).getByRole('checkbox', { name: 'Truffle oil' }));
    await user.type(within(chooser).getByRole('textbox', { name: /Note for the kitchen/ }), 'No basil');
    await user.click(within(chooser).getByRole('button', { name: 'Add · €14.50' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Cart, 1 item' }));
    const recap = await screen.findByRole('dialog', { name: 'Your order (1)' });
    expect(recap).toHaveTextContent('Truffle oil');
    expect(within(recap).getByText('Note: No basil')).toBeInTheDocument();
    await user.click(within(recap).getByRole('button', { name: 'Place order · €14.50' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({
      items: [{ productId: 'burrata', variationIds: ['truffle'], quantity: 1, notes: 'No basil' }],
    });
    expect(await screen.findByText('Error placing the order. Please try again.')).toBeInTheDocument();
  });

  it('the recap of a table order submits with "Place order" and the amount; a delivery recap asks for the address', async () => {
    const user = await openMenu('/trattoria-da-luca/menu?spot=Terrace%20A');
    await user.click(screen.getByRole('button', { name: 'Add Arancini to the order' }));
    await user.click(screen.getByRole('button', { name: 'Add Arancini to the order' }));
    await user.click(screen.getByRole('button', { name: 'Cart, 2 items' }));
    const recap = await screen.findByRole('dialog', { name: 'Your order (2)' });
    expect(recap).toHaveTextContent('Table Terrace A');
    expect(within(recap).getByRole('button', { name: 'Place order · €17.00' })).toBeInTheDocument();

    useCartStore.getState().chooseDelivery();
    expect(await within(recap).findByRole('button', { name: 'Choose address' })).toBeInTheDocument();
    expect(within(recap).queryByRole('button', { name: /Place order/ })).not.toBeInTheDocument();

    // The dialog closes when the last item goes.
    await user.click(within(recap).getByRole('button', { name: 'Remove Arancini' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('without a spot the cart button opens table selection; confirm stays disabled until a table is chosen', async () => {
    const user = await openMenu('/trattoria-da-luca/menu');
    // The order-bar rule asks first (delivery venue, nothing chosen); Escape closes it.
    await screen.findByRole('dialog', { name: 'How would you like your order?' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Add Arancini to the order' }));
    await user.click(screen.getByRole('button', { name: 'Cart, 1 item' }));
    const select = await screen.findByRole('dialog', { name: 'Choose your table' });
    const confirm = within(select).getByRole('button', { name: 'Confirm' });
    expect(confirm).toBeDisabled();
    await user.click(within(select).getByRole('button', { name: '2' }));
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    // The order was pending: the recap follows.
    const recap = await screen.findByRole('dialog', { name: 'Your order (1)' });
    expect(recap).toHaveTextContent('Table 2');
  });

  it('ignores a ?spot= that is not one of the venue spots', async () => {
    await openMenu('/trattoria-da-luca/menu?spot=99');
    await screen.findByRole('dialog', { name: 'How would you like your order?' });
    expect(useCartStore.getState().spot).toBeNull();
  });

  it('the address form shows the domain validation messages and searches addresses after a 500 ms pause', async () => {
    const searches: string[] = [];
    server.use(
      http.get('*/api/address', ({ request }) => {
        const url = new URL(request.url);
        searches.push(`${url.searchParams.get('q')}|${url.searchParams.get('language')}`);
        return HttpResponse.json({ success: true, data: [{ full_address: 'Via Roma 12, 00184 Roma' }] });
      }),
    );
    const user = await openMenu('/trattoria-da-luca/menu?spot=delivery');
    await user.click(screen.getByRole('button', { name: 'Add Arancini to the order' }));
    await user.click(screen.getByRole('button', { name: 'Cart, 1 item' }));
    await user.click(await screen.findByRole('button', { name: 'Choose address' }));
    const form = await screen.findByRole('dialog', { name: 'Delivery address' });
    const confirm = within(form).getByRole('button', { name: 'Confirm address' });
    expect(confirm).toBeDisabled();

    await user.type(within(form).getByRole('textbox', { name: 'Full name' }), 'Ana');
    await user.type(within(form).getByRole('textbox', { name: 'Phone (optional)' }), '12ab');
    await user.type(within(form).getByRole('textbox', { name: 'E-mail' }), 'not-an-email');
    await user.click(within(form).getByRole('textbox', { name: 'Address' }));
    expect(await within(form).findByText('Minimum length 5 characters')).toBeInTheDocument();
    expect(within(form).getByText('Invalid phone number')).toBeInTheDocument();
    expect(within(form).getByText('Invalid email')).toBeInTheDocument();

    await user.type(within(form).getByRole('textbox', { name: 'Address' }), 'Via Roma 12');
    // Typed quickly: one search, for the whole text, after the pause.
    const list = await within(form).findByRole('list', { name: 'Address suggestions' }, { timeout: 3000 });
    expect(searches).toEqual(['Via Roma 12|en-US']);

    await user.clear(within(form).getByRole('textbox', { name: 'Full name' }));
    await user.type(within(form).getByRole('textbox', { name: 'Full name' }), 'Ana Bianchi');
    await user.clear(within(form).getByRole('textbox', { name: 'Phone (optional)' }));
    await user.clear(within(form).getByRole('textbox', { name: 'E-mail' }));
    await user.type(within(form).getByRole('textbox', { name: 'E-mail' }), 'ana@example.com');
    // Valid, but no suggestion chosen yet.
    expect(confirm).toBeDisabled();
    await user.click(within(list).getByRole('button', { name: 'Via Roma 12, 00184 Roma' }));
    await waitFor(() => expect(confirm).toBeEnabled());
  });

  it('two characters do not search', async () => {
    let searched = false;
    server.use(
      http.get('*/api/address', () => {
        searched = true;
        return HttpResponse.json({ success: true, data: [] });
      }),
    );
    const user = await openMenu('/trattoria-da-luca/menu?spot=delivery');
    useCartStore.getState().openDialog('delivery');
    const form = await screen.findByRole('dialog', { name: 'Delivery address' });
    await user.type(within(form).getByRole('textbox', { name: 'Address' }), 'Vi');
    await new Promise((r) => setTimeout(r, 800));
    expect(searched).toBe(false);
  });

  it('places the order with one Idempotency-Key per attempt (the same on retry), then shows the order page', async () => {
    const keys: (string | null)[] = [];
    const bodies: unknown[] = [];
    const order = {
      id: '8f1c2d3e-0000-4000-8000-000000000009',
      number: 7,
      status: 'placed',
      total: 8.5,
      subtotal: 8.5,
      service_charge: 0,
      tax: [],
      tax_total: 0,
      tax_mode: null,
      receipt_number: null,
      delivery_cost: 0,
      date_created: new Date().toISOString(),
      items: [{ productId: 'arancini', name: 'Arancini', quantity: 1, unit_price: 8.5, total: 8.5, variations: [] }],
      delivery_info: null,
      notes: null,
      delivery: false,
      spot: '1',
      currency: 'eur',
      currencySymbol: '€',
      venueUrl: 'trattoria-da-luca',
    };
    server.use(
      http.post('*/api/order', async ({ request }) => {
        keys.push(request.headers.get('idempotency-key'));
        bodies.push(await request.json());
        if (keys.length === 1) {
          return HttpResponse.json(
            { success: false, error: 'Error placing the order. Please try again.', code: 'ORDER_PLACEMENT_FAILED' },
            { status: 500 },
          );
        }
        return HttpResponse.json({ success: true, data: order });
      }),
      http.get('*/api/order', () => HttpResponse.json({ success: true, data: order })),
    );
    const user = await openMenu('/trattoria-da-luca/menu?spot=1');
    await user.click(screen.getByRole('button', { name: 'Add Arancini to the order' }));
    await user.click(screen.getByRole('button', { name: 'Cart, 1 item' }));
    const recap = await screen.findByRole('dialog', { name: 'Your order (1)' });
    await user.click(within(recap).getByRole('button', { name: 'Place order · €8.50' }));
    expect(await screen.findByText('Error placing the order. Please try again.')).toBeInTheDocument();
    await waitFor(() => expect(within(recap).getByRole('button', { name: 'Place order · €8.50' })).toBeEnabled());
    await user.click(within(recap).getByRole('button', { name: 'Place order · €8.50' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #7' })).toBeInTheDocument();
    expect(await screen.findByText('Order placed successfully!')).toBeInTheDocument();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    // Prices are never sent: the server prices the order.
    expect(bodies[0]).toEqual({
      venueUrl: 'trattoria-da-luca',
      venueId: venue.venue.id,
      items: [{ productId: 'arancini', variationIds: [], quantity: 1 }],
      spot: '1',
      delivery: false,
    });
    expect(screen.getByRole('button', { name: 'Cart, empty' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your current order #7' })).toBeInTheDocument();
  });

  it('the delivery recap loads the fee with a spinner, shows deliveryCostError without one, and a failed delivery order goes to order-error', async () => {
    let quoteFails = true;
    server.use(
      http.post('*/api/delivery-quote', async () => {
        await delay(300);
        return quoteFails
          ? HttpResponse.json(
              { success: false, error: 'Invalid delivery cost data received', code: 'INVALID_DELIVERY_COST' },
              { status: 500 },
            )
          : HttpResponse.json({
              success: true,
              data: {
                fee: 3.9,
                quoteId: 'q1',
                currency: 'eur',
                expiresAt: new Date(Date.now() + 600_000).toISOString(),
              },
            });
      }),
      http.post('*/api/order', () =>
        HttpResponse.json(
          {
            success: false,
            error: 'Error managing the delivery of your order. Please try again later.',
            code: 'PROVIDER_FAILED',
          },
          { status: 502 },
        ),
      ),
    );
    const user = await openMenu('/trattoria-da-luca/menu?spot=delivery');
    await user.click(screen.getByRole('button', { name: 'Add Arancini to the order' }));
    useCartStore
      .getState()
      .setDeliveryInfo({ fullName: 'Ana Bianchi', email: 'ana@example.com', fullAddress: 'Via Roma 12, 00184 Roma' });
    useCartStore.getState().openDialog('deliveryRecap');
    const recap = await screen.findByRole('dialog', { name: 'Delivery order' });
    expect(within(recap).getByRole('status')).toHaveTextContent('Calculating the delivery cost…');
    expect(await within(recap).findByRole('alert')).toHaveTextContent(
      'Error calculating delivery cost. Please try again.',
    );
    expect(within(recap).getByRole('button', { name: /Place order/ })).toBeDisabled();

    quoteFails = false;
    await user.click(within(recap).getByRole('button', { name: 'Cancel' }));
    const form = await screen.findByRole('dialog', { name: 'Delivery address' });
    // The stored address was chosen before: the form is ready to confirm.
    await user.click(within(form).getByRole('button', { name: 'Confirm address' }));
    const again = await screen.findByRole('dialog', { name: 'Delivery order' });
    // 8.50 + 3.90 = 12.40
    await user.click(await within(again).findByRole('button', { name: 'Place order · €12.40' }));
    expect(await screen.findByRole('heading', { name: 'Your order could not be placed' })).toBeInTheDocument();
  });
});
