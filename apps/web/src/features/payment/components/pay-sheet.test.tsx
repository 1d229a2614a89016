import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { PublicOrder } from '@carte/domain/contracts/orders';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';
import type * as LoadStripeModule from '../lib/load-stripe.ts';
import PayOrder from './pay-order.tsx';
import PaySheet, { type PayablePart } from './pay-sheet.tsx';

/**
 * Stripe.js stand-in: what @stripe/react-stripe-js calls (elements -> create('payment') -> mount)
 * and confirmPayment, whose answer each test scripts.
 */
const stripeState = vi.hoisted(() => ({
  confirmResult: null as unknown,
  loadError: null as Error | null,
  loads: [] as { url: string; key: string }[],
  confirms: [] as unknown[],
}));

vi.mock('../lib/load-stripe.ts', async (importOriginal) => {
  const original = await importOriginal<typeof LoadStripeModule>();
  const element = () => ({
    mount(node: HTMLElement) {
      const label = document.createElement('label');
      label.textContent = 'Card number';
      label.appendChild(document.createElement('input'));
      node.appendChild(label);
    },
    on() {},
    off() {},
    once() {},
    update() {},
    destroy() {},
    unmount() {},
  });
  const fakeStripe = {
    elements: () => ({ create: element, update() {}, getElement: () => null, submit: async () => ({}) }),
    createToken: async () => ({}),
    createPaymentMethod: async () => ({}),
    confirmCardPayment: async () => ({}),
    confirmPayment: async (args: unknown) => {
      stripeState.confirms.push(args);
      return stripeState.confirmResult;
    },
  };
  return {
    ...original,
    loadStripeFrom: (url: string, key: string) => {
      stripeState.loads.push({ url, key });
      return stripeState.loadError ? Promise.reject(stripeState.loadError) : Promise.resolve(fakeStripe);
    },
  };
});

const order: PublicOrder = {
  id: '8f1c2d3e-0000-4000-8000-000000000009',
  number: 7,
  status: 'placed',
  total: 31.7,
  subtotal: 31.7,
  service_charge: 0,
  tax: [],
  tax_total: 0,
  tax_mode: null,
  receipt_number: null,
  delivery_cost: 0,
  date_created: new Date(Date.now() - 10 * 60_000).toISOString(),
  items: [],
  delivery_info: null,
  notes: null,
  delivery: false,
  spot: '4',
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

type Sent = { orderId: string; tip?: number; tipPercent?: number };

function paymentHandlers(opts: { confirm?: 'paid' | 'impossible'; create?: 'ok' | 'missing' } = {}) {
  const sent: { create: Sent[]; confirm: unknown[] } = { create: [], confirm: [] };
  server.use(
    http.post('*/api/order/create-intent', async ({ request }) => {
      const body = (await request.json()) as Sent;
      sent.create.push(body);
      if (opts.create === 'missing') {
        return HttpResponse.json(
          { success: false, error: 'Error creating order', code: 'PAYMENT_ORDER_MISSING' },
          { status: 404 },
        );
      }
      const tipMinor =
        body.tipPercent !== undefined ? Math.round((3170 * body.tipPercent) / 100) : Math.round((body.tip ?? 0) * 100);
      return HttpResponse.json({
        success: true,
        data: {
          clientSecret: 'pi_1_secret_2',
          publishableKey: 'pk_test_1',
          amount: (3170 + tipMinor) / 100,
          tip: tipMinor / 100,
          paymentId: 'pi_1',
          currency: 'eur',
          scriptUrl: 'http://127.0.0.1:9/v3/',
        },
      });
    }),
    http.post('*/api/order/confirm-payment', async ({ request }) => {
      sent.confirm.push(await request.json());
      return opts.confirm === 'impossible'
        ? HttpResponse.json({ success: false, error: 'Impossible to confirm payment', code: 'PAYMENT_NOT_CONFIRMED' })
        : HttpResponse.json({ success: true, data: { paymentStatus: 'paid' } });
    }),
  );
  return sent;
}

beforeEach(() => {
  stripeState.confirmResult = { paymentIntent: { id: 'pi_1', status: 'succeeded' } };
  stripeState.loadError = null;
  stripeState.loads.length = 0;
  stripeState.confirms.length = 0;
});

async function openSheet(language: 'en' | 'fr' = 'en') {
  const user = userEvent.setup();
  const onPaid = vi.fn();
  const view = await renderWithProviders(<PayOrder order={order} cardPayment onPaid={onPaid} />, { language });
  await user.click(
    await screen.findByRole('button', { name: language === 'en' ? 'Pay now · €31.70' : /Payer maintenant · 31,70/ }),
  );
  const dialog = await screen.findByRole('dialog');
  return { user, dialog, view, onPaid };
}

// Typing and clicking through the sheet takes over 5 s when the machine runs other suites beside this one.
describe('pay sheet', { timeout: 20_000 }, () => {
  it('without card payment the order page says "Pay at the venue" and offers no button', async () => {
    await renderWithProviders(<PayOrder order={order} cardPayment={false} onPaid={() => {}} />);
    expect(await screen.findByText('Pay at the venue')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('a delivery by the venue itself, without card payment, is paid on delivery (never "at the venue")', async () => {
    await renderWithProviders(
      <PayOrder order={{ ...order, delivery: true, spot: 'delivery' }} cardPayment={false} onPaid={() => {}} />,
    );
    expect(await screen.findByText('Delivered by the venue: pay on delivery')).toBeInTheDocument();
    expect(screen.queryByText('Pay at the venue')).toBeNull();
  });

  it('offers nothing once the order is paid', async () => {
    const { container } = await renderWithProviders(
      <PayOrder order={{ ...order, payment_status: 'paid' }} cardPayment onPaid={() => {}} />,
    );
    await waitFor(() => expect(container).toBeEmptyDOMElement());
  });

  it('the button always shows total + tip for each tip choice, including a typed amount', async () => {
    paymentHandlers();
    const { user, dialog } = await openSheet();
    const proceed = () => within(dialog).getByRole('button', { name: /^Continue · / });
    expect(proceed()).toHaveAccessibleName('Continue · €31.70');
    await user.click(within(dialog).getByRole('radio', { name: /^5%/ }));
    expect(proceed()).toHaveAccessibleName('Continue · €33.29');
    await user.click(within(dialog).getByRole('radio', { name: /^10%/ }));
    expect(proceed()).toHaveAccessibleName('Continue · €34.87');
    expect(within(dialog).getByTestId('pay-amount')).toHaveTextContent('€34.87');
    await user.click(within(dialog).getByRole('radio', { name: /^15%/ }));
    expect(proceed()).toHaveAccessibleName('Continue · €36.46');
    await user.click(within(dialog).getByRole('radio', { name: 'Other amount' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Tip amount' }), '2,50');
    expect(proceed()).toHaveAccessibleName('Continue · €34.20');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Tip amount' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Tip amount' }), '40');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The tip must be between 0 and the order total.');
    await user.click(within(dialog).getByRole('radio', { name: 'No tip' }));
    expect(proceed()).toHaveAccessibleName('Continue · €31.70');
  });

  it('pays with a 10% tip: intent for the percentage, the card form, confirm-payment, then Paid', async () => {
    const sent = paymentHandlers();
    const { user, dialog, onPaid } = await openSheet();
    await user.click(within(dialog).getByRole('radio', { name: /^10%/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Continue · €34.87' }));
    expect(sent.create).toEqual([{ orderId: order.id, tipPercent: 10 }]);
    expect(await within(dialog).findByText('Card number')).toBeInTheDocument();
    expect(stripeState.loads).toEqual([{ url: 'http://127.0.0.1:9/v3/', key: 'pk_test_1' }]);
    await user.click(within(dialog).getByRole('button', { name: 'Pay €34.87' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(stripeState.confirms).toHaveLength(1);
    expect(stripeState.confirms[0]).toMatchObject({ redirect: 'if_required' });
    expect(sent.confirm).toEqual([{ orderId: order.id, paymentId: 'pi_1' }]);
    expect(onPaid).toHaveBeenCalledTimes(1);
    expect(onPaid.mock.calls[0]![0]).toMatchObject({ id: order.id, payment_status: 'paid', tip: 3.17 });
  });

  it("a declined card says 'Payment failed. Try again.' and nothing is confirmed", async () => {
    const sent = paymentHandlers();
    stripeState.confirmResult = {
      error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    };
    const { user, dialog } = await openSheet();
    await user.click(within(dialog).getByRole('button', { name: 'Continue · €31.70' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Pay €31.70' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Payment failed. Try again.');
    expect(alert).toHaveTextContent('Your card was declined.');
    expect(sent.confirm).toHaveLength(0);
    expect(within(dialog).getByRole('button', { name: 'Pay €31.70' })).toBeEnabled();
  });

  it("the server refusing the confirmation shows 'Impossible to confirm payment' (in French too)", async () => {
    paymentHandlers({ confirm: 'impossible' });
    const { user, dialog } = await openSheet('fr');
    await user.click(within(dialog).getByRole('button', { name: /^Continuer · 31,70/ }));
    await user.click(await within(dialog).findByRole('button', { name: /^Payer 31,70/ }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Impossible de confirmer le paiement');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it("create-intent without an order shows 'Error creating order'", async () => {
    paymentHandlers({ create: 'missing' });
    const { user, dialog } = await openSheet();
    await user.click(within(dialog).getByRole('button', { name: 'Continue · €31.70' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Error creating order');
  });

  it('a payment script that does not load says so and offers to try again', async () => {
    paymentHandlers();
    const { PaymentScriptError } = await import('../lib/load-stripe.ts');
    stripeState.loadError = new PaymentScriptError('payment script failed to load');
    const { user, dialog } = await openSheet();
    await user.click(within(dialog).getByRole('button', { name: 'Continue · €31.70' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The payment script failed to load.');
    stripeState.loadError = null;
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByRole('button', { name: 'Pay €31.70' })).toBeInTheDocument();
  });

  describe("a guest's part of a table's bill (decision 034)", () => {
    const intentFor = (partMinor: number, tipMinor: number) => ({
      clientSecret: 'pi_part_secret',
      publishableKey: 'pk_test_1',
      amount: (partMinor + tipMinor) / 100,
      tip: tipMinor / 100,
      paymentId: 'pi_part',
      currency: 'eur',
      scriptUrl: 'http://127.0.0.1:9/v3/',
    });
    const partOf = (amountMinor: number, serverMinor = amountMinor) => ({
      amountMinor,
      title: "Your part of table 4's bill",
      label: 'Your part',
      createIntent: vi.fn<PayablePart['createIntent']>(async (tipMinor: number) => intentFor(serverMinor, tipMinor)),
      onAbandon: vi.fn<PayablePart['onAbandon']>(),
    });

    it('takes the part with the tip on it, shows the exact part the server took, and confirms it against the bill', async () => {
      const sent = paymentHandlers();
      stripeState.confirmResult = { paymentIntent: { id: 'pi_part', status: 'succeeded' } };
      const part = partOf(1030, 1031);
      const onPaid = vi.fn();
      await renderWithProviders(<PaySheet order={order} open onOpenChange={() => {}} onPaid={onPaid} part={part} />);
      const user = userEvent.setup();
      const dialog = await screen.findByRole('dialog', { name: "Your part of table 4's bill" });
      expect(within(dialog).getByText('Your part')).toBeInTheDocument();
      await user.click(within(dialog).getByRole('radio', { name: /^10%/ }));
      await user.click(within(dialog).getByRole('button', { name: 'Continue · €11.33' }));
      expect(part.createIntent).toHaveBeenCalledWith(103);
      expect(sent.create).toEqual([]);
      expect(await within(dialog).findByText('Card number')).toBeInTheDocument();
      // The server's part was one cent more than the estimate (portions of a shared dish).
      await user.click(within(dialog).getByRole('button', { name: 'Pay €11.34' }));
      await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
      expect(sent.confirm).toEqual([{ orderId: order.id, paymentId: 'pi_part' }]);
      expect(part.onAbandon).not.toHaveBeenCalled();
    });

    it('closing the sheet with the part taken and unpaid gives it back', async () => {
      paymentHandlers();
      const part = partOf(1500);
      const onOpenChange = vi.fn();
      await renderWithProviders(
        <PaySheet order={order} open onOpenChange={onOpenChange} onPaid={() => {}} part={part} />,
      );
      const user = userEvent.setup();
      const dialog = await screen.findByRole('dialog', { name: "Your part of table 4's bill" });
      await user.click(within(dialog).getByRole('button', { name: 'Continue · €15.00' }));
      expect(await within(dialog).findByText('Card number')).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Close' }));
      expect(part.onAbandon).toHaveBeenCalledTimes(1);
      expect(onOpenChange).toHaveBeenCalledWith(false);
    });
  });
});
