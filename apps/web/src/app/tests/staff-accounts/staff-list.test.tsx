import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetSessionStore } from '../../../features/auth/index.ts';
import { openBackOffice, warmStaffPages } from '../open-back-office.ts';

beforeAll(() => warmStaffPages(), 120_000);
beforeEach(() => resetSessionStore());

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
