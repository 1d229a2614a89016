import {
  allergyBanner,
  allergyNames,
  allergyProfileSchema,
  isLanguage,
  PICKUP_SPOT,
  layoutTicket,
  type OrderTicket,
  type TicketRow as TicketLayoutRow,
  type TicketWidth,
} from '@carte/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderItems, orders, venues } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import {
  createTicketsForNewLines,
  findStationTickets,
  listOpenTickets,
  listTickets,
  requeueTickets,
  toOrderTicket,
  type TicketRow,
} from './tickets.repository.ts';

/**
 * Makes an order's kitchen tickets at the moment the venue prints them (architecture 4.11:
 * `venue.printOn`, 'accepted' by default), inside the caller's transaction holding the order. A
 * waiter's order or round ('staff') prints at once. Lines that have a ticket already are skipped.
 */
export async function makeKitchenTickets(
  tx: Db,
  orderId: string,
  moment: 'placed' | 'accepted' | 'staff',
  printOn: string,
): Promise<number> {
  if (moment !== 'staff' && moment !== printOn) return 0;
  return createTicketsForNewLines(tx, orderId);
}

/** The venue's `printOn` setting. */
export async function venuePrintOn(q: Db, venueId: string): Promise<string> {
  const [row] = await q.select({ printOn: venues.printOn }).from(venues).where(eq(venues.id, venueId));
  return row?.printOn ?? 'accepted';
}

/** Reads an optional column that another change adds to a row (the order's allergy profile, the venue's time zone). */
function optionalField(row: object, name: string): unknown {
  return (row as Record<string, unknown>)[name];
}

/**
 * A ticket's printed rows (the domain's layoutTicket): its order's number, table or delivery, time,
 * the lines of its station and round with options and notes, and the allergy banner when the guest
 * gave a profile.
 */
export async function ticketRows(db: Db, ticket: TicketRow, width?: TicketWidth): Promise<TicketLayoutRow[]> {
  const [found] = await db
    .select({ order: orders, venue: venues })
    .from(orders)
    .innerJoin(venues, eq(venues.id, orders.venueId))
    .where(eq(orders.id, ticket.orderId));
  if (!found) throw new AppError('ORDER_NOT_FOUND');
  const { order, venue } = found;
  const items = ticket.itemIds.length
    ? await db
        .select()
        .from(orderItems)
        .where(and(eq(orderItems.orderId, order.id), inArray(orderItems.id, ticket.itemIds)))
        .orderBy(asc(orderItems.position))
    : [];
  const profile = allergyProfileSchema.safeParse(optionalField(order, 'allergyProfile') ?? null);
  const banner = profile.success ? allergyBanner(profile.data) : null;
  // The venue's zone lives in its schedule (decision 015).
  const timezone = venue.schedule?.timezone ?? optionalField(venue, 'timezone');
  const language = isLanguage(ticket.language) ? ticket.language : 'en';
  return layoutTicket(
    {
      station: ticket.round > 1 ? `${ticket.stationName} +${ticket.round - 1}` : ticket.stationName,
      number: order.number,
      where: order.delivery
        ? { kind: 'delivery' }
        : order.spot === PICKUP_SPOT
          ? { kind: 'pickup', at: order.pickupAt?.toISOString() ?? null }
          : { kind: 'table', spot: order.spot },
      placedAt: order.dateCreated.toISOString(),
      timezone: typeof timezone === 'string' && timezone ? timezone : 'UTC',
      language,
      lines: items.map((i) => ({
        quantity: i.quantity,
        name: i.name,
        options: i.variations.map((v) => v.name),
        notes: i.notes,
      })),
      // Names in the ticket's (the venue's) language: the kitchen reads "sesamo", not an id.
      allergies: banner ? allergyNames(banner, language) : null,
      notes: ticket.round === 1 ? order.notes : null,
      reprint: ticket.reprint,
      source: order.source === 'staff' ? 'staff' : 'guest',
    },
    width ?? (ticket.width === 58 ? 58 : 80),
  );
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The offline default (architecture 4.11): the ticket as a print-ready page for the pass's browser,
 * sized for 80 or 58 mm paper, monospaced like the thermal printer, no script (the page's CSP
 * forbids inline scripts; the board calls print() on it).
 */
export function ticketPage(
  tickets: { rows: TicketLayoutRow[] }[],
  width: TicketWidth,
  title: string,
): { html: string; style: string } {
  const body = tickets
    .map(
      ({ rows }) =>
        `<section class="ticket">${rows
          .map((r) => {
            if (r.rule) return '<hr>';
            const cls = [r.bold && 'b', r.large && 'l', r.inverted && 'i', r.align === 'center' && 'c']
              .filter(Boolean)
              .join(' ');
            return `<p${cls ? ` class="${cls}"` : ''}>${escapeHtml(r.text) || '&nbsp;'}</p>`;
          })
          .join('')}</section>`,
    )
    .join('');
  const style = `
@page { size: ${width}mm auto; margin: 0 }
body { margin: 0; background: #fff; color: #000 }
.ticket { width: ${width - 8}mm; padding: 2mm 4mm; font: 12px/1.35 ui-monospace, Menlo, Consolas, monospace; page-break-after: always }
p { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere }
.b { font-weight: 700 } .l { font-size: 20px } .c { text-align: center }
.i { background: #000; color: #fff; print-color-adjust: exact; -webkit-print-color-adjust: exact }
hr { border: 0; border-top: 1px dashed #000; margin: 1mm 0 }
`;
  const html = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(title)}</title><style>${style}</style></head><body>${body}</body></html>`;
  return { html, style };
}

export function createTicketsService(db: Db) {
  return {
    /** The board's tickets of the venue's current orders, by order id. */
    async venueTickets(venueId: string): Promise<Record<string, OrderTicket[]>> {
      const out: Record<string, OrderTicket[]> = {};
      for (const row of await listOpenTickets(db, venueId)) (out[row.orderId] ??= []).push(toOrderTicket(row));
      return out;
    },
    async orderTickets(orderIds: string[]): Promise<Map<string, OrderTicket[]>> {
      const out = new Map<string, OrderTicket[]>();
      for (const row of await listTickets(db, orderIds))
        out.set(row.orderId, [...(out.get(row.orderId) ?? []), toOrderTicket(row)]);
      return out;
    },
    /** POST /api/order/reprint: 404 when the order has no ticket (for that station). */
    async reprint(orderId: string, station: string | undefined): Promise<OrderTicket[]> {
      const rows = await requeueTickets(db, orderId, station);
      if (!rows.length) throw new AppError('TICKET_NOT_FOUND');
      return rows.map(toOrderTicket);
    },
    /** GET /api/order/ticket: every round of one station's ticket as one page. */
    async page(
      orderId: string,
      station: string,
      width: TicketWidth | undefined,
    ): Promise<{ html: string; style: string }> {
      const rows = await findStationTickets(db, orderId, station);
      if (!rows.length) throw new AppError('TICKET_NOT_FOUND');
      const w = width ?? (rows[0]!.width === 58 ? 58 : 80);
      const tickets = [];
      for (const row of rows) tickets.push({ rows: await ticketRows(db, row, w) });
      return ticketPage(tickets, w, rows[0]!.stationName);
    },
  };
}

export type TicketsService = ReturnType<typeof createTicketsService>;
