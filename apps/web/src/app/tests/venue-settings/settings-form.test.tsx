import { beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetSessionStore } from '../../../features/auth/index.ts';
import de from '../../../features/venue-settings/i18n/de.json';
import deShell from '../../../i18n/locales/admin/de.json';
import en from '../../../features/venue-settings/i18n/en.json';
import enShell from '../../../i18n/locales/admin/en.json';
import fr from '../../../features/venue-settings/i18n/fr.json';
import frShell from '../../../i18n/locales/admin/fr.json';
import it_ from '../../../features/venue-settings/i18n/it.json';
import itShell from '../../../i18n/locales/admin/it.json';
import th from '../../../features/venue-settings/i18n/th.json';
import thShell from '../../../i18n/locales/admin/th.json';
import { mergeStrings } from '../../../testing/feature-strings.ts';
import { openBackOffice, warmStaffPages } from '../open-back-office.ts';

beforeAll(() => warmStaffPages(), 120_000);
beforeEach(() => resetSessionStore());

describe('/admin/:id/settings', { timeout: 20_000 }, () => {
  it('shows the settings read-only to a manager, with nothing to save', async () => {
    const { backend } = await openBackOffice('/settings', { role: 'manager' });
    expect(
      await screen.findByText("Only the venue's owners can change these settings. You can see them."),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Venue name')).toHaveValue('Trattoria da Luca');
    expect(screen.getByLabelText('Venue name')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Table names')).toHaveAttribute('readonly');
    expect(screen.getByRole('switch', { name: 'Card payment' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Courier delivery' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save settings' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Choose a photo')).toBeDisabled();
    expect(backend.callsTo('PATCH', '/api/venue')).toHaveLength(0);
  });

  it('previews the tables typed with the seat helper and sends the expanded list', async () => {
    const user = userEvent.setup();
    const { backend } = await openBackOffice('/settings');
    const seats = await screen.findByLabelText('Table names');
    // The stored list written back the short way.
    expect(seats).toHaveValue('1-4, Terrace A');
    await user.clear(seats);
    await user.type(seats, '1-12, A-C, Terrace');
    const preview = screen.getByRole('list', { name: 'Tables: 16' });
    expect(
      within(preview)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12', 'A', 'B', 'C', 'Terrace']);
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(backend.callsTo('PATCH', '/api/venue')).toHaveLength(1));
    expect(backend.callsTo('PATCH', '/api/venue')[0]!.body).toEqual({
      id: 'venue-luca',
      spots: ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12', 'A', 'B', 'C', 'Terrace'],
    });
    expect(await screen.findByText('Settings saved. Guests see them now.')).toBeInTheDocument();
  });

  it('previews the theme colour with readable text, and checks colours and the text menu', async () => {
    const user = userEvent.setup();
    const { backend } = await openBackOffice('/settings');
    const primary = await screen.findByRole('textbox', { name: 'Main colour' });
    const preview = screen.getByTestId('theme-preview');
    const button = within(preview).getByText('Add to order');
    expect(button).toHaveStyle({ backgroundColor: '#b5532f', color: '#ffffff' });
    await user.clear(primary);
    await user.type(primary, '#f5d90a');
    expect(button).toHaveStyle({ backgroundColor: '#f5d90a', color: '#000000' });

    await user.clear(primary);
    await user.type(primary, 'yellow');
    await user.click(screen.getByRole('switch', { name: 'Show a text menu' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Enter a colour such as #0f766e.')).toBeInTheDocument();
    expect(screen.getByText('Enter the menu text, or turn the text menu off.')).toBeInTheDocument();
    expect(backend.callsTo('PATCH', '/api/venue')).toHaveLength(0);

    await user.clear(primary);
    await user.type(primary, '#F5D90A');
    await user.type(screen.getByLabelText('Menu text'), 'Pizza 9\nPasta 11');
    await user.click(screen.getByRole('switch', { name: 'Card payment' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(backend.callsTo('PATCH', '/api/venue')).toHaveLength(1));
    expect(backend.callsTo('PATCH', '/api/venue')[0]!.body).toEqual({
      id: 'venue-luca',
      theme: { primary: '#f5d90a', accent: '#5f7a3a' },
      useTextMenu: true,
      textMenu: 'Pizza 9\nPasta 11',
      cardPayment: false,
    });
  });

  it("says why the text menu cannot go off while the menu has no dish ('Please add at least one product')", async () => {
    const user = userEvent.setup();
    // jsdom has no scrolling: record which element the page brings into view.
    const scrollIntoView = vi.fn();
    Object.defineProperty(HTMLElement.prototype, 'scrollIntoView', { configurable: true, value: scrollIntoView });
    onTestFinished(() => {
      delete (HTMLElement.prototype as Partial<HTMLElement>).scrollIntoView;
    });
    const { backend } = await openBackOffice('/settings', {
      venue: { useTextMenu: true, textMenu: 'Pie and mash 12.00' },
      products: [],
      refuse: {
        'PATCH /api/venue': { status: 400, code: 'NO_PRODUCTS', error: 'Please add at least one product' },
      },
    });
    await user.click(await screen.findByRole('switch', { name: 'Show a text menu' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    // The settings form's alert (the tax form below keeps its own, empty until it has something to say).
    const alert = await waitFor(() => {
      const found = screen
        .getAllByRole('alert')
        .find((a) => a.textContent?.includes('Please add at least one product'));
      if (!found) throw new Error('no alert about the products yet');
      return found;
    });
    expect(alert).toHaveTextContent('Please add at least one product: without a dish, guests would see an empty menu.');
    // The refusal names no field, so the page shows it: it is above the form, the save bar below.
    await waitFor(() => expect(scrollIntoView.mock.contexts).toContain(alert));
    expect(backend.callsTo('PATCH', '/api/venue')[0]?.body).toMatchObject({ useTextMenu: false });
    // Nothing lost: the owner can still add a dish first and save again.
    expect(screen.getByRole('switch', { name: 'Show a text menu' })).not.toBeChecked();
  });

  // The server's field problem is chosen by its code (decision 023), never by its English message.
  it.each([
    ['en', mergeStrings(en, enShell)],
    ['fr', mergeStrings(fr, frShell)],
    ['it', mergeStrings(it_, itShell)],
    ['de', mergeStrings(de, deShell)],
    ['th', mergeStrings(th, thShell)],
  ] as const)('shows a refusal from the server next to its field, by code, in %s', async (language, texts) => {
    const user = userEvent.setup();
    const settings = texts.admin.settingsPage;
    await openBackOffice('/settings', {
      language,
      refuse: {
        'PATCH /api/venue': {
          status: 400,
          code: 'VALIDATION',
          error: 'The request is not valid.',
          issues: [{ path: 'pickupPhone', code: 'phone', message: 'must be a phone number such as +39 06 6880 1234' }],
        },
      },
    });
    const phone = await screen.findByLabelText(settings.pickupPhone);
    await user.clear(phone);
    // A number the form takes but the server refuses (the form checks the shape of a number itself).
    await user.type(phone, '+39 06 1234 5678');
    await user.click(screen.getByRole('button', { name: settings.save }));
    await waitFor(() => expect(phone).toHaveAccessibleDescription(settings.errors.phone));
    if (language !== 'en') expect(settings.errors.phone).not.toBe(enShell.admin.settingsPage.errors.phone);
  });
});
