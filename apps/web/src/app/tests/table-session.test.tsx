import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeProduct, makeVenueResponse } from '../../testing/data-generators.ts';
import { FakeEventSource } from '../../testing/fake-event-source.ts';
import { venueHandler } from '../../testing/handlers.ts';
import { renderWithProviders } from '../../testing/render-with-providers.tsx';
import { server } from '../../testing/server.ts';
import { fakeTableSession } from '../../testing/table-session-handlers.ts';
import { chatHandler, chatReply, streamed, type ChatRequestSeen } from '../../testing/chat-handlers.ts';
import { useAllergyProfile } from '../../lib/stores/allergy-profile.ts';

const TOKEN = 'q3Vx0bT9r2nYk8aLm4Pz7sWc1dEf6G_-';
const water = makeProduct({ id: 'p-water', name: 'Water', price: 2.5 });
const pizza = makeProduct({ id: 'p-pizza', name: 'Margherita', price: 10 });
const trattoria = makeVenueResponse(
  { venueUrl: 'trattoria-da-luca', name: 'Trattoria da Luca', spots: ['5'], cardPayment: true },
  [water, pizza],
);
const prices = { 'p-water': { name: 'Water', price: 2.5 }, 'p-pizza': { name: 'Margherita', price: 10 } };

beforeEach(() => {
  localStorage.clear();
  useAllergyProfile.getState().clear();
  FakeEventSource.install();
});
afterEach(() => FakeEventSource.uninstall());

describe('the table session on the guest pages (issue 20)', { timeout: 20_000 }, () => {
  it('a guest who scanned the table’s code joins by name, shares their dishes, sees others’ live and sends the round', async () => {
    const table = fakeTableSession({ token: TOKEN, spot: '5', venueUrl: 'trattoria-da-luca', prices });
    server.use(venueHandler([trattoria]), ...table.handlers);
    await renderWithProviders(undefined, { route: `/trattoria-da-luca/menu?spot=5&t=${TOKEN}` });
    const user = userEvent.setup();

    const invite = await screen.findByRole('region', { name: 'Table 5' });
    expect(within(invite).getByRole('heading', { name: 'Order together at table 5' })).toBeInTheDocument();
    await user.type(within(invite).getByLabelText('Your name (optional)'), 'Anna');
    await user.click(within(invite).getByRole('button', { name: 'Join the table' }));
    expect(table.requests[0]).toMatchObject({
      path: '/api/table/join',
      body: { spot: '5', token: TOKEN, name: 'Anna' },
    });

    const panel = await screen.findByRole('region', { name: 'Table 5' });
    await within(panel).findByText('1 person at the table: Anna (you)');
    expect(within(panel).getByText(/Nothing in the table's cart yet/)).toBeInTheDocument();

    // Anna adds water to her own cart from the menu, then shares it with the table.
    const card = screen.getByRole('article', { name: 'Water' });
    await user.click(within(card).getByRole('button', { name: /add/i }));
    await user.click(await within(panel).findByRole('button', { name: "Add my 1 dish to the table's cart" }));
    await waitFor(() =>
      expect(table.requests.filter((r) => r.path === '/api/table/cart')).toEqual([
        {
          method: 'POST',
          path: '/api/table/cart',
          body: { productId: 'p-water', variationIds: [], quantity: 1, notes: null },
          member: 'm1',
        },
      ]),
    );
    const cart = await within(panel).findByRole('list', { name: "The table's cart" });
    expect(within(cart).getByText('Added by Anna')).toBeInTheDocument();
    await waitFor(() => expect(within(panel).queryByRole('button', { name: /Add my/ })).not.toBeInTheDocument());

    // Ben adds a pizza on his phone: it shows here through the session stream.
    const stream = FakeEventSource.live('/api/table/session/events')[0]!;
    const session = table.otherAdds('Ben', 'p-pizza', 1);
    act(() => stream.emit('session', session({ id: 'm1', name: 'Anna' })));
    expect(await within(cart).findByText('Added by Ben')).toBeInTheDocument();
    expect(within(panel).getByText('2 people at the table: Anna (you), Ben')).toBeInTheDocument();

    // Anna takes one more water, then sends the round: the bill shows it, the cart is empty.
    await user.click(within(cart).getByRole('button', { name: 'One more Water' }));
    await waitFor(() =>
      expect(table.requests.at(-1)).toMatchObject({ method: 'PATCH', body: { lineId: 'line-1', quantity: 2 } }),
    );
    // The change is answered (the buttons wait while a change is on its way), then the round goes.
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Send to the kitchen' })).toBeEnabled());
    await user.click(within(panel).getByRole('button', { name: 'Send to the kitchen' }));
    const bill = await within(panel).findByRole('list', { name: "The table's bill" });
    expect(
      within(bill)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('2 × Water'), expect.stringContaining('1 × Margherita')]);
    expect(within(panel).getByText(/Nothing in the table's cart yet/)).toBeInTheDocument();
  });

  it('a code that is not valid any more says so; "order on my own" is remembered', async () => {
    const table = fakeTableSession({
      token: 'another-token-000000000000000000',
      spot: '5',
      venueUrl: 'trattoria-da-luca',
      prices,
    });
    server.use(venueHandler([trattoria]), ...table.handlers);
    await renderWithProviders(undefined, { route: `/trattoria-da-luca/menu?spot=5&t=${TOKEN}` });
    const user = userEvent.setup();
    const invite = await screen.findByRole('region', { name: 'Table 5' });
    await user.click(within(invite).getByRole('button', { name: 'Join the table' }));
    expect(await within(invite).findByRole('alert')).toHaveTextContent("This table's code is not valid any more.");
    await user.click(within(invite).getByRole('button', { name: 'Order on my own' }));
    expect(await screen.findByText('You are ordering on your own at table 5.')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('carte.table.trattoria-da-luca')!)).toMatchObject({
      spot: '5',
      alone: true,
    });
  });

  it('a guest pays their part: their dishes (one shared by two) with a tip, through the pay sheet', async () => {
    const table = fakeTableSession({ token: TOKEN, spot: '5', venueUrl: 'trattoria-da-luca', prices });
    server.use(venueHandler([trattoria]), ...table.handlers);
    await renderWithProviders(undefined, { route: `/trattoria-da-luca/menu?spot=5&t=${TOKEN}` });
    const user = userEvent.setup();
    const invite = await screen.findByRole('region', { name: 'Table 5' });
    await user.click(within(invite).getByRole('button', { name: 'Join the table' }));
    const panel = await screen.findByRole('region', { name: 'Table 5' });
    await within(panel).findByText(/1 person at the table/);
    // A round of a pizza and two waters is on the bill.
    const stream = FakeEventSource.live('/api/table/session/events')[0]!;
    table.otherAdds('Ben', 'p-pizza', 1);
    const session = table.otherAdds('Ben', 'p-water', 2);
    act(() => stream.emit('session', session({ id: 'm1', name: 'Guest 1' })));
    const send = await within(panel).findByRole('button', { name: 'Send to the kitchen' });
    await waitFor(() => expect(send).toBeEnabled());
    await user.click(send);
    await within(panel).findByRole('list', { name: "The table's bill" });

    const mine = within(panel).getByRole('list', { name: 'My dishes' });
    await user.click(within(mine).getByRole('checkbox', { name: /1 × Margherita/ }));
    await user.selectOptions(within(mine).getByRole('combobox', { name: 'Shared by' }), '2');
    await user.click(within(mine).getByRole('checkbox', { name: /2 × Water/ }));
    // Half the pizza (5.00) and the waters (5.00).
    await user.click(within(panel).getByRole('button', { name: 'Pay my part: €10.00' }));
    const sheet = await screen.findByRole('dialog', { name: "Your part of table 5's bill" });
    await user.click(within(sheet).getByRole('radio', { name: /^10%/ }));
    await user.click(within(sheet).getByRole('button', { name: 'Continue · €11.00' }));
    await waitFor(() =>
      expect(table.requests.filter((r) => r.path === '/api/table/bill/part').map((r) => r.body)).toEqual([
        { mode: 'items', lines: [{ lineId: 'bill-line-1', of: 2 }, { lineId: 'bill-line-2' }], tip: 1 },
      ]),
    );
  });

  it('the guest’s allergies go with the join and follow every change, so the kitchen sees them on the table’s rounds', async () => {
    const table = fakeTableSession({ token: TOKEN, spot: '5', venueUrl: 'trattoria-da-luca', prices });
    server.use(venueHandler([trattoria]), ...table.handlers);
    act(() => useAllergyProfile.getState().setProfile({ allergens: ['peanuts'], diets: [] }));
    await renderWithProviders(undefined, { route: `/trattoria-da-luca/menu?spot=5&t=${TOKEN}` });
    const user = userEvent.setup();
    const invite = await screen.findByRole('region', { name: 'Table 5' });
    await user.click(within(invite).getByRole('button', { name: 'Join the table' }));
    expect(table.requests[0]).toMatchObject({
      path: '/api/table/join',
      body: { spot: '5', token: TOKEN, allergyProfile: { allergens: ['peanuts'], diets: [] } },
    });
    await within(await screen.findByRole('region', { name: 'Table 5' })).findByText(/1 person at the table/);

    act(() => useAllergyProfile.getState().toggleAllergen('sesame'));
    await waitFor(() =>
      expect(table.requests.filter((r) => r.path === '/api/table/member')).toEqual([
        {
          method: 'PUT',
          path: '/api/table/member',
          body: { allergyProfile: { allergens: ['peanuts', 'sesame'], diets: [] } },
          member: 'm1',
        },
      ]),
    );
  });

  it('a joined phone’s chat messages carry its member secret, so the assistant answers from the table', async () => {
    const table = fakeTableSession({ token: TOKEN, spot: '5', venueUrl: 'trattoria-da-luca', prices });
    const seen: ChatRequestSeen[] = [];
    server.use(
      venueHandler([trattoria]),
      ...table.handlers,
      chatHandler([streamed(chatReply('<p>Here is what table 5 has ordered so far:</p>'))], seen),
    );
    await renderWithProviders(undefined, { route: `/trattoria-da-luca?spot=5&t=${TOKEN}` });
    const user = userEvent.setup();
    const invite = await screen.findByRole('region', { name: 'Table 5' });
    await user.click(within(invite).getByRole('button', { name: 'Join the table' }));
    await within(await screen.findByRole('region', { name: 'Table 5' })).findByText(/1 person at the table/);

    await user.type(screen.getByRole('searchbox', { name: 'Ask about the menu' }), 'what did we order?');
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    expect(await screen.findByText('Here is what table 5 has ordered so far:')).toBeInTheDocument();
    expect(seen.map((s) => s.tableMember)).toEqual(['secret-1']);
  });
});
