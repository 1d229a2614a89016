import type { OrderTicket, Station } from '@carte/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/client.ts';
import { categories, productCategories, venues } from '../src/db/schema.ts';
import type { BoardFixture } from './order-board-fixtures.ts';
import type { PrintedTicket } from './fake-escpos-printer.ts';

/**
 * Gives the board fixture's venue kitchen stations: pizza and burrata in 'Mains' (kitchen), water
 * in 'Drinks' (bar), each station on its own printer address (or none: the browser's ticket page).
 */
export async function setUpStations(
  db: Db,
  f: BoardFixture,
  stations: Station[],
  printOn: 'accepted' | 'placed' = 'accepted',
): Promise<void> {
  await db.update(venues).set({ stations, printOn }).where(eq(venues.id, f.v.venue.id));
  const [mains, drinks] = await db
    .insert(categories)
    .values([
      { venueId: f.v.venue.id, key: 'mains', name: 'Mains', position: 0, station: 'kitchen' },
      { venueId: f.v.venue.id, key: 'drinks', name: 'Drinks', position: 1, station: 'bar' },
    ])
    .returning({ id: categories.id });
  await db.insert(productCategories).values([
    { productId: f.v.product.pizza!, categoryId: mains!.id },
    { productId: f.v.product.burrata!, categoryId: mains!.id },
    { productId: f.v.product.water!, categoryId: drinks!.id },
  ]);
}

/** The printed ticket's station (its first line) and order number (from "#12 Table 2"). */
export function readTicket(t: PrintedTicket): { station: string; number: number; text: string } {
  const text = t.lines.map((l) => l.text.trim()).join('\n');
  const station = t.lines.find((l) => l.text.trim() && !l.text.includes('***'))!.text.trim();
  const number = Number(/#(\d+)/.exec(text)?.[1]);
  return { station, number, text };
}

export async function venueTickets(app: FastifyInstance, f: BoardFixture): Promise<Record<string, OrderTicket[]>> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/venue/tickets?venueId=${f.v.venue.id}`,
    headers: f.headers('manager'),
  });
  if (res.statusCode !== 200) throw new Error(`tickets: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: { tickets: Record<string, OrderTicket[]> } }).data.tickets;
}

/** Reads the order's tickets until `done` holds (the printer works in the background), at most `tries` reads. */
export async function waitForTickets(
  app: FastifyInstance,
  f: BoardFixture,
  orderId: string,
  done: (tickets: OrderTicket[]) => boolean,
  tries = 400,
): Promise<OrderTicket[]> {
  let last: OrderTicket[] = [];
  for (let i = 0; i < tries; i++) {
    last = (await venueTickets(app, f))[orderId] ?? [];
    if (done(last)) return last;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`tickets never reached the state: ${JSON.stringify(last)}`);
}
