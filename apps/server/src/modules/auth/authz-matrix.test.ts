import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds } from '../../../test/test-db.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createStaffFixture, PERSONAS, type Persona, type StaffFixture } from '../../../test/staff-fixtures.ts';
import { fileUpload, pngBytes } from '../staff-menu/test-support.ts';

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
  // Staff menu and venue (architecture 4.7): rows act on what seedMenuRows put in venue A.
  {
    route: 'GET /api/product?owner=true',
    request: (f) => ({ method: 'GET', url: `/api/product?venueId=${f.venueA.id}&owner=true` }),
    expect: { none: 401, otherManager: 403, manager: 200, owner: 200 },
  },
  {
    route: 'POST /api/product',
    request: (f, persona) => ({
      method: 'POST',
      url: '/api/product',
      payload: { venue: f.venueA.id, name: `Dish by ${persona}`, price: 5, categories: [menuRows.categoryId] },
    }),
    expect: { none: 401, otherManager: 403, manager: 201, owner: 201 },
  },
  {
    route: 'PATCH /api/product',
    request: () => ({
      method: 'PATCH',
      url: '/api/product',
      payload: { id: menuRows.productId, name: `Dish ${++menuSeq}` },
    }),
    expect: { none: 401, otherManager: 403, manager: 200, owner: 200 },
  },
  {
    route: 'DELETE /api/product',
    request: (_f, persona) => ({ method: 'DELETE', url: `/api/product?id=${menuRows.deletable[persona].productId}` }),
    expect: { none: 401, otherManager: 403, manager: 200, owner: 200 },
  },
  {
    route: 'POST /api/category',
    request: (f, persona) => ({
      method: 'POST',
      url: '/api/category',
      payload: { venueId: f.venueA.id, name: `By ${persona}` },
    }),
    expect: { none: 401, otherManager: 403, manager: 201, owner: 201 },
  },
  {
    route: 'PATCH /api/category',
    request: () => ({
      method: 'PATCH',
      url: '/api/category',
      payload: { id: menuRows.categoryId, name: `Mains ${++menuSeq}` },
    }),
    expect: { none: 401, otherManager: 403, manager: 200, owner: 200 },
  },
  {
    route: 'DELETE /api/category',
    request: (_f, persona) => ({ method: 'DELETE', url: `/api/category?id=${menuRows.deletable[persona].categoryId}` }),
    expect: { none: 401, otherManager: 403, manager: 200, owner: 200 },
  },
  {
    route: 'POST /api/asset',
    request: (f) => ({ method: 'POST', url: `/api/asset?venueId=${f.venueA.id}`, ...fileUpload(menuRows.png) }),
    expect: { none: 401, otherManager: 403, manager: 201, owner: 201 },
  },
  {
    route: 'GET /api/venue?venueId',
    request: (f) => ({ method: 'GET', url: `/api/venue?venueId=${f.venueA.id}` }),
    expect: { none: 401, otherManager: 403, manager: 200, owner: 200 },
  },
  {
    route: 'PATCH /api/venue (owners only)',
    request: (f) => ({
      method: 'PATCH',
      url: '/api/venue',
      payload: { id: f.venueA.id, inputPlaceholder: `Ask me ${++menuSeq}` },
    }),
    expect: { none: 401, otherManager: 403, manager: 403, owner: 200 },
  },
  {
    route: 'GET /api/venue/qr',
    request: (f) => ({ method: 'GET', url: `/api/venue/qr?venueId=${f.venueA.id}&layout=cards` }),
    expect: { none: 401, otherManager: 403, manager: 200, owner: 200 },
  },
  // The staff chat (issue 10): a question changes nothing, so every persona may run it in any order.
  {
    route: 'POST /api/chat (isAdmin)',
    request: (f) => ({
      method: 'POST',
      url: '/api/chat',
      payload: { venueUrl: f.venueA.venueUrl, message: 'what is sold out?', isAdmin: true },
    }),
    expect: { none: 401, otherManager: 403, manager: 200, owner: 200 },
  },
  {
    route: 'GET /api/chat/history',
    request: (f) => ({ method: 'GET', url: `/api/chat/history?venueId=${f.venueA.id}` }),
    expect: { none: 401, otherManager: 403, manager: 200, owner: 200 },
  },
  {
    // An order id of no venue answers as another venue's order would (ids cannot be probed); the
    // refund of venue A's own cancelled, paid order by its staff is in payments.test.ts.
    route: 'POST /api/order/refund (an order of no venue of the caller)',
    request: () => ({
      method: 'POST',
      url: '/api/order/refund',
      payload: { orderId: '00000000-0000-4000-8000-000000000000' },
    }),
    expect: { none: 401, otherManager: 403, manager: 403, owner: 403 },
  },
  // Orders for the venue (architecture 4.8, issue 9): each persona moves an order of its own.
  {
    route: 'GET /api/venue/service',
    request: (f) => ({ method: 'GET', url: `/api/venue/service?venueId=${f.venueA.id}` }),
    expect: { none: 401, otherManager: 403, manager: 200, owner: 200 },
  },
  {
    // A body the contract accepts, refused by the pause rules (an end in the past) after the role check.
    route: 'POST /api/venue/pause (an end in the past: refused after the role check)',
    request: (f) => ({
      method: 'POST',
      url: '/api/venue/pause',
      payload: { venueId: f.venueA.id, until: new Date(Date.now() - 60_000).toISOString() },
    }),
    expect: { none: 401, otherManager: 403, manager: 400, owner: 400 },
  },
  {
    route: 'DELETE /api/venue/pause (nothing paused)',
    request: (f) => ({ method: 'DELETE', url: `/api/venue/pause?venueId=${f.venueA.id}` }),
    expect: { none: 401, otherManager: 403, manager: 200, owner: 200 },
  },
  {
    route: 'GET /api/venue/mail',
    request: (f) => ({ method: 'GET', url: `/api/venue/mail?venueId=${f.venueA.id}` }),
    expect: { none: 401, otherManager: 403, manager: 403, owner: 200 },
  },
  {
    route: 'GET /api/venue/mail/message (no such message)',
    request: (f) => ({
      method: 'GET',
      url: `/api/venue/mail/message?venueId=${f.venueA.id}&id=00000000-0000-4000-8000-000000000001`,
    }),
    expect: { none: 401, otherManager: 403, manager: 403, owner: 404 },
  },
  {
    route: 'POST /api/venue/mail/resend (no such message)',
    request: (f) => ({
      method: 'POST',
      url: '/api/venue/mail/resend',
      payload: { venueId: f.venueA.id, id: '00000000-0000-4000-8000-000000000001' },
    }),
    expect: { none: 401, otherManager: 403, manager: 403, owner: 404 },
  },
  {
    route: 'GET /api/venue/reports/sales',
    request: (f) => ({
      method: 'GET',
      url: `/api/venue/reports/sales?venueId=${f.venueA.id}&from=2026-01-01&to=2026-01-31`,
    }),
    expect: { none: 401, otherManager: 403, manager: 403, owner: 200 },
  },
  {
    route: 'POST /api/venue/reports/close-day (a day long over)',
    request: (f) => ({
      method: 'POST',
      url: '/api/venue/reports/close-day',
      payload: { venueId: f.venueA.id, date: '2020-01-01' },
    }),
    expect: { none: 401, otherManager: 403, manager: 403, owner: 201 },
  },
  {
    route: 'GET /api/venue/reports/z (no such report)',
    request: (f) => ({ method: 'GET', url: `/api/venue/reports/z?venueId=${f.venueA.id}&number=999` }),
    expect: { none: 401, otherManager: 403, manager: 403, owner: 404 },
  },
  {
    route: 'GET /api/venue/reports/z-list',
    request: (f) => ({ method: 'GET', url: `/api/venue/reports/z-list?venueId=${f.venueA.id}` }),
    expect: { none: 401, otherManager: 403, manager: 403, owner: 200 },
  },
  {
    route: 'POST /api/order/allergy-ack (no such order)',
    request: () => ({
      method: 'POST',
      url: '/api/order/allergy-ack',
      payload: { orderId: '00000000-0000-4000-8000-000000000002' },
    }),
    expect: { none: 401, otherManager: 404, manager: 404, owner: 404 },
  },
  {
    route: 'GET /api/venue/staff/invitations',
    request: (f) => ({ method: 'GET', url: `/api/venue/staff/invitations?venueId=${f.venueA.id}` }),
    expect: { none: 401, otherManager: 403, manager: 403, owner: 200 },
  },
  {
    route: 'POST /api/venue/staff/invitations/resend (no such invitation)',
    request: (f) => ({
      method: 'POST',
      url: '/api/venue/staff/invitations/resend',
      payload: { venueId: f.venueA.id, id: '00000000-0000-4000-8000-000000000003' },
    }),
    expect: { none: 401, otherManager: 403, manager: 403, owner: 404 },
  },
  {
    route: 'DELETE /api/venue/staff/invitations (no such invitation)',
    request: (f) => ({
      method: 'DELETE',
      url: `/api/venue/staff/invitations?venueId=${f.venueA.id}&id=00000000-0000-4000-8000-000000000003`,
    }),
    expect: { none: 401, otherManager: 403, manager: 403, owner: 404 },
  },
  {
    route: 'GET /api/staff/invitations',
    request: () => ({ method: 'GET', url: '/api/staff/invitations' }),
    expect: { none: 401, otherManager: 200, manager: 200, owner: 200 },
  },
  {
    route: 'POST /api/staff/invitations/accept (not invited)',
    request: (f) => ({ method: 'POST', url: '/api/staff/invitations/accept', payload: { venueId: f.venueB.id } }),
    expect: { none: 401, otherManager: 404, manager: 404, owner: 404 },
  },
  {
    route: 'POST /api/staff/invitations/decline (not invited)',
    request: (f) => ({ method: 'POST', url: '/api/staff/invitations/decline', payload: { venueId: f.venueB.id } }),
    expect: { none: 401, otherManager: 404, manager: 404, owner: 404 },
  },
  {
    route: 'GET /api/venue/orders',
    request: (f) => ({ method: 'GET', url: `/api/venue/orders?venueId=${f.venueA.id}&status=open` }),
    expect: { none: 401, otherManager: 403, manager: 200, owner: 200 },
  },
  {
    route: 'PATCH /api/order/status',
    request: (_f, persona) => ({
      method: 'PATCH',
      url: '/api/order/status',
      payload: { orderId: orderRows[persona], status: 'accepted' },
    }),
    expect: { none: 401, otherManager: 403, manager: 200, owner: 200 },
  },
  {
    // A bad cursor is refused after the role check, so no stream stays open in the matrix; the
    // streams themselves are read from a listening server in orders/order-streams.test.ts.
    route: 'GET /api/venue/orders/stream (a bad cursor)',
    request: (f) => ({ method: 'GET', url: `/api/venue/orders/stream?venueId=${f.venueA.id}&since=not-a-cursor` }),
    expect: { none: 401, otherManager: 403, manager: 400, owner: 400 },
  },
  // Kitchen tickets, orders taken by staff, calls from the table (architecture 4.11, 4.12, issue 18).
  {
    route: 'GET /api/venue/tickets',
    request: (f) => ({ method: 'GET', url: `/api/venue/tickets?venueId=${f.venueA.id}` }),
    expect: { none: 401, otherManager: 403, manager: 200, owner: 200 },
  },
  {
    // The status row accepted each persona's order, which made its ticket (the default station).
    route: 'POST /api/order/reprint',
    request: (_f, persona) => ({ method: 'POST', url: '/api/order/reprint', payload: { orderId: orderRows[persona] } }),
    expect: { none: 401, otherManager: 403, manager: 200, owner: 200 },
  },
  {
    route: 'GET /api/order/ticket',
    request: (_f, persona) => ({
      method: 'GET',
      url: `/api/order/ticket?orderId=${orderRows[persona]}&station=kitchen`,
    }),
    expect: { none: 401, otherManager: 403, manager: 200, owner: 200 },
  },
  {
    route: 'POST /api/venue/order',
    request: (f) => ({
      method: 'POST',
      url: '/api/venue/order',
      payload: {
        venueId: f.venueA.id,
        spot: '1',
        items: [{ productId: menuRows.productId, variationIds: [], quantity: 1 }],
      },
    }),
    expect: { none: 401, otherManager: 403, manager: 201, owner: 201 },
  },
  {
    route: 'POST /api/venue/order/items',
    request: (_f, persona) => ({
      method: 'POST',
      url: '/api/venue/order/items',
      payload: {
        orderId: orderRows[persona],
        items: [{ productId: menuRows.productId, variationIds: [], quantity: 2 }],
      },
    }),
    expect: { none: 401, otherManager: 403, manager: 200, owner: 200 },
  },
  {
    route: 'POST /api/order/paid',
    request: (_f, persona) => ({
      method: 'POST',
      url: '/api/order/paid',
      payload: { orderId: orderRows[persona], method: 'cash' },
    }),
    expect: { none: 401, otherManager: 403, manager: 200, owner: 200 },
  },
  {
    // The row above paid each persona's order at the venue: it has its receipt to send.
    route: 'POST /api/venue/orders/receipt',
    request: (f, persona) => ({
      method: 'POST',
      url: '/api/venue/orders/receipt',
      payload: { venueId: f.venueA.id, orderId: orderRows[persona], email: 'guest@example.com' },
    }),
    expect: { none: 401, otherManager: 403, manager: 200, owner: 200 },
  },
  {
    route: 'GET /api/venue/calls',
    request: (f) => ({ method: 'GET', url: `/api/venue/calls?venueId=${f.venueA.id}` }),
    expect: { none: 401, otherManager: 403, manager: 200, owner: 200 },
  },
  {
    // One call of venue A: the manager acknowledges it, then the owner closes it.
    route: 'PATCH /api/table/call',
    request: (_f, persona) => ({
      method: 'PATCH',
      url: '/api/table/call',
      payload: { id: callRow.id, status: persona === 'owner' ? 'done' : 'acknowledged' },
    }),
    expect: { none: 401, otherManager: 403, manager: 200, owner: 200 },
  },
  {
    route: 'POST /api/venue/table/code',
    request: (f) => ({ method: 'POST', url: '/api/venue/table/code', payload: { venueId: f.venueA.id, spot: '2' } }),
    expect: { none: 401, otherManager: 403, manager: 200, owner: 200 },
  },
  {
    route: 'POST /api/venue/table/close',
    request: (f) => ({ method: 'POST', url: '/api/venue/table/close', payload: { venueId: f.venueA.id, spot: '2' } }),
    expect: { none: 401, otherManager: 403, manager: 200, owner: 200 },
  },
];

/** A call from table 2 of venue A, for the call row. */
const callRow = { id: '' };

/** A placed order of venue A per persona, for the status row. */
const orderRows = {} as Record<Persona, string>;

async function seedOrderRows(t: TestApp, f: StaffFixture): Promise<void> {
  for (const persona of PERSONAS) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: {
        venueUrl: f.venueA.venueUrl,
        venueId: f.venueA.id,
        items: [{ productId: menuRows.productId, variationIds: [], quantity: 1 }],
        spot: '1',
      },
    });
    if (res.statusCode !== 200) throw new Error(`seeding an order failed: ${res.body}`);
    orderRows[persona] = (res.json() as { data: { id: string } }).data.id;
  }
  const call = await t.app.inject({
    method: 'POST',
    url: '/api/table/call',
    payload: { venueUrl: f.venueA.venueUrl, spot: '2', kind: 'waiter' },
  });
  if (call.statusCode !== 201) throw new Error(`seeding a call failed: ${call.body}`);
  callRow.id = (call.json() as { data: { id: string } }).data.id;
}

let menuSeq = 0;
/** What the staff menu rows act on: a product and a category of venue A, and one of each per persona to delete. */
const menuRows = {
  productId: '',
  categoryId: '',
  png: Buffer.alloc(0) as Buffer,
  deletable: {} as Record<Persona, { productId: string; categoryId: string }>,
};

async function seedMenuRows(t: TestApp, f: StaffFixture): Promise<void> {
  const post = async (url: string, payload: Record<string, unknown>) => {
    const res = await t.app.inject({ method: 'POST', url, payload, headers: f.headers('owner') });
    if (res.statusCode !== 201) throw new Error(`seeding ${url} failed: ${res.body}`);
    return (res.json() as { data: { id: string } }).data.id;
  };
  menuRows.categoryId = await post('/api/category', { venueId: f.venueA.id, name: 'Mains' });
  menuRows.productId = await post('/api/product', { venue: f.venueA.id, name: 'Dish', price: 9 });
  for (const persona of PERSONAS) {
    menuRows.deletable[persona] = {
      productId: await post('/api/product', { venue: f.venueA.id, name: `To delete (${persona})`, price: 1 }),
      categoryId: await post('/api/category', { venueId: f.venueA.id, name: `To delete (${persona})` }),
    };
  }
  menuRows.png = await pngBytes(16);
}

describe.each(dbKinds)('authorisation matrix on %s', (kind) => {
  let t: TestApp;
  let f: StaffFixture;
  beforeAll(async () => {
    t = await createTestApp(kind);
    f = await createStaffFixture(t.app, t.database.db);
    await seedMenuRows(t, f);
    await seedOrderRows(t, f);
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
    // Every answer is the JSON envelope, except the table QR codes' PDF and a kitchen ticket's page.
    const type = String(res.headers['content-type']);
    const body = (
      type.startsWith('application/pdf') || type.startsWith('text/html') ? { success: true } : res.json()
    ) as { success: boolean; code?: string };
    expect(body.success).toBe(res.statusCode < 400);
    if (res.statusCode === 401 && persona === 'none') expect(body.code).toBe('UNAUTHORIZED');
    if (res.statusCode === 403) expect(body.code).toBe('FORBIDDEN');
  });

  it('the matrix covers every staff route the app registers', async () => {
    // Every /api route the app has (read from Fastify's own route table, not from a list kept by
    // hand), asked by nobody with no input: those that answer 401 are staff routes, and each must
    // be a row of the matrix. A new staff route without a row fails here.
    const covered = STAFF_ROUTE_MATRIX.map((row) => {
      const { method, url } = row.request(f, 'owner');
      return `${String(method)} ${String(url).split('?')[0]}`;
    });
    const isCovered = (method: string, pattern: string) => {
      const re = new RegExp(`^${method} ${pattern.replace(/:[^/]+/g, '[^/]+')}$`);
      return covered.some((c) => re.test(c));
    };
    // Not staff routes, though they answer 401 to nobody: the refresh without a refresh token.
    // And the table session's guest routes (decision 034): 401 without a member's secret, never a staff sign-in.
    const publicWith401 = new Set([
      'POST /api/auth/refresh',
      'GET /api/table/session',
      'GET /api/table/session/events',
      'POST /api/table/cart',
      'PATCH /api/table/cart',
      'POST /api/table/order',
    ]);
    const routes = registeredRoutes(t.app.printRoutes({ commonPrefix: false })).filter(
      (r) => r.path.startsWith('/api/') && r.method !== 'HEAD' && r.method !== 'OPTIONS',
    );
    expect(routes.length).toBeGreaterThan(30);
    const staff: string[] = [];
    for (const { method, path } of routes) {
      const res = await t.app.inject({
        method: method as InjectOptions['method'],
        url: path.replace(/:[^/]+/g, 'venues'),
      });
      if (res.statusCode === 401 && !publicWith401.has(`${method} ${path}`)) staff.push(`${method} ${path}`);
    }
    expect(staff.length).toBeGreaterThan(20);
    expect(staff.filter((route) => !isCovered(...(route.split(' ') as [string, string])))).toEqual([]);
    // Staff only under a condition (nobody gets the guest's answer otherwise): rows of their own.
    const rows = STAFF_ROUTE_MATRIX.map((r) => r.route).join('\n');
    expect(rows).toContain('POST /api/chat (isAdmin)');
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

/** `METHOD /path` of every route in Fastify's `printRoutes({ commonPrefix: false })` tree. */
function registeredRoutes(tree: string): { method: string; path: string }[] {
  const out: { method: string; path: string }[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    const path = stack.join('');
    for (const method of (match[3] ?? '')
      .split(',')
      .map((m) => m.trim())
      .filter(Boolean))
      out.push({ method, path });
  }
  return out;
}
