import { afterEach, beforeEach, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublicOrder } from '@carte/domain/contracts/orders';
import { resetSessionStore } from '../../features/auth/index.ts';
import { fakeAuthBackend, type FakeStaffAccount } from '../../testing/auth-handlers.ts';
import { FakeEventSource } from '../../testing/fake-event-source.ts';
import { fakeOrderBoard, makeOrder } from '../../testing/order-board-handlers.ts';
import { renderWithProviders } from '../../testing/render-with-providers.tsx';
import { server } from '../../testing/server.ts';
import { fakeService } from '../../testing/service-handlers.ts';

/** The board's kitchen tickets and calls from the tables (issue 18 items 3 and 5). */
const STREAM = '/api/venue/orders/stream';
const luca = { id: 'venue-luca', venueUrl: 'trattoria-da-luca', name: 'Trattoria da Luca' };

beforeEach(() => {
  resetSessionStore();
  FakeEventSource.install();
});
afterEach(() => FakeEventSource.uninstall());

async function openBoard(orders: PublicOrder[], prepare: (b: ReturnType<typeof fakeOrderBoard>) => void = () => {}) {
  const account: FakeStaffAccount = {
    id: 'user-me',
    email: 'owner@example.com',
    password: 'x',
    venues: [{ ...luca, role: 'owner' }],
  };
  server.use(...fakeAuthBackend({ accounts: [account], signedInAs: account.email }).handlers);
  const backend = fakeOrderBoard({ orders });
  prepare(backend);
  server.use(...backend.handlers, ...fakeService().handlers);
  await renderWithProviders(undefined, { route: '/admin/trattoria-da-luca/orders' });
  await screen.findByRole('heading', { level: 1, name: 'Orders' });
  await waitFor(() => expect(FakeEventSource.live(STREAM)).toHaveLength(1));
  const stream = FakeEventSource.live(STREAM)[0]!;
  act(() => stream.open());
  return { backend, stream };
}

it('shows a call from a table as it arrives, and staff acknowledge it', async () => {
  const { backend, stream } = await openBoard([]);
  const tables = screen.getByRole('region', { name: 'Tables' });
  expect(within(tables).getByText('No table is calling.')).toBeInTheDocument();
  const call = {
    id: 'call-1',
    venueId: 'venue-luca',
    spot: '5',
    kind: 'waiter' as const,
    status: 'open' as const,
    created_at: new Date().toISOString(),
    acknowledged_at: null,
  };
  backend.tableCalls.push(call);
  act(() => stream.emit('call.created', call));
  expect(await within(tables).findByText('Table 5 calls the waiter')).toBeInTheDocument();
  await userEvent.click(within(tables).getByRole('button', { name: 'On my way to table 5' }));
  expect(await within(tables).findByText('someone is going')).toBeInTheDocument();
  expect(within(tables).getByRole('button', { name: 'Table 5 served' })).toBeInTheDocument();
});

it('shows each station’s ticket on the card, a printer that does not answer, and the print page', async () => {
  const order = makeOrder({ id: 'o-1', number: 7, status: 'accepted' });
  await openBoard([order], (b) => {
    b.tickets['o-1'] = [
      {
        station: 'kitchen',
        stationName: 'Kitchen',
        round: 1,
        status: 'failed',
        attempts: 3,
        networked: true,
        printedAt: null,
        lastError: 'ECONNREFUSED',
        nextAttemptAt: new Date().toISOString(),
      },
      {
        station: 'bar',
        stationName: 'Bar',
        round: 1,
        status: 'pending',
        attempts: 0,
        networked: false,
        printedAt: null,
        lastError: null,
        nextAttemptAt: null,
      },
    ];
  });
  const tickets = await screen.findByRole('list', { name: 'Kitchen tickets' });
  expect(within(tickets).getByText('printer not answering (3 tries)')).toBeInTheDocument();
  const print = within(tickets).getByRole('link', { name: 'Print the Bar ticket' });
  expect(print.getAttribute('href')).toContain('/api/order/ticket?orderId=o-1&station=bar');
  expect(within(tickets).getByRole('button', { name: 'Reprint #7' })).toBeInTheDocument();
});
