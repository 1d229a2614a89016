import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetSessionStore } from '../../../features/auth/index.ts';
import { openBackOffice, warmStaffPages } from '../open-back-office.ts';

beforeAll(() => warmStaffPages(), 120_000);
beforeEach(() => resetSessionStore());

const rowNames = () =>
  within(screen.getByRole('list', { name: 'Dishes' }))
    .getAllByRole('listitem')
    .map((li) => within(li).getAllByRole('button')[0]!.textContent);

describe('/admin/:id/menu', { timeout: 20_000 }, () => {
  it('lists every dish with its price in the interface language, category and sold-out state', async () => {
    const { backend } = await openBackOffice('/menu');
    expect(await screen.findByRole('heading', { level: 1, name: 'Menu' })).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Dishes' });
    expect(rowNames()).toEqual([
      expect.stringContaining('Burrata€11.50Starters'),
      expect.stringContaining('Pizza Margherita€9.00Pizza'),
      expect.stringContaining('Pizza Diavola€11.00PizzaSold out'),
    ]);
    expect(screen.getByRole('switch', { name: 'Sold out: Pizza Diavola' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Sold out: Burrata' })).not.toBeChecked();
    expect(backend.callsTo('GET', '/api/product')[0]?.query).toEqual({ venueId: 'venue-luca', owner: 'true' });
    expect(backend.callsTo('GET', '/api/venue')[0]?.query).toEqual({ venueId: 'venue-luca' });
  });

  it('writes prices the French way in French', async () => {
    await openBackOffice('/menu', { language: 'fr' });
    const row = await screen.findByRole('switch', { name: /Burrata/ });
    expect(row.closest('li')).toHaveTextContent('11,50 €');
  });

  it('searches by name or description and filters by category and availability', async () => {
    const user = userEvent.setup();
    await openBackOffice('/menu');
    await screen.findByRole('list', { name: 'Dishes' });

    await user.type(screen.getByRole('searchbox', { name: 'Search dishes' }), 'pizza');
    await waitFor(() => expect(rowNames()).toHaveLength(2));
    expect(screen.getByRole('status')).toHaveTextContent('Dishes shown: 2 of 3');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Availability' }), 'Sold out');
    await waitFor(() => expect(rowNames()).toEqual([expect.stringContaining('Pizza Diavola')]));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Availability' }), 'Available');
    await waitFor(() => expect(rowNames()).toEqual([expect.stringContaining('Pizza Margherita')]));

    await user.clear(screen.getByRole('searchbox', { name: 'Search dishes' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search dishes' }), 'tomatoes');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Availability' }), 'Available and sold out');
    await waitFor(() => expect(rowNames()).toEqual([expect.stringContaining('Burrata')]));

    await user.clear(screen.getByRole('searchbox', { name: 'Search dishes' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Pizza');
    await waitFor(() => expect(rowNames()).toHaveLength(2));
    await user.type(screen.getByRole('searchbox', { name: 'Search dishes' }), 'sushi');
    expect(await screen.findByText('No dish matches this search and these filters.')).toBeInTheDocument();
  });

  it('marks a dish sold out with one tap: PATCH {id, status}, shown at once', async () => {
    const user = userEvent.setup();
    const { backend } = await openBackOffice('/menu');
    const toggle = await screen.findByRole('switch', { name: 'Sold out: Burrata' });
    await user.click(toggle);
    expect(toggle).toBeChecked();
    await waitFor(() => expect(backend.callsTo('PATCH', '/api/product')).toHaveLength(1));
    expect(backend.callsTo('PATCH', '/api/product')[0]?.body).toEqual({ id: 'burrata', status: 'unavailable' });
    expect(await screen.findByText('Burrata is sold out: guests no longer see it.')).toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: 'Sold out: Pizza Diavola' }));
    await waitFor(() => expect(backend.callsTo('PATCH', '/api/product')).toHaveLength(2));
    expect(backend.callsTo('PATCH', '/api/product')[1]?.body).toEqual({ id: 'diavola', status: 'available' });
    expect(backend.state.products.find((p) => p.id === 'diavola')?.status).toBe('available');
  });

  it('rolls the switch back with a toast when the server refuses', async () => {
    const user = userEvent.setup();
    await openBackOffice('/menu', {
      refuse: {
        'PATCH /api/product': { status: 403, code: 'FORBIDDEN', error: 'You do not have access to this venue.' },
      },
    });
    const toggle = await screen.findByRole('switch', { name: 'Sold out: Burrata' });
    await user.click(toggle);
    expect(
      await screen.findByText('Burrata was not changed. Your account is not allowed to do this for this venue.'),
    ).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
  });

  it('opens the product form from a row and from "Add dish"', async () => {
    const user = userEvent.setup();
    await openBackOffice('/menu');
    await user.click(await screen.findByRole('button', { name: /Pizza Margherita/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit “Pizza Margherita”' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Pizza Margherita');
    await user.click(screen.getByRole('button', { name: 'Back to the menu' }));
    await user.click(await screen.findByRole('button', { name: 'Add dish' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'New dish' })).toBeInTheDocument();
  });
});
