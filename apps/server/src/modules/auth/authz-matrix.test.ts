import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds } from '../../../test/test-db.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createStaffFixture, PERSONAS, type Persona, type StaffFixture } from '../../../test/staff-fixtures.ts';

/**
 * Every staff route x every kind of caller (issue 8). Each row names a route, builds its request
 * from the fixture (venue A is the one concerned; the other manager works at venue B) and gives the
 * status each caller gets. To add a route: append a row. Rows must be safe to run in any order for
 * every persona (a write that succeeds must not change what the next row sees).
 */
interface MatrixRow {
  route: string;
  request: (f: StaffFixture, persona: Persona) => InjectOptions;
  expect: Record<Persona, number>;
}

let inviteSeq = 0;

export const STAFF_ROUTE_MATRIX: MatrixRow[] = [
  {
    route: 'GET /api/users/me',
    request: () => ({ method: 'GET', url: '/api/users/me' }),
    expect: { none: 401, otherManager: 200, manager: 200, owner: 200 },
  },
  {
    route: 'POST /api/users/me/password (a wrong current password)',
    request: () => ({
      method: 'POST',
      url: '/api/users/me/password',
      payload: { password: 'not the password', new_password: 'whatever long enough' },
    }),
    expect: { none: 401, otherManager: 401, manager: 401, owner: 401 },
  },
  {
    route: 'POST /api/auth/otp/enable',
    request: () => ({ method: 'POST', url: '/api/auth/otp/enable' }),
    expect: { none: 401, otherManager: 200, manager: 200, owner: 200 },
  },
  {
    route: 'POST /api/auth/otp/verify (a wrong code)',
    request: () => ({ method: 'POST', url: '/api/auth/otp/verify', payload: { otp: '000000' } }),
    expect: { none: 401, otherManager: 401, manager: 401, owner: 401 },
  },
  {
    route: 'POST /api/auth/otp/disable (not turned on)',
    request: () => ({ method: 'POST', url: '/api/auth/otp/disable', payload: { otp: '000000' } }),
    expect: { none: 401, otherManager: 409, manager: 409, owner: 409 },
  },
  {
    route: 'GET /api/items/venues',
    request: () => ({ method: 'GET', url: '/api/items/venues' }),
    expect: { none: 401, otherManager: 200, manager: 200, owner: 200 },
  },
  {
    route: 'GET /api/items/products',
    request: (f) => ({
      method: 'GET',
      url: `/api/items/products?filter=${encodeURIComponent(JSON.stringify({ venue: { _eq: f.venueA.id } }))}`,
    }),
    expect: { none: 401, otherManager: 200, manager: 200, owner: 200 },
  },
  {
    route: 'GET /api/items/orders',
    request: () => ({ method: 'GET', url: '/api/items/orders' }),
    expect: { none: 401, otherManager: 200, manager: 200, owner: 200 },
  },
  {
    route: 'GET /api/venue/staff',
    request: (f) => ({ method: 'GET', url: `/api/venue/staff?venueId=${f.venueA.id}` }),
    expect: { none: 401, otherManager: 403, manager: 403, owner: 200 },
  },
  {
    route: 'POST /api/venue/staff',
    request: (f, persona) => ({
      method: 'POST',
      url: '/api/venue/staff',
      payload: { venueId: f.venueA.id, email: `invited-${persona}-${++inviteSeq}@example.com` },
    }),
    expect: { none: 401, otherManager: 403, manager: 403, owner: 201 },
  },
  {
    route: 'DELETE /api/venue/staff (someone not on the staff)',
    request: (f) => ({
      method: 'DELETE',
      url: `/api/venue/staff?venueId=${f.venueA.id}&userId=${f.accounts.otherManager.id}`,
    }),
    expect: { none: 401, otherManager: 403, manager: 403, owner: 404 },
  },
];

describe.each(dbKinds)('authorisation matrix on %s', (kind) => {
  let t: TestApp;
  let f: StaffFixture;
  beforeAll(async () => {
    t = await createTestApp(kind);
    f = await createStaffFixture(t.app, t.database.db);
  });
  afterAll(async () => t?.close());

  const cases = STAFF_ROUTE_MATRIX.flatMap((row) => PERSONAS.map((persona) => [row.route, persona, row] as const));

  it.each(cases)('%s as %s', async (_route, persona, row) => {
    const options = row.request(f, persona);
    const res = await t.app.inject({
      ...options,
      headers: { ...options.headers, ...f.headers(persona) },
    } as InjectOptions);
    expect(res.statusCode, res.body).toBe(row.expect[persona]);
    const body = res.json() as { success: boolean; code?: string };
    expect(body.success).toBe(res.statusCode < 400);
    if (res.statusCode === 401 && persona === 'none') expect(body.code).toBe('UNAUTHORIZED');
    if (res.statusCode === 403) expect(body.code).toBe('FORBIDDEN');
  });

  it('the matrix covers every staff route the app registers', () => {
    const staffRoutes = ['/api/users/me', '/api/auth/otp/', '/api/items/', '/api/venue/staff'];
    const rows = STAFF_ROUTE_MATRIX.map((r) => r.route).join('\n');
    for (const prefix of staffRoutes) expect(rows).toContain(prefix);
    expect(cases.length).toBe(STAFF_ROUTE_MATRIX.length * 4);
  });

  it('content reads return only the caller’s venues', async () => {
    const read = async (persona: Persona) => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/items/venues?fields=id,name',
        headers: f.headers(persona),
      });
      return (res.json() as { data: { id: string }[] }).data.map((v) => v.id);
    };
    expect(await read('owner')).toEqual([f.venueA.id]);
    expect(await read('manager')).toEqual([f.venueA.id]);
    expect(await read('otherManager')).toEqual([f.venueB.id]);
  });
});
