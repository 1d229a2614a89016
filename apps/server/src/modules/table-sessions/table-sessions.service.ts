import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  fromMinor,
  hasAtMostTwoDecimals,
  isValidTipMinor,
  lineShares,
  MAX_LINE_QUANTITY,
  takePart as takeBillPart,
  toMinor,
  type BillPartAnswer,
  type BillSplit,
  type PaymentIntentAnswer,
  type ReleaseBillPartBody,
  type TakeBillPartBody,
  priceOrder,
  tableUrl,
  unionAllergyProfiles,
  type AddTableLineBody,
  type AllergyProfile,
  type ChangeTableLineBody,
  type JoinTableAnswer,
  type TableMemberProfileBody,
  type TableSession,
  type TableSpotBody,
} from '@carte/domain';
import type { Db } from '../../db/client.ts';
import type { AssistantTable } from '../../providers/assistant/types.ts';
import type { OrderEventPublisher } from '../../events/order-events.ts';
import { AppError } from '../../http/app-error.ts';
import { makeKitchenTickets } from '../kitchen/tickets.service.ts';
import { createOrdersService, loadMenuProducts, orderTaxes, priceTableLines } from '../orders/orders.service.ts';
import { checkOrderingOpen } from '../service/service.service.ts';
import { appendRoundToOpenOrder, insertTableOrder, takesRounds } from '../staff-orders/staff-orders.service.ts';
import {
  clearCart,
  closeOpenSession,
  ensureTableTokens,
  findBillOrder,
  findBillPart,
  insertBillPart,
  listBillItems,
  setMemberAllergyProfile,
  widenOrderAllergyProfile,
  listBillLines,
  listBillParts,
  releaseExpiredParts,
  releaseParts,
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
  // Equal-length digests compared in constant time.
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}

/** The tokens of a venue's tables for their QR codes, made for the tables that have none yet. */
export async function tableTokensOf(db: Db, venueId: string, spots: readonly string[]): Promise<Map<string, string>> {
  return ensureTableTokens(db, venueId, spots, newTableToken);
}

/** How long a guest's part stays held while their card payment runs; then it is freed for others. */
export const PART_HOLD_MS = 15 * 60 * 1000;

/** The card payments of parts (payments.service), handed in by the routes. */
export interface PartPayments {
  createPartIntent(input: {
    partId: string;
    orderId: string;
    amountMinor: number;
    tipMinor: number;
  }): Promise<PaymentIntentAnswer>;
  cancelPartIntents(orderId: string, partId: string): Promise<void>;
}

export interface TableSessionsDeps {
  db: Db;
  payments?: PartPayments;
  events?: OrderEventPublisher;
  publicUrl?: string;
  now?: () => number;
}

/** A member's stored profile in the domain's shape (an older row: none). */
function memberProfile(member: MemberRow): AllergyProfile | null {
  return member.allergyProfile as AllergyProfile | null;
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
    allergyProfile?: AllergyProfile | undefined;
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
      const member = await insertMember(
        tx,
        opened.id,
        input.name ?? null,
        hashSecret(secret),
        (n) => `Guest ${n}`,
        unionAllergyProfiles([input.allergyProfile]),
      );
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
    const split = session.orderId
      ? await readSplit(session.orderId, new Map(members.map((m) => [m.id, m.name])))
      : null;
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
      split,
    };
  }

  /** The bill's split: each line's share, who holds or paid what, and what remains. */
  async function readSplit(orderId: string, names: Map<string, string>): Promise<BillSplit | null> {
    const order = await findBillOrder(db, orderId);
    if (!order) return null;
    const [lines, parts] = await Promise.all([listBillLines(db, orderId), listBillParts(db, orderId)]);
    const shares = lineShares([
      { total: order.totalMinor, lines: lines.map((l) => ({ id: l.id, amount: l.lineTotalMinor })) },
    ]);
    const live = parts.filter((p) => p.status !== 'released');
    const sum = (status: string) => parts.filter((p) => p.status === status).reduce((s, p) => s + p.amountMinor, 0);
    const paid = order.paymentStatus === 'paid' ? order.totalMinor : sum('paid');
    const held = sum('held');
    return {
      total: fromMinor(order.totalMinor),
      paid: fromMinor(paid),
      held: fromMinor(held),
      remaining: fromMinor(Math.max(0, order.totalMinor - paid - held)),
      lines: lines.map((l) => ({
        id: l.id,
        name: l.name,
        quantity: l.quantity,
        total: fromMinor(l.lineTotalMinor),
        share: fromMinor(shares.get(l.id) ?? 0),
        claims: live.flatMap((p) =>
          p.claims
            .filter((c) => c.lineId === l.id)
            .map((c) => ({
              memberId: p.memberId,
              name: names.get(p.memberId) ?? '',
              of: c.of,
              status: p.status as 'held' | 'paid',
            })),
        ),
      })),
      parts: parts.map((p) => ({
        id: p.id,
        member: { id: p.memberId, name: names.get(p.memberId) ?? '' },
        mode: p.mode as 'items' | 'shares' | 'amount',
        amount: fromMinor(p.amountMinor),
        tip: fromMinor(p.tipMinor),
        status: p.status as 'held' | 'paid' | 'released',
        share: p.share ? { count: p.share.count, number: p.share.index + 1 } : null,
      })),
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

      // Every allergy and diet at the table goes to the kitchen with the bill (the banner of 4.4).
      const tableProfile = unionAllergyProfiles((await listMembers(tx, session.id)).map((m) => memberProfile(m)));
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
        if (tableProfile) await widenOrderAllergyProfile(tx, bill.id, tableProfile);
        orderId = bill.id;
      } else {
        const { request, priced } = await priceTableLines(tx, venue, { spot: session.spot, items });
        const taxes = await orderTaxes(tx, venue.tax ?? null, priced.lines, { serviceCharge: true });
        const row = await insertTableOrder(tx, venue, {
          spot: request.spot,
          notes: null,
          priced,
          taxes,
          allergyProfile: tableProfile,
          dateCreated: new Date(now()),
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

  /**
   * A guest takes their part of the bill (decision 034) and gets its card payment: by items (whole
   * lines or portions of shared ones), one of N equal shares, or an amount. The check and the hold
   * are one transaction holding the session row, so phones paying at once never take one part twice
   * nor more than the bill; a held part whose payment does not succeed within PART_HOLD_MS is freed.
   */
  async function takePart(secret: string | undefined, body: TakeBillPartBody): Promise<BillPartAnswer> {
    const { member, session } = await authenticate(secret);
    if (!deps.payments) throw new AppError('CARD_PAYMENT_UNAVAILABLE');
    if (body.tip !== undefined && !hasAtMostTwoDecimals(body.tip)) throw new AppError('INVALID_TIP');
    const tipMinor = body.tip === undefined ? 0 : toMinor(body.tip);
    const at = new Date(now());
    const { part, expired } = await db.transaction(async (tx) => {
      const locked = await lockAndBump(tx, session.id);
      if (!locked || locked.status !== 'open') throw new AppError('TABLE_SESSION_CLOSED');
      const order = locked.orderId ? await findBillOrder(tx, locked.orderId) : undefined;
      if (!order || order.status === 'cancelled') throw new AppError('TABLE_NO_BILL');
      if (order.paymentStatus === 'paid' || order.paymentStatus === 'refunded')
        throw new AppError('ORDER_ALREADY_PAID');
      if (order.paymentStatus === 'pending')
        throw new AppError('TABLE_BILL_SPLIT', { logMessage: 'the whole bill is being paid' });
      const expired = await releaseExpiredParts(tx, order.id, at);
      const lines = await listBillLines(tx, order.id);
      const active = (await listBillParts(tx, order.id)).filter((p) => p.status === 'held' || p.status === 'paid');
      if (body.mode === 'amount' && !hasAtMostTwoDecimals(body.amount)) {
        throw new AppError('VALIDATION', {
          issues: [{ path: 'amount', code: 'two_decimals', message: 'must have at most two decimals' }],
        });
      }
      const outcome = takeBillPart(
        { total: order.totalMinor, lines: lines.map((l) => ({ id: l.id, amount: l.lineTotalMinor })) },
        active.map((p) => ({ mode: p.mode as 'items', amount: p.amountMinor, claims: p.claims, share: p.share })),
        body.mode === 'items'
          ? { mode: 'items', lines: body.lines.map((l) => ({ lineId: l.lineId.toLowerCase(), of: l.of })) }
          : body.mode === 'shares'
            ? { mode: 'shares', count: body.count }
            : { mode: 'amount', amount: toMinor(body.amount) },
      );
      if (!outcome.ok) {
        const index =
          body.mode === 'items' && outcome.lineId
            ? body.lines.findIndex((l) => l.lineId.toLowerCase() === outcome.lineId)
            : -1;
        throw new AppError(outcome.refusal, {
          issues:
            index >= 0
              ? [
                  {
                    path: `lines[${index}].lineId`,
                    code: outcome.refusal === 'TABLE_PART_TAKEN' ? 'duplicate' : 'not_found',
                    message:
                      outcome.refusal === 'TABLE_PART_TAKEN' ? 'is being paid by someone else' : 'is not on the bill',
                  },
                ]
              : [],
        });
      }
      if (!isValidTipMinor(outcome.amount, tipMinor)) throw new AppError('INVALID_TIP');
      const part = await insertBillPart(tx, {
        sessionId: session.id,
        orderId: order.id,
        memberId: member.id,
        mode: body.mode,
        amountMinor: outcome.amount,
        tipMinor,
        claims: outcome.claims,
        share: outcome.share,
        status: 'held',
        expiresAt: new Date(at.getTime() + PART_HOLD_MS),
      });
      return { part, expired };
    });
    for (const id of expired) await deps.payments.cancelPartIntents(part.orderId, id);
    let payment: PaymentIntentAnswer;
    try {
      payment = await deps.payments.createPartIntent({
        partId: part.id,
        orderId: part.orderId,
        amountMinor: part.amountMinor,
        tipMinor: part.tipMinor,
      });
    } catch (e) {
      // No payment could start: the part is freed at once for the others.
      await db.transaction((tx) => releaseParts(tx, session.id, [part.id]));
      await publish(session);
      throw e;
    }
    await publish(session);
    return {
      part: {
        id: part.id,
        member: { id: member.id, name: member.name },
        mode: body.mode,
        amount: fromMinor(part.amountMinor),
        tip: fromMinor(part.tipMinor),
        status: 'held',
        share: part.share ? { count: part.share.count, number: part.share.index + 1 } : null,
      },
      payment,
    };
  }

  /** The guest gives back a part they hold (they will not pay it): freed for the others, its payment cancelled. */
  async function releasePart(secret: string | undefined, body: ReleaseBillPartBody): Promise<TableSession> {
    const { member, session } = await authenticate(secret);
    const part = await findBillPart(db, body.partId.toLowerCase());
    if (!part || part.sessionId !== session.id || part.memberId !== member.id)
      throw new AppError('TABLE_PART_NOT_FOUND');
    const released = await db.transaction(async (tx) => {
      await lockAndBump(tx, session.id);
      return releaseParts(tx, session.id, [part.id]);
    });
    if (released.length) {
      await deps.payments?.cancelPartIntents(part.orderId, part.id);
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

  /** PUT /api/table/member: the guest's allergies and diets as their phone has them now. */
  async function setProfile(secret: string | undefined, body: TableMemberProfileBody): Promise<TableSession> {
    const { member, session } = await authenticate(secret);
    const profile = unionAllergyProfiles([body.allergyProfile as AllergyProfile]);
    await setMemberAllergyProfile(db, member.id, profile);
    return view(session.id, { ...member, allergyProfile: profile });
  }

  /**
   * The table as the guest assistant reads it (issue 20 item 4): null when the secret names no member
   * of an open session of this venue (the chat then answers as for a phone without a table).
   */
  async function assistantTable(secret: string | undefined, venueUrl: string): Promise<AssistantTable | null> {
    let found;
    try {
      found = await authenticate(secret);
    } catch (error) {
      if (error instanceof AppError) return null;
      throw error;
    }
    const base = await readBase(found.session.id);
    if (!base || base.venueUrl !== venueUrl.toLowerCase()) return null;
    const orderId = found.session.orderId;
    const [order, items, parts] = orderId
      ? await Promise.all([findBillOrder(db, orderId), listBillItems(db, orderId), listBillParts(db, orderId)])
      : [undefined, [], []];
    let bill: AssistantTable['bill'] = null;
    if (order) {
      const sum = (status: string, memberId?: string) =>
        parts
          .filter((p) => p.status === status && (!memberId || p.memberId === memberId))
          .reduce((total, p) => total + p.amountMinor, 0);
      const paidMinor = order.paymentStatus === 'paid' ? order.totalMinor : sum('paid');
      const heldMinor = order.paymentStatus === 'paid' ? 0 : sum('held');
      bill = {
        totalMinor: order.totalMinor,
        paidMinor,
        heldMinor,
        remainingMinor: Math.max(0, order.totalMinor - paidMinor - heldMinor),
        myPaidMinor: sum('paid', found.member.id),
        myHeldMinor: sum('held', found.member.id),
      };
    }
    return {
      spot: base.spot,
      me: found.member.name,
      guests: base.members.length,
      ordered: items.map((i) => ({
        productId: i.productId,
        name: i.name,
        variationIds: i.variations.map((v) => v.id),
        variationNames: i.variations.map((v) => v.name),
        quantity: i.quantity,
        totalMinor: i.lineTotalMinor,
        round: i.round,
      })),
      cart: base.cart.map((l) => ({ name: l.name, quantity: l.quantity, addedBy: l.addedBy.name })),
      bill,
    };
  }

  return {
    join,
    authenticate,
    assistantTable,
    setProfile,
    readBase,
    getSession,
    addLine,
    changeLine,
    sendRound,
    takePart,
    releasePart,
    newTableCode,
    closeTable,
  };
}

export type TableSessionsService = ReturnType<typeof createTableSessionsService>;
