import type { PublicVenueResponse } from '@carte/domain';
import { count, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { categories, orders, productCategories, products, venues } from '../../db/schema.ts';
import { createStaffFixture, type Persona, type StaffFixture } from '../../../test/staff-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { dbKinds } from '../../../test/test-db.ts';

interface Answer {
  status: number;
  body: {
    success: boolean;
    data: Record<string, unknown>;
    error?: string;
    code?: string;
    nextOpening?: string;
    message?: string;
    issues?: { path: string; message: string }[];
  };
}

/** `"HH:MM"` in UTC, `minutes` from now (wrapping around the day), on a whole minute. */
function utcClock(minutes: number): string {
  const d = new Date(Date.now() + minutes * 60_000);
  return `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
}
const everyDay = (range: [string, string]) =>
  Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [range]]));
/** Open from an hour ago to two hours from now, every day. */
const openNow = () => everyDay([utcClock(-60), utcClock(120)]);
/** Opens in two hours for an hour, every day: closed now. */
const closedNow = () => everyDay([utcClock(120), utcClock(180)]);

describe.each(dbKinds)('opening hours, pauses and prep time on %s', (kind) => {
  let t: TestApp;
  let f: StaffFixture;
  let breakfast: string;
  let mains: string;
  let croissant: string;
  let pasta: string;

  const call = async (method: InjectOptions['method'], url: string, payload?: unknown, persona: Persona = 'owner') => {
    const res = await t.app.inject({
      method,
      url,
      payload: payload as InjectOptions['payload'],
      headers: f.headers(persona),
    });
    return { status: res.statusCode, body: res.json() } as Answer;
  };
  const publicVenue = async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/public/venue?venue=${f.venueA.venueUrl}` });
    return (res.json() as { data: PublicVenueResponse }).data.venue;
  };
  const order = (productId: string) =>
    call('POST', '/api/order', {
      venueUrl: f.venueA.venueUrl,
      venueId: f.venueA.id,
      items: [{ productId, variationIds: [], quantity: 1 }],
      spot: '1',
      delivery: false,
    });
  const orderCount = async () =>
    Number((await t.database.db.select({ n: count() }).from(orders).where(eq(orders.venueId, f.venueA.id)))[0]!.n);
  const storedVenue = async () => (await t.database.db.select().from(venues).where(eq(venues.id, f.venueA.id)))[0]!;

  beforeAll(async () => {
    t = await createTestApp(kind, { deps: { rateLimit: { max: 100_000 } } });
    f = await createStaffFixture(t.app, t.database.db, 'service');
    const db = t.database.db;
    await db
      .update(venues)
      .set({ spots: ['1', '2'] })
      .where(eq(venues.id, f.venueA.id));
    const [b] = await db
      .insert(categories)
      .values({ venueId: f.venueA.id, key: 'breakfast', name: 'Breakfast', position: 0 })
      .returning();
    const [m] = await db
      .insert(categories)
      .values({ venueId: f.venueA.id, key: 'mains', name: 'Mains', position: 1 })
      .returning();
    breakfast = b!.id;
    mains = m!.id;
    const [c] = await db
      .insert(products)
      .values({ venueId: f.venueA.id, key: 'croissant', name: 'Croissant', priceMinor: 250 })
      .returning();
    const [p] = await db
      .insert(products)
      .values({ venueId: f.venueA.id, key: 'pasta', name: 'Pasta', priceMinor: 1200 })
      .returning();
    croissant = c!.id;
    pasta = p!.id;
    await db.insert(productCategories).values([
      { productId: croissant, categoryId: breakfast },
      { productId: pasta, categoryId: mains },
    ]);
  });
  afterAll(async () => t?.close());

  beforeEach(async () => {
    // Every test starts always open, unpaused, with no category window.
    await t.database.db
      .update(venues)
      .set({ schedule: null, pause: null, prepMinutes: null })
      .where(eq(venues.id, f.venueA.id));
    await t.database.db.update(categories).set({ hours: null, pause: null }).where(eq(categories.venueId, f.venueA.id));
    await call('PATCH', '/api/venue', { id: f.venueA.id, name: 'Venue A' });
  });

  it('refuses bad hours naming the field, and writes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ timezone: 'Europe/Atlantis' }, 'timezone'],
      [{ timezone: 'UTC', hours: { mon: [['15:00', '12:00']] } }, 'hours.mon[0]'],
      [
        {
          timezone: 'UTC',
          hours: {
            tue: [
              ['12:00', '15:00'],
              ['14:00', '16:00'],
            ],
          },
        },
        'hours.tue[1]',
      ],
      [{ timezone: 'UTC', closures: [{ from: '2026-12-26', to: '2026-12-24' }] }, 'closures[0].to'],
      [{ hours: { mon: [['12:00', '15:00']] } }, 'timezone'],
      [{ timezone: 'UTC', lastOrderMinutes: -5 }, 'lastOrderMinutes'],
    ];
    for (const [patch, path] of cases) {
      const res = await call('PATCH', '/api/venue', { id: f.venueA.id, ...patch });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(res.body.issues?.map((i) => i.path)).toContain(path);
    }
    expect((await storedVenue()).schedule).toBeNull();
  });

  it('refuses an order while closed with the next opening, keeps nothing, and takes it when open', async () => {
    const set = await call('PATCH', '/api/venue', { id: f.venueA.id, timezone: 'UTC', hours: closedNow() });
    expect(set.status).toBe(200);
    expect(set.body.data.timezone).toBe('UTC');
    const venue = await publicVenue();
    expect(venue.availability?.open).toBe(false);
    const nextOpening = Date.parse(venue.availability!.nextOpening!);
    expect(nextOpening - Date.now()).toBeGreaterThan(100 * 60_000);
    expect(nextOpening - Date.now()).toBeLessThanOrEqual(120 * 60_000);
    const before = await orderCount();
    const refused = await order(pasta);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('VENUE_CLOSED');
    expect(Date.parse(refused.body.nextOpening!)).toBe(nextOpening);
    expect(await orderCount()).toBe(before);

    await call('PATCH', '/api/venue', { id: f.venueA.id, hours: openNow(), lastOrderMinutes: 15 });
    const open = await publicVenue();
    expect(open.availability?.open).toBe(true);
    // Orders stop 15 minutes before the end of the range.
    expect(Date.parse(open.availability!.closesAt!) - Date.now()).toBeLessThanOrEqual(105 * 60_000);
    expect((await order(pasta)).status).toBe(200);
    expect(await orderCount()).toBe(before + 1);
  });

  it('pauses ordering from the board with a message, refuses an order, and resumes', async () => {
    const paused = await call(
      'POST',
      '/api/venue/pause',
      { venueId: f.venueA.id, minutes: 15, message: 'Kitchen full' },
      'manager',
    );
    expect(paused.status).toBe(200);
    const venue = await publicVenue();
    expect(venue.availability?.paused?.message).toBe('Kitchen full');
    const until = Date.parse(venue.availability!.paused!.until!);
    expect(until - Date.now()).toBeGreaterThan(14 * 60_000);
    const refused = await order(pasta);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('ORDERING_PAUSED');
    expect(refused.body.message).toBe('Kitchen full');

    const resumed = await call('DELETE', `/api/venue/pause?venueId=${f.venueA.id}`, undefined, 'manager');
    expect(resumed.status).toBe(200);
    expect((await publicVenue()).availability?.paused).toBeUndefined();
    expect((await order(pasta)).status).toBe(200);
  });

  it('resumes by itself when the pause ends', async () => {
    await t.database.db
      .update(venues)
      .set({ pause: { until: new Date(Date.now() - 60_000).toISOString(), message: 'Back soon' } })
      .where(eq(venues.id, f.venueA.id));
    await call('PATCH', '/api/venue', { id: f.venueA.id, name: 'Venue A again' });
    expect((await publicVenue()).availability?.paused).toBeUndefined();
    expect((await order(pasta)).status).toBe(200);
  });

  it('refuses a pause in the past, longer than a day, or by a stranger, and writes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ until: new Date(Date.now() - 60_000).toISOString() }, 'until'],
      [{ until: new Date(Date.now() + 25 * 3600_000).toISOString() }, 'until'],
      [{ minutes: 2000 }, 'minutes'],
      [{ minutes: 0 }, 'minutes'],
      [{ until: 'tomorrow' }, 'until'],
    ];
    for (const [body, path] of cases) {
      const res = await call('POST', '/api/venue/pause', { venueId: f.venueA.id, ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.issues?.map((i) => i.path)).toContain(path);
    }
    expect((await call('POST', '/api/venue/pause', { venueId: f.venueA.id }, 'otherManager')).status).toBe(403);
    expect((await call('POST', '/api/venue/pause', { venueId: f.venueA.id }, 'none')).status).toBe(401);
    expect((await storedVenue()).pause).toBeNull();
  });

  it('refuses a dish outside its category window and takes the others', async () => {
    await call('PATCH', '/api/venue', { id: f.venueA.id, timezone: 'UTC' });
    const set = await call('PATCH', '/api/category', { id: breakfast, hours: closedNow() });
    expect(set.status).toBe(200);
    const venue = await publicVenue();
    expect(venue.availability?.open).toBe(true);
    expect(venue.categories.find((c) => c.id === breakfast)?.availableNow).toBe(false);
    expect(venue.categories.find((c) => c.id === mains)?.availableNow).toBe(true);
    const refused = await order(croissant);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('NOT_AVAILABLE_NOW');
    expect(refused.body).toMatchObject({ productIds: [croissant] });
    expect((await order(pasta)).status).toBe(200);

    await call('PATCH', '/api/category', { id: breakfast, hours: openNow() });
    expect((await order(croissant)).status).toBe(200);
  });

  it('pauses one category until resumed', async () => {
    const paused = await call('POST', '/api/venue/pause', {
      venueId: f.venueA.id,
      categoryId: mains,
      message: 'No pasta left',
    });
    expect(paused.status).toBe(200);
    expect((await publicVenue()).categories.find((c) => c.id === mains)?.availableNow).toBe(false);
    const refused = await order(pasta);
    expect(refused.body.code).toBe('ORDERING_PAUSED');
    expect((await order(croissant)).status).toBe(200);
    await call('DELETE', `/api/venue/pause?venueId=${f.venueA.id}&categoryId=${mains}`);
    expect((await order(pasta)).status).toBe(200);
  });

  it('lets managers set the prep time, not the hours, and shows it to guests', async () => {
    const prep = await call('PATCH', '/api/venue', { id: f.venueA.id, prepMinutes: 25 }, 'manager');
    expect(prep.status).toBe(200);
    expect((await publicVenue()).availability?.prepMinutes).toBe(25);
    const hours = await call('PATCH', '/api/venue', { id: f.venueA.id, timezone: 'UTC', hours: openNow() }, 'manager');
    expect(hours.status).toBe(403);
    const tooLong = await call('PATCH', '/api/venue', { id: f.venueA.id, prepMinutes: 600 }, 'manager');
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.issues?.[0]?.path).toBe('prepMinutes');
  });

  it('exports the hours and the category windows in the import file shape', async () => {
    await call('PATCH', '/api/venue', {
      id: f.venueA.id,
      timezone: 'Europe/Rome',
      hours: {
        mon: [
          ['12:00', '15:00'],
          ['19:00', '01:30'],
        ],
        tue: [],
        wed: [],
        thu: [],
        fri: [],
        sat: [],
        sun: [],
      },
      closures: [{ from: '2026-12-24', to: '2026-12-26', note: 'Christmas' }],
      specialHours: [{ date: '2026-12-31', ranges: [['19:00', '02:00']] }],
      lastOrderMinutes: 30,
    });
    await call('PATCH', '/api/category', { id: breakfast, hours: everyDay(['07:00', '11:00']) });
    const { exportVenue } = await import('../venues/venue-export.service.ts');
    const file = await exportVenue({ db: t.database.db }, f.venueA.venueUrl);
    expect(file.venue).toMatchObject({
      timezone: 'Europe/Rome',
      closures: [{ from: '2026-12-24', to: '2026-12-26', note: 'Christmas' }],
      specialHours: [{ date: '2026-12-31', ranges: [['19:00', '02:00']] }],
      lastOrderMinutes: 30,
    });
    expect(file.venue.hours?.mon).toEqual([
      ['12:00', '15:00'],
      ['19:00', '01:30'],
    ]);
    expect(file.categories?.find((c) => c.id === 'breakfast')?.hours?.mon).toEqual([['07:00', '11:00']]);
  });
});
