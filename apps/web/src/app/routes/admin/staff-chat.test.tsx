import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetSessionStore } from '../../../features/auth/index.ts';
import { demoVenues, fakeAuthBackend, type FakeStaffAccount } from '../../../testing/auth-handlers.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';
import { fakeStaffChat } from './staff-chat-handlers.ts';

const owner: FakeStaffAccount = { email: 'owner@carte.demo', password: 'carte-demo', venues: demoVenues };

const CREATED =
  '<p class="change"><strong>Product created</strong>: Vegan burger</p><ul class="change"><li><strong>Price:</strong> <ins>€12.50</ins></li></ul>';
const ASK =
  '<p class="confirm">Delete Fried Calamari from the menu? Answer "yes" to delete it; any other answer keeps it.</p>';
const DELETED = '<p class="change"><strong>Product deleted</strong>: Fried Calamari</p>';

function setup(options: Parameters<typeof fakeStaffChat>[0] = {}) {
  const chat = fakeStaffChat(options);
  server.use(...fakeAuthBackend({ accounts: [owner], signedInAs: owner.email }).handlers, ...chat.handlers);
  return chat;
}

beforeEach(() => resetSessionStore());

describe('/admin/:id staff chat', () => {
  it('is the main panel: staff chips, a message sent as typed with isAdmin, the change card shown', async () => {
    const chat = setup({ replies: { 'add a vegan burger at 12.50': CREATED } });
    const user = userEvent.setup();
    await renderWithProviders(undefined, { route: '/admin/trattoria-da-luca' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Menu assistant' })).toBeInTheDocument();
    const chips = await screen.findByRole('list', { name: 'Suggestions' });
    expect(
      within(chips)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['What is sold out?', 'Dishes without a photo', 'Add a dish', 'Undo the last change']);
    // No guest cart controls and no order bar.
    expect(screen.queryByRole('button', { name: /cart/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Chat or menu' })).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Message to the menu assistant'), 'add a vegan burger at 12.50{Enter}');
    const log = await screen.findByRole('log');
    expect(await within(log).findByText('Product created')).toBeInTheDocument();
    expect(within(log).getByText('€12.50').tagName).toBe('INS');
    expect(chat.calls).toEqual([{ message: 'add a vegan burger at 12.50', isAdmin: true, language: 'en' }]);
    // The links to the back office sections stay.
    const sections = screen.getByRole('region', { name: 'Back office sections' });
    expect(
      within(sections)
        .getAllByRole('link')
        .map((l) => l.getAttribute('href')),
    ).toEqual(
      ['menu', 'orders', 'settings', 'tables', 'printing', 'staff', 'sales'].map(
        (s) => `/admin/trattoria-da-luca/${s}`,
      ),
    );
  });

  it('shows a deletion prompt clearly, with answers as buttons that send the localised yes', async () => {
    const chat = setup({ replies: { 'supprime les calamars': ASK, oui: DELETED } });
    const user = userEvent.setup();
    await renderWithProviders(undefined, { route: '/admin/trattoria-da-luca', language: 'fr' });
    await user.type(await screen.findByLabelText("Message à l'assistant de la carte"), 'supprime les calamars{Enter}');
    const yes = await screen.findByRole('button', { name: 'Oui, allez-y' });
    expect(screen.getByRole('button', { name: 'Non, ne rien changer' })).toBeInTheDocument();
    expect(screen.getByText(/Delete Fried Calamari/).className).toBe('confirm');
    await user.click(yes);
    await waitFor(() => expect(chat.calls.map((c) => c.message)).toEqual(['supprime les calamars', 'oui']));
    expect(await screen.findByText('Product deleted')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Oui, allez-y' })).not.toBeInTheDocument();
  });

  it('shows a price change of several dishes as a list waiting for yes, then an undo button for the change made', async () => {
    const PROPOSED =
      '<p class="change"><strong>Not changed yet</strong>: Desserts</p><ul class="change"><li><strong>Tiramisu:</strong> <del>€6.50</del> → <ins>€7.50</ins></li><li><strong>Panna Cotta:</strong> <del>€6.00</del> → <ins>€7.00</ins></li></ul><p class="confirm">Change these prices? Answer "yes" to apply them; any other answer changes nothing.</p>';
    const APPLIED =
      '<p class="change"><strong>Product updated</strong>: Desserts</p><ul class="change"><li><strong>Tiramisu:</strong> <del>€6.50</del> → <ins>€7.50</ins></li></ul><p>2 prices changed.</p>';
    const chat = setup({
      replies: { 'raise desserts by 1': PROPOSED, yes: APPLIED, undo: '<p>Undone: 2 prices changed.</p>' },
    });
    const user = userEvent.setup();
    await renderWithProviders(undefined, { route: '/admin/trattoria-da-luca' });
    await user.type(await screen.findByLabelText('Message to the menu assistant'), 'raise desserts by 1{Enter}');
    const log = await screen.findByRole('log');
    // The pending list: each dish with its old and new price, and the two answers as buttons.
    expect(await within(log).findByText('€7.50')).toBeInTheDocument();
    expect(within(log).getByText('€6.00').tagName).toBe('DEL');
    expect(screen.getByRole('button', { name: 'No, change nothing' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Undo this change' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes, go ahead' }));
    const undo = await screen.findByRole('button', { name: 'Undo this change' });
    expect(screen.queryByRole('button', { name: 'Yes, go ahead' })).not.toBeInTheDocument();
    await user.click(undo);
    await waitFor(() => expect(chat.calls.map((c) => c.message)).toEqual(['raise desserts by 1', 'yes', 'undo']));
    expect(await within(log).findByText('Undone: 2 prices changed.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Undo this change' })).not.toBeInTheDocument();
  });

  it('loads the conversation the server keeps for the venue', async () => {
    setup({
      history: [
        { role: 'user', html: '<p>the tiramisu is sold out</p>' },
        { role: 'assistant', html: CREATED },
      ],
    });
    await renderWithProviders(undefined, { route: '/admin/trattoria-da-luca' });
    const log = await screen.findByRole('log');
    expect(await within(log).findByText('the tiramisu is sold out')).toBeInTheDocument();
    expect(within(log).getByText('Product created')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Suggestions' })).not.toBeInTheDocument();
  });
});
