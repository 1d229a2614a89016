import fastifyCookie from '@fastify/cookie';
import { ACCESS_TOKEN_TTL_MS, REFRESH_TOKEN_TTL_MS, escapeAngleBrackets, type AuthTokenRecord } from '@carte/domain';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loginAttempts, refreshTokens, sessions, users } from '../../db/schema.ts';
import { parseEnv } from '../../env.ts';
import { createInProcessOrderEventBus } from '../../events/order-events.ts';
import { installErrorHandler } from '../../http/error-handler.ts';
import { deliveryProviderFromEnv } from '../../providers/delivery/index.ts';
import { createChatAssistant } from '../../providers/assistant/index.ts';
import { geocoderFromEnv } from '../../providers/geocoder/index.ts';
import { paymentProviderFromEnv } from '../../providers/payment/index.ts';
import { createMemoryStorage } from '../../providers/storage/local-disk.ts';
import { DEMO_OWNER, seedDemoIfEmpty } from '../venues/seed.ts';
import { insertVenue } from '../../../test/factories.ts';
import { insertStaffUser, nextTestAddress, signIn } from '../../../test/staff-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createTestDatabase, dbKinds, type TestDatabase } from '../../../test/test-db.ts';
import { createAuthModule } from './auth.routes.ts';
import { LOCKOUT } from './auth.service.ts';
import { totpCode } from './totp.ts';
import { createMetrics } from '../../metrics/metrics.ts';
import { createOutboxMail } from '../../providers/mail/outbox-mail.ts';
import { createMailService } from '../mail/mail.service.ts';

const ORIGIN = 'http://localhost:3000';
const PASSWORD = 'a long staff password';

function data<T>(res: LightMyRequestResponse): T {
  return (res.json() as { data: T }).data;
}

function cookieHeader(res: LightMyRequestResponse): string {
  return res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

async function countRows(t: { database: TestDatabase }) {
  const db = t.database.db;
  return {
    sessions: (await db.select().from(sessions)).length,
    refresh: (await db.select().from(refreshTokens)).length,
    revoked: (await db.select().from(refreshTokens)).filter((r) => r.revokedAt).length,
  };
}

describe.each(dbKinds)('staff sign-in on %s', (kind) => {
  let t: TestApp;
  let venueId: string;
  let owner: { id: string; email: string; password: string };
  beforeAll(async () => {
    t = await createTestApp(kind);
    const { venue } = await insertVenue(t.database.db, { venueUrl: 'casa-verde', name: 'Casa Verde' });
    venueId = venue.id;
    owner = await insertStaffUser(t.database.db, {
      email: 'owner@example.com',
      password: PASSWORD,
      firstName: 'Anna',
      roles: [{ venueId, role: 'owner' }],
    });
  });
  afterAll(async () => t?.close());

  const login = (payload: Record<string, unknown>, headers: Record<string, string> = {}, address = nextTestAddress()) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload, headers, remoteAddress: address });

  it('json mode answers the token record, and the access token reads /users/me and the session', async () => {
    const before = Date.now();
    const res = await login({ email: 'Owner@Example.com ', password: PASSWORD, mode: 'json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.cookies).toEqual([]);
    const tokens = data<AuthTokenRecord>(res);
    expect(Object.keys(tokens).sort()).toEqual(['access_token', 'expires', 'expires_at', 'refresh_token']);
    expect(tokens.expires).toBe(ACCESS_TOKEN_TTL_MS);
    expect(tokens.expires_at).toBeGreaterThanOrEqual(before + ACCESS_TOKEN_TTL_MS);
    const auth = { authorization: `Bearer ${tokens.access_token}` };
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: auth });
    expect(data(me)).toEqual({ id: owner.id, first_name: 'Anna', last_name: null, email: 'owner@example.com' });
    const session = await t.app.inject({ method: 'GET', url: '/api/_auth/session', headers: auth });
    expect(data(session)).toEqual({
      user: { id: owner.id, first_name: 'Anna', last_name: null, email: 'owner@example.com', otp_enabled: false },
      venues: [{ id: venueId, venueUrl: 'casa-verde', name: 'Casa Verde', role: 'owner' }],
    });
  });

  it('stores only sha256 hashes of the tokens', async () => {
    const tokens = await signIn(t.app, owner.email, PASSWORD);
    const ids = [
      ...(await t.database.db.select({ id: sessions.id }).from(sessions)),
      ...(await t.database.db.select({ id: refreshTokens.id }).from(refreshTokens)),
    ].map((r) => r.id);
    expect(ids.every((id) => /^[0-9a-f]{64}$/.test(id))).toBe(true);
    expect(ids).not.toContain(tokens.access_token);
    expect(ids).not.toContain(tokens.refresh_token);
  });

  it('session mode (the default) sets httpOnly SameSite=Lax cookies and answers only the expiry', async () => {
    const res = await login({ email: owner.email, password: PASSWORD }, { origin: ORIGIN });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(data<object>(res)).sort()).toEqual(['expires', 'expires_at']);
    expect(res.cookies.map((c) => c.name).sort()).toEqual(['carte_access_token', 'carte_refresh_token']);
    for (const c of res.cookies) {
      expect(c).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api' });
      expect(c.secure).toBeUndefined();
    }
    const access = res.cookies.find((c) => c.name === 'carte_access_token')!;
    const refresh = res.cookies.find((c) => c.name === 'carte_refresh_token')!;
    expect(access.maxAge).toBe(ACCESS_TOKEN_TTL_MS / 1000);
    expect(refresh.maxAge).toBe(REFRESH_TOKEN_TTL_MS / 1000);
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/_auth/session',
      headers: { cookie: cookieHeader(res) },
    });
    expect(data<{ user: { id: string } }>(session).user.id).toBe(owner.id);
  });

  it('session mode refuses a login without a same-origin Origin or Referer (login CSRF)', async () => {
    const crossSite: Record<string, string>[] = [
      {},
      { origin: 'https://evil.example' },
      { referer: 'https://evil.example/x' },
    ];
    for (const headers of crossSite) {
      const res = await login({ email: owner.email, password: PASSWORD }, headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'CSRF_REJECTED' });
      expect(res.cookies).toEqual([]);
    }
    const viaReferer = await login({ email: owner.email, password: PASSWORD }, { referer: `${ORIGIN}/admin/login` });
    expect(viaReferer.statusCode).toBe(200);
  });

  it('a wrong password and an unknown e-mail get the same answer and issue nothing', async () => {
    const before = await countRows(t);
    const wrong = await login({ email: owner.email, password: 'not the password', mode: 'json' });
    const unknown = await login({ email: 'nobody@example.com', password: 'not the password', mode: 'json' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        success: false,
        code: 'INVALID_CREDENTIALS',
        error: 'Please check your credentials and try again.',
      });
      expect(res.cookies).toEqual([]);
    }
    expect(await countRows(t)).toEqual(before);
  });

  it('an unknown e-mail takes about as long as a wrong password (a dummy hash is checked)', async () => {
    const time = async (email: string) => {
      const samples: number[] = [];
      for (let i = 0; i < 5; i++) {
        const t0 = performance.now();
        await login({ email, password: `wrong-${i}`, mode: 'json' });
        samples.push(performance.now() - t0);
      }
      return samples.sort((a, b) => a - b)[2]!;
    };
    await t.database.db.delete(loginAttempts);
    const known = await time('timing@example.com'.replace('timing', 'owner'));
    const unknown = await time('nobody-timing@example.com');
    await t.database.db.delete(loginAttempts);
    // Without the dummy hash an unknown e-mail answers in well under a tenth of the time.
    expect(unknown).toBeGreaterThan(known / 3);
    expect(unknown).toBeLessThan(known * 3);
  });

  it('a password with angle brackets works when the web app sends it escaped', async () => {
    await insertStaffUser(t.database.db, { email: 'brackets@example.com', password: 'p<a>ss <word>' });
    const escaped = await login({
      email: 'brackets@example.com',
      password: escapeAngleBrackets('p<a>ss <word>'),
      mode: 'json',
    });
    expect(escaped.statusCode).toBe(200);
    const raw = await login({ email: 'brackets@example.com', password: 'p<a>ss <word>', mode: 'json' });
    expect(raw.statusCode).toBe(200);
    // A password that really contains the text "&lt;" still works.
    await insertStaffUser(t.database.db, { email: 'entity@example.com', password: 'fish &lt; chips' });
    expect((await login({ email: 'entity@example.com', password: 'fish &lt; chips', mode: 'json' })).statusCode).toBe(
      200,
    );
  });

  it('locks an account after repeated failures, for every address, and the lock survives a restart', async () => {
    const victim = await insertStaffUser(t.database.db, { email: 'locked@example.com', password: PASSWORD });
    for (let i = 0; i < LOCKOUT.account.max; i++) {
      const res = await login({ email: victim.email, password: `wrong ${i}`, mode: 'json' });
      expect(res.statusCode).toBe(401);
    }
    const locked = await login({ email: victim.email, password: PASSWORD, mode: 'json' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      success: false,
      code: 'LOGIN_LOCKED',
      error: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
    });
    const before = await countRows(t);
    // A second server process on the same database (or this one after a restart) sees the lock.
    const env = parseEnv({ LOG_LEVEL: 'silent', NODE_ENV: 'test', DATA_DIR: t.dataDir, WEB_DIST: t.dataDir });
    const restarted = await buildApp({ env, database: t.database, storage: t.storage, logger: false });
    try {
      const res = await restarted.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: victim.email, password: PASSWORD, mode: 'json' },
        remoteAddress: nextTestAddress(),
      });
      expect(res.statusCode).toBe(429);
    } finally {
      await restarted.close();
    }
    expect(await countRows(t)).toEqual(before);
  });

  it('locks an address that tries many accounts', async () => {
    const address = nextTestAddress();
    for (let i = 0; i < LOCKOUT.address.max; i++) {
      const res = await login({ email: `spray-${i}@example.com`, password: 'guess', mode: 'json' }, {}, address);
      expect(res.statusCode).toBe(401);
    }
    const res = await login({ email: owner.email, password: PASSWORD, mode: 'json' }, {}, address);
    expect(res.statusCode).toBe(429);
    // The owner is not locked out from everywhere by someone else's spraying.
    expect((await login({ email: owner.email, password: PASSWORD, mode: 'json' })).statusCode).toBe(200);
  });

  it('the login route has its own stricter rate limit', async () => {
    const address = nextTestAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      statuses.push((await login({ email: '', password: '', mode: 'json' }, {}, address)).statusCode);
      if (statuses.at(-1) === 429) break;
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.length).toBeLessThanOrEqual(31);
  });

  it('refresh rotates the pair; a reused refresh token revokes the whole family', async () => {
    const first = await signIn(t.app, owner.email, PASSWORD);
    const refresh = (token: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { mode: 'json', refresh_token: token } });
    const rotated = await refresh(first.refresh_token);
    expect(rotated.statusCode).toBe(200);
    const second = data<AuthTokenRecord>(rotated);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.access_token).not.toBe(first.access_token);
    const me = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });
    expect((await me(second.access_token)).statusCode).toBe(200);

    const reused = await refresh(first.refresh_token);
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    // The thief's (or the victim's) newer tokens are gone too.
    expect((await refresh(second.refresh_token)).statusCode).toBe(401);
    expect((await me(second.access_token)).statusCode).toBe(401);
    expect((await me(first.access_token)).statusCode).toBe(401);
  });

  it('two server processes on one database share sign-ins: a token of one works on the other, a reuse on one signs out both', async () => {
    const env = parseEnv({ LOG_LEVEL: 'silent', NODE_ENV: 'test', DATA_DIR: t.dataDir, WEB_DIST: t.dataDir });
    const other = await buildApp({ env, database: t.database, storage: t.storage, logger: false });
    try {
      const me = (app: FastifyInstance, token: string) =>
        app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });
      const refresh = (app: FastifyInstance, token: string) =>
        app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { mode: 'json', refresh_token: token } });
      // Signed in on this process; the other one knows the user at once.
      const first = await signIn(t.app, owner.email, PASSWORD);
      const onOther = await me(other, first.access_token);
      expect(onOther.statusCode).toBe(200);
      expect(data<{ email: string }>(onOther).email).toBe(owner.email);
      // Rotated on the other process: the new pair works here.
      const rotated = await refresh(other, first.refresh_token);
      expect(rotated.statusCode).toBe(200);
      const second = data<AuthTokenRecord>(rotated);
      expect((await me(t.app, second.access_token)).statusCode).toBe(200);
      // The old refresh token presented here is a reuse: the family ends on both processes.
      expect((await refresh(t.app, first.refresh_token)).statusCode).toBe(401);
      expect((await me(other, second.access_token)).statusCode).toBe(401);
      expect((await refresh(other, second.refresh_token)).statusCode).toBe(401);
      // Logout on one process ends the sign-in for the other.
      const third = await signIn(other, owner.email, PASSWORD);
      const out = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        payload: { mode: 'json', refresh_token: third.refresh_token },
      });
      expect(out.statusCode).toBeLessThan(300);
      expect((await me(other, third.access_token)).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('session-mode refresh reads the cookie, sets new cookies, and needs the same origin', async () => {
    const res = await login({ email: owner.email, password: PASSWORD }, { origin: ORIGIN });
    const cookie = cookieHeader(res);
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { mode: 'session' },
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(crossSite.statusCode).toBe(403);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { mode: 'session' },
      headers: { cookie, origin: ORIGIN },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.cookies.map((c) => c.name).sort()).toEqual(['carte_access_token', 'carte_refresh_token']);
    expect(cookieHeader(ok)).not.toBe(cookie);
  });

  it('refuses unknown, missing and forged tokens and changes nothing', async () => {
    await signIn(t.app, owner.email, PASSWORD);
    const before = await countRows(t);
    const forged = 'carte_access_token=forged-token-value; carte_refresh_token=forged-refresh';
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: forged } });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    const session = await t.app.inject({ method: 'GET', url: '/api/_auth/session', headers: { cookie: forged } });
    expect(data(session)).toEqual({ user: null, venues: [] });
    for (const payload of [{ mode: 'json', refresh_token: 'forged' }, { mode: 'json' }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload });
      expect(res.statusCode).toBe(401);
    }
    const sessionRefresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { mode: 'session' },
      headers: { cookie: forged, origin: ORIGIN },
    });
    expect(sessionRefresh.statusCode).toBe(401);
    for (const authorization of ['Bearer forged', 'Basic b3duZXI6cGFzcw==', 'Bearer']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization } });
      expect(res.statusCode).toBe(401);
    }
    expect(await countRows(t)).toEqual(before);
  });

  it('logout (json) ends the sign-in: its refresh and access tokens stop working', async () => {
    const tokens = await signIn(t.app, owner.email, PASSWORD);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { mode: 'json', refresh_token: tokens.refresh_token },
    });
    expect(res.statusCode).toBe(200);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { mode: 'json', refresh_token: tokens.refresh_token },
    });
    expect(refresh.statusCode).toBe(401);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(me.statusCode).toBe(401);
  });

  it('DELETE /_auth/session ends a cookie session and clears the cookies (same origin only)', async () => {
    const res = await login({ email: owner.email, password: PASSWORD }, { origin: ORIGIN });
    const cookie = cookieHeader(res);
    const crossSite = await t.app.inject({ method: 'DELETE', url: '/api/_auth/session', headers: { cookie } });
    expect(crossSite.statusCode).toBe(403);
    const ended = await t.app.inject({
      method: 'DELETE',
      url: '/api/_auth/session',
      headers: { cookie, origin: ORIGIN },
    });
    expect(ended.statusCode).toBe(200);
    expect(ended.cookies.every((c) => c.value === '' && c.path === '/api')).toBe(true);
    const session = await t.app.inject({ method: 'GET', url: '/api/_auth/session', headers: { cookie } });
    expect(data(session)).toEqual({ user: null, venues: [] });
  });

  it('cookie-authenticated writes need the same origin; bearer writes do not', async () => {
    const res = await login({ email: owner.email, password: PASSWORD }, { origin: ORIGIN });
    const cookie = cookieHeader(res);
    const enable = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/auth/otp/enable', headers });
    expect((await enable({ cookie })).statusCode).toBe(403);
    expect((await enable({ cookie, origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await enable({ cookie, origin: 'null' })).statusCode).toBe(403);
    expect((await enable({ cookie, origin: ORIGIN })).statusCode).toBe(200);
    // The Host the browser used counts as the same origin (behind another address than PUBLIC_URL).
    expect((await enable({ cookie, host: 'carte.example:8080', origin: 'http://carte.example:8080' })).statusCode).toBe(
      200,
    );
    const tokens = await signIn(t.app, owner.email, PASSWORD);
    expect((await enable({ authorization: `Bearer ${tokens.access_token}` })).statusCode).toBe(200);
    // Reads need no origin.
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } })).statusCode).toBe(200);
  });

  it('changes the password: the current one is checked, other sign-ins end, this one stays', async () => {
    const person = await insertStaffUser(t.database.db, { email: 'changer@example.com', password: 'temporary-pass' });
    const other = await signIn(t.app, person.email, 'temporary-pass');
    const mine = await signIn(t.app, person.email, 'temporary-pass');
    const change = (payload: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/me/password',
        headers: { authorization: `Bearer ${mine.access_token}` },
        payload,
        remoteAddress: nextTestAddress(),
      });
    const wrong = await change({ password: 'not-it', new_password: 'a new <secret>' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    const short = await change({ password: 'temporary-pass', new_password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ issues: [{ path: 'new_password' }] });
    await signIn(t.app, person.email, 'temporary-pass');

    const done = await change({ password: 'temporary-pass', new_password: escapeAngleBrackets('a new <secret>') });
    expect(done.statusCode).toBe(200);
    expect((await login({ email: person.email, password: 'temporary-pass', mode: 'json' })).statusCode).toBe(401);
    await signIn(t.app, person.email, escapeAngleBrackets('a new <secret>'));
    const me = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });
    expect((await me(mine.access_token)).statusCode).toBe(200);
    expect((await me(other.access_token)).statusCode).toBe(401);
    const otherRefresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { mode: 'json', refresh_token: other.refresh_token },
    });
    expect(otherRefresh.statusCode).toBe(401);
  });

  it('the demo owner (owner@carte.demo / carte-demo) signs in after seeding', async () => {
    const database = await createTestDatabase(kind);
    const env = parseEnv({ LOG_LEVEL: 'silent', NODE_ENV: 'test', DATA_DIR: t.dataDir, WEB_DIST: t.dataDir });
    const storage = createMemoryStorage();
    const app = await buildApp({ env, database, storage, logger: false });
    try {
      const silent = { info: () => {}, warn: () => {} };
      await seedDemoIfEmpty({ db: database.db, storage, log: silent as never });
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: DEMO_OWNER.email, password: DEMO_OWNER.password },
        headers: { origin: ORIGIN },
      });
      expect(res.statusCode).toBe(200);
      const session = await app.inject({
        method: 'GET',
        url: '/api/_auth/session',
        headers: { cookie: cookieHeader(res) },
      });
      const venues = data<{ venues: { venueUrl: string; role: string }[] }>(session).venues;
      expect(venues.map((v) => v.venueUrl).sort()).toEqual(['baan-suan', 'the-anchor', 'trattoria-da-luca']);
      expect(new Set(venues.map((v) => v.role))).toEqual(new Set(['owner']));
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('Secure cookies when PUBLIC_URL is https', async () => {
    const https = await createTestApp(kind, { env: { PUBLIC_URL: 'https://carte.example' } });
    try {
      await insertStaffUser(https.database.db, { email: 'secure@example.com', password: PASSWORD });
      const res = await https.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'secure@example.com', password: PASSWORD },
        headers: { origin: 'https://carte.example' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.cookies.every((c) => c.secure === true)).toBe(true);
    } finally {
      await https.close();
    }
  });
});

/** The auth module alone on a real database, with a clock the test moves. */
async function clockApp(database: TestDatabase, clock: { now: number }): Promise<FastifyInstance> {
  const env = parseEnv({ LOG_LEVEL: 'silent', NODE_ENV: 'test' });
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  await app.register(fastifyCookie);
  const auth = createAuthModule({ now: () => clock.now });
  const deps = {
    env,
    database,
    storage: createMemoryStorage(),
    events: createInProcessOrderEventBus({ warn: () => {} }),
    delivery: deliveryProviderFromEnv(env),
    geocoder: geocoderFromEnv(env),
    payments: paymentProviderFromEnv(env),
    assistant: createChatAssistant(env),
    metrics: createMetrics(),
    mailer: createMailService({ db: database.db, mail: createOutboxMail(), from: env.MAIL_FROM }),
  };
  await app.register(
    async (api) => {
      await api.register(auth.hook, deps);
      await api.register(auth.routes, deps);
    },
    { prefix: '/api' },
  );
  await app.ready();
  return app;
}

describe.each(dbKinds)('tokens and one-time codes with a fixed clock on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const clock = { now: Date.UTC(2026, 0, 15, 12, 0, 0) };
  let userId: string;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await clockApp(database, clock);
    userId = (await insertStaffUser(database.db, { email: 'clock@example.com', password: PASSWORD })).id;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const me = (token: string) =>
    app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });
  const refresh = (token: string) =>
    app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { mode: 'json', refresh_token: token } });

  it('an access token expires after 15 minutes; a refresh token after 30 days', async () => {
    const tokens = await signIn(app, 'clock@example.com', PASSWORD);
    expect(tokens.expires_at).toBe(clock.now + ACCESS_TOKEN_TTL_MS);
    clock.now += ACCESS_TOKEN_TTL_MS - 1000;
    expect((await me(tokens.access_token)).statusCode).toBe(200);
    clock.now += 1000;
    expect((await me(tokens.access_token)).statusCode).toBe(401);
    const rotated = await refresh(tokens.refresh_token);
    expect(rotated.statusCode).toBe(200);
    const next = data<AuthTokenRecord>(rotated);
    expect((await me(next.access_token)).statusCode).toBe(200);
    clock.now += REFRESH_TOKEN_TTL_MS;
    const expired = await refresh(next.refresh_token);
    expect(expired.statusCode).toBe(401);
    // An expired refresh token is refused but revokes nothing.
    const rows = await database.db.select().from(refreshTokens);
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.revokedAt === null)).toBe(true);
  });

  it('a cookie session whose access token ran out still answers its user until refreshed or ended', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'clock@example.com', password: PASSWORD },
      headers: { origin: ORIGIN },
    });
    const cookie = cookieHeader(res);
    const session = async (c: string) =>
      data<{ user: { id: string } | null }>(
        await app.inject({ method: 'GET', url: '/api/_auth/session', headers: { cookie: c } }),
      ).user;
    clock.now += ACCESS_TOKEN_TTL_MS + 1000;
    expect((await app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } })).statusCode).toBe(401);
    expect((await session(cookie))?.id).toBe(userId);
    const refreshed = await app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { mode: 'session' },
      headers: { cookie, origin: ORIGIN },
    });
    expect(refreshed.statusCode).toBe(200);
    // The rotated (used) refresh cookie no longer vouches for anyone; the new one does.
    expect(await session(cookie)).toBeNull();
    const fresh = cookieHeader(refreshed);
    expect((await session(fresh))?.id).toBe(userId);
    await app.inject({ method: 'DELETE', url: '/api/_auth/session', headers: { cookie: fresh, origin: ORIGIN } });
    expect(await session(fresh)).toBeNull();
  });

  it('one-time codes: enable, verify, required at login, each code used once, disable', async () => {
    const tokens = await signIn(app, 'clock@example.com', PASSWORD);
    const auth = { authorization: `Bearer ${tokens.access_token}` };
    const enabled = await app.inject({ method: 'POST', url: '/api/auth/otp/enable', headers: auth });
    expect(enabled.statusCode).toBe(200);
    const { secret, otpauth_url } = data<{ secret: string; otpauth_url: string }>(enabled);
    expect(otpauth_url).toContain(`secret=${secret}`);
    const otpShown = async () =>
      data<{ user: { otp_enabled: boolean } }>(
        await app.inject({ method: 'GET', url: '/api/_auth/session', headers: auth }),
      ).user.otp_enabled;
    // The session tells the account page whether codes are on: not before they are verified.
    expect(await otpShown()).toBe(false);
    // Not active until verified.
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'clock@example.com', password: PASSWORD, mode: 'json' },
        })
      ).statusCode,
    ).toBe(200);

    const wrong = await app.inject({
      method: 'POST',
      url: '/api/auth/otp/verify',
      headers: auth,
      payload: { otp: String((Number(totpCode(secret, clock.now)) + 1) % 1_000_000).padStart(6, '0') },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_OTP' });
    const [stillOff] = await database.db.select().from(users).where(eq(users.id, userId));
    expect(stillOff!.totpEnabled).toBe(false);

    const verifyCode = totpCode(secret, clock.now);
    const verified = await app.inject({
      method: 'POST',
      url: '/api/auth/otp/verify',
      headers: auth,
      payload: { otp: verifyCode },
    });
    expect(verified.statusCode).toBe(200);
    expect(await otpShown()).toBe(true);
    expect((await app.inject({ method: 'POST', url: '/api/auth/otp/enable', headers: auth })).statusCode).toBe(409);

    const loginWith = (otp?: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'clock@example.com', password: PASSWORD, mode: 'json', ...(otp ? { otp } : {}) },
        remoteAddress: nextTestAddress(),
      });
    const required = await loginWith();
    expect(required.statusCode).toBe(401);
    expect(required.json()).toMatchObject({ code: 'OTP_REQUIRED' });
    // The code just used to verify cannot be used again.
    const replay = await loginWith(verifyCode);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: 'INVALID_OTP' });

    clock.now += 30_000;
    const code = totpCode(secret, clock.now);
    expect((await loginWith(code)).statusCode).toBe(200);
    expect((await loginWith(code)).statusCode).toBe(401);
    // A wrong password with a valid code is still a wrong password.
    clock.now += 30_000;
    const badPassword = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: {
        email: 'clock@example.com',
        password: 'wrong password',
        otp: totpCode(secret, clock.now),
        mode: 'json',
      },
    });
    expect(badPassword.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });

    clock.now += 30_000;
    const disabled = await app.inject({
      method: 'POST',
      url: '/api/auth/otp/disable',
      headers: auth,
      payload: { otp: totpCode(secret, clock.now) },
    });
    expect(disabled.statusCode).toBe(200);
    expect(await otpShown()).toBe(false);
    expect((await loginWith()).statusCode).toBe(200);
    await database.db.delete(loginAttempts);
  });
});
