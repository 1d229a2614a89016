import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { InviteLookupAnswer } from '@carte/domain/contracts/staff';
import type { Language } from '@carte/domain/languages';
import { resetSessionStore } from '../../../features/auth/index.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';
import { fakeBackOffice } from '../../../testing/back-office-handlers.ts';
import { fakeOrderBoard } from '../../../testing/order-board-handlers.ts';
import { fakeService } from '../../../testing/service-handlers.ts';
import { warmStaffPages } from '../../tests/open-back-office.ts';
import { fakeStaffChat } from './staff-chat-handlers.ts';
import de from '../../../i18n/locales/admin/de.json';
import en from '../../../i18n/locales/admin/en.json';
import fr from '../../../i18n/locales/admin/fr.json';
import it_ from '../../../i18n/locales/admin/it.json';
import th from '../../../i18n/locales/admin/th.json';

const TOKEN = 'tok_0123456789abcdefghijklmnopqrstuvwxyzABCD';
const venue = { id: 'venue-luca', venueUrl: 'trattoria-da-luca', name: 'Trattoria da Luca', role: 'manager' as const };

/**
 * The invitation link's calls as the server answers them: lookup by token, acceptance that creates
 * the account and signs the browser in (the session answers with the new user afterwards).
 */
function inviteBackend(options: { account?: 'new' | 'existing'; problem?: { status: number; code: string } } = {}) {
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  const state = { signedIn: false, used: false };
  const answer: InviteLookupAnswer = {
    email: 'giulia@example.com',
    role: 'manager',
    venueName: 'Trattoria da Luca',
    expires_at: new Date(Date.now() + 40 * 3600_000).toISOString(),
    account: options.account ?? 'new',
  };
  const refuse = (status: number, code: string) => HttpResponse.json({ success: false, code, error: code }, { status });
  server.use(
    http.post('*/api/staff/invite/lookup', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      calls.push({ path: 'lookup', body });
      if (options.problem) return refuse(options.problem.status, options.problem.code);
      if (body.token !== TOKEN) return refuse(404, 'INVITATION_NOT_FOUND');
      if (state.used) return refuse(409, 'INVITATION_USED');
      return HttpResponse.json({ success: true, data: answer });
    }),
    http.post('*/api/staff/invite/accept', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      calls.push({ path: 'accept', body });
      if (state.used) return refuse(409, 'INVITATION_USED');
      state.used = true;
      state.signedIn = true;
      return HttpResponse.json(
        {
          success: true,
          data: { venueId: venue.id, venueUrl: venue.venueUrl, expires: 900_000, expires_at: Date.now() + 900_000 },
        },
        { status: 201 },
      );
    }),
    http.get('*/api/_auth/session', () =>
      HttpResponse.json({
        success: true,
        data: state.signedIn
          ? {
              user: { id: 'user-giulia', email: answer.email, first_name: 'Giulia', last_name: null },
              venues: [venue],
              invitations: 0,
            }
          : { user: null, venues: [] },
      }),
    ),
    ...fakeBackOffice({}).handlers,
    ...fakeOrderBoard().handlers,
    ...fakeService().handlers,
    ...fakeStaffChat().handlers,
  );
  return { calls, state };
}

const open = (language: Language = 'en', token = TOKEN) =>
  renderWithProviders(undefined, { route: `/admin/invite#${token}`, language });

beforeAll(() => warmStaffPages(), 120_000);
beforeEach(() => resetSessionStore());

describe('/admin/invite#token', { timeout: 20_000 }, () => {
  it('a new person sets their name and password, is signed in and lands on the venue', async () => {
    const user = userEvent.setup();
    const backend = inviteBackend();
    await open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Join the staff' })).toBeInTheDocument();
    expect(screen.getByText('Trattoria da Luca invites you to join its staff as Manager.')).toBeInTheDocument();
    expect(screen.getByText('Your account will be giulia@example.com.')).toBeInTheDocument();
    // The token went in the body, never in a URL.
    expect(backend.calls[0]).toEqual({ path: 'lookup', body: { token: TOKEN } });

    await user.click(screen.getByRole('button', { name: 'Create my account and join' }));
    expect(await screen.findByText('Enter your first name.')).toBeInTheDocument();
    expect(screen.getByLabelText('Choose a password')).toHaveAccessibleDescription(
      'At least 8 characters. The new password needs at least 8 characters.',
    );
    expect(backend.calls.filter((c) => c.path === 'accept')).toEqual([]);

    await user.type(screen.getByLabelText('First name'), 'Giulia');
    await user.type(screen.getByLabelText('Choose a password'), 'pesto<basil>1');
    await user.type(screen.getByLabelText('Repeat the password'), 'pesto<basil>2');
    await user.click(screen.getByRole('button', { name: 'Create my account and join' }));
    expect(await screen.findByText('The two new passwords are not the same.')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Repeat the password'));
    await user.type(screen.getByLabelText('Repeat the password'), 'pesto<basil>1');
    await user.click(screen.getByRole('button', { name: 'Create my account and join' }));
    await waitFor(() => expect(backend.calls.filter((c) => c.path === 'accept')).toHaveLength(1));
    // Angle brackets escaped as the sign-in sends them (the server undoes it); no empty last name.
    expect(backend.calls.find((c) => c.path === 'accept')!.body).toEqual({
      token: TOKEN,
      first_name: 'Giulia',
      password: 'pesto&lt;basil&gt;1',
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Trattoria da Luca' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });

  it('an existing account is told to sign in and accept there, with no form to fill', async () => {
    inviteBackend({ account: 'existing' });
    await open();
    expect(
      await screen.findByText(
        'giulia@example.com already has a Carte account. Sign in with it: the invitation waits for your answer there.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in to accept' })).toHaveAttribute('href', '/admin/login');
    expect(screen.queryByLabelText('Choose a password')).not.toBeInTheDocument();
  });

  it.each([
    [
      410,
      'INVITATION_EXPIRED',
      "This invitation link has expired (links work for 48 hours). Ask the venue's owner to send it again.",
    ],
    [409, 'INVITATION_USED', 'This invitation link has already been used. Sign in with your account.'],
    [
      404,
      'INVITATION_NOT_FOUND',
      "This invitation link is not valid: it was withdrawn or replaced by a newer one. Use the latest e-mail, or ask the venue's owner for a new one.",
    ],
  ])('a link answered %i %s says so, with the way to sign in', async (status, code, text) => {
    inviteBackend({ problem: { status, code } });
    await open();
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('link', { name: 'Go to the staff sign-in' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create my account and join' })).not.toBeInTheDocument();
  });

  it('a link without a token is not valid, and nothing is asked of the server', async () => {
    const backend = inviteBackend();
    await renderWithProviders(undefined, { route: '/admin/invite' });
    expect(await screen.findByRole('alert')).toHaveTextContent('This invitation link is not valid');
    expect(backend.calls).toEqual([]);
  });

  it('a link used meanwhile (in another tab) turns the form into the problem', async () => {
    const user = userEvent.setup();
    const backend = inviteBackend();
    await open();
    await user.type(await screen.findByLabelText('First name'), 'Giulia');
    backend.state.used = true;
    await user.type(screen.getByLabelText('Choose a password'), 'long enough');
    await user.type(screen.getByLabelText('Repeat the password'), 'long enough');
    await user.click(screen.getByRole('button', { name: 'Create my account and join' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This invitation link has already been used.');
  });

  it.each<[Language, typeof en]>([
    ['fr', fr],
    ['it', it_],
    ['de', de],
    ['th', th],
  ])('speaks %s', async (language, strings) => {
    inviteBackend();
    await open(language);
    const page = strings.admin.invitePage;
    expect(await screen.findByRole('heading', { level: 1, name: page.title })).toBeInTheDocument();
    expect(screen.getByLabelText(page.firstName)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: page.submit })).toBeInTheDocument();
    expect(page.title).not.toBe(en.admin.invitePage.title);
  });
});
