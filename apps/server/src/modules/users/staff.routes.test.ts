import type {
  InviteLookupAnswer,
  PendingInvitation,
  StaffInvitation,
  StaffInviteAnswer,
  StaffMember,
} from '@carte/domain';
import { createHash } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailMessages, staffInvites, users, venueStaff } from '../../db/schema.ts';
import { startFakeSmtp, type FakeSmtp } from '../../../test/fake-smtp.ts';
import { createStaffFixture, signIn, type StaffFixture } from '../../../test/staff-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { dbKinds } from '../../../test/test-db.ts';

const ORIGIN = 'http://localhost:3000';
const HOUR = 60 * 60 * 1000;

/** The routes an owner and an invited person use, on one test app. */
function staffClient(t: () => TestApp, f: () => StaffFixture) {
  const owner = () => f().headers('owner');
  const asUser = (token: string) => ({ authorization: `Bearer ${token}` });
  return {
    owner,
    asUser,
    invite: (payload: Record<string, unknown>) =>
      t().app.inject({ method: 'POST', url: '/api/venue/staff', headers: owner(), payload }),
    list: async () => {
      const res = await t().app.inject({
        method: 'GET',
        url: `/api/venue/staff?venueId=${f().venueA.id}`,
        headers: owner(),
      });
      expect(res.statusCode).toBe(200);
      return (res.json() as { data: StaffMember[] }).data;
    },
    pending: async () => {
      const res = await t().app.inject({
        method: 'GET',
        url: `/api/venue/staff/invitations?venueId=${f().venueA.id}`,
        headers: owner(),
      });
      expect(res.statusCode).toBe(200);
      return (res.json() as { data: PendingInvitation[] }).data;
    },
    remove: (userId: string) =>
      t().app.inject({
        method: 'DELETE',
        url: `/api/venue/staff?venueId=${f().venueA.id}&userId=${userId}`,
        headers: owner(),
      }),
    /** The link's token, read from the newest e-mail to that address (the outbox keeps every one). */
    tokenFor: async (email: string) => {
      const [mail] = await t()
        .database.db.select()
        .from(mailMessages)
        .where(eq(mailMessages.toAddress, email))
        .orderBy(desc(mailMessages.createdAt))
        .limit(1);
      const match = /\/admin\/invite#([A-Za-z0-9_-]+)/.exec(mail?.text ?? '');
      if (!match) throw new Error(`no invitation link mailed to ${email}`);
      return match[1]!;
    },
    lookup: (token: string) => t().app.inject({ method: 'POST', url: '/api/staff/invite/lookup', payload: { token } }),
    accept: (payload: Record<string, unknown>, origin = ORIGIN) =>
      t().app.inject({ method: 'POST', url: '/api/staff/invite/accept', headers: { origin }, payload }),
    invitations: async (token: string) => {
      const res = await t().app.inject({ method: 'GET', url: '/api/staff/invitations', headers: asUser(token) });
      expect(res.statusCode).toBe(200);
      return (res.json() as { data: StaffInvitation[] }).data;
    },
    answer: (token: string, choice: 'accept' | 'decline', venueId = f().venueA.id) =>
      t().app.inject({
        method: 'POST',
        url: `/api/staff/invitations/${choice}`,
        headers: asUser(token),
        payload: { venueId },
      }),
    sessionVenues: async (token: string) => {
      const session = await t().app.inject({ method: 'GET', url: '/api/_auth/session', headers: asUser(token) });
      return (session.json() as { data: { venues: { id: string; role: string }[] } }).data.venues;
    },
    userCount: async () => (await t().database.db.select().from(users)).length,
  };
}

describe.each(dbKinds)('venue staff and invitation links on %s', (kind) => {
  let t: TestApp;
  let f: StaffFixture;
  beforeAll(async () => {
    t = await createTestApp(kind);
    f = await createStaffFixture(t.app, t.database.db, 'staff');
  });
  afterAll(async () => t?.close());
  const c = staffClient(
    () => t,
    () => f,
  );

  it('lists the venue’s owner and managers', async () => {
    expect(await c.list()).toEqual([
      { id: f.accounts.owner.id, email: f.accounts.owner.email, first_name: null, last_name: null, role: 'owner' },
      {
        id: f.accounts.manager.id,
        email: f.accounts.manager.email,
        first_name: null,
        last_name: null,
        role: 'manager',
      },
    ]);
  });

  it('mails a new person a one-time link (kept in the outbox without SMTP_URL); they set a name and password, are signed in and on the staff; the link works once', async () => {
    const usersBefore = await c.userCount();
    const res = await c.invite({ venueId: f.venueA.id, email: '  New.Chef@Example.com ', language: 'fr' });
    expect(res.statusCode).toBe(201);
    const answer = (res.json() as { data: StaffInviteAnswer }).data;
    expect(answer).toEqual({
      id: expect.any(String),
      email: 'new.chef@example.com',
      role: 'manager',
      status: 'invited',
      expires_at: expect.any(String),
      mail: 'kept',
    });
    expect(JSON.stringify(answer)).not.toMatch(/password/i);
    expect(Date.parse(answer.expires_at) - Date.now()).toBeGreaterThan(47.9 * HOUR);
    expect(Date.parse(answer.expires_at) - Date.now()).toBeLessThanOrEqual(48 * HOUR);
    // Nobody is created by the invitation itself.
    expect(await c.userCount()).toBe(usersBefore);

    const [mail] = await t.database.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.toAddress, 'new.chef@example.com'));
    expect(mail).toMatchObject({ kind: 'invitation', status: 'kept', venueId: f.venueA.id });
    expect(mail!.subject).toBe('Votre invitation à rejoindre Venue A sur Carte');
    const token = await c.tokenFor('new.chef@example.com');
    expect(mail!.text).toMatch(new RegExp(`^http://localhost(:\\d+)?/admin/invite#${token}$`, 'm'));
    // Only the token's sha256 is stored.
    const [row] = await t.database.db.select().from(staffInvites).where(eq(staffInvites.id, answer.id));
    expect(row!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);

    const seen = await c.lookup(token);
    expect(seen.statusCode).toBe(200);
    expect((seen.json() as { data: InviteLookupAnswer }).data).toEqual({
      email: 'new.chef@example.com',
      role: 'manager',
      venueName: 'Venue A',
      expires_at: answer.expires_at,
      account: 'new',
    });
    expect((await c.pending()).map((p) => [p.email, p.expired])).toContainEqual(['new.chef@example.com', false]);

    const accepted = await c.accept({ token, first_name: ' Ada ', last_name: 'Lovelace', password: 'a long secret' });
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json()).toMatchObject({ data: { venueId: f.venueA.id, venueUrl: f.venueA.venueUrl } });
    // Signed in by cookies, on the staff with the invited role and the chosen name.
    const cookies = accepted.cookies.map((k) => `${k.name}=${k.value}`).join('; ');
    const session = await t.app.inject({ method: 'GET', url: '/api/_auth/session', headers: { cookie: cookies } });
    expect(session.json()).toMatchObject({
      data: { user: { email: 'new.chef@example.com', first_name: 'Ada', last_name: 'Lovelace' } },
    });
    expect((session.json() as { data: { venues: unknown[] } }).data.venues).toEqual([
      expect.objectContaining({ id: f.venueA.id, role: 'manager' }),
    ]);
    expect((await c.list()).find((m) => m.email === 'new.chef@example.com')).toMatchObject({
      role: 'manager',
      first_name: 'Ada',
    });
    // The chosen password signs in.
    await signIn(t.app, 'new.chef@example.com', 'a long secret');
    expect((await c.pending()).map((p) => p.email)).not.toContain('new.chef@example.com');

    // Used once: the second time is a 409 naming it, and nothing is written.
    const users = await c.userCount();
    const again = await c.accept({ token, first_name: 'Mallory', password: 'another secret' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      success: false,
      code: 'INVITATION_USED',
      error: 'This invitation has already been used.',
    });
    expect(again.cookies).toEqual([]);
    expect((await c.lookup(token)).json()).toMatchObject({ code: 'INVITATION_USED' });
    expect(await c.userCount()).toBe(users);
  });

  it('gives the same answer whether or not the e-mail has an account; an existing account is told to sign in and joins only if it accepts', async () => {
    const fresh = await c.invite({ venueId: f.venueA.id, email: 'nobody-yet@example.com' });
    const existing = await c.invite({ venueId: f.venueA.id, email: f.accounts.otherManager.email });
    expect(existing.statusCode).toBe(fresh.statusCode);
    const shape = (r: typeof fresh) => {
      const { id, email, expires_at, ...rest } = (r.json() as { data: StaffInviteAnswer }).data;
      return { ...rest, keys: Object.keys({ id, email, expires_at, ...rest }).sort(), idType: typeof id };
    };
    expect(shape(existing)).toEqual(shape(fresh));
    expect(Object.keys(existing.headers).sort()).toEqual(Object.keys(fresh.headers).sort());
    // Not on the staff before they answer; their password is untouched.
    expect((await c.list()).some((m) => m.id === f.accounts.otherManager.id)).toBe(false);
    const tokens = await signIn(t.app, f.accounts.otherManager.email, f.accounts.otherManager.password);
    expect((await c.sessionVenues(tokens.access_token)).map((v) => v.id)).toEqual([f.venueB.id]);

    // The link tells the existing account to sign in, and cannot create a second account.
    const link = await c.tokenFor(f.accounts.otherManager.email);
    expect((await c.lookup(link)).json()).toMatchObject({ data: { account: 'existing', venueName: 'Venue A' } });
    const users = await c.userCount();
    const byLink = await c.accept({ token: link, first_name: 'Eve', password: 'take over the account' });
    expect(byLink.statusCode).toBe(409);
    expect(byLink.json()).toMatchObject({ code: 'INVITATION_SIGN_IN' });
    expect(await c.userCount()).toBe(users);
    await signIn(t.app, f.accounts.otherManager.email, f.accounts.otherManager.password);

    // At sign-in the invitation waits for their answer; nobody else can answer for them.
    expect(await c.invitations(tokens.access_token)).toEqual([
      expect.objectContaining({ venueId: f.venueA.id, venueName: 'Venue A', role: 'manager' }),
    ]);
    expect((await c.answer(f.tokens.manager.access_token, 'accept')).statusCode).toBe(404);
    expect((await c.answer(tokens.access_token, 'decline')).statusCode).toBe(200);
    expect((await c.list()).some((m) => m.id === f.accounts.otherManager.id)).toBe(false);
    expect(await c.invitations(tokens.access_token)).toEqual([]);
    // Declined: the link is gone too.
    expect((await c.lookup(link)).statusCode).toBe(404);

    // Invited again, they accept at sign-in; the link then says it was used; a further invite is refused.
    await c.invite({ venueId: f.venueA.id, email: f.accounts.otherManager.email });
    const second = await c.tokenFor(f.accounts.otherManager.email);
    expect((await c.answer(tokens.access_token, 'accept')).statusCode).toBe(200);
    expect((await c.list()).find((m) => m.id === f.accounts.otherManager.id)?.role).toBe('manager');
    expect((await c.lookup(second)).json()).toMatchObject({ code: 'INVITATION_USED' });
    const again = await c.invite({ venueId: f.venueA.id, email: f.accounts.otherManager.email, role: 'owner' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'STAFF_EXISTS' });
    expect((await c.remove(f.accounts.otherManager.id)).statusCode).toBe(200);
  });

  it('an owner resends (a new link; the old one stops) or revokes a pending invitation', async () => {
    const first = (await c.invite({ venueId: f.venueA.id, email: 'resend@example.com' })).json() as {
      data: StaffInviteAnswer;
    };
    const oldLink = await c.tokenFor('resend@example.com');
    const resent = await t.app.inject({
      method: 'POST',
      url: '/api/venue/staff/invitations/resend',
      headers: c.owner(),
      payload: { venueId: f.venueA.id, id: first.data.id },
    });
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ data: { id: first.data.id, email: 'resend@example.com', mail: 'kept' } });
    const newLink = await c.tokenFor('resend@example.com');
    expect(newLink).not.toBe(oldLink);
    expect((await c.lookup(oldLink)).json()).toMatchObject({ code: 'INVITATION_NOT_FOUND' });
    expect((await c.lookup(newLink)).statusCode).toBe(200);

    const revoke = (id: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/venue/staff/invitations?venueId=${f.venueA.id}&id=${id}`,
        headers: c.owner(),
      });
    expect((await revoke(first.data.id)).statusCode).toBe(200);
    expect((await c.lookup(newLink)).statusCode).toBe(404);
    const users = await c.userCount();
    expect((await c.accept({ token: newLink, first_name: 'Late', password: 'too late now' })).statusCode).toBe(404);
    expect(await c.userCount()).toBe(users);
    expect((await c.pending()).map((p) => p.email)).not.toContain('resend@example.com');
    expect((await revoke(first.data.id)).statusCode).toBe(404);
    // Another venue's owner cannot touch this venue's invitations.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/venue/staff/invitations/resend',
      headers: f.headers('otherManager'),
      payload: { venueId: f.venueA.id, id: first.data.id },
    });
    expect(other.statusCode).toBe(403);
  });

  it.each([
    [{ first_name: 'Bo', password: 'short' }, 'password'],
    [{ first_name: '', password: 'long enough pass' }, 'first_name'],
    [{ password: 'long enough pass' }, 'first_name'],
    [{ first_name: 'Bo', password: 'long enough pass', role: 'owner' }, '(root)'],
  ])('refuses the link acceptance %j naming "%s", writing nothing', async (body, path) => {
    await c.invite({ venueId: f.venueA.id, email: 'bad-input@example.com' });
    const token = await c.tokenFor('bad-input@example.com');
    const users = await c.userCount();
    const res = await c.accept({ token, ...body });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { issues: { path: string }[] }).issues.map((i) => i.path)).toContain(path);
    expect(await c.userCount()).toBe(users);
    expect((await c.lookup(token)).statusCode).toBe(200);
  });

  it('refuses a link acceptance from another site (it would sign the browser in)', async () => {
    await c.invite({ venueId: f.venueA.id, email: 'csrf@example.com' });
    const token = await c.tokenFor('csrf@example.com');
    const res = await c.accept({ token, first_name: 'X', password: 'long enough pass' }, 'https://evil.example');
    expect(res.statusCode).toBe(403);
    expect((await c.lookup(token)).json()).toMatchObject({ data: { account: 'new' } });
  });

  it('an unknown link is a 404', async () => {
    const res = await c.lookup('x'.repeat(43));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'INVITATION_NOT_FOUND' });
  });

  it('refuses an answer with an unknown field or a bad venue id (400)', async () => {
    const tokens = await signIn(t.app, f.accounts.otherManager.email, f.accounts.otherManager.password);
    const extra = await t.app.inject({
      method: 'POST',
      url: '/api/staff/invitations/accept',
      headers: c.asUser(tokens.access_token),
      payload: { venueId: f.venueA.id, role: 'owner' },
    });
    expect(extra.statusCode).toBe(400);
    expect((await c.answer(tokens.access_token, 'accept', 'nope')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/invitations' })).statusCode).toBe(401);
  });

  it.each([
    [{ venueId: 'not-a-uuid', email: 'x@example.com' }, 'venueId'],
    [{ email: 'x@example.com' }, 'venueId'],
    [{ venueId: '00000000-0000-4000-8000-000000000000', email: 'not an email' }, 'email'],
    [{ venueId: '00000000-0000-4000-8000-000000000000', email: 'x@example.com', role: 'admin' }, 'role'],
    [{ venueId: '00000000-0000-4000-8000-000000000000', email: 'x@example.com', language: 'xx' }, 'language'],
  ])('refuses the invite %j naming %s, writing nothing', async (payload, path) => {
    const before = (await t.database.db.select().from(staffInvites)).length;
    const res = await c.invite(payload);
    expect(res.statusCode).toBe(400);
    expect((res.json() as { issues: { path: string }[] }).issues.map((i) => i.path)).toContain(path);
    expect((await t.database.db.select().from(staffInvites)).length).toBe(before);
  });

  it('a manager cannot invite; an owner cannot remove the last owner; a removed manager loses access', async () => {
    const byManager = await t.app.inject({
      method: 'POST',
      url: '/api/venue/staff',
      headers: f.headers('manager'),
      payload: { venueId: f.venueA.id, email: 'sneaky@example.com' },
    });
    expect(byManager.statusCode).toBe(403);
    expect(await t.database.db.select().from(staffInvites).where(eq(staffInvites.email, 'sneaky@example.com'))).toEqual(
      [],
    );

    const last = await c.remove(f.accounts.owner.id);
    expect(last.statusCode).toBe(409);
    expect(last.json()).toEqual({ success: false, code: 'LAST_OWNER', error: 'A venue needs at least one owner.' });

    // With a second owner (joined by their link), the first may leave; then the second is the last.
    const second = await c.invite({ venueId: f.venueA.id, email: 'co-owner@example.com', role: 'owner' });
    expect((second.json() as { data: StaffInviteAnswer }).data.role).toBe('owner');
    const joined = await c.accept({
      token: await c.tokenFor('co-owner@example.com'),
      first_name: 'Co',
      password: 'co-owner pass',
    });
    expect(joined.statusCode).toBe(201);
    const coTokens = await signIn(t.app, 'co-owner@example.com', 'co-owner pass');
    const [coRow] = await t.database.db.select().from(users).where(eq(users.email, 'co-owner@example.com'));
    const coOwnerId = coRow!.id;

    const managerRead = () =>
      t.app.inject({ method: 'GET', url: '/api/items/venues?fields=id', headers: f.headers('manager') });
    expect((await managerRead()).json()).toMatchObject({ data: [{ id: f.venueA.id }] });
    expect((await c.remove(f.accounts.manager.id)).statusCode).toBe(200);
    expect(((await managerRead()).json() as { data: unknown[] }).data).toEqual([]);

    expect((await c.remove(f.accounts.owner.id)).statusCode).toBe(200);
    const lastOne = await t.app.inject({
      method: 'DELETE',
      url: `/api/venue/staff?venueId=${f.venueA.id}&userId=${coOwnerId}`,
      headers: c.asUser(coTokens.access_token),
    });
    expect(lastOne.statusCode).toBe(409);
    const owners = await t.database.db.select().from(venueStaff).where(eq(venueStaff.venueId, f.venueA.id));
    expect(owners.filter((o) => o.role === 'owner').map((o) => o.userId)).toEqual([coOwnerId]);
  });
});

describe.each(dbKinds)('invitation links expire after 48 hours (the app clock) on %s', (kind) => {
  let t: TestApp;
  let f: StaffFixture;
  const clock = { now: Date.now() };
  beforeAll(async () => {
    t = await createTestApp(kind, { deps: { now: () => clock.now } });
    f = await createStaffFixture(t.app, t.database.db, 'expiry');
  });
  afterAll(async () => t?.close());
  const c = staffClient(
    () => t,
    () => f,
  );

  it('works until 48 hours after the invitation and never after; an existing account can no longer accept it; a resend restarts it', async () => {
    const invited = (
      (await c.invite({ venueId: f.venueA.id, email: 'late@example.com' })).json() as { data: StaffInviteAnswer }
    ).data;
    await c.invite({ venueId: f.venueA.id, email: f.accounts.otherManager.email });
    expect(Date.parse(invited.expires_at)).toBe(clock.now + 48 * HOUR);
    const token = await c.tokenFor('late@example.com');

    clock.now += 48 * HOUR - 1000;
    expect((await c.lookup(token)).statusCode).toBe(200);
    const tokens = await signIn(t.app, f.accounts.otherManager.email, f.accounts.otherManager.password);
    expect(await c.invitations(tokens.access_token)).toHaveLength(1);

    clock.now += 1000;
    const users = await c.userCount();
    const seen = await c.lookup(token);
    expect(seen.statusCode).toBe(410);
    expect(seen.json()).toEqual({
      success: false,
      code: 'INVITATION_EXPIRED',
      error: 'This invitation has expired. Ask the venue for a new one.',
    });
    const late = await c.accept({ token, first_name: 'Late', password: 'long enough pass' });
    expect(late.statusCode).toBe(410);
    expect(await c.userCount()).toBe(users);
    // The existing account no longer sees it, and cannot accept it.
    expect(await c.invitations(tokens.access_token)).toEqual([]);
    expect((await c.answer(tokens.access_token, 'accept')).json()).toMatchObject({ code: 'INVITATION_EXPIRED' });
    expect((await c.list()).some((m) => m.id === f.accounts.otherManager.id)).toBe(false);
    // The owner sees it as expired and resends it: 48 hours from now.
    const pending = await c.pending();
    expect(pending.find((p) => p.email === 'late@example.com')).toMatchObject({ expired: true });
    const resent = await t.app.inject({
      method: 'POST',
      url: '/api/venue/staff/invitations/resend',
      headers: c.owner(),
      payload: { venueId: f.venueA.id, id: invited.id },
    });
    expect(Date.parse((resent.json() as { data: StaffInviteAnswer }).data.expires_at)).toBe(clock.now + 48 * HOUR);
    expect((await c.lookup(token)).statusCode).toBe(404);
    const fresh = await c.tokenFor('late@example.com');
    expect((await c.accept({ token: fresh, first_name: 'Late', password: 'long enough pass' })).statusCode).toBe(201);
  });
});

describe.each(dbKinds)('invitation e-mails through SMTP on %s', (kind) => {
  let smtp: FakeSmtp;
  let t: TestApp;
  let f: StaffFixture;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    t = await createTestApp(kind, { env: { SMTP_URL: smtp.url, MAIL_FROM: 'Carte <staff@carte.test>' } });
    f = await createStaffFixture(t.app, t.database.db, 'smtp');
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('the invited person receives the link by e-mail, and it works', async () => {
    const before = smtp.received.length;
    const res = await c().invite({ venueId: f.venueA.id, email: 'by-mail@example.com', language: 'de' });
    expect(res.json()).toMatchObject({ data: { mail: 'sent' } });
    await smtp.waitFor(before + 1);
    const mail = smtp.received[before]!;
    expect(smtp.envelopes[before]).toEqual({ from: 'staff@carte.test', to: ['by-mail@example.com'] });
    expect(mail.subject).toBe('Ihre Einladung zu Venue A auf Carte');
    const token = /\/admin\/invite#([A-Za-z0-9_-]+)/.exec(mail.text ?? '')?.[1];
    expect(token).toBeDefined();
    const accepted = await c().accept({ token, first_name: 'Grete', password: 'long enough pass' });
    expect(accepted.statusCode).toBe(201);
    expect((await c().list()).map((m) => m.email)).toContain('by-mail@example.com');
  });

  const c = () =>
    staffClient(
      () => t,
      () => f,
    );
});
