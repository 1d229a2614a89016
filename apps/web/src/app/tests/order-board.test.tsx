import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublicOrder } from '@carte/domain/contracts/orders';
import { resetSessionStore } from '../../features/auth/index.ts';
import { fakeAuthBackend, type FakeStaffAccount } from '../../testing/auth-handlers.ts';
import { FakeEventSource } from '../../testing/fake-event-source.ts';
import { DONE_STATUSES } from '../../features/order-board/hooks/use-board-feed.ts';
import { fakeOrderBoard, makeOrder } from '../../testing/order-board-handlers.ts';
import { fakeService } from '../../testing/service-handlers.ts';
import { renderWithProviders } from '../../testing/render-with-providers.tsx';
import { server } from '../../testing/server.ts';

const STREAM = '/api/venue/orders/stream';
const luca = { id: 'venue-luca', venueUrl: 'trattoria-da-luca', name: 'Trattoria da Luca' };

// Web Audio is absent from jsdom: a recording stand-in tells whether the chime played.
const tones: number[] = [];
class FakeAudioContext {
  state = 'running';
  currentTime = 0;
  destination = {};
  resume() {
    return Promise.resolve();
  }
  createOscillator() {
    return {
      type: 'sine',
      frequency: { setValueAtTime: (f: number) => tones.push(f) },
      connect: (node: unknown) => node,
      start() {},
      stop() {},
    };
  }
  createGain() {
    return {
      gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} },
      connect: (node: unknown) => node,
    };
  }
}

beforeEach(() => {
  resetSessionStore();
  FakeEventSource.install();
  tones.length = 0;
  vi.stubGlobal('AudioContext', FakeAudioContext);
});
afterEach(() => {
  FakeEventSource.uninstall();
  vi.unstubAllGlobals();
});

async function openBoard(orders: PublicOrder[], options: { refuseMoves?: boolean } = {}) {
  const account: FakeStaffAccount = {
    id: 'user-me',
    email: 'owner@example.com',
    password: 'x',
    venues: [{ ...luca, role: 'owner' }],
  };
  server.use(...fakeAuthBackend({ accounts: [account], signedInAs: account.email }).handlers);
  const backend = fakeOrderBoard({ orders, ...options });
  server.use(...backend.handlers, ...fakeService().handlers);
  const view = await renderWithProviders(undefined, { route: '/admin/trattoria-da-luca/orders' });
  await screen.findByRole('heading', { level: 1, name: 'Orders' });
  await waitFor(() => expect(FakeEventSource.live(STREAM)).toHaveLength(1));
  const stream = FakeEventSource.live(STREAM)[0]!;
  act(() => stream.open());
  return { ...view, backend, stream };
}

/** The open list and its catch-ups (not the Done list, asked for once at load). */
const listCalls = (backend: ReturnType<typeof fakeOrderBoard>) =>
  backend.callsTo('GET', '/api/venue/orders').filter((c) => c.query.status !== DONE_STATUSES);

const column = (name: string) => screen.getByRole('region', { name: new RegExp(`^${name}`) });
const card = (number: number) => screen.getByRole('article', { name: new RegExp(`#${number}`) });

describe('/admin/:id/orders, the order board', { timeout: 20_000 }, () => {
  it('groups the open orders by state, with table, items, options and notes', async () => {
    const { backend } = await openBoard([
      makeOrder({ number: 11, status: 'placed', spot: '4' }),
      makeOrder({ number: 12, status: 'accepted' }),
      makeOrder({ number: 13, status: 'preparing' }),
      makeOrder({
        number: 14,
        status: 'out_for_delivery',
        delivery: true,
        delivery_info: { fullName: 'Ada Lovelace', fullAddress: '12 Via Roma, Milano', email: 'ada@example.com' },
        courier: { status: 'dropoff', trackingUrl: null, eta: null, name: 'Marco' },
        payment_status: 'paid',
      }),
    ]);
    expect(backend.callsTo('GET', '/api/venue/orders')[0]!.query).toEqual({ venueId: 'venue-luca', status: 'open' });
    expect(new URL(FakeEventSource.latest(STREAM)!.url).searchParams.get('venueId')).toBe('venue-luca');
    expect(FakeEventSource.latest(STREAM)!.withCredentials).toBe(true);
    expect(screen.getByRole('status')).toHaveTextContent('Live');
    expect(within(column('New')).getByRole('article', { name: /#11/ })).toBeInTheDocument();
    expect(within(column('Accepted')).getByRole('article', { name: /#12/ })).toBeInTheDocument();
    expect(within(column('Preparing')).getByRole('article', { name: /#13/ })).toBeInTheDocument();
    const delivery = within(column('Ready')).getByRole('article', { name: /#14/ });
    expect(delivery).toHaveTextContent('Delivery');
    expect(delivery).toHaveTextContent('Ada Lovelace · 12 Via Roma, Milano');
    expect(delivery).toHaveTextContent('Courier: on the way to the guest· Marco');
    expect(delivery).toHaveTextContent('Paid');
    expect(within(delivery).getByRole('button', { name: 'Delivered' })).toBeInTheDocument();
    const first = card(11);
    expect(first).toHaveTextContent('Table 4');
    expect(first).toHaveTextContent('2 × Pizza Margherita');
    expect(first).toHaveTextContent('Decaf');
    expect(first).toHaveTextContent('Note: No cocoa');
    expect(first).toHaveTextContent('Unpaid');
    expect(within(first).getByRole('button', { name: 'Accept' })).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    // Preparing can no longer be cancelled (the domain's table).
    expect(within(card(13)).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(document.title).toBe('(1) Orders — Trattoria da Luca');
  });

  it('a pickup order shows when the guest comes, in the venue’s time (decision 032)', async () => {
    const today = new Date().toISOString().slice(0, 10);
    await openBoard([
      makeOrder({ number: 21, status: 'placed', spot: 'pickup', pickup_at: `${today}T23:45:00+00:00` }),
    ]);
    const pickup = card(21);
    // "Pickup 11:45 PM" (or with the day's name if the clock passed midnight meanwhile).
    expect(pickup).toHaveTextContent(/Pickup (\w+ )?11:45 PM/);
    expect(pickup).not.toHaveTextContent('Table');
  });

  it('a table paying its bill in parts shows what is paid so far; a paid bill is Paid', async () => {
    await openBoard([
      makeOrder({ number: 31, status: 'ready', total: 42.1, subtotal: 42.1, paid_in_parts: 20 }),
      makeOrder({ number: 32, status: 'ready', payment_status: 'paid', paid_in_parts: 0 }),
    ]);
    expect(card(31)).toHaveTextContent('€20.00 of €42.10 paid');
    expect(card(31)).toHaveTextContent('Unpaid');
    expect(card(32)).toHaveTextContent('Paid');
    expect(card(32)).not.toHaveTextContent('of €');
  });

  it('shows an order’s taxes and service charge as stored, as the guest’s bill does; a bill without them shows the total alone', async () => {
    await openBoard([
      makeOrder({
        number: 17,
        status: 'placed',
        spot: '2',
        // France, prices include VAT: 20.50 of dishes, 10 % service, VAT by rate inside.
        subtotal: 20.5,
        service_charge: 2.05,
        total: 22.55,
        tax_mode: 'inclusive',
        tax: [
          { rate: 'food', name: 'TVA 10 %', percent: 10, base: 18.68, amount: 1.87 },
          { rate: 'alcohol', name: 'TVA 20 %', percent: 20, base: 0.33, amount: 0.07 },
        ],
        tax_total: 1.94,
      }),
      makeOrder({
        number: 18,
        status: 'placed',
        // New York, prices exclude sales tax: added lines.
        subtotal: 20.5,
        total: 22.32,
        tax_mode: 'exclusive',
        tax: [{ rate: 'ny', name: 'Sales tax 8.875%', percent: 8.875, base: 20.5, amount: 1.82 }],
        tax_total: 1.82,
      }),
      makeOrder({ number: 19, status: 'placed' }),
    ]);
    const french = within(card(17)).getByRole('region', { name: 'Bill' });
    expect(french).toHaveTextContent('Subtotal€20.50');
    expect(french).toHaveTextContent('Service charge€2.05');
    expect(french).toHaveTextContent('Total€22.55');
    expect(french).toHaveTextContent('incl. TVA 10 %: €1.87 · incl. TVA 20 %: €0.07');
    const american = within(card(18)).getByRole('region', { name: 'Bill' });
    expect(american).toHaveTextContent('Sales tax 8.875%€1.82');
    expect(american).toHaveTextContent('Total€22.32');
    expect(within(card(19)).queryByRole('region', { name: 'Bill' })).not.toBeInTheDocument();
    expect(card(19)).toHaveTextContent('€20.50');
  });

  it('moves an order with the next-state button: PATCH sent, card moved at once', async () => {
    const user = userEvent.setup();
    const { backend } = await openBoard([makeOrder({ number: 21, status: 'placed' })]);
    await user.click(within(card(21)).getByRole('button', { name: 'Accept' }));
    expect(within(column('Accepted')).getByRole('article', { name: /#21/ })).toBeInTheDocument();
    await waitFor(() => expect(backend.callsTo('PATCH', '/api/order/status')).toHaveLength(1));
    expect(backend.callsTo('PATCH', '/api/order/status')[0]!.body).toEqual({ orderId: 'order-21', status: 'accepted' });
    await waitFor(() => expect(document.title).toBe('Orders — Trattoria da Luca'));
    // Keyboard focus follows the card to its new column.
    await waitFor(() => expect(within(card(21)).getByRole('button', { name: 'Start preparing' })).toHaveFocus());
    await user.click(within(card(21)).getByRole('button', { name: 'Start preparing' }));
    await waitFor(() => expect(within(column('Preparing')).getByRole('article', { name: /#21/ })).toBeInTheDocument());
    await user.click(within(card(21)).getByRole('button', { name: 'Ready' }));
    await waitFor(() =>
      expect(within(card(21)).getByRole('button', { name: 'Served' })).not.toHaveAttribute('aria-disabled'),
    );
    await user.click(within(card(21)).getByRole('button', { name: 'Served' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: /#21/ })).not.toBeInTheDocument());
    expect(backend.get('order-21')!.status).toBe('served');
    await user.click(screen.getByRole('button', { name: 'Done today' }));
    expect(await screen.findByRole('article', { name: /#21/ })).toHaveTextContent('Served');
  });

  it('counts every state from the server as soon as the board opens (after a reload too), Done included', async () => {
    const now = new Date().toISOString();
    const { backend } = await openBoard([
      makeOrder({ number: 41, status: 'placed' }),
      makeOrder({ number: 42, status: 'placed' }),
      makeOrder({ number: 43, status: 'preparing' }),
      // Finished today before this page was opened (a reload): no event will ever tell of them.
      makeOrder({ number: 44, status: 'served', updated_at: now }),
      makeOrder({ number: 45, status: 'cancelled', updated_at: now }),
      makeOrder({ number: 46, status: 'served', updated_at: now }),
    ]);
    const filter = screen.getByRole('group', { name: 'Show orders in state' });
    const tab = (name: string) => within(filter).getByRole('button', { name: new RegExp(`^${name}`) });
    await waitFor(() => expect(tab('Done')).toHaveTextContent('Done3'));
    expect(tab('New')).toHaveTextContent('New2');
    expect(tab('Accepted')).toHaveTextContent('Accepted0');
    expect(tab('Preparing')).toHaveTextContent('Preparing1');
    expect(tab('Ready')).toHaveTextContent('Ready0');
    // Asked once, for today's finished orders, without waiting for Done to be chosen.
    const done = backend.callsTo('GET', '/api/venue/orders').filter((c) => c.query.status === DONE_STATUSES);
    expect(done).toHaveLength(1);
    expect(done[0]!.query.since).toBeTruthy();
  });

  it('rolls back a refused move (409) and says so', async () => {
    const user = userEvent.setup();
    await openBoard([makeOrder({ number: 31, status: 'placed' })], { refuseMoves: true });
    await user.click(within(card(31)).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('This order cannot move to that state.')).toBeInTheDocument();
    await waitFor(() => expect(within(column('New')).getByRole('article', { name: /#31/ })).toBeInTheDocument());
    expect(within(column('Accepted')).queryByRole('article')).not.toBeInTheDocument();
  });

  it('updates a known order from an event without showing it twice, and ignores an older replay', async () => {
    const { backend, stream } = await openBoard([makeOrder({ number: 41, status: 'placed' })]);
    const paid = backend.change('order-41', { status: 'accepted', payment_status: 'paid' });
    act(() => stream.emit('order.updated', paid, 'c1'));
    expect(screen.getAllByRole('article', { name: /#41/ })).toHaveLength(1);
    expect(within(column('Accepted')).getByRole('article', { name: /#41/ })).toHaveTextContent('Paid');
    // The same change again, and an older version: nothing moves back, nothing doubles.
    act(() => stream.emit('order.updated', paid, 'c1'));
    act(() =>
      stream.emit('order.created', { ...paid, status: 'placed', updated_at: '2020-01-01T00:00:00.000Z' }, 'c0'),
    );
    expect(screen.getAllByRole('article', { name: /#41/ })).toHaveLength(1);
    expect(within(column('Accepted')).getByRole('article', { name: /#41/ })).toBeInTheDocument();
    expect(tones).toHaveLength(0);
  });

  it('adds a new order from order.created at the top, chimes, and bumps the title badge', async () => {
    const { backend, stream } = await openBoard([
      makeOrder({ number: 51, status: 'placed', date_created: new Date(Date.now() - 120_000).toISOString() }),
    ]);
    expect(document.title).toBe('(1) Orders — Trattoria da Luca');
    const fresh = backend.add(
      makeOrder({ number: 52, status: 'placed', date_created: new Date().toISOString(), spot: '9' }),
    );
    const focused = within(card(51)).getByRole('button', { name: 'Accept' });
    focused.focus();
    act(() => stream.emit('order.created', fresh, 'c2'));
    const cards = within(column('New')).getAllByRole('article');
    expect(cards.map((c) => c.getAttribute('data-status'))).toEqual(['placed', 'placed']);
    expect(cards[0]).toHaveAccessibleName(/#52/);
    expect(cards[0]).toHaveTextContent('New');
    expect(cards[0]).toHaveTextContent('Table 9');
    await waitFor(() => expect(document.title).toBe('(2) Orders — Trattoria da Luca'));
    expect(tones.length).toBeGreaterThan(0);
    expect(document.querySelector('.sr-only[aria-live="polite"]')).toHaveTextContent('New order #52, Table 9.');
    // The new order does not take the focus.
    expect(focused).toHaveFocus();
  });

  it('keeps the mute choice across visits', async () => {
    const user = userEvent.setup();
    const first = await openBoard([]);
    const mute = screen.getByRole('button', { name: 'Mute new-order sound' });
    expect(mute).toHaveAttribute('aria-pressed', 'false');
    await user.click(mute);
    expect(mute).toHaveAttribute('aria-pressed', 'true');
    first.unmount();
    FakeEventSource.install();
    const { stream, backend } = await openBoard([]);
    expect(screen.getByRole('button', { name: 'Mute new-order sound' })).toHaveAttribute('aria-pressed', 'true');
    act(() => stream.emit('order.created', backend.add(makeOrder({ number: 61 })), 'c3'));
    expect(card(61)).toBeInTheDocument();
    expect(tones).toHaveLength(0);
  });

  it('opens the board full screen and leaves it with Escape', async () => {
    const user = userEvent.setup();
    await openBoard([makeOrder({ number: 65 })]);
    const full = screen.getByRole('button', { name: 'Full-screen board' });
    await user.click(full);
    expect(full).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('region', { name: 'Orders — Trattoria da Luca' }).className).toContain('fixed');
    await user.keyboard('{Escape}');
    expect(full).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('region', { name: 'Orders' }).className).not.toContain('fixed');
  });

  it('reconnects by itself and catches up from the last cursor', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const { backend, stream } = await openBoard([makeOrder({ number: 71, status: 'placed' })]);
    const accepted = backend.change('order-71', { status: 'accepted' });
    act(() => stream.emit('order.updated', accepted, accepted.updated_at));
    const missed = backend.add(
      makeOrder({ number: 72, status: 'placed', updated_at: new Date(Date.now() + 60_000).toISOString() }),
    );
    act(() => stream.fail());
    expect(stream.closed).toBe(true);
    expect(screen.getByRole('status')).toHaveTextContent('Reconnecting…');
    await waitFor(() => expect(listCalls(backend)).toHaveLength(2), { timeout: 3000 });
    expect(listCalls(backend)[1]!.query).toEqual({
      venueId: 'venue-luca',
      since: accepted.updated_at,
    });
    expect(await screen.findByRole('article', { name: /#72/ })).toBeInTheDocument();
    await waitFor(() => expect(FakeEventSource.live(STREAM)).toHaveLength(1));
    const again = FakeEventSource.live(STREAM)[0]!;
    expect(new URL(again.url).searchParams.get('since')).toBe(missed.updated_at);
    act(() => again.open());
    expect(screen.getByRole('status')).toHaveTextContent('Live');
    expect(screen.getAllByRole('article', { name: /#71/ })).toHaveLength(1);
    expect(tones.length).toBeGreaterThan(0);
  });

  it('says Reconnecting at once when the device goes offline, and catches up when it is back', async () => {
    const { backend, stream } = await openBoard([makeOrder({ number: 75 })]);
    act(() => window.dispatchEvent(new Event('offline')));
    expect(stream.closed).toBe(true);
    expect(screen.getByRole('status')).toHaveTextContent('Reconnecting…');
    act(() => window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(listCalls(backend)).toHaveLength(2));
    expect(listCalls(backend)[1]!.query.since).toBeTruthy();
    await waitFor(() => expect(FakeEventSource.live(STREAM)).toHaveLength(1));
    act(() => FakeEventSource.live(STREAM)[0]!.open());
    expect(screen.getByRole('status')).toHaveTextContent('Live');
    expect(screen.getAllByRole('article', { name: /#75/ })).toHaveLength(1);
  });

  it('cancels with a reason, and refunds a cancelled paid order', async () => {
    const user = userEvent.setup();
    const { backend } = await openBoard([
      makeOrder({ number: 81, status: 'placed' }),
      makeOrder({
        number: 82,
        status: 'cancelled',
        payment_status: 'paid',
        tip: 1.5,
        updated_at: new Date().toISOString(),
      }),
    ]);
    await user.click(within(card(81)).getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order #81?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the order' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose or write a reason.');
    await user.click(within(dialog).getByRole('radio', { name: 'Out of stock' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the order' }));
    await waitFor(() => expect(backend.callsTo('PATCH', '/api/order/status')).toHaveLength(1));
    expect(backend.callsTo('PATCH', '/api/order/status')[0]!.body).toEqual({
      orderId: 'order-81',
      status: 'cancelled',
      reason: 'Out of stock',
    });
    await waitFor(() => expect(screen.queryByRole('article', { name: /#81/ })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Done today' }));
    const refunded = await screen.findByRole('article', { name: /#82/ });
    // The guest's tip is on the card beside the order total; an unpaid order shows none.
    expect(refunded).toHaveTextContent('Tip €1.50');
    expect(card(81)).not.toHaveTextContent('Tip');
    expect(
      within(screen.getByRole('article', { name: /#81/ })).queryByRole('button', { name: 'Refund' }),
    ).not.toBeInTheDocument();
    await user.click(within(refunded).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(backend.callsTo('POST', '/api/order/refund')[0]?.body).toEqual({ orderId: 'order-82' }));
    expect(await screen.findByText('Order #82: refund sent.')).toBeInTheDocument();
    await waitFor(() => expect(card(82)).toHaveTextContent('Refunded'));
    expect(within(card(82)).queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
  });

  it('colours the age amber after 10 minutes and red after 20, ticking every 30 s', async () => {
    // The clock moves by hand: only the board's 30 s ticker is faked, and Date.now follows it.
    const realNow = Date.now.bind(Date);
    let offset = 0;
    vi.spyOn(Date, 'now').mockImplementation(() => realNow() + offset);
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setInterval', 'clearInterval'] });
    const pass = (ms: number) =>
      act(() => {
        offset += ms;
        vi.advanceTimersByTime(ms);
      });
    try {
      await openBoard([
        makeOrder({ number: 91, status: 'placed', date_created: new Date(realNow() - 9.75 * 60_000).toISOString() }),
      ]);
      const age = () => within(card(91)).getByText(/min|just now/, { selector: 'p' });
      expect(age()).toHaveTextContent('9 min');
      expect(age()).not.toHaveTextContent('over 10 minutes');
      pass(30_000);
      expect(age()).toHaveTextContent('10 min');
      expect(age()).toHaveTextContent('over 10 minutes');
      expect(age().className).toContain('amber');
      for (let i = 0; i < 20; i++) pass(30_000);
      expect(age()).toHaveTextContent('20 min');
      expect(age()).toHaveTextContent('over 20 minutes');
      expect(age().className).toContain('red');
    } finally {
      vi.useRealTimers();
    }
  });
});
