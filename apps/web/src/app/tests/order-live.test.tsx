import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { PublicOrder } from '@carte/domain/contracts/orders';
import { makeVenueResponse } from '../../testing/data-generators.ts';
import { FakeEventSource } from '../../testing/fake-event-source.ts';
import { venueHandler } from '../../testing/handlers.ts';
import { makeOrder } from '../../testing/order-board-handlers.ts';
import { renderWithProviders } from '../../testing/render-with-providers.tsx';
import { server } from '../../testing/server.ts';

const STREAM = '/api/order/stream';
const trattoria = makeVenueResponse({ venueUrl: 'trattoria-da-luca', name: 'Trattoria da Luca' });

beforeEach(() => FakeEventSource.install());
afterEach(() => FakeEventSource.uninstall());

async function openOrderPage(initial: PublicOrder, language: 'en' | 'fr' = 'en') {
  let current = initial;
  const gets: string[] = [];
  server.use(
    venueHandler([trattoria]),
    http.get('*/api/order', ({ request }) => {
      gets.push(request.url);
      return HttpResponse.json({ success: true, data: current });
    }),
  );
  await renderWithProviders(undefined, { route: `/trattoria-da-luca/order?orderId=${initial.id}`, language });
  await screen.findByRole('heading', {
    level: 1,
    name: language === 'en' ? `Order #${initial.number}` : `Commande n° ${initial.number}`,
  });
  return {
    gets,
    set(order: PublicOrder) {
      current = order;
    },
  };
}

const progress = () => screen.getByRole('list', { name: 'Order progress' });
const currentStep = () =>
  within(progress())
    .getAllByRole('listitem')
    .find((li) => li.getAttribute('aria-current') === 'step');
// Each event is a second newer than the last, starting from the test's own present: the page
// ignores an event older than the order it shows (makeOrder's order was written a minute ago).
let clock = Date.now();
const version = (order: PublicOrder, patch: Partial<PublicOrder>): PublicOrder => ({
  ...order,
  ...patch,
  updated_at: new Date((clock += 1000)).toISOString(),
});

describe('guest order page, live', { timeout: 20_000 }, () => {
  it('follows a table order through each state and stops at the final one', async () => {
    const order = makeOrder({ id: 'order-live-1', number: 42, status: 'placed' });
    await openOrderPage(order);
    await waitFor(() => expect(FakeEventSource.live(STREAM)).toHaveLength(1));
    const stream = FakeEventSource.live(STREAM)[0]!;
    expect(new URL(stream.url).searchParams.get('orderId')).toBe('order-live-1');
    act(() => stream.open());
    expect(
      within(progress())
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Placed', 'Accepted', 'Being prepared', 'Ready', 'Served']);
    expect(currentStep()).toHaveTextContent('Placed');
    // Unpaid is no news (the pay slot says how to pay); a payment shows as soon as it changes.
    expect(screen.queryByText('Payment')).not.toBeInTheDocument();
    const live = document.querySelector('[aria-live="polite"]')!;
    let latest = order;
    act(() => stream.emit('order.updated', (latest = version(latest, { payment_status: 'paid' }))));
    expect(await screen.findByText('Paid')).toBeInTheDocument();
    expect(screen.getByText('Payment')).toBeInTheDocument();
    for (const [status, word] of [
      ['accepted', 'Accepted'],
      ['preparing', 'Being prepared'],
      ['ready', 'Ready'],
      ['served', 'Served'],
    ] as const) {
      latest = version(latest, { status });
      act(() => stream.emit('order.updated', latest));
      // The query's observers are notified on the next tick.
      await waitFor(() => expect(currentStep()).toHaveTextContent(word));
      expect(live).toHaveTextContent(`Order #42: ${word}`);
    }
    // Served is final: the stream is closed and not reopened.
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Order progress' })).toBeInTheDocument());
    expect(stream.closed).toBe(true);
    expect(FakeEventSource.live(STREAM)).toHaveLength(0);
    expect(within(progress()).getByText('Accepted')).toHaveTextContent('Accepted (done)');
  });

  it('shows a cancelled order with its message and does not follow it', async () => {
    await openOrderPage(makeOrder({ id: 'order-live-2', number: 43, status: 'cancelled' }));
    expect(await screen.findByText(/Your order was cancelled/)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Order progress' })).not.toBeInTheDocument();
    expect(FakeEventSource.instances).toHaveLength(0);
  });

  it('says why the venue cancelled the order, live from its stream and after a reload', async () => {
    const order = makeOrder({ id: 'order-live-5', number: 46, status: 'accepted' });
    const page = await openOrderPage(order);
    await waitFor(() => expect(FakeEventSource.live(STREAM)).toHaveLength(1));
    const stream = FakeEventSource.live(STREAM)[0]!;
    act(() => stream.open());
    const cancelled = version(order, { status: 'cancelled', cancel_reason: 'Out of burrata tonight' });
    page.set(cancelled);
    act(() => stream.emit('order.updated', cancelled));
    expect(await screen.findByText('Cancelled by the venue: Out of burrata tonight')).toBeInTheDocument();
    expect(screen.getByText(/Your order was cancelled/)).toBeInTheDocument();
    expect(document.querySelector('[aria-live="polite"]')).toHaveTextContent(
      'Order #46: Cancelled Cancelled by the venue: Out of burrata tonight',
    );
  });

  it('a cancellation without a reason says only that the order was cancelled', async () => {
    await openOrderPage(makeOrder({ id: 'order-live-6', number: 47, status: 'cancelled', cancel_reason: null }));
    expect(await screen.findByText(/Your order was cancelled/)).toBeInTheDocument();
    expect(screen.queryByText(/Cancelled by the venue/)).not.toBeInTheDocument();
  });

  it('follows a cancelled paid order until the venue refunds it', async () => {
    const order = makeOrder({ id: 'order-live-4', number: 45, status: 'accepted', payment_status: 'paid', tip: 1.5 });
    await openOrderPage(order);
    await waitFor(() => expect(FakeEventSource.live(STREAM)).toHaveLength(1));
    const stream = FakeEventSource.live(STREAM)[0]!;
    act(() => stream.open());
    let latest = version(order, { status: 'cancelled' });
    act(() => stream.emit('order.updated', latest));
    expect(await screen.findByText(/Your order was cancelled/)).toBeInTheDocument();
    expect(screen.getByText('Paid')).toBeInTheDocument();
    // The tip paid with the card, beside the payment.
    expect(screen.getByText('Tip').nextElementSibling).toHaveTextContent('€1.50');
    // Cancelled but paid: the refund is still to come, so the page keeps listening.
    expect(stream.closed).toBe(false);
    latest = version(latest, { payment_status: 'refunded' });
    act(() => stream.emit('order.updated', latest));
    expect(await screen.findByText('Refunded')).toBeInTheDocument();
    expect(screen.queryByText('Paid')).not.toBeInTheDocument();
    await waitFor(() => expect(stream.closed).toBe(true));
    expect(FakeEventSource.live(STREAM)).toHaveLength(0);
  });

  it('shows a delivery with the courier, its tracking link and the payment, in French', async () => {
    const order = makeOrder({
      id: 'order-live-3',
      number: 44,
      status: 'ready',
      delivery: true,
      delivery_info: { fullName: 'Ada', fullAddress: '12 rue de Rivoli, Paris', email: 'ada@example.com' },
      payment_status: 'paid',
      courier: { status: 'pickup', trackingUrl: 'https://track.example.com/abc', eta: null, name: 'Marco' },
    });
    await openOrderPage(order, 'fr');
    await waitFor(() => expect(FakeEventSource.live(STREAM)).toHaveLength(1));
    const stream = FakeEventSource.live(STREAM)[0]!;
    act(() => stream.open());
    const steps = await screen.findByRole('list', { name: 'Suivi de la commande' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((li) => li.textContent?.replace(/ \(terminé\)$/, '')),
    ).toEqual(['Passée', 'Acceptée', 'En préparation', 'Prête', 'En livraison', 'Livrée']);
    expect(screen.getByText('Payée')).toBeInTheDocument();
    expect(screen.getByText('En route vers le restaurant · Marco')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Suivre le coursier' })).toHaveAttribute(
      'href',
      'https://track.example.com/abc',
    );
    act(() =>
      stream.emit(
        'order.updated',
        version(order, { status: 'out_for_delivery', courier: { ...order.courier!, status: 'dropoff' } }),
      ),
    );
    expect(await screen.findByText('En route vers vous · Marco')).toBeInTheDocument();
    expect(within(steps).getAllByRole('listitem')[4]).toHaveAttribute('aria-current', 'step');
    // The courier could not be booked or gave up: the guest reads the spec's sentence, in French.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    act(() => stream.emit('order.updated', version(order, { courier: { ...order.courier!, status: 'failed' } })));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Erreur lors de la gestion de la livraison de votre commande. Veuillez réessayer plus tard.',
    );
  });

  it('reconnects after the stream drops, fetching the order first', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const order = makeOrder({ id: 'order-live-4', number: 45, status: 'placed' });
      const page = await openOrderPage(order);
      await waitFor(() => expect(FakeEventSource.live(STREAM)).toHaveLength(1));
      const first = FakeEventSource.live(STREAM)[0]!;
      act(() => first.open());
      page.set(version(order, { status: 'accepted' }));
      act(() => first.fail());
      expect(await screen.findByText('Reconnecting to follow your order…')).toBeInTheDocument();
      const before = page.gets.length;
      await act(() => vi.advanceTimersByTimeAsync(2500));
      await waitFor(() => expect(FakeEventSource.live(STREAM)).toHaveLength(1));
      expect(page.gets.length).toBeGreaterThan(before);
      act(() => FakeEventSource.live(STREAM)[0]!.open());
      await waitFor(() => expect(currentStep()).toHaveTextContent('Accepted'));
      expect(screen.queryByText('Reconnecting to follow your order…')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});
