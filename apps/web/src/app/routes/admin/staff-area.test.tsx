import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetSessionStore } from '../../../features/auth/index.ts';
import { demoVenues, fakeAuthBackend, sessionFailure, type FakeStaffAccount } from '../../../testing/auth-handlers.ts';
import { fakeOrderBoard } from '../../../testing/order-board-handlers.ts';
import { fakeService } from '../../../testing/service-handlers.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';
import { warmStaffPages } from '../../tests/open-back-office.ts';
import { fakeStaffChat } from './staff-chat-handlers.ts';

const owner: FakeStaffAccount = { email: 'owner@carte.demo', password: 'carte-demo', venues: demoVenues };
const manager: FakeStaffAccount = {
  email: 'mario@example.com',
  password: 'pizza<script>',
  venues: [{ id: 'venue-luca', venueUrl: 'trattoria-da-luca', name: 'Trattoria da Luca', role: 'manager' }],
};
const withOtp: FakeStaffAccount = {
  email: 'otp@example.com',
  password: 'secret-pass',
  otp: '123456',
  venues: demoVenues,
};

function backend(options: Partial<Parameters<typeof fakeAuthBackend>[0]> = {}) {
  const fake = fakeAuthBackend({ accounts: [owner, manager, withOtp], ...options });
  // The Orders page opens the order board (an empty one here).
  server.use(...fake.handlers, ...fakeOrderBoard().handlers, ...fakeService().handlers, ...fakeStaffChat().handlers);
  return fake;
}

async function signIn(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

beforeAll(() => warmStaffPages(), 120_000);
beforeEach(() => {
  resetSessionStore();
});

describe('/admin/login', { timeout: 20_000 }, () => {
  it('shows an invitation at sign-in (even with one venue); the person joins only when they accept', async () => {
    const invited: FakeStaffAccount = {
      email: 'giulia@example.com',
      password: 'a long password',
      venues: [{ id: 'venue-luca', venueUrl: 'trattoria-da-luca', name: 'Trattoria da Luca', role: 'manager' }],
      invitations: [
        {
          venueId: 'venue-anchor',
          venueUrl: 'the-anchor',
          venueName: 'The Anchor',
          role: 'manager',
          invitedAt: new Date().toISOString(),
        },
      ],
    };
    const fake = fakeAuthBackend({ accounts: [invited] });
    server.use(...fake.handlers, ...fakeOrderBoard().handlers, ...fakeStaffChat().handlers);
    await renderWithProviders(undefined, { route: '/admin/login' });
    const user = await signIn('giulia@example.com', 'a long password');
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a venue' })).toBeInTheDocument();
    const panel = await screen.findByRole('region', { name: 'Invitations' });
    expect(within(panel).getByText('The Anchor invites you to join its staff as Manager.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /The Anchor/ })).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Accept the invitation of The Anchor' }));
    expect(await screen.findByText('You now work at The Anchor.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /The Anchor/ })).toBeInTheDocument();
    expect(fake.callsTo('/api/staff/invitations/accept').map((c) => c.body)).toEqual([{ venueId: 'venue-anchor' }]);
    expect(screen.queryByRole('region', { name: 'Invitations' })).not.toBeInTheDocument();
  });

  it('signs the owner in and lists their three venues with the role', async () => {
    const fake = backend();
    await renderWithProviders(undefined, { route: '/admin/login' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');
    await signIn('owner@carte.demo', 'carte-demo');

    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a venue' })).toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: /Owner/ });
    expect(links.map((l) => l.textContent)).toEqual([
      'Baan Suan Thai KitchenOwner',
      'The AnchorOwner',
      'Trattoria da LucaOwner',
    ]);
    // Login in session mode, then the user is loaded.
    expect(fake.callsTo('/api/auth/login')[0]?.body).toEqual({
      email: 'owner@carte.demo',
      password: 'carte-demo',
      mode: 'session',
    });
    expect(fake.calls.map((c) => `${c.method} ${c.path}`).slice(-2)).toEqual([
      'POST /api/auth/login',
      'GET /api/_auth/session',
    ]);
  });

  it('escapes angle brackets in the credentials it sends', async () => {
    const fake = backend();
    await renderWithProviders(undefined, { route: '/admin/login' });
    await signIn('mario@example.com', 'pizza<script>');
    // One venue: straight to its back office.
    expect(await screen.findByRole('heading', { level: 1, name: 'Trattoria da Luca' })).toBeInTheDocument();
    expect(fake.callsTo('/api/auth/login')[0]?.body?.password).toBe('pizza&lt;script&gt;');
  });

  it("shows the spec's login error for wrong credentials and keeps the typed email", async () => {
    backend();
    await renderWithProviders(undefined, { route: '/admin/login' });
    await signIn('owner@carte.demo', 'wrong password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please check your credentials and try again.');
    expect(screen.getByLabelText('Email')).toHaveValue('owner@carte.demo');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('says to wait when the account is locked (429)', async () => {
    backend({ lockAfter: 0 });
    await renderWithProviders(undefined, { route: '/admin/login' });
    await signIn('owner@carte.demo', 'carte-demo');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many sign-in attempts. Please wait a few minutes, then try again.',
    );
  });

  it('checks the fields before sending anything', async () => {
    const fake = backend();
    const user = userEvent.setup();
    await renderWithProviders(undefined, { route: '/admin/login' });
    await user.type(await screen.findByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByText('Enter your password.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(fake.callsTo('/api/auth/login')).toHaveLength(0);
  });

  it('asks for the one-time code when the account has one, then signs in with it', async () => {
    const fake = backend();
    await renderWithProviders(undefined, { route: '/admin/login' });
    const user = await signIn('otp@example.com', 'secret-pass');

    const code = await screen.findByLabelText('6-digit code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveFocus();

    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not valid.');

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a venue' })).toBeInTheDocument();
    expect(fake.callsTo('/api/auth/login').map((c) => c.body?.otp)).toEqual([undefined, '654321', '123456']);
  });

  it('shows a busy button while signing in', async () => {
    const { http, HttpResponse } = await import('msw');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    backend();
    server.use(
      http.post('*/api/auth/login', async () => {
        await held;
        return HttpResponse.json({ success: false, error: 'x', code: 'INVALID_CREDENTIALS' }, { status: 401 });
      }),
    );
    await renderWithProviders(undefined, { route: '/admin/login' });
    await signIn('owner@carte.demo', 'carte-demo');
    expect(await screen.findByRole('button', { name: 'Signing in…' })).toBeDisabled();
    release();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('goes back to the page that sent the user to sign in', async () => {
    backend();
    await renderWithProviders(undefined, { route: '/admin/trattoria-da-luca/orders' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeInTheDocument();
    await signIn('owner@carte.demo', 'carte-demo');
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
  });
});

describe('session', { timeout: 20_000 }, () => {
  it('treats a failed session fetch as signed out, without retrying', async () => {
    let calls = 0;
    server.use(sessionFailure());
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/api/_auth/session')) calls++;
    });
    await renderWithProviders(undefined, { route: '/admin/select-venue' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeInTheDocument();
    expect(calls).toBe(1);
    server.events.removeAllListeners();
  });

  it('returns to the login page when the refresh fails', async () => {
    // The token expires 30.3 s from now: the refresh is due in 0.3 s, and it is refused.
    backend({ expiresMs: 30_300, refreshFails: true });
    await renderWithProviders(undefined, { route: '/admin/login' });
    await signIn('owner@carte.demo', 'carte-demo');
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a venue' })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Staff sign-in' }, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your session has ended. Please sign in again.');
    expect(localStorage.getItem('carte-staff-expires-at')).toBeNull();
  });
});

describe('/admin and /admin/select-venue', { timeout: 20_000 }, () => {
  it('/admin sends a visitor to the login page', async () => {
    backend();
    await renderWithProviders(undefined, { route: '/admin' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeInTheDocument();
  });

  it('/admin sends a signed-in user to the venue choice', async () => {
    backend({ signedInAs: 'owner@carte.demo' });
    await renderWithProviders(undefined, { route: '/admin' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a venue' })).toBeInTheDocument();
  });

  it('lists a venue the user both owns and manages once, as owner', async () => {
    const twice: FakeStaffAccount = {
      email: 'both@example.com',
      password: 'x',
      venues: [
        { id: 'venue-luca', venueUrl: 'trattoria-da-luca', name: 'Trattoria da Luca', role: 'manager' },
        { id: 'venue-anchor', venueUrl: 'the-anchor', name: 'The Anchor', role: 'manager' },
        { id: 'venue-luca', venueUrl: 'trattoria-da-luca', name: 'Trattoria da Luca', role: 'owner' },
      ],
    };
    server.use(...fakeAuthBackend({ accounts: [twice], signedInAs: 'both@example.com' }).handlers);
    await renderWithProviders(undefined, { route: '/admin/select-venue' });
    await screen.findByRole('heading', { level: 1, name: 'Choose a venue' });
    const list = screen.getByRole('list');
    expect(
      within(list)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['The AnchorManager', 'Trattoria da LucaOwner']);
  });
});

describe('/admin/:id', { timeout: 20_000 }, () => {
  it('is the back office home of a venue of the user, without the guest cart or order bar', async () => {
    backend({ signedInAs: 'owner@carte.demo' });
    const user = userEvent.setup();
    await renderWithProviders(undefined, { route: '/admin/trattoria-da-luca' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Trattoria da Luca' })).toBeInTheDocument();
    expect(screen.getByText('Signed in as owner@carte.demo')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Back office' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
      // Sales: for owners only.
    ).toEqual(['Overview', 'Menu', 'Orders', 'Settings', 'Tables & QR codes', 'Printing', 'Staff', 'Sales']);
    expect(screen.getByRole('link', { name: 'Switch venue' })).toHaveAttribute('href', '/admin/select-venue');
    expect(screen.queryByRole('button', { name: /cart/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Chat or menu' })).not.toBeInTheDocument();

    await user.click(within(nav).getByRole('link', { name: 'Orders' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
  });

  it('says "no access" for a venue the user has no role in', async () => {
    backend({ signedInAs: 'mario@example.com' });
    await renderWithProviders(undefined, { route: '/admin/the-anchor' });
    expect(await screen.findByRole('heading', { level: 1, name: 'No access to this venue' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose one of your venues' })).toHaveAttribute(
      'href',
      '/admin/select-venue',
    );
  });

  it('signs out from the header and says so, with a way back in', async () => {
    const fake = backend({ signedInAs: 'owner@carte.demo' });
    const user = userEvent.setup();
    await renderWithProviders(undefined, { route: '/admin/trattoria-da-luca' });
    await user.click(await screen.findByRole('link', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'You are signed out' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in again' })).toHaveAttribute('href', '/admin/login');
    await waitFor(() =>
      expect(fake.calls.map((c) => `${c.method} ${c.path}`).slice(-2)).toEqual([
        'POST /api/auth/logout',
        'DELETE /api/_auth/session',
      ]),
    );
    expect(fake.callsTo('/api/auth/logout')[0]?.body).toEqual({ mode: 'session' });
  });

  it('shows the staff text in the chosen language', async () => {
    backend({ signedInAs: 'owner@carte.demo' });
    await renderWithProviders(undefined, { route: '/admin/trattoria-da-luca', language: 'fr' });
    expect(await screen.findByRole('navigation', { name: 'Administration' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tables et QR codes' })).toBeInTheDocument();
  });
});
