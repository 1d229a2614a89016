import { createHash, randomBytes } from 'node:crypto';
import {
  fromMinor,
  MAX_LINE_QUANTITY,
  orderTotalMinor,
  priceOrder,
  tableUrl,
  type AddTableLineBody,
  type ChangeTableLineBody,
  type JoinTableAnswer,
  type TableSession,
  type TableSpotBody,
} from '@carte/domain';
import type { Db } from '../../db/client.ts';
import type { OrderEventPublisher } from '../../events/order-events.ts';
import { AppError } from '../../http/app-error.ts';
import { makeKitchenTickets } from '../kitchen/tickets.service.ts';
import {
  createOrdersService,
  insertOrderWithItems,
  linesToStore,
  loadMenuProducts,
  orderTaxes,
  priceTableLines,
} from '../orders/orders.service.ts';
import { checkOrderingOpen } from '../service/service.service.ts';
import { appendRoundToOpenOrder, takesRounds } from '../staff-orders/staff-orders.service.ts';
import {
  clearCart,
  closeOpenSession,
  ensureTableTokens,
  findBillOrder,
  findMemberBySecretHash,
  findSession,
  findTableToken,
  findVenueByUrlForTable,
  findVenueForTable,
  insertCartLine,
  insertMember,
  listCartLines,
  listMembers,
  lockAndBump,
  openSession,
  replaceTableToken,
  setCartLineQuantity,
  setLastRoundKey,
  setSessionOrder,
  type MemberRow,
  type SessionRow,
} from './table-sessions.repository.ts';

/** A new table token: 24 random bytes, base64url (32 characters, TABLE_TOKEN_PATTERN). */
export function newTableToken(): string {
  return randomBytes(24).toString('base64url');
}

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** Compares two tokens in constant time (a wrong token tells nothing of the right one). */
function sameToken(a: string, b: string): boolean {
  const x = createHash('sha256').update(a).digest();
  const y = createHash('sha256').update(b).digest();
  return x.equals(y) && a === b;
}

/** The tokens of a venue's tables for their QR codes, made for the tables that have none yet. */
export async function tableTokensOf(db: Db, venueId: string, spots: readonly string[]): Promise<Map<string, string>> {
  return ensureTableTokens(db, venueId, spots, newTableToken);
}

export interface TableSessionsDeps {
  db: Db;
  events?: OrderEventPublisher;
  publicUrl?: string;
  now?: () => number;
}

/** The session as every phone of the table sees it; `me` is set per phone. */
export type SessionBase = Omit<TableSession, 'me'>;

/**
 * Table sessions (issue 20, decision 034): the phones of one table join with the token of its QR
 * code, share one cart and send rounds to one bill. Every write locks the session row and bumps its
 * version in one transaction, then tells every process (`table.updated`), whose streams send the
 * session again to the phones they hold.
 */
export function createTableSessionsService(deps: TableSessionsDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const orders = createOrdersService({ db, now });

  async function publish(session: { id: string; venueId: string }) {
    await deps.events?.publish({ type: 'table.updated', orderId: session.id, venueId: session.venueId });
  }

  /** The member a secret names, in an open session: 401 without one, 410 once the session has ended. */
  async function authenticate(secret: string | undefined): Promise<{ member: MemberRow; session: SessionRow }> {
    if (!secret || secret.length > 100) throw new AppError('TABLE_MEMBER_UNKNOWN');
    const found = await findMemberBySecretHash(db, hashSecret(secret));
    if (!found) throw new AppError('TABLE_MEMBER_UNKNOWN');
    if (found.session.status !== 'open') throw new AppError('TABLE_SESSION_CLOSED');
    return found;
  }

  async function join(input: {
    venueUrl: string;
    spot: string;
    token: string;
    name?: string | undefined;
  }): Promise<JoinTableAnswer> {
    const venue = await findVenueByUrlForTable(db, input.venueUrl.toLowerCase());
    if (!venue) throw new AppError('VENUE_NOT_FOUND');
    if (!venue.spots.includes(input.spot)) throw new AppError('INVALID_SPOT');
    const current = await findTableToken(db, venue.id, input.spot);
    // Forged, old or another table's: one answer, nothing told apart.
    if (!current || !sameToken(current, input.token)) throw new AppError('TABLE_TOKEN_INVALID');
    const secret = randomBytes(32).toString('base64url');
    const { session, member } = await db.transaction(async (tx) => {
      const opened = await openSession(tx, venue.id, input.spot);
      const locked = await lockAndBump(tx, opened.id);
      const member = await insertMember(tx, opened.id, input.name ?? null, hashSecret(secret), (n) => `Guest ${n}`);
      return { session: locked!, member };
    });
    await publish(session);
    return { memberToken: secret, session: await view(session.id, member) };
  }

  /** What every phone of the table sees (one read per change, shared by this process's streams). */
  async function readBase(sessionId: string): Promise<SessionBase | null> {
    const session = await findSession(db, sessionId);
    if (!session) return null;
    const venue = await findVenueForTable(db, session.venueId);
    if (!venue) return null;
    const [members, lines] = await Promise.all([listMembers(db, session.id), listCartLines(db, session.id)]);
    const byId = new Map(members.map((m) => [m.id, m]));
    const menu = await loadMenuProducts(db, venue.id, [...new Set(lines.map((l) => l.productId))]);
    const cart: TableSession['cart'] = [];
    let cartTotalMinor = 0;
    for (const line of lines) {
      let priced;
      try {
        priced = priceOrder(menu, [
          { productId: line.productId, variationIds: line.variationIds, quantity: line.quantity, notes: line.notes },
        ]).lines[0];
      } catch {
        continue; // a dish or option that left the menu: neither shown nor sent
      }
      if (!priced) continue;
      const by = byId.get(line.memberId);
      cartTotalMinor += priced.lineTotalMinor;
      cart.push({
        id: line.id,
        productId: line.productId,
        name: priced.name,
        variations: priced.variations.map((v) => ({
          id: v.id,
          name: v.name,
          price_variation: fromMinor(v.priceVariationMinor),
        })),
        quantity: line.quantity,
        notes: line.notes,
        unit_price: fromMinor(priced.unitPriceMinor),
        total: fromMinor(priced.lineTotalMinor),
        addedBy: { id: line.memberId, name: by?.name ?? '' },
      });
    }
    const bill = session.orderId ? await orders.getOrder(session.orderId) : null;
    return {
      id: session.id,
      venueId: session.venueId,
      venueUrl: venue.venueUrl,
      spot: session.spot,
      status: session.status === 'open' ? 'open' : 'closed',
      version: session.version,
      currency: venue.currency,
      members: members.map((m) => ({ id: m.id, name: m.name })),
      cart,
      cart_total: fromMinor(cartTotalMinor),
      bill,
    };
  }

  async function view(sessionId: string, member: MemberRow): Promise<TableSession> {
    const base = await readBase(sessionId);
    if (!base) throw new AppError('TABLE_SESSION_CLOSED');
    return { ...base, me: { id: member.id, name: member.name } };
  }

  async function getSession(secret: string | undefined): Promise<TableSession> {
    const { member, session } = await authenticate(secret);
    return view(session.id, member);
  }

  /** Adds a dish to the shared cart; the same dish, options and note from the same phone adds up. */
  async function addLine(secret: string | undefined, body: AddTableLineBody): Promise<TableSession> {
    const { member, session } = await authenticate(secret);
    const venue = await findVenueForTable(db, session.venueId);
    if (!venue) throw new AppError('VENUE_NOT_FOUND');
    const productId = body.productId.toLowerCase();
    const variationIds = body.variationIds.map((v) => v.toLowerCase());
    const notes = body.notes ?? null;
    // Checked and priced as an order line would be: an unknown dish or a bad choice is refused here.
    const menu = await loadMenuProducts(db, venue.id, [productId]);
    priceOrder(menu, [{ productId, variationIds, quantity: body.quantity, notes }]);
    await db.transaction(async (tx) => {
      const locked = await lockAndBump(tx, session.id);
      if (!locked || locked.status !== 'open') throw new AppError('TABLE_SESSION_CLOSED');
      const same = (await listCartLines(tx, session.id)).find(
        (l) =>
          l.memberId === member.id &&
          l.productId === productId &&
          (l.notes ?? null) === notes &&
          [...l.variationIds].sort().join() === [...variationIds].sort().join(),
      );
      if (same) {
        const quantity = same.quantity + body.quantity;
        if (quantity > MAX_LINE_QUANTITY) {
          throw new AppError('INVALID_QUANTITY', {
            issues: [{ path: 'quantity', code: 'too_big', message: `must be at most ${MAX_LINE_QUANTITY} in all` }],
          });
        }
        await setCartLineQuantity(tx, session.id, same.id, quantity);
      } else {
        await insertCartLine(tx, {
          sessionId: session.id,
          memberId: member.id,
          productId,
          variationIds,
          quantity: body.quantity,
          notes,
        });
      }
    });
    await publish(session);
    return view(session.id, member);
  }

  async function changeLine(secret: string | undefined, body: ChangeTableLineBody): Promise<TableSession> {
    const { member, session } = await authenticate(secret);
    await db.transaction(async (tx) => {
      const locked = await lockAndBump(tx, session.id);
      if (!locked || locked.status !== 'open') throw new AppError('TABLE_SESSION_CLOSED');
      if (!(await setCartLineQuantity(tx, session.id, body.lineId.toLowerCase(), body.quantity))) {
        throw new AppError('TABLE_LINE_NOT_FOUND');
      }
    });
    await publish(session);
    return view(session.id, member);
  }

  /**
   * Sends the shared cart to the kitchen: the first round makes the table's bill (an order), later
   * rounds are appended to it; the cart is emptied in the same transaction, which holds the session
   * row, so two phones sending at once make one round. The same Idempotency-Key again answers the
   * session without a second round.
   */
  async function sendRound(secret: string | undefined, idempotencyKey: string | null): Promise<TableSession> {
    const { member, session } = await authenticate(secret);
    const venue = await findVenueForTable(db, session.venueId);
    if (!venue) throw new AppError('VENUE_NOT_FOUND');
    const outcome = await db.transaction(async (tx) => {
      const locked = await lockAndBump(tx, session.id);
      if (!locked || locked.status !== 'open') throw new AppError('TABLE_SESSION_CLOSED');
      if (idempotencyKey && locked.lastRoundKey === idempotencyKey) return { replay: true as const };
      const lines = await listCartLines(tx, session.id);
      const menu = await loadMenuProducts(tx, venue.id, [...new Set(lines.map((l) => l.productId))]);
      // What the phones show is what is sent: lines whose dish left the menu are dropped.
      const items = lines
        .filter((l) => {
          try {
            priceOrder(menu, [
              { productId: l.productId, variationIds: l.variationIds, quantity: l.quantity, notes: l.notes },
            ]);
            return true;
          } catch {
            return false;
          }
        })
        .map((l) => ({ productId: l.productId, variationIds: l.variationIds, quantity: l.quantity, notes: l.notes }));
      if (!items.length) throw new AppError('TABLE_CART_EMPTY');
      // Opening hours, pauses and category windows (architecture 4.10): the cart stays as it is.
      await checkOrderingOpen(tx, venue, [...new Set(items.map((i) => i.productId))], now());

      let bill = locked.orderId ? await findBillOrder(tx, locked.orderId) : undefined;
      if (bill && (bill.paymentStatus === 'paid' || bill.paymentStatus === 'refunded')) {
        throw new AppError('TABLE_SESSION_CLOSED');
      }
      if (bill && bill.paymentStatus === 'pending') throw new AppError('ORDER_NOT_OPEN');
      if (bill && !takesRounds(bill)) bill = undefined; // cancelled by the venue: the next round starts a new bill
      let created = false;
      let orderId: string;
      if (bill) {
        await appendRoundToOpenOrder(tx, venue, bill.id, items);
        orderId = bill.id;
      } else {
        const { request, priced } = await priceTableLines(tx, venue, { spot: session.spot, items });
        const taxes = await orderTaxes(tx, venue.tax ?? null, priced.lines, { serviceCharge: true });
        const row = await insertOrderWithItems(tx, {
          venueId: venue.id,
          spot: request.spot,
          delivery: false,
          currency: venue.currency,
          subtotalMinor: priced.subtotalMinor,
          serviceChargeMinor: taxes.serviceCharge,
          tax: taxes.tax,
          taxTotalMinor: taxes.taxTotal,
          taxMode: taxes.mode,
          allergyProfile: null,
          deliveryCostMinor: 0,
          totalMinor: orderTotalMinor(taxes.total, 0),
          deliveryInfo: null,
          notes: null,
          idempotencyKey: null,
          requestHash: null,
          dateCreated: new Date(now()),
          lines: linesToStore(priced.lines),
          courier: null,
        });
        if (!row) throw new Error("the table's order was not stored");
        await makeKitchenTickets(tx, row.id, 'placed', venue.printOn);
        await setSessionOrder(tx, session.id, row.id);
        orderId = row.id;
        created = true;
      }
      await clearCart(tx, session.id);
      if (idempotencyKey) await setLastRoundKey(tx, session.id, idempotencyKey);
      return { replay: false as const, orderId, created };
    });
    if (!outcome.replay) {
      await deps.events?.publish({
        type: outcome.created ? 'order.created' : 'order.updated',
        orderId: outcome.orderId,
        venueId: venue.id,
      });
      await publish(session);
    }
    return view(session.id, member);
  }

  /** A new code for a table (staff): the old one joins no more. */
  async function newTableCode(input: TableSpotBody): Promise<{ spot: string; url: string }> {
    const venue = await findVenueForTable(db, input.venueId);
    if (!venue) throw new AppError('VENUE_NOT_FOUND');
    if (!venue.spots.includes(input.spot)) throw new AppError('INVALID_SPOT');
    const token = newTableToken();
    await replaceTableToken(db, venue.id, input.spot, token);
    return {
      spot: input.spot,
      url: tableUrl(deps.publicUrl ?? 'http://localhost:3000', venue.venueUrl, input.spot, token),
    };
  }

  /** Ends the table's open session (staff): its phones are told, and get 410 from then on. */
  async function closeTable(input: TableSpotBody): Promise<{ spot: string; closed: boolean }> {
    const venue = await findVenueForTable(db, input.venueId);
    if (!venue) throw new AppError('VENUE_NOT_FOUND');
    const id = await closeOpenSession(db, venue.id, input.spot);
    if (id) await publish({ id, venueId: venue.id });
    return { spot: input.spot, closed: Boolean(id) };
  }

  return { join, authenticate, readBase, getSession, addLine, changeLine, sendRound, newTableCode, closeTable };
}

export type TableSessionsService = ReturnType<typeof createTableSessionsService>;
