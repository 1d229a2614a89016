import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetSessionStore } from '../../../features/auth/index.ts';
import { openBackOffice, warmStaffPages } from '../open-back-office.ts';

beforeAll(() => warmStaffPages(), 120_000);
beforeEach(() => resetSessionStore());

const stored = {
  stations: [{ id: 'kitchen', name: 'Kitchen', printer: '192.168.1.20:9100', width: 80 as const, language: 'it' }],
  printOn: 'accepted' as const,
  categories: [
    { id: 'starters', name: 'Starters', position: 0, station: null },
    { id: 'drinks', name: 'Drinks', position: 1, station: null },
  ],
};

describe('/admin/:id/printing', { timeout: 20_000 }, () => {
  it('shows the stored stations, when tickets print, and each category’s station', async () => {
    await openBackOffice('/printing', { venue: stored });
    expect(await screen.findByRole('heading', { level: 1, name: 'Printing' })).toBeInTheDocument();
    const kitchen = screen.getByRole('group', { name: 'Kitchen' });
    expect(within(kitchen).getByRole('textbox', { name: 'Name' })).toHaveValue('Kitchen');
    expect(within(kitchen).getByRole('textbox', { name: /Printer address/ })).toHaveValue('192.168.1.20:9100');
    expect(within(kitchen).getByRole('combobox', { name: 'Paper width' })).toHaveValue('80');
    expect(within(kitchen).getByRole('combobox', { name: 'Ticket language' })).toHaveValue('it');
    expect(screen.getByRole('radio', { name: 'When an order is accepted' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Station for Drinks' })).toHaveDisplayValue('Kitchen');
    expect(screen.getByRole('link', { name: 'Printing' })).toHaveAttribute('aria-current', 'page');
  });

  it('adds a Bar with its printer, sends Drinks to it and saves the stations before the category', async () => {
    const user = userEvent.setup();
    const { backend } = await openBackOffice('/printing', { venue: stored });
    await user.click(await screen.findByRole('button', { name: 'Add a station' }));
    const added = screen.getByRole('group', { name: 'Station 2' });
    await user.type(within(added).getByRole('textbox', { name: 'Name' }), 'Bar');
    const bar = screen.getByRole('group', { name: 'Bar' });
    await user.type(within(bar).getByRole('textbox', { name: /Printer address/ }), '192.168.1.50:9100');
    await user.selectOptions(within(bar).getByRole('combobox', { name: 'Paper width' }), '58 mm (narrow)');
    await user.click(screen.getByRole('radio', { name: 'As soon as an order is placed' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Station for Drinks' }), 'Bar');
    expect(screen.getByRole('status')).toHaveTextContent('Unsaved changes');
    await user.click(screen.getByRole('button', { name: 'Save printing' }));

    expect(await screen.findByText('Printing saved.')).toBeInTheDocument();
    expect(backend.callsTo('PATCH', '/api/venue').map((c) => c.body)).toEqual([
      {
        id: 'venue-luca',
        stations: [
          { id: 'kitchen', name: 'Kitchen', printer: '192.168.1.20:9100', width: 80, language: 'it' },
          { id: 'bar', name: 'Bar', printer: '192.168.1.50:9100', width: 58, language: 'en' },
        ],
        printOn: 'placed',
      },
    ]);
    expect(backend.callsTo('PATCH', '/api/category').map((c) => c.body)).toEqual([{ id: 'drinks', station: 'bar' }]);
    // The venue's stations were stored before the category named one of them.
    const order = backend.calls.filter((c) => c.method === 'PATCH').map((c) => c.path);
    expect(order).toEqual(['/api/venue', '/api/category']);
    // The page shows what the server now holds.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Station for Drinks' })).toHaveDisplayValue('Bar'));
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
  });

  it('refuses a printer that is not host:port by its field, in the staff’s language', async () => {
    const user = userEvent.setup();
    const { backend } = await openBackOffice('/printing', { venue: stored, language: 'fr' });
    const printer = await screen.findByRole('textbox', { name: /Adresse de l'imprimante/ });
    await user.clear(printer);
    await user.type(printer, 'http://printer/');
    await user.click(screen.getByRole('button', { name: "Enregistrer l'impression" }));
    expect(await screen.findByText("Doit être une adresse d'imprimante comme 192.168.1.50:9100.")).toBeInTheDocument();
    expect(printer).toHaveAttribute('aria-invalid', 'true');
    expect(printer).toHaveAccessibleDescription(/Doit être une adresse d'imprimante/);
    expect(screen.getByRole('alert')).toHaveTextContent('Vérifiez les champs en rouge.');
    expect(backend.callsTo('PATCH', '/api/venue')).toEqual([]);
  });

  it('shows the server’s refusal of a station by its field', async () => {
    const user = userEvent.setup();
    await openBackOffice('/printing', {
      venue: stored,
      refuse: {
        'PATCH /api/venue': {
          status: 400,
          code: 'VALIDATION',
          error: 'Invalid body',
          issues: [
            { path: 'stations[0].name', code: 'too_big', params: { origin: 'string', max: 40 }, message: 'too long' },
          ],
        },
      },
    });
    await user.click(await screen.findByRole('radio', { name: 'As soon as an order is placed' }));
    await user.click(screen.getByRole('button', { name: 'Save printing' }));
    const name = screen.getByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveAccessibleDescription(/40/);
  });

  it('reaches every control by keyboard, each with its name', async () => {
    const user = userEvent.setup();
    await openBackOffice('/printing', { venue: stored });
    const name = await screen.findByRole('textbox', { name: 'Name' });
    name.focus();
    await user.tab();
    expect(screen.getByRole('textbox', { name: /Printer address/ })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('combobox', { name: 'Paper width' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('combobox', { name: 'Ticket language' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Add a station' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('group', { name: 'Station 2' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove station Station 2' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Station for Starters' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save printing' })).toBeEnabled();
  });

  it('lets a manager route categories but not change the stations', async () => {
    await openBackOffice('/printing', { venue: stored, role: 'manager' });
    expect(await screen.findByText('Only owners change stations and printers.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Add a station' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Station for Drinks' })).toBeEnabled();
  });
});
