import type { StaffInvitation, StaffInviteAnswer, StaffMember } from '@carte/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, venueStaff } from '../../db/schema.ts';
import { createStaffFixture, signIn, type StaffFixture } from '../../../test/staff-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { dbKinds } from '../../../test/test-db.ts';

describe.each(dbKinds)('venue staff accounts on %s', (kind) => {
  let t: TestApp;
  let f: StaffFixture;
  beforeAll(async () => {
    t = await createTestApp(kind);
    f = await createStaffFixture(t.app, t.database.db, 'staff');
  });
  afterAll(async () => t?.close());

  const owner = () => f.headers('owner');
  const list = async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/venue/staff?venueId=${f.venueA.id}`, headers: owner() });
    expect(res.statusCode).toBe(200);
    return (res.json() as { data: StaffMember[] }).data;
  };
  const invite = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/venue/staff', headers: owner(), payload });
  const remove = (userId: string) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/venue/staff?venueId=${f.venueA.id}&userId=${userId}`,
      headers: owner(),
    });

  it('lists the venue’s owner and managers', async () => {
    expect(await list()).toEqual([
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

  const asUser = (token: string) => ({ authorization: `Bearer ${token}` });
  const sessionVenues = async (token: string) => {
    const session = await t.app.inject({ method: 'GET', url: '/api/_auth/session', headers: asUser(token) });
    return (session.json() as { data: { venues: { id: string; role: string }[] } }).data.venues;
  };
  const invitations = async (token: string) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/staff/invitations', headers: asUser(token) });
    expect(res.statusCode).toBe(200);
    return (res.json() as { data: StaffInvitation[] }).data;
  };
  const answerInvitation = (token: string, choice: 'accept' | 'decline', venueId = f.venueA.id) =>
    t.app.inject({ method: 'POST', url: `/api/staff/invitations/${choice}`, headers: asUser(token), payload: { venueId } });

  it('invites a new person with a temporary password shown once; they join once they accept at sign-in', async () => {
    const res = await invite({ venueId: f.venueA.id, email: '  New.Chef@Example.com ' });
    expect(res.statusCode).toBe(201);
    const answer = (res.json() as { data: StaffInviteAnswer }).data;
    expect(answer).toEqual({
      email: 'new.chef@example.com',
      role: 'manager',
      status: 'invited',
      temporaryPassword: expect.stringMatching(/^[A-Za-z0-9_-]{16}$/),
    });
    const tokens = await signIn(t.app, 'new.chef@example.com', answer.temporaryPassword);
    expect(await sessionVenues(tokens.access_token)).toEqual([]);
    expect(await invitations(tokens.access_token)).toEqual([
      expect.objectContaining({ venueId: f.venueA.id, venueName: 'Venue A', role: 'manager' }),
    ]);
    expect((await answerInvitation(tokens.access_token, 'accept')).statusCode).toBe(200);
    expect(await sessionVenues(tokens.access_token)).toEqual([
      expect.objectContaining({ id: f.venueA.id, role: 'manager' }),
    ]);
    expect(await invitations(tokens.access_token)).toEqual([]);
    expect((await answerInvitation(tokens.access_token, 'accept')).statusCode).toBe(404);
    // The temporary password is not stored in clear.
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'new.chef@example.com'));
    expect(row!.passwordHash).not.toContain(answer.temporaryPassword);
  });

  it('gives the same answer whether or not the e-mail has an account; an existing account joins only if it accepts', async () => {
    const fresh = await invite({ venueId: f.venueA.id, email: 'nobody-yet@example.com' });
    const existing = await invite({ venueId: f.venueA.id, email: f.accounts.otherManager.email });
    expect(existing.statusCode).toBe(fresh.statusCode);
    const shape = (r: typeof fresh) => {
      const data = (r.json() as { data: StaffInviteAnswer }).data;
      return { keys: Object.keys(data).sort(), status: data.status, role: data.role, password: typeof data.temporaryPassword };
    };
    expect(shape(existing)).toEqual(shape(fresh));
    // Not on the staff before they answer; their password is untouched.
    expect((await list()).some((m) => m.id === f.accounts.otherManager.id)).toBe(false);
    const tokens = await signIn(t.app, f.accounts.otherManager.email, f.accounts.otherManager.password);
    expect((await sessionVenues(tokens.access_token)).map((v) => v.id)).toEqual([f.venueB.id]);
    // Nobody else can answer for them.
    expect((await answerInvitation(f.tokens.manager.access_token, 'accept')).statusCode).toBe(404);
    expect((await answerInvitation(tokens.access_token, 'decline')).statusCode).toBe(200);
    expect((await list()).some((m) => m.id === f.accounts.otherManager.id)).toBe(false);
    expect(await invitations(tokens.access_token)).toEqual([]);
    // Invited again, they accept; a further invite is refused as they already work here.
    await invite({ venueId: f.venueA.id, email: f.accounts.otherManager.email });
    expect((await answerInvitation(tokens.access_token, 'accept')).statusCode).toBe(200);
    expect((await list()).find((m) => m.id === f.accounts.otherManager.id)?.role).toBe('manager');
    const again = await invite({ venueId: f.venueA.id, email: f.accounts.otherManager.email, role: 'owner' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'STAFF_EXISTS' });
    expect((await remove(f.accounts.otherManager.id)).statusCode).toBe(200);
  });

  it('refuses an answer with an unknown field or a bad venue id (400)', async () => {
    const tokens = await signIn(t.app, f.accounts.otherManager.email, f.accounts.otherManager.password);
    const extra = await t.app.inject({
      method: 'POST',
      url: '/api/staff/invitations/accept',
      headers: asUser(tokens.access_token),
      payload: { venueId: f.venueA.id, role: 'owner' },
    });
    expect(extra.statusCode).toBe(400);
    const bad = await answerInvitation(tokens.access_token, 'accept', 'nope');
    expect(bad.statusCode).toBe(400);
    const none = await t.app.inject({ method: 'GET', url: '/api/staff/invitations' });
    expect(none.statusCode).toBe(401);
  });

  it.each([
    [{ venueId: 'not-a-uuid', email: 'x@example.com' }, 'venueId'],
    [{ email: 'x@example.com' }, 'venueId'],
    [{ venueId: '00000000-0000-4000-8000-000000000000', email: 'not an email' }, 'email'],
    [{ venueId: '00000000-0000-4000-8000-000000000000', email: 'x@example.com', role: 'admin' }, 'role'],
  ])('refuses the invite %j naming %s, creating nobody', async (payload, path) => {
    const before = (await t.database.db.select().from(users)).length;
    const res = await invite(payload);
    expect(res.statusCode).toBe(400);
    expect((res.json() as { issues: { path: string }[] }).issues.map((i) => i.path)).toContain(path);
    expect((await t.database.db.select().from(users)).length).toBe(before);
  });

  it('a manager cannot invite; an owner cannot remove the last owner; a removed manager loses access', async () => {
    const byManager = await t.app.inject({
      method: 'POST',
      url: '/api/venue/staff',
      headers: f.headers('manager'),
      payload: { venueId: f.venueA.id, email: 'sneaky@example.com' },
    });
    expect(byManager.statusCode).toBe(403);
    expect(await t.database.db.select().from(users).where(eq(users.email, 'sneaky@example.com'))).toEqual([]);

    const last = await remove(f.accounts.owner.id);
    expect(last.statusCode).toBe(409);
    expect(last.json()).toEqual({ success: false, code: 'LAST_OWNER', error: 'A venue needs at least one owner.' });

    // With a second owner, the first may leave; then the second is the last.
    const second = await invite({ venueId: f.venueA.id, email: 'co-owner@example.com', role: 'owner' });
    const coOwner = (second.json() as { data: StaffInviteAnswer }).data;
    expect(coOwner.role).toBe('owner');
    const coTokens = await signIn(t.app, 'co-owner@example.com', coOwner.temporaryPassword);
    expect((await answerInvitation(coTokens.access_token, 'accept')).statusCode).toBe(200);
    const [coRow] = await t.database.db.select().from(users).where(eq(users.email, 'co-owner@example.com'));
    const coOwnerId = coRow!.id;

    const managerRead = () =>
      t.app.inject({ method: 'GET', url: '/api/items/venues?fields=id', headers: f.headers('manager') });
    expect((await managerRead()).json()).toMatchObject({ data: [{ id: f.venueA.id }] });
    expect((await remove(f.accounts.manager.id)).statusCode).toBe(200);
    const after = await managerRead();
    expect((after.json() as { data: unknown[] }).data).toEqual([]);

    expect((await remove(f.accounts.owner.id)).statusCode).toBe(200);
    const lastOne = await t.app.inject({
      method: 'DELETE',
      url: `/api/venue/staff?venueId=${f.venueA.id}&userId=${coOwnerId}`,
      headers: { authorization: `Bearer ${coTokens.access_token}` },
    });
    expect(lastOne.statusCode).toBe(409);
    const owners = await t.database.db.select().from(venueStaff).where(eq(venueStaff.venueId, f.venueA.id));
    expect(owners.filter((o) => o.role === 'owner').map((o) => o.userId)).toEqual([coOwnerId]);
  });
});
