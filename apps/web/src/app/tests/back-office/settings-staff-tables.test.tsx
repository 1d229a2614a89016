import { afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetSessionStore } from '../../../features/auth/index.ts';
import de from '../../../features/back-office/i18n/de.json';
import en from '../../../features/back-office/i18n/en.json';
import fr from '../../../features/back-office/i18n/fr.json';
import it_ from '../../../features/back-office/i18n/it.json';
import th from '../../../features/back-office/i18n/th.json';
import { openBackOffice, warmStaffPages } from './setup.ts';

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
    ['en', en],
    ['fr', fr],
    ['it', it_],
    ['de', de],
    ['th', th],
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
    if (language !== 'en') expect(settings.errors.phone).not.toBe(en.admin.settingsPage.errors.phone);
  });
});

describe('/admin/:id/staff', { timeout: 20_000 }, () => {
  const team = [
    { id: 'user-me', email: 'owner@example.com', first_name: 'Luca', last_name: 'Rossi', role: 'owner' as const },
    { id: 'user-mario', email: 'mario@example.com', first_name: null, last_name: null, role: 'manager' as const },
  ];

  it('invites a manager by a one-time link (no password anywhere); the invitation waits in its own list', async () => {
    const user = userEvent.setup();
    const { backend } = await openBackOffice('/staff', { staff: team });
    const list = await screen.findByRole('list', { name: 'Staff' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Luca Rossiowner@example.comOwner', 'mario@example.comManagerRemove']);
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription(
      'They get a link by e-mail, valid 48 hours, to join this venue.',
    );
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('Enter an email address.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email address'), 'Giulia@Example.com');
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    await waitFor(() => expect(backend.callsTo('POST', '/api/venue/staff')).toHaveLength(1));
    // The e-mail goes out in the owner's screen language.
    expect(backend.callsTo('POST', '/api/venue/staff')[0]!.body).toEqual({
      venueId: 'venue-luca',
      email: 'giulia@example.com',
      language: 'en',
    });
    const status = await screen.findByText('Invitation sent to giulia@example.com');
    // Without a mail server the owner is told where the e-mail with the link waits.
    expect(
      screen.getByText(
        'No mail server is set up, so the e-mail waits in Settings → Outbox: open it there and pass the link on. It works for 48 hours.',
      ),
    ).toBeInTheDocument();
    expect(status.closest('[role="status"]')?.textContent).not.toMatch(/password/i);
    expect(screen.getByLabelText('Email address')).toHaveValue('');
    // Not on the staff list: in the invitations not yet accepted.
    expect(within(screen.getByRole('list', { name: 'Staff' })).getAllByRole('listitem')).toHaveLength(2);
    const pending = await screen.findByRole('list', { name: 'Invitations not yet accepted' });
    expect(within(pending).getByText('giulia@example.com')).toBeInTheDocument();
    expect(within(pending).getByText(/^Link valid until /)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByText('Invitation sent to giulia@example.com')).not.toBeInTheDocument();
  });

  it('says the e-mail was sent when a mail server is set, the same for an e-mail that already has an account', async () => {
    const user = userEvent.setup();
    await openBackOffice('/staff', { staff: team, mail: 'sent' });
    await user.type(await screen.findByLabelText('Email address'), 'known@example.com');
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('Invitation sent to known@example.com')).toBeInTheDocument();
    expect(
      screen.getByText(
        'They get an e-mail with a link valid 48 hours. Someone new sets their name and password; someone with a Carte account accepts when they sign in.',
      ),
    ).toBeInTheDocument();
  });

  it('resends an expired invitation and withdraws another', async () => {
    const user = userEvent.setup();
    const past = new Date(Date.now() - 3600_000).toISOString();
    const later = new Date(Date.now() + 24 * 3600_000).toISOString();
    const { backend } = await openBackOffice('/staff', {
      staff: team,
      invitations: [
        {
          id: 'inv-old',
          email: 'late@example.com',
          role: 'manager',
          invited_at: past,
          expires_at: past,
          expired: true,
        },
        {
          id: 'inv-new',
          email: 'soon@example.com',
          role: 'owner',
          invited_at: past,
          expires_at: later,
          expired: false,
        },
      ],
    });
    const pending = await screen.findByRole('list', { name: 'Invitations not yet accepted' });
    const late = within(pending).getByText('late@example.com').closest('li')!;
    expect(within(late).getByText('Link expired')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send the invitation to late@example.com again' }));
    await waitFor(() => expect(backend.callsTo('POST', '/api/venue/staff/invitations/resend')).toHaveLength(1));
    expect(backend.callsTo('POST', '/api/venue/staff/invitations/resend')[0]!.body).toEqual({
      venueId: 'venue-luca',
      id: 'inv-old',
    });
    expect(await screen.findByText('A new link was sent to late@example.com.')).toBeInTheDocument();
    await waitFor(() => expect(within(late).queryByText('Link expired')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Withdraw the invitation to soon@example.com' }));
    await waitFor(() => expect(backend.callsTo('DELETE', '/api/venue/staff/invitations')).toHaveLength(1));
    expect(backend.callsTo('DELETE', '/api/venue/staff/invitations')[0]!.query).toEqual({
      venueId: 'venue-luca',
      id: 'inv-new',
    });
    await waitFor(() => expect(screen.queryByText('soon@example.com')).not.toBeInTheDocument());
  });

  it('removes a manager after the confirmation', async () => {
    const user = userEvent.setup();
    const { backend } = await openBackOffice('/staff', { staff: team });
    await user.click(await screen.findByRole('button', { name: 'Remove mario@example.com' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove mario@example.com?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(backend.callsTo('DELETE', '/api/venue/staff')).toHaveLength(1));
    expect(backend.callsTo('DELETE', '/api/venue/staff')[0]!.query).toEqual({
      venueId: 'venue-luca',
      userId: 'user-mario',
    });
    await waitFor(() => expect(screen.queryByText('mario@example.com', { selector: 'span' })).not.toBeInTheDocument());
  });

  it('tells a manager that only owners manage staff, without asking the server', async () => {
    const { backend } = await openBackOffice('/staff', { role: 'manager' });
    expect(await screen.findByText("Only the venue's owners can see and change its staff.")).toBeInTheDocument();
    expect(backend.callsTo('GET', '/api/venue/staff')).toHaveLength(0);
  });
});

describe('/admin/:id/tables', { timeout: 20_000 }, () => {
  it('lists each table with its guest address', async () => {
    await openBackOffice('/tables');
    expect(await screen.findByRole('heading', { level: 2, name: 'Tables: 5' })).toBeInTheDocument();
    const origin = window.location.origin.replace(/^https?:\/\//, '');
    expect(screen.getByText(`${origin}/trattoria-da-luca?spot=Terrace%20A`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the guest page of table 1' })).toHaveAttribute(
      'href',
      `${window.location.origin}/trattoria-da-luca?spot=1`,
    );
    expect(screen.getByRole('button', { name: 'Download: one page per table' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Download: a sheet of cards' })).toBeEnabled();
  });

  describe('QR codes', () => {
    const created: Blob[] = [];
    beforeEach(() => {
      // jsdom has no object URLs: keep the blob the page saves.
      URL.createObjectURL = vi.fn((blob: Blob) => {
        created.push(blob);
        return 'blob:qr';
      });
      URL.revokeObjectURL = vi.fn();
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    });
    afterEach(() => {
      created.length = 0;
    });

    it('downloads the PDF as one page per table or as a sheet of cards', async () => {
      const user = userEvent.setup();
      const { backend } = await openBackOffice('/tables');
      await user.click(await screen.findByRole('button', { name: 'Download: a sheet of cards' }));
      expect(await screen.findByText('The PDF is downloaded.')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Download: one page per table' }));
      await waitFor(() => expect(backend.callsTo('GET', '/api/venue/qr')).toHaveLength(2));
      expect(backend.callsTo('GET', '/api/venue/qr').map((c) => c.query)).toEqual([
        { venueId: 'venue-luca', layout: 'cards' },
        { venueId: 'venue-luca', layout: 'pages' },
      ]);
      expect(created[0]?.type).toBe('application/pdf');
      expect(await created[0]!.text()).toMatch(/^%PDF-/);
    });

    it('says why when the PDF cannot be made', async () => {
      const user = userEvent.setup();
      await openBackOffice('/tables', {
        refuse: {
          'GET /api/venue/qr': { status: 403, code: 'FORBIDDEN', error: 'You do not have access to this venue.' },
        },
      });
      await user.click(await screen.findByRole('button', { name: 'Download: one page per table' }));
      expect(
        await screen.findByText('The PDF could not be made. Your account is not allowed to do this for this venue.'),
      ).toBeInTheDocument();
      expect(created).toHaveLength(0);
    });
  });
});
