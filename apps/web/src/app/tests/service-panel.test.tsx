import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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

const STREAM = '/api/venue/orders/stream';
const luca = { id: 'venue-luca', venueUrl: 'trattoria-da-luca', name: 'Trattoria da Luca' };

beforeEach(() => {
  resetSessionStore();
  FakeEventSource.install();
});
afterEach(() => FakeEventSource.uninstall());

async function openBoard(orders: PublicOrder[], service: ReturnType<typeof fakeService>) {
  const account: FakeStaffAccount = {
    id: 'user-me',
    email: 'manager@example.com',
    password: 'x',
    venues: [{ ...luca, role: 'manager' }],
  };
  server.use(...fakeAuthBackend({ accounts: [account], signedInAs: account.email }).handlers);
  server.use(...fakeOrderBoard({ orders }).handlers, ...service.handlers);
  const view = await renderWithProviders(undefined, { route: '/admin/trattoria-da-luca/orders' });
  await screen.findByRole('heading', { level: 1, name: 'Orders' });
  await waitFor(() => expect(FakeEventSource.live(STREAM)).toHaveLength(1));
  act(() => FakeEventSource.live(STREAM)[0]!.open());
  return view;
}

describe('the board’s service panel', { timeout: 20_000 }, () => {
  it('pauses ordering with a message, resumes, and pauses one category', async () => {
    const service = fakeService({
      categories: [{ id: 'cat-pizza', name: 'Pizza', pause: null, availableNow: true }],
    });
    await openBoard([], service);
    const user = userEvent.setup();
    const panel = await screen.findByRole('region', { name: 'Service' });
    expect(within(panel).getByTestId('service-status')).toHaveTextContent('Open');

    await user.type(within(panel).getByLabelText('Message for guests (optional)'), 'Kitchen full');
    await user.click(within(panel).getByRole('button', { name: 'Pause 15 min' }));
    await waitFor(() =>
      expect(within(panel).getByTestId('service-status')).toHaveTextContent(/^Ordering paused until /),
    );
    expect(service.calls[0]).toEqual({
      method: 'POST',
      body: { venueId: 'venue-luca', minutes: 15, message: 'Kitchen full' },
    });

    await user.click(within(panel).getByRole('button', { name: 'Resume ordering' }));
    await waitFor(() => expect(within(panel).getByTestId('service-status')).toHaveTextContent('Open'));
    expect(service.calls[1]).toEqual({ method: 'DELETE', body: { categoryId: null } });

    await user.click(within(panel).getByText('Pause a category'));
    await user.click(within(panel).getByRole('button', { name: 'Pause Pizza' }));
    expect(await within(panel).findByRole('button', { name: 'Resume Pizza' })).toHaveAttribute('aria-pressed', 'true');
    expect(service.calls[2]?.body).toMatchObject({ venueId: 'venue-luca', categoryId: 'cat-pizza' });
  });

  it('sets the prep time and marks orders waiting longer than it', async () => {
    const service = fakeService({ prepMinutes: 20 });
    const late = makeOrder({ date_created: new Date(Date.now() - 25 * 60_000).toISOString() });
    const fresh = makeOrder({ date_created: new Date(Date.now() - 2 * 60_000).toISOString() });
    await openBoard([late, fresh], service);
    const user = userEvent.setup();
    const panel = await screen.findByRole('region', { name: 'Service' });
    const prep = within(panel).getByLabelText('Prep time now (minutes)');
    await waitFor(() => expect(prep).toHaveValue(20));
    const lateCard = await screen.findByRole('article', { name: new RegExp(`#${late.number}`) });
    expect(lateCard).toHaveTextContent('Waiting longer than the prep time');
    const freshCard = screen.getByRole('article', { name: new RegExp(`#${fresh.number}`) });
    expect(freshCard).not.toHaveTextContent('Waiting longer than the prep time');

    await user.clear(prep);
    await user.type(prep, '300');
    await user.click(within(panel).getByRole('button', { name: 'Set prep time' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Enter minutes from 0 to 240.');
    expect(service.calls).toEqual([]);
    await user.clear(prep);
    await user.type(prep, '30');
    await user.click(within(panel).getByRole('button', { name: 'Set prep time' }));
    await waitFor(() =>
      expect(service.calls).toEqual([{ method: 'PATCH', body: { id: 'venue-luca', prepMinutes: 30 } }]),
    );
  });

  it('shows a pause set on another tablet as soon as the board hears venue.updated', async () => {
    const service = fakeService();
    await openBoard([], service);
    const panel = await screen.findByRole('region', { name: 'Service' });
    expect(within(panel).getByTestId('service-status')).toHaveTextContent('Open');
    service.set({ pause: { until: null, message: 'Kitchen full' } });
    act(() => FakeEventSource.live(STREAM)[0]!.emit('venue.updated', { venueId: 'venue-luca' }));
    await waitFor(() => expect(within(panel).getByTestId('service-status')).toHaveTextContent(/^Ordering paused/));
  });
});
