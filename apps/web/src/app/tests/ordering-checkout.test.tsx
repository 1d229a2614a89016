import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../testing/render-with-providers.tsx';
import { server } from '../../testing/server.ts';
import { http, HttpResponse } from 'msw';
import { useCartStore } from '../../features/ordering/index.ts';
import { resetGuestPages } from './guest-pages-fixtures.ts';

// The checkout's dialogs on the guest pages: the delivery-or-table question, the cart dialog, the address form.

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  resetGuestPages();
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
