import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoVenues, fakeAuthBackend, sessionFailure } from '../../../testing/auth-handlers.ts';
import { server } from '../../../testing/server.ts';
import { EXPIRY_STORAGE_KEY, expiryFrom, resetSessionStore, useSessionStore } from './session-store.ts';

const owner = { email: 'owner@carte.demo', password: 'carte-demo', venues: demoVenues };

function backend(options: Partial<Parameters<typeof fakeAuthBackend>[0]> = {}) {
  const fake = fakeAuthBackend({ accounts: [owner], ...options });
  server.use(...fake.handlers);
  return fake;
}

const store = () => useSessionStore.getState();

beforeEach(() => resetSessionStore());
afterEach(() => {
  vi.useRealTimers();
  resetSessionStore();
});

describe('session store', () => {
  it('is not ready until the first session fetch answers, then holds the user and venues', async () => {
    backend({ signedInAs: 'owner@carte.demo' });
    expect(store().ready).toBe(false);
    const pending = store().loadSession();
    expect(store().ready).toBe(false);
    await pending;
    expect(store().ready).toBe(true);
    expect(store().user?.email).toBe('owner@carte.demo');
    expect(store().venues.map((v) => v.venueUrl)).toEqual(['baan-suan', 'the-anchor', 'trattoria-da-luca']);
  });

  it('treats a failed session fetch as an empty, ready session', async () => {
    server.use(sessionFailure());
    await store().loadSession();
    expect(store()).toMatchObject({ ready: true, user: null, venues: [] });
  });

  it('refreshes 30 s before the token expires, and again after each refresh', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const fake = backend({ expiresMs: 900_000 });
    await store().login({ email: 'owner@carte.demo', password: 'carte-demo' });
    const first = Date.now() + 900_000;
    expect(store().expiresAt).toBe(first);
    expect(localStorage.getItem(EXPIRY_STORAGE_KEY)).toBe(String(first));

    await vi.advanceTimersByTimeAsync(869_999);
    expect(fake.callsTo('/api/auth/refresh')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(fake.callsTo('/api/auth/refresh')).toHaveLength(1));
    expect(fake.callsTo('/api/auth/refresh')[0]?.body).toEqual({ mode: 'session' });
    // The new token lives 900 s from the refresh, which ran 30 s before the first one expired.
    await vi.waitFor(() => expect(store().expiresAt).toBeGreaterThanOrEqual(first + 870_000));

    await vi.advanceTimersByTimeAsync(870_000);
    await vi.waitFor(() => expect(fake.callsTo('/api/auth/refresh')).toHaveLength(2));
    expect(store().user?.email).toBe('owner@carte.demo');
  });

  it('a failed refresh leaves no session and no stored expiry', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const fake = backend({ expiresMs: 60_000 });
    await store().login({ email: 'owner@carte.demo', password: 'carte-demo' });
    fake.failRefresh();
    await vi.advanceTimersByTimeAsync(30_000);
    await vi.waitFor(() => expect(store().user).toBeNull());
    expect(store()).toMatchObject({ ready: true, venues: [], expiresAt: null, ended: 'expired' });
    expect(localStorage.getItem(EXPIRY_STORAGE_KEY)).toBeNull();
    // Nothing left scheduled: no more refresh calls.
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(fake.callsTo('/api/auth/refresh')).toHaveLength(1);
  });

  it('adopts the expiry another tab got from its refresh instead of reusing the refresh token', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const fake = backend({ expiresMs: 120_000 });
    await store().login({ email: 'owner@carte.demo', password: 'carte-demo' });
    // The other tab refreshed 10 s before this tab's timer: the cookies and the stored expiry are new.
    await vi.advanceTimersByTimeAsync(80_000);
    const renewed = Date.now() + 120_000;
    localStorage.setItem(EXPIRY_STORAGE_KEY, String(renewed));
    window.dispatchEvent(new StorageEvent('storage', { key: EXPIRY_STORAGE_KEY, newValue: String(renewed) }));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fake.callsTo('/api/auth/refresh')).toHaveLength(0);
    expect(store().expiresAt).toBe(renewed);
    // This tab refreshes when the new expiry is due.
    await vi.advanceTimersByTimeAsync(30_000);
    await vi.waitFor(() => expect(fake.callsTo('/api/auth/refresh')).toHaveLength(1));
  });

  it('after a reload, carries on with the expiry this browser stored', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    localStorage.setItem(EXPIRY_STORAGE_KEY, String(Date.now() + 120_000));
    const fake = backend({ signedInAs: 'owner@carte.demo' });
    await store().loadSession();
    await vi.advanceTimersByTimeAsync(89_999);
    expect(fake.callsTo('/api/auth/refresh')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(fake.callsTo('/api/auth/refresh')).toHaveLength(1));
  });

  it('after a reload with no known expiry, refreshes at once to learn it', async () => {
    const fake = backend({ signedInAs: 'owner@carte.demo', expiresMs: 600_000 });
    await store().loadSession();
    await vi.waitFor(() => expect(fake.callsTo('/api/auth/refresh')).toHaveLength(1));
    await vi.waitFor(() => expect(store().expiresAt).not.toBeNull());
  });

  it('login resets the store first: a failed login leaves nobody signed in', async () => {
    backend({ signedInAs: 'owner@carte.demo' });
    await store().loadSession();
    expect(store().user).not.toBeNull();
    await expect(store().login({ email: 'owner@carte.demo', password: 'nope' })).rejects.toMatchObject({
      status: 401,
      code: 'INVALID_CREDENTIALS',
    });
    expect(store().user).toBeNull();
    expect(store().venues).toEqual([]);
  });

  it('logout ends the server session and the app session, then resets', async () => {
    const fake = backend({ signedInAs: 'owner@carte.demo' });
    await store().loadSession();
    await store().logout();
    expect(fake.calls.map((c) => `${c.method} ${c.path}`).slice(-2)).toEqual([
      'POST /api/auth/logout',
      'DELETE /api/_auth/session',
    ]);
    expect(store()).toMatchObject({ ready: true, user: null, venues: [], expiresAt: null });
  });
});

describe('expiryFrom', () => {
  it.each([
    { answer: { expires: 900_000, expires_at: 0 }, want: 1_000_900_000 },
    { answer: { expires: 0, expires_at: 1_000_500_000 }, want: 1_000_500_000 },
    { answer: { expires: 0, expires_at: new Date(1_000_600_000).toISOString() }, want: 1_000_600_000 },
  ])('$answer -> $want', ({ answer, want }) => {
    expect(expiryFrom(answer, 1_000_000_000)).toBe(want);
  });
});
