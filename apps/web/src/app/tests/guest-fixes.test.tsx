import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { PublicOrder } from '@carte/domain/contracts/orders';
import { makeProduct, makeVenueResponse } from '../../testing/data-generators.ts';
import { venueHandler } from '../../testing/handlers.ts';
import { renderWithProviders } from '../../testing/render-with-providers.tsx';
import { server } from '../../testing/server.ts';
import { useCartStore } from '../../features/cart/index.ts';

const LONG =
  'Slow-cooked for six hours with San Marzano tomatoes, guanciale from Amatrice, a splash of white wine and ' +
  'aged pecorino romano, finished with black pepper and served on bucatini made in house every morning.';
const arancini = makeProduct({ id: 'arancini', name: 'Arancini', price: 8.5, description: 'Fried rice balls.' });
const amatriciana = makeProduct({ id: 'amatriciana', name: 'Amatriciana', price: 13, description: LONG });
const trattoria = makeVenueResponse(
  { venueUrl: 'trattoria-da-luca', spots: ['1', '2', 'Terrace A'], enable_uber_direct: true },
  [arancini, amatriciana],
);
const TEXT_MENU = [
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
const anchor = makeVenueResponse(
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

const order: PublicOrder = {
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
function orderHandler() {
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

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  localStorage.clear();
  useCartStore.getState().syncVenue('reset-between-tests');
  server.use(venueHandler([trattoria, anchor]), orderHandler());
});
afterEach(() => {
  vi.restoreAllMocks();
});

const methodDialog = () => screen.queryByRole('dialog', { name: 'How would you like your order?' });

// 20 s per test like the address form's: the first render compiles the lazy pages and dialog chunks,
// which beside busy cores took more than the default 5 s (four timeouts in one loaded run).
describe('the delivery-or-table question', { timeout: 20_000 }, () => {
  it('opens by itself on the menu of a venue with delivery', async () => {
    await renderWithProviders(undefined, { route: '/trattoria-da-luca/menu' });
    expect(await screen.findByRole('dialog', { name: 'How would you like your order?' })).toBeInTheDocument();
  });

  it('is a sheet named by its question with the focus on its first control, closed by its close button', async () => {
    const user = userEvent.setup();
    await renderWithProviders(undefined, { route: '/trattoria-da-luca/menu' });
    const dialog = await screen.findByRole('dialog', { name: 'How would you like your order?' });
    const close = within(dialog).getByRole('button', { name: 'Close' });
    expect(close).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Delivery to my address' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'At the table' })).toBeInTheDocument();
    await user.click(close);
    await waitFor(() => expect(methodDialog()).not.toBeInTheDocument());
    expect(useCartStore.getState()).toMatchObject({ spot: null, delivery: false, dialog: null });
    expect(useCartStore.getState().askedDeliveryOrSpot).toBe(true);
  });

  it('"Delivery to my address" chooses delivery and closes it; the recap then asks for the address', async () => {
    const user = userEvent.setup();
    await renderWithProviders(undefined, { route: '/trattoria-da-luca/menu' });
    const dialog = await screen.findByRole('dialog', { name: 'How would you like your order?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delivery to my address' }));
    await waitFor(() => expect(methodDialog()).not.toBeInTheDocument());
    expect(useCartStore.getState()).toMatchObject({ spot: 'delivery', delivery: true });
    await user.click(screen.getByRole('button', { name: 'Add Arancini to the order' }));
    await user.click(screen.getByRole('button', { name: 'Cart, 1 item' }));
    const recap = await screen.findByRole('dialog', { name: 'Your order (1)' });
    expect(within(recap).getByRole('button', { name: 'Choose address' })).toBeInTheDocument();
  });

  it('"At the table" opens the table choice in its place', async () => {
    const user = userEvent.setup();
    await renderWithProviders(undefined, { route: '/trattoria-da-luca/menu' });
    const dialog = await screen.findByRole('dialog', { name: 'How would you like your order?' });
    await user.click(within(dialog).getByRole('button', { name: 'At the table' }));
    const select = await screen.findByRole('dialog', { name: 'Choose your table' });
    expect(methodDialog()).not.toBeInTheDocument();
    await user.click(within(select).getByRole('button', { name: 'Terrace A' }));
    await user.click(within(select).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(useCartStore.getState()).toMatchObject({ spot: 'Terrace A', delivery: false }));
  });

  it.each([
    ['a not-found page', '/trattoria-da-luca/no-such-page', 'Page not found'],
    ['the error page', '/trattoria-da-luca/error?status=500', 'Internal Server Error'],
    ['the order-error page', '/trattoria-da-luca/order-error', 'Your order could not be placed'],
    ['an unknown order', '/trattoria-da-luca/order?orderId=garbage', 'Page not found'],
  ])('does not open on %s', async (_name, route, heading) => {
    await renderWithProviders(undefined, { route });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    // The venue is loaded (its name is in the header) and still no question.
    expect(await screen.findByRole('link', { name: /Trattoria/ })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    // The store is where the question is asked (the dialog itself loads lazily).
    expect(useCartStore.getState().dialog).toBeNull();
    expect(methodDialog()).not.toBeInTheDocument();
  });
});

describe('the order page', () => {
  it.each([
    ['a malformed id (400)', 'garbage'],
    ['an unknown id (404)', '00000000-0000-4000-8000-000000000000'],
  ])('shows the not-found page for %s, never the error page', async (_name, id) => {
    await renderWithProviders(undefined, { route: `/trattoria-da-luca/order?orderId=${id}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('404')).toBeInTheDocument();
    expect(screen.getByText(`/trattoria-da-luca/order?orderId=${id}`)).toBeInTheDocument();
    expect(screen.queryByText('Internal Server Error')).not.toBeInTheDocument();
  });

  it('without an id shows the latest order placed on this device', async () => {
    useCartStore.getState().syncVenue('trattoria-da-luca');
    useCartStore.getState().orderPlaced({ id: order.id, number: 42, date_created: order.date_created });
    await renderWithProviders(undefined, { route: '/trattoria-da-luca/order' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #42' })).toBeInTheDocument();
    expect(screen.getByText('Table Terrace A')).toBeInTheDocument();
  });

  it('without an id and no order on this device says there is none yet', async () => {
    await renderWithProviders(undefined, { route: '/trattoria-da-luca/order' });
    expect(await screen.findByText('You have not placed an order yet.')).toBeInTheDocument();
  });

  it('writes money the French way in French', async () => {
    await renderWithProviders(undefined, { route: `/trattoria-da-luca/order?orderId=${order.id}`, language: 'fr' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Commande n° 42' })).toBeInTheDocument();
    // "20,20 €" with a no-break space (the matcher reads it as a space).
    expect(screen.getAllByText('20,20 €').length).toBeGreaterThan(0);
  });
});

describe('the menu cards', () => {
  it('show how many of the product are in the cart', async () => {
    const user = userEvent.setup();
    await renderWithProviders(undefined, { route: '/trattoria-da-luca/menu?spot=1' });
    const card = await screen.findByRole('article', { name: 'Arancini' });
    expect(within(card).queryByText(/In the cart/)).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Add Arancini to the order' }));
    expect(await within(card).findByText('In the cart: 1')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Add Arancini to the order' }));
    expect(await within(card).findByText('In the cart: 2')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Amatriciana' })).queryByText(/In the cart/)).toBeNull();
  });

  it('open a long description in full with a "More" toggle', async () => {
    // jsdom has no layout: a clamped paragraph taller than its box is what the browser reports.
    const scroll = vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(function (
      this: HTMLElement,
    ) {
      return this.textContent === LONG ? 120 : 20;
    });
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(40);
    const user = userEvent.setup();
    await renderWithProviders(undefined, { route: '/trattoria-da-luca/menu?spot=1' });
    const long = await screen.findByRole('article', { name: 'Amatriciana' });
    const more = within(long).getByRole('button', { name: 'More' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    const text = within(long).getByText(LONG);
    expect(text).toHaveClass('line-clamp-2');
    expect(more).toHaveAttribute('aria-controls', text.id);
    await user.click(more);
    expect(within(long).getByRole('button', { name: 'Less' })).toHaveAttribute('aria-expanded', 'true');
    expect(text).not.toHaveClass('line-clamp-2');
    await user.click(within(long).getByRole('button', { name: 'Less' }));
    expect(text).toHaveClass('line-clamp-2');
    // A description that fits has no toggle.
    expect(
      within(screen.getByRole('article', { name: 'Arancini' })).queryByRole('button', { name: 'More' }),
    ).toBeNull();
    scroll.mockRestore();
  });
});

describe('the cart dialog', () => {
  it('says the cart is empty when it is', async () => {
    const user = userEvent.setup();
    await renderWithProviders(undefined, { route: '/trattoria-da-luca/menu?spot=1' });
    await user.click(await screen.findByRole('button', { name: 'Cart, empty' }));
    const recap = await screen.findByRole('dialog', { name: 'Your order (0)' });
    expect(within(recap).getByText('Your cart is empty.')).toBeInTheDocument();
    expect(within(recap).queryByRole('button', { name: /Place order/ })).not.toBeInTheDocument();
  });
});

describe('a venue with a text menu', () => {
  it('shows no cart, no current order, no table or delivery question', async () => {
    await renderWithProviders(undefined, { route: '/the-anchor/menu?spot=1' });
    expect(await screen.findByRole('heading', { name: 'STARTERS' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Cart/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Add / })).not.toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(useCartStore.getState().dialog).toBeNull();
    expect(methodDialog()).not.toBeInTheDocument();
    // The Chat | Menu switch stays: the assistant can still answer about the menu.
    expect(screen.getByRole('navigation', { name: 'Chat or menu' })).toBeInTheDocument();
  });

  it('lays the text out: headings, dishes with the price in its own column, descriptions, notes', async () => {
    await renderWithProviders(undefined, { route: '/the-anchor/menu' });
    expect(await screen.findByRole('heading', { level: 3, name: 'STARTERS' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'DRINKS' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 4, name: 'Wine (175 ml glass / bottle)' })).toBeInTheDocument();
    const dishes = screen.getAllByRole('listitem');
    const soup = dishes.find((li) => li.textContent?.startsWith('Soup of the day'))!;
    expect(within(soup).getByText('£6.50')).toBeInTheDocument();
    expect(within(soup).getByText('Served with crusty bloomer bread and butter.')).toBeInTheDocument();
    expect(within(soup).getByText('Soup of the day (v)')).toBeInTheDocument();
    const wine = dishes.find((li) => li.textContent?.startsWith('House red'))!;
    expect(within(wine).getByText('£6.50 / £24.00')).toBeInTheDocument();
    expect(screen.getByText('Served 12:00-21:30 daily.')).toBeInTheDocument();
    // No raw block of preformatted text.
    expect(document.querySelector('pre')).toBeNull();
  });
});

describe('the address form', { timeout: 20_000 }, () => {
  it('accepts a phone number written with spaces, dashes, dots and parentheses', async () => {
    const user = userEvent.setup();
    server.use(
      http.get('*/api/address', () =>
        HttpResponse.json({ success: true, data: [{ full_address: 'Via Roma 12, 00184 Roma' }] }),
      ),
      http.post('*/api/delivery-quote', () =>
        HttpResponse.json({
          success: true,
          data: { fee: 3.9, quoteId: 'q1', currency: 'eur', expiresAt: new Date(Date.now() + 600_000).toISOString() },
        }),
      ),
    );
    await renderWithProviders(undefined, { route: '/trattoria-da-luca/menu?spot=delivery' });
    await screen.findByRole('article', { name: 'Arancini' });
    useCartStore.getState().openDialog('delivery');
    const form = await screen.findByRole('dialog', { name: 'Delivery address' });
    const phone = within(form).getByRole('textbox', { name: 'Phone (optional)' });
    await user.type(phone, '+39 (06) 123-45.67');
    await user.tab();
    expect(within(form).queryByText('Invalid phone number')).not.toBeInTheDocument();
    await user.clear(phone);
    await user.type(phone, '12-34-56');
    await user.tab();
    expect(await within(form).findByText('Invalid phone number')).toBeInTheDocument();
    await user.clear(phone);
    await user.type(phone, '+39 (06) 123-45.67');
    await user.type(within(form).getByRole('textbox', { name: 'Full name' }), 'Ana Bianchi');
    await user.type(within(form).getByRole('textbox', { name: 'E-mail' }), 'ana@example.com');
    await user.type(within(form).getByRole('textbox', { name: 'Address' }), 'Via Roma 12');
    const list = await within(form).findByRole('list', { name: 'Address suggestions' }, { timeout: 3000 });
    await user.click(within(list).getByRole('button', { name: 'Via Roma 12, 00184 Roma' }));
    const confirm = within(form).getByRole('button', { name: 'Confirm address' });
    await waitFor(() => expect(confirm).toBeEnabled());
    await user.click(confirm);
    // Stored the way the spec counts it: the plus and the digits.
    await waitFor(() => expect(useCartStore.getState().deliveryInfo?.phone).toBe('+39061234567'));
  });

  it("says what is too short or too long in the guest's language, counting characters", async () => {
    const user = userEvent.setup();
    await renderWithProviders(undefined, { route: '/trattoria-da-luca/menu?spot=delivery', language: 'fr' });
    await screen.findByRole('article', { name: 'Arancini' });
    useCartStore.getState().openDialog('delivery');
    const form = await screen.findByRole('dialog', { name: 'Adresse de livraison' });
    const name = within(form).getByRole('textbox', { name: 'Nom complet' });
    await user.click(name);
    await user.paste('Ana');
    await user.tab();
    expect(await within(form).findByText('Longueur minimale 5 caractères')).toBeInTheDocument();
    await user.clear(name);
    await user.click(name);
    await user.paste('🍕'.repeat(120));
    await user.tab();
    await waitFor(() => expect(within(form).queryByText(/^Longueur/)).not.toBeInTheDocument());
    await user.click(name);
    await user.paste('🍕');
    await user.tab();
    expect(await within(form).findByText('Longueur maximale 120 caractères')).toBeInTheDocument();
    const notes = within(form).getByRole('textbox', { name: 'Notes pour le livreur (facultatif)' });
    await user.click(notes);
    await user.paste('x'.repeat(501));
    await user.tab();
    expect(await within(form).findByText('Longueur maximale 500 caractères')).toBeInTheDocument();
  });
});
