import type { PublicOrder } from '@carte/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { venues } from '../src/db/schema.ts';
import { startFakePrinter, type FakePrinter } from './fake-escpos-printer.ts';
import { readTicket, setUpStations, venueTickets, waitForTickets } from './kitchen-fixtures.ts';
import { createBoardFixture, placeOrder, tableOrderBody, type BoardFixture } from './order-board-fixtures.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { dbKinds } from './test-db.ts';

/** Kitchen tickets (issue 18 item 3, architecture 4.11) against fake ESC/POS printers on 127.0.0.1. */
describe.each(dbKinds)('kitchen tickets (%s)', (kind) => {
  let t: TestApp;
  let f: BoardFixture;
  let kitchen: FakePrinter;
  let bar: FakePrinter;

  beforeAll(async () => {
    kitchen = await startFakePrinter();
    bar = await startFakePrinter();
    t = await createTestApp(kind, { deps: { kitchen: { pollMs: 50, sendTimeoutMs: 1000 } } });
    f = await createBoardFixture(t.app, t.database.db);
    await setUpStations(t.database.db, f, [
      { id: 'kitchen', name: 'Kitchen', printer: kitchen.address },
      { id: 'bar', name: 'Bar', printer: bar.address, width: 58 },
    ]);
  });
  afterAll(async () => {
    await t?.close();
    await kitchen?.close();
    await bar?.close();
  });

  /** The kitchen station's ticket language (the venue's), set for one test. */
  const setStationLanguage = async (language: 'it' | undefined) => {
    await t.database.db
      .update(venues)
      .set({
        stations: [
          { id: 'kitchen', name: 'Kitchen', printer: kitchen.address, ...(language ? { language } : {}) },
          { id: 'bar', name: 'Bar', printer: bar.address, width: 58 },
        ],
      })
      .where(eq(venues.id, f.v.venue.id));
  };

  const move = async (orderId: string, status: string) => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/order/status',
      headers: f.headers('manager'),
      payload: { orderId, status },
    });
    expect(res.statusCode).toBe(200);
  };

  it('prints one ticket per station when the order is accepted, with its lines, options and notes', async () => {
    const before = { kitchen: kitchen.tickets.length, bar: bar.tickets.length };
    const order = await placeOrder(t.app, tableOrderBody(f.v, { notes: 'birthday' }));
    // printOn 'accepted': nothing before the kitchen accepts it.
    expect((await venueTickets(t.app, f))[order.id]).toBeUndefined();
    await move(order.id, 'accepted');
    const [k] = (await kitchen.waitForTickets(before.kitchen + 1)).slice(before.kitchen);
    const [b] = (await bar.waitForTickets(before.bar + 1)).slice(before.bar);
    const kt = readTicket(k!);
    expect(kt.station).toBe('KITCHEN');
    expect(kt.number).toBe(order.number);
    expect(kt.text).toContain('Table 2');
    expect(kt.text).toContain('2 x Margherita');
    expect(kt.text).toContain('+ Extra cheese');
    expect(kt.text).toContain('! no basil');
    expect(kt.text).toContain('Note: birthday');
    expect(kt.text).not.toContain('Water');
    expect(k!.cut).toBe(true);
    const bt = readTicket(b!);
    expect(bt.station).toBe('BAR');
    expect(bt.text).toContain('1 x Water');
    expect(bt.text).not.toContain('Margherita');
    const tickets = await waitForTickets(t.app, f, order.id, (l) => l.every((x) => x.status === 'printed'));
    expect(tickets.map((x) => [x.station, x.status, x.attempts])).toEqual([
      ['kitchen', 'printed', 1],
      ['bar', 'printed', 1],
    ]);
    // Accepting again is refused and prints nothing more; the order's lines have their tickets.
    expect(kitchen.tickets.length).toBe(before.kitchen + 1);
  });

  it('retries a printer that does not answer, shows it failed, and prints once it is back', async () => {
    await bar.switchOff();
    const beforeBar = bar.tickets.length;
    const order = await placeOrder(t.app, tableOrderBody(f.v));
    await move(order.id, 'accepted');
    const failed = await waitForTickets(t.app, f, order.id, (l) =>
      l.some((x) => x.station === 'bar' && x.status === 'failed' && x.attempts >= 2),
    );
    const barTicket = failed.find((x) => x.station === 'bar')!;
    expect(barTicket.lastError).toBe('ECONNREFUSED');
    expect(barTicket.nextAttemptAt).not.toBeNull();
    expect(failed.find((x) => x.station === 'kitchen')!.status).toBe('printed');
    await bar.switchOn();
    const printed = await bar.waitForTickets(beforeBar + 1, 30_000);
    expect(readTicket(printed[beforeBar]!).number).toBe(order.number);
    const after = await waitForTickets(t.app, f, order.id, (l) => l.every((x) => x.status === 'printed'));
    expect(after.find((x) => x.station === 'bar')!.lastError).toBeNull();
    expect(bar.tickets.length).toBe(beforeBar + 1);
  });

  it('reprints one station from the board, marked as a reprint', async () => {
    const firstBar = bar.tickets.length;
    const firstKitchen = kitchen.tickets.length;
    const order = await placeOrder(t.app, tableOrderBody(f.v));
    await move(order.id, 'accepted');
    await waitForTickets(t.app, f, order.id, (l) => l.length === 2 && l.every((x) => x.status === 'printed'));
    // The printer has the first prints once their connections closed.
    await bar.waitForTickets(firstBar + 1);
    await kitchen.waitForTickets(firstKitchen + 1);
    const beforeBar = firstBar + 1;
    const beforeKitchen = firstKitchen + 1;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order/reprint',
      headers: f.headers('manager'),
      payload: { orderId: order.id, station: 'bar' },
    });
    expect(res.statusCode).toBe(200);
    const [again] = (await bar.waitForTickets(beforeBar + 1)).slice(beforeBar);
    expect(readTicket(again!).text).toContain('*** REPRINT ***');
    await waitForTickets(t.app, f, order.id, (l) => l.every((x) => x.status === 'printed'));
    expect(kitchen.tickets.length).toBe(beforeKitchen);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/order/reprint',
      headers: f.headers('otherManager'),
      payload: { orderId: order.id },
    });
    expect(other.statusCode).toBe(403);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/order/reprint',
      headers: f.headers('manager'),
      payload: { orderId: order.id, station: 'pastry' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, code: 'TICKET_NOT_FOUND' });
  });

  it('serves the ticket as a print-ready page (the offline default)', async () => {
    const order: PublicOrder = await placeOrder(t.app, tableOrderBody(f.v));
    await move(order.id, 'accepted');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/order/ticket?orderId=${order.id}&station=kitchen&width=58`,
      headers: f.headers('manager'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-security-policy']).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(res.body).toContain('size: 58mm auto');
    expect(res.body).toContain('2 x Margherita');
    expect(res.body).toContain(`#${order.number}`);
    const guest = await t.app.inject({ method: 'GET', url: `/api/order/ticket?orderId=${order.id}&station=kitchen` });
    expect(guest.statusCode).toBe(401);
  });

  it('refuses a printer that is not host:port and a category sent to a station that does not exist', async () => {
    const bad = await t.app.inject({
      method: 'PATCH',
      url: '/api/venue',
      headers: f.headers('owner'),
      payload: { id: f.v.venue.id, stations: [{ id: 'grill', name: 'Grill', printer: 'http://printer:99999' }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('stations');
    expect(JSON.stringify(bad.json())).toContain('printer');
    const settings = await t.app.inject({
      method: 'GET',
      url: `/api/venue?venueId=${f.v.venue.id}`,
      headers: f.headers('owner'),
    });
    expect((settings.json() as { data: { stations: unknown[] } }).data.stations).toHaveLength(2);
    const cats = (settings.json() as { data: { categories: { id: string }[] } }).data.categories;
    const wrong = await t.app.inject({
      method: 'PATCH',
      url: '/api/category',
      headers: f.headers('owner'),
      payload: { id: cats[0]!.id, station: 'pastry' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(JSON.stringify(wrong.json())).toContain('station');
    // A station that exists is kept, and the settings read it back (the printing page shows it after a reload).
    const stations = (settings.json() as { data: { stations: { id: string }[] } }).data.stations;
    const right = await t.app.inject({
      method: 'PATCH',
      url: '/api/category',
      headers: f.headers('owner'),
      payload: { id: cats[0]!.id, station: stations[1]!.id },
    });
    expect(right.statusCode, right.body).toBe(200);
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/venue?venueId=${f.v.venue.id}`,
      headers: f.headers('owner'),
    });
    const read = (again.json() as { data: { categories: { id: string; station: string | null }[] } }).data.categories;
    expect(read.find((c) => c.id === cats[0]!.id)?.station).toBe(stations[1]!.id);
    // Back to the first station, as the next journeys expect.
    const back = await t.app.inject({
      method: 'PATCH',
      url: '/api/category',
      headers: f.headers('owner'),
      payload: { id: cats[0]!.id, station: null },
    });
    expect(back.statusCode, back.body).toBe(200);
  });
  it('prints the guest’s allergies and diets by name in the station’s language, not their ids', async () => {
    await setStationLanguage('it');
    try {
      const order = await placeOrder(
        t.app,
        tableOrderBody(f.v, { allergyProfile: { allergens: ['sesame', 'tree-nuts'], diets: ['vegan'] } }),
      );
      await move(order.id, 'accepted');
      // Earlier tests' tickets may still be arriving: this order's is found by its number.
      const ours = () => kitchen.tickets.find((x) => readTicket(x).number === order.number);
      while (!ours()) await kitchen.waitForTickets(kitchen.tickets.length + 1);
      const k = ours();
      const text = readTicket(k!).text.replace(/\s+/g, ' ');
      expect(text).toContain('ALLERGIA: frutta a guscio, sesamo, vegano');
      expect(text).not.toContain('tree-nuts');
      const banner = k!.lines.find((l) => l.text.includes('ALLERGIA'));
      expect(banner).toMatchObject({ bold: true, inverted: true });
    } finally {
      await setStationLanguage(undefined);
    }
  });
});
