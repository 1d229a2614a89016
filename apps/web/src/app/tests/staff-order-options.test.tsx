import { afterEach, beforeEach, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { resetSessionStore } from '../../features/auth/index.ts';
import { fakeAuthBackend, type FakeStaffAccount } from '../../testing/auth-handlers.ts';
import { makePizza, makeProduct } from '../../testing/data-generators.ts';
import { FakeEventSource } from '../../testing/fake-event-source.ts';
import { fakeOrderBoard, makeOrder } from '../../testing/order-board-handlers.ts';
import { renderWithProviders } from '../../testing/render-with-providers.tsx';
import { server } from '../../testing/server.ts';
import { fakeService } from '../../testing/service-handlers.ts';

/** A waiter's order with a dish that has options (issue 18 item 4: the same rules as guests). */
const STREAM = '/api/venue/orders/stream';
const luca = { id: 'venue-luca', venueUrl: 'trattoria-da-luca', name: 'Trattoria da Luca' };

beforeEach(() => {
  resetSessionStore();
  FakeEventSource.install();
});
afterEach(() => FakeEventSource.uninstall());

it('a dish with a required size opens its options; the order carries the options and the note', async () => {
  const account: FakeStaffAccount = {
    id: 'user-me',
    email: 'owner@example.com',
    password: 'x',
    venues: [{ ...luca, role: 'owner' }],
  };
  const sent: unknown[] = [];
  server.use(...fakeAuthBackend({ accounts: [account], signedInAs: account.email }).handlers);
  server.use(...fakeOrderBoard({ orders: [] }).handlers, ...fakeService().handlers);
  server.use(
    http.get('*/api/product', () =>
      HttpResponse.json({
        success: true,
        data: [
          makePizza({ status: 'available' }),
          makeProduct({ id: 'water', name: 'Water', price: 2.5, status: 'available' }),
        ],
      }),
    ),
    http.get('*/api/venue', () => HttpResponse.json({ success: true, data: { spots: ['5', '6'], currency: 'eur' } })),
    http.post('*/api/venue/order', async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json({ success: true, data: makeOrder({ spot: '5' }) }, { status: 201 });
    }),
  );
  await renderWithProviders(undefined, { route: '/admin/trattoria-da-luca/orders' });
  await screen.findByRole('heading', { level: 1, name: 'Orders' });
  await waitFor(() => expect(FakeEventSource.live(STREAM)).toHaveLength(1));
  act(() => FakeEventSource.live(STREAM)[0]!.open());
  const user = userEvent.setup();

  await user.click(await screen.findByRole('button', { name: 'Enter an order' }));
  const dialog = await screen.findByRole('dialog', { name: 'Enter an order' });
  await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Table' }), '5');
  await user.click(await within(dialog).findByRole('button', { name: 'One more Pizza Margherita' }));

  const options = within(dialog).getByRole('region', { name: 'Options for Pizza Margherita' });
  const add = within(options).getByRole('button', { name: /^Add Pizza Margherita/ });
  // The size is required: nothing is added until one is chosen. A smaller size costs less.
  expect(add).toBeDisabled();
  expect(within(options).getByRole('radio', { name: 'Small (-€1.50)' })).toBeInTheDocument();
  await user.click(within(options).getByRole('radio', { name: 'Large (+€3.50)' }));
  await user.click(within(options).getByRole('checkbox', { name: 'Olives (+€1.00)' }));
  await user.type(within(options).getByLabelText('Note for the kitchen (optional)'), 'well done');
  expect(add).toBeEnabled();
  expect(add).toHaveAccessibleName('Add Pizza Margherita · €14.00');
  await user.click(add);

  expect(within(dialog).getByRole('list', { name: 'This order' })).toHaveTextContent(
    '1 × Pizza Margherita (Large, Olives) · “well done”',
  );
  await user.click(within(dialog).getByRole('button', { name: 'One more Water' }));
  await user.click(within(dialog).getByRole('button', { name: 'Send the order (2)' }));
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0]).toEqual({
    venueId: 'venue-luca',
    spot: '5',
    items: [
      { productId: 'margherita', variationIds: ['large', 'olives'], quantity: 1, notes: 'well done' },
      { productId: 'water', variationIds: [], quantity: 1 },
    ],
  });
});
