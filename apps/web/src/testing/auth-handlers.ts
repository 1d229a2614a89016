import { http, HttpResponse } from 'msw';

/**
 * A fake of the staff sign-in calls (architecture.md 4.6) in `session` mode: the "cookie" is the
 * fake's own state. Every request body is recorded, so tests can check what the browser sent.
 */
export interface FakeStaffAccount {
  id?: string;
  email: string;
  /** As the user types it: the fake compares it with the angle brackets escaped, as sent. */
  password: string;
  otp?: string;
  first_name?: string | null;
  last_name?: string | null;
  venues: { id: string; venueUrl: string; name: string; role: 'owner' | 'manager' }[];
  /** Invitations to a venue's staff waiting for this person's answer. */
  invitations?: { venueId: string; venueUrl: string; venueName: string; role: 'owner' | 'manager'; invitedAt: string }[];
}

export interface AuthCall {
  method: string;
  path: string;
  body: Record<string, unknown> | null;
}

export interface FakeAuthOptions {
  accounts: FakeStaffAccount[];
  /** Access token lifetime in ms (login and refresh answers). */
  expiresMs?: number;
  /** Someone is already signed in (the session cookie of a previous visit). */
  signedInAs?: string;
  /** POST /api/auth/refresh answers 401 (the refresh token was revoked or reused). */
  refreshFails?: boolean;
  /** POST /api/auth/login answers 429 after this many failures. */
  lockAfter?: number;
}

const escape = (v: string) => v.replace(/</g, '&lt;').replace(/>/g, '&gt;');
const fail = (status: number, code: string, error: string) =>
  HttpResponse.json({ success: false, error, code }, { status });

export function fakeAuthBackend(options: FakeAuthOptions) {
  const calls: AuthCall[] = [];
  const expiresMs = options.expiresMs ?? 900_000;
  const state = {
    user: options.accounts.find((a) => a.email === options.signedInAs) ?? null,
    failures: 0,
    refreshFails: options.refreshFails ?? false,
  };
  const record = async (request: Request) => {
    let body: Record<string, unknown> | null = null;
    try {
      body = (await request.clone().json()) as Record<string, unknown>;
    } catch {
      body = null;
    }
    calls.push({ method: request.method, path: new URL(request.url).pathname, body });
    return body;
  };
  const tokens = () => ({ expires: expiresMs, expires_at: Date.now() + expiresMs });
  const userOf = (a: FakeStaffAccount) => ({
    id: a.id ?? `user-${a.email}`,
    first_name: a.first_name ?? null,
    last_name: a.last_name ?? null,
    email: a.email,
  });

  const handlers = [
    http.post('*/api/auth/login', async ({ request }) => {
      const body = (await record(request)) ?? {};
      if (options.lockAfter !== undefined && state.failures >= options.lockAfter) {
        return fail(429, 'RATE_LIMITED', 'Too many requests. Please try again later.');
      }
      const account = options.accounts.find((a) => a.email === body.email && escape(a.password) === body.password);
      if (!account) {
        state.failures++;
        return fail(401, 'INVALID_CREDENTIALS', 'Please check your credentials and try again.');
      }
      if (account.otp && !body.otp) return fail(401, 'OTP_REQUIRED', 'A one-time code is required.');
      if (account.otp && body.otp !== account.otp) {
        state.failures++;
        return fail(401, 'INVALID_OTP', 'The one-time code is not valid.');
      }
      state.user = account;
      return HttpResponse.json({ success: true, data: tokens() });
    }),
    http.post('*/api/auth/refresh', async ({ request }) => {
      await record(request);
      if (state.refreshFails || !state.user) {
        state.user = null;
        return fail(401, 'UNAUTHORIZED', 'Please log in.');
      }
      return HttpResponse.json({ success: true, data: tokens() });
    }),
    http.post('*/api/auth/logout', async ({ request }) => {
      await record(request);
      state.user = null;
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('*/api/_auth/session', async ({ request }) => {
      await record(request);
      const user = state.user;
      return HttpResponse.json({
        success: true,
        data: user
          ? { user: userOf(user), venues: user.venues, invitations: user.invitations?.length ?? 0 }
          : { user: null, venues: [] },
      });
    }),
    http.get('*/api/staff/invitations', async ({ request }) => {
      await record(request);
      if (!state.user) return fail(401, 'UNAUTHORIZED', 'Please log in.');
      return HttpResponse.json({ success: true, data: state.user.invitations ?? [] });
    }),
    http.post('*/api/staff/invitations/:choice', async ({ request, params }) => {
      const body = await record(request);
      const user = state.user;
      const invitation = user?.invitations?.find((i) => i.venueId === body?.venueId);
      if (!user || !invitation) return fail(404, 'INVITATION_NOT_FOUND', 'This invitation no longer exists.');
      user.invitations = user.invitations!.filter((i) => i !== invitation);
      if (params.choice === 'accept') {
        user.venues = [
          ...user.venues,
          { id: invitation.venueId, venueUrl: invitation.venueUrl, name: invitation.venueName, role: invitation.role },
        ];
      }
      return HttpResponse.json({ success: true, data: null });
    }),
    http.delete('*/api/_auth/session', async ({ request }) => {
      await record(request);
      state.user = null;
      return HttpResponse.json({ success: true, data: null });
    }),
  ];

  return {
    handlers,
    calls,
    /** The calls made to one path, in order. */
    callsTo: (path: string) => calls.filter((c) => c.path === path),
    failRefresh: () => {
      state.refreshFails = true;
    },
  };
}

/** GET /api/_auth/session answering a failure (the spec: treated as an empty session). */
export const sessionFailure = () =>
  http.get('*/api/_auth/session', () => fail(500, 'INTERNAL', 'An error occurred. Please try again later.'));

/** The demo owner of the three seeded venues, plus a manager of one of them. */
export const demoVenues = [
  { id: 'venue-luca', venueUrl: 'trattoria-da-luca', name: 'Trattoria da Luca', role: 'owner' as const },
  { id: 'venue-baan', venueUrl: 'baan-suan', name: 'Baan Suan Thai Kitchen', role: 'owner' as const },
  { id: 'venue-anchor', venueUrl: 'the-anchor', name: 'The Anchor', role: 'owner' as const },
];
