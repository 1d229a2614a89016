import {
  canMovePayment,
  canRefund,
  fromMinor,
  hasAtMostTwoDecimals,
  isValidTipMinor,
  tipFromPercent,
  toMinor,
  type PaymentStatus,
} from '@carte/domain';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { assignReceiptNumber, issueCreditNote } from '../receipts/receipts.service.ts';
import type { PaymentProvider, PaymentWebhookEvent } from '../../providers/payment/payment-provider.ts';
import { isUuid } from '@carte/domain';
import {
  closeSessionOfOrder,
  findLatestPayment,
  insertPartPayment,
  lockPart,
  paidPartsOf,
  sessionOfOrder,
  setPartStatus,
  findOrderForPayment,
  findPaymentByRef,
  findPaymentsOfOrder,
  hasActiveParts,
  insertPaymentEvent,
  lockOrder,
  recordWebhookEvent,
  setOrderPayment,
  setPaymentStatus,
  upsertPendingPayment,
  type PaymentRow,
} from './payments.repository.ts';
import type { CarteMetrics } from '../../metrics/metrics.ts';

/** The event bus of architecture 4.8 (helper A's `deps.events`), as this module uses it. */
export interface OrderEventPublisher {
  publish(event: { type: 'order.created' | 'order.updated' | 'table.updated'; orderId: string; venueId: string }): unknown;
}

export interface PaymentsServiceDeps {
  db: Db;
  payments: PaymentProvider;
  events?: OrderEventPublisher;
  log?: { warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
  /** Counts each payment outcome applied to an order (/metrics). */
  metrics?: Pick<CarteMetrics, 'payments'>;
}

export interface CreateIntentInput {
  orderId?: string;
  /** The tip as a decimal amount (2.5), or */
  tip?: number;
  /** the tip as a percentage of the order total (10). */
  tipPercent?: number;
}

export interface CreatedIntentAnswer {
  clientSecret: string;
  publishableKey: string;
  /** What the guest pays: the order total plus the tip, as a decimal. */
  amount: number;
  tip: number;
  paymentId: string;
  currency: string;
  scriptUrl: string;
}

/** Unpaid, failed or an attempt in progress: the guest may (re)start paying. */
const PAYABLE: readonly string[] = ['unpaid', 'pending', 'failed'];

export function createPaymentsService(deps: PaymentsServiceDeps) {
  const { db, payments: provider } = deps;

  const publish = async (orderId: string, venueId: string) => {
    try {
      await deps.events?.publish({ type: 'order.updated', orderId, venueId });
    } catch (e) {
      deps.log?.warn({ err: e, orderId }, 'order.updated could not be published');
    }
  };

  function tipMinorOf(input: CreateIntentInput, totalMinor: number): number {
    if (input.tip !== undefined && input.tipPercent !== undefined) {
      throw new AppError('INVALID_TIP', { logMessage: 'both tip and tipPercent given' });
    }
    if (input.tipPercent !== undefined) {
      if (!Number.isFinite(input.tipPercent) || input.tipPercent < 0 || input.tipPercent > 100) {
        throw new AppError('INVALID_TIP', { logMessage: `tipPercent ${input.tipPercent}` });
      }
      const tip = tipFromPercent(totalMinor, input.tipPercent);
      if (!isValidTipMinor(totalMinor, tip)) throw new AppError('INVALID_TIP');
      return tip;
    }
    if (input.tip === undefined) return 0;
    if (!hasAtMostTwoDecimals(input.tip)) throw new AppError('INVALID_TIP', { logMessage: `tip ${input.tip}` });
    const tip = toMinor(input.tip);
    if (!isValidTipMinor(totalMinor, tip)) throw new AppError('INVALID_TIP', { logMessage: `tip ${input.tip}` });
    return tip;
  }

  /**
   * POST /api/order/create-intent: a payment intent for the order's server total plus the tip.
   * The idempotency key is the order and the amount, so asking twice for the same amount gives the
   * same intent (and its client secret); a new amount replaces the earlier unpaid intent, which is
   * cancelled so that it can never be charged as well.
   */
  async function createIntent(input: CreateIntentInput): Promise<CreatedIntentAnswer> {
    const orderId = input.orderId?.trim().toLowerCase();
    if (!orderId || !isUuid(orderId)) throw new AppError('PAYMENT_ORDER_MISSING', { logMessage: 'no order id' });
    const order = await findOrderForPayment(db, orderId);
    if (!order) throw new AppError('PAYMENT_ORDER_MISSING', { logMessage: `no order ${orderId}` });
    if (!provider.enabled || !provider.publishableKey || !order.cardPayment) {
      throw new AppError('CARD_PAYMENT_UNAVAILABLE', { logMessage: `card payment off for venue ${order.venueId}` });
    }
    if (!PAYABLE.includes(order.paymentStatus)) {
      throw new AppError('ORDER_ALREADY_PAID', { logMessage: `order ${orderId} is ${order.paymentStatus}` });
    }
    if (order.status === 'cancelled') {
      throw new AppError('CARD_PAYMENT_UNAVAILABLE', { logMessage: `order ${orderId} is cancelled` });
    }
    // A table paying in parts (decision 034): each guest pays their part, nobody the whole bill.
    if (await hasActiveParts(db, orderId)) throw new AppError('TABLE_BILL_SPLIT');
    const tipMinor = tipMinorOf(input, order.totalMinor);
    // A guest who paid, closed the page before we heard of it and came back must not pay twice:
    // an earlier attempt that Stripe says succeeded settles the order now.
    if (order.paymentStatus === 'pending' && (await settleSucceededAttempt(orderId))) {
      throw new AppError('ORDER_ALREADY_PAID', { logMessage: `order ${orderId} was paid by an earlier intent` });
    }
    const amountMinor = order.totalMinor + tipMinor;

    let intent;
    try {
      intent = await provider.createIntent({
        orderId,
        venueId: order.venueId,
        amountMinor,
        tipMinor,
        currency: order.currency,
        idempotencyKey: `carte-order-${orderId}-amount-${amountMinor}`,
        description: `${order.venueName} #${order.number}`,
      });
    } catch (e) {
      throw new AppError('PAYMENT_FAILED', { logMessage: `create intent: ${(e as Error).message}`, cause: e });
    }
    if (intent.amountMinor !== amountMinor || intent.orderId !== orderId) {
      throw new AppError('PAYMENT_FAILED', { logMessage: `intent ${intent.id} does not match order ${orderId}` });
    }

    const outcome = await db.transaction(async (tx) => {
      const locked = await lockOrder(tx, orderId);
      if (!locked || !PAYABLE.includes(locked.paymentStatus)) return { kind: 'paid' as const };
      const stored = await upsertPendingPayment(tx, {
        orderId,
        provider: provider.name,
        providerRef: intent.id,
        amountMinor,
        tipMinor,
        currency: order.currency,
      });
      if (!stored) return { kind: 'paid' as const };
      await setOrderPayment(tx, orderId, { paymentStatus: 'pending', tipMinor });
      if (locked.paymentStatus !== 'pending') {
        await insertPaymentEvent(tx, { orderId, from: locked.paymentStatus, to: 'pending' });
      }
      return { kind: 'pending' as const, payment: stored };
    });
    if (outcome.kind === 'paid') throw new AppError('ORDER_ALREADY_PAID');
    await publish(orderId, order.venueId);

    // Earlier intents of this order for other amounts can no longer be paid.
    const others = (await findPaymentsOfOrder(db, orderId)).filter(
      (p) => p.id !== outcome.payment.id && p.provider === provider.name && p.providerRef && p.status === 'pending',
    );
    for (const other of others) {
      try {
        await provider.cancelIntent(other.providerRef!);
        await db.transaction((tx) => setPaymentStatus(tx, other.id, 'failed'));
      } catch (e) {
        deps.log?.warn({ err: e, paymentId: other.id }, 'an earlier payment intent could not be cancelled');
      }
    }

    return {
      clientSecret: intent.clientSecret,
      publishableKey: provider.publishableKey,
      amount: fromMinor(amountMinor),
      tip: fromMinor(tipMinor),
      paymentId: intent.id,
      currency: order.currency,
      scriptUrl: provider.scriptUrl,
    };
  }

  /**
   * Moves one payment attempt, and with it the order, to `to` when the domain allows it; with an
   * event id, the event is recorded in the same transaction and a replay changes nothing.
   * A failure of an attempt that is not the order's latest leaves the order alone (the guest is
   * paying with a newer one). Returns true when the order's payment status changed.
   */
  async function applyPaymentStatus(
    payment: PaymentRow,
    to: PaymentStatus,
    opts: { event?: { id: string; type: string }; byUserId?: string | null; reason?: string } = {},
  ): Promise<{ changed: boolean; venueId: string | null }> {
    if (payment.partId) return applyPartStatus(payment, to, opts);
    const result = await db.transaction(async (tx) => {
      if (opts.event && !(await recordWebhookEvent(tx, provider.name, opts.event.id, opts.event.type))) {
        return { changed: false, venueId: null };
      }
      const order = await lockOrder(tx, payment.orderId);
      if (!order) return { changed: false, venueId: null };
      const current = await findPaymentByRef(tx, payment.provider, payment.providerRef ?? '');
      if (current && canMovePayment(current.status, to)) await setPaymentStatus(tx, current.id, to);
      if (to === 'failed') {
        const latest = await findLatestPayment(tx, payment.orderId);
        if (latest && latest.id !== payment.id) return { changed: false, venueId: order.venueId };
      }
      if (!canMovePayment(order.paymentStatus, to) || order.paymentStatus === to) {
        return { changed: false, venueId: order.venueId };
      }
      await setOrderPayment(tx, payment.orderId, {
        paymentStatus: to,
        ...(to === 'paid' ? { tipMinor: payment.tipMinor } : {}),
      });
      // A paid order gets its receipt number, a refunded one its credit note, in this transaction.
      if (to === 'paid') await assignReceiptNumber(tx, payment.orderId);
      if (to === 'refunded') await issueCreditNote(tx, payment.orderId, order.totalMinor + order.tipMinor);
      await insertPaymentEvent(tx, {
        orderId: payment.orderId,
        from: order.paymentStatus,
        to,
        byUserId: opts.byUserId ?? null,
        reason: opts.reason ?? null,
      });
      return { changed: true, venueId: order.venueId };
    });
    if (result.changed) deps.metrics?.payments.inc({ status: to });
    return result;
  }

  /**
   * A table guest's part (decision 034): its payment succeeded, failed or was refunded. A paid part
   * counts towards the bill; when the paid parts reach the bill's total the order is paid (receipt
   * number, tips of every part) and the table's session ends. A failed payment frees its part. All in
   * one transaction holding the order row, then the table's phones and the board are told.
   */
  async function applyPartStatus(
    payment: PaymentRow,
    to: PaymentStatus,
    opts: { event?: { id: string; type: string }; byUserId?: string | null; reason?: string },
  ): Promise<{ changed: boolean; venueId: string | null }> {
    const result = await db.transaction(async (tx) => {
      const none = { changed: false, venueId: null as string | null };
      if (opts.event && !(await recordWebhookEvent(tx, provider.name, opts.event.id, opts.event.type))) return none;
      const order = await lockOrder(tx, payment.orderId);
      const part = await lockPart(tx, payment.partId!);
      if (!order || !part) return none;
      const current = await findPaymentByRef(tx, payment.provider, payment.providerRef ?? '');
      if (current && canMovePayment(current.status, to)) await setPaymentStatus(tx, current.id, to);
      const changed = { changed: true, venueId: order.venueId };
      if (to === 'paid') {
        if (part.status === 'paid') return { ...none, venueId: order.venueId };
        await setPartStatus(tx, part.id, 'paid');
        const paid = await paidPartsOf(tx, order.id);
        if (paid.amountMinor >= order.totalMinor && PAYABLE.includes(order.paymentStatus)) {
          await setOrderPayment(tx, order.id, { paymentStatus: 'paid', tipMinor: paid.tipMinor });
          await assignReceiptNumber(tx, order.id);
          await insertPaymentEvent(tx, { orderId: order.id, from: order.paymentStatus, to: 'paid', reason: 'every part paid' });
          await closeSessionOfOrder(tx, order.id);
        }
        return changed;
      }
      if (to === 'failed') {
        if (part.status !== 'held') return { ...none, venueId: order.venueId };
        await setPartStatus(tx, part.id, 'released');
        return changed;
      }
      if (to === 'refunded' && order.paymentStatus === 'paid') {
        await setOrderPayment(tx, order.id, { paymentStatus: 'refunded' });
        await issueCreditNote(tx, order.id, order.totalMinor + order.tipMinor);
        await insertPaymentEvent(tx, {
          orderId: order.id,
          from: order.paymentStatus,
          to,
          byUserId: opts.byUserId ?? null,
          reason: opts.reason ?? null,
        });
        return changed;
      }
      return { ...none, venueId: order.venueId };
    });
    if (result.changed) {
      deps.metrics?.payments.inc({ status: to });
      const session = await sessionOfOrder(db, payment.orderId);
      if (session) {
        try {
          await deps.events?.publish({ type: 'table.updated', orderId: session.id, venueId: session.venueId });
        } catch (e) {
          deps.log?.warn({ err: e, sessionId: session.id }, 'table.updated could not be published');
        }
      }
    }
    return result;
  }

  /**
   * A card payment for a table guest's part of the bill (decision 034): an intent for the part plus
   * the tip, recorded against the bill's order with the part; the order itself stays unpaid until
   * every part is paid. The idempotency key is the part: asking twice gives the same intent.
   */
  async function createPartIntent(input: {
    partId: string;
    orderId: string;
    amountMinor: number;
    tipMinor: number;
  }): Promise<CreatedIntentAnswer> {
    const order = await findOrderForPayment(db, input.orderId);
    if (!order) throw new AppError('PAYMENT_ORDER_MISSING');
    if (!provider.enabled || !provider.publishableKey || !order.cardPayment) {
      throw new AppError('CARD_PAYMENT_UNAVAILABLE', { logMessage: `card payment off for venue ${order.venueId}` });
    }
    const amountMinor = input.amountMinor + input.tipMinor;
    let intent;
    try {
      intent = await provider.createIntent({
        orderId: order.id,
        venueId: order.venueId,
        amountMinor,
        tipMinor: input.tipMinor,
        currency: order.currency,
        idempotencyKey: `carte-part-${input.partId}-amount-${amountMinor}`,
        description: `${order.venueName} #${order.number} (part)`,
      });
    } catch (e) {
      throw new AppError('PAYMENT_FAILED', { logMessage: `create part intent: ${(e as Error).message}`, cause: e });
    }
    if (intent.amountMinor !== amountMinor || intent.orderId !== order.id) {
      throw new AppError('PAYMENT_FAILED', { logMessage: `intent ${intent.id} does not match part ${input.partId}` });
    }
    await db.transaction((tx) =>
      insertPartPayment(tx, {
        orderId: order.id,
        partId: input.partId,
        provider: provider.name,
        providerRef: intent.id,
        amountMinor,
        tipMinor: input.tipMinor,
        currency: order.currency,
      }),
    );
    return {
      clientSecret: intent.clientSecret,
      publishableKey: provider.publishableKey,
      amount: fromMinor(amountMinor),
      tip: fromMinor(input.tipMinor),
      paymentId: intent.id,
      currency: order.currency,
      scriptUrl: provider.scriptUrl,
    };
  }

  /** Cancels the intents of a released part (best effort): a freed part can never be charged as well. */
  async function cancelPartIntents(orderId: string, partId: string): Promise<void> {
    for (const p of await findPaymentsOfOrder(db, orderId)) {
      if (p.partId !== partId || p.status !== 'pending' || !p.providerRef || p.provider !== provider.name) continue;
      try {
        await provider.cancelIntent(p.providerRef);
        await db.transaction((tx) => setPaymentStatus(tx, p.id, 'failed'));
      } catch (e) {
        deps.log?.warn({ err: e, paymentId: p.id }, "a released part's payment intent could not be cancelled");
      }
    }
  }

  /** Asks Stripe about the order's pending attempts; marks the order paid if one succeeded. */
  async function settleSucceededAttempt(orderId: string): Promise<boolean> {
    const pending = (await findPaymentsOfOrder(db, orderId)).filter(
      (p) => p.provider === provider.name && p.providerRef && p.status === 'pending',
    );
    for (const payment of pending) {
      let intent;
      try {
        intent = await provider.retrieveIntent(payment.providerRef!);
      } catch (e) {
        deps.log?.warn({ err: e, paymentId: payment.id }, 'a pending payment intent could not be read');
        continue;
      }
      if (intent?.status === 'succeeded' && intent.orderId === orderId && intent.amountMinor === payment.amountMinor) {
        const result = await applyPaymentStatus(payment, 'paid');
        if (result.changed && result.venueId) await publish(orderId, result.venueId);
        return true;
      }
    }
    return false;
  }

  /**
   * POST /api/order/confirm-payment: the browser says the guest paid; we ask Stripe. The intent
   * must be one we created for this order, for the amount we stored, and have succeeded.
   */
  async function confirmPayment(input: { paymentId?: string; orderId?: string }): Promise<{ paymentStatus: 'paid' }> {
    const paymentId = input.paymentId?.trim();
    const orderId = input.orderId?.trim().toLowerCase();
    if (!paymentId || !orderId) throw new AppError('PAYMENT_DATA_MISSING');
    const refuse = (why: string) => new AppError('PAYMENT_NOT_CONFIRMED', { logMessage: why });
    if (!provider.enabled || !isUuid(orderId)) throw refuse('card payment off or malformed order id');
    const payment = await findPaymentByRef(db, provider.name, paymentId);
    if (!payment || payment.orderId !== orderId) throw refuse(`intent ${paymentId} is not of order ${orderId}`);
    let intent;
    try {
      intent = await provider.retrieveIntent(paymentId);
    } catch (e) {
      throw new AppError('PAYMENT_NOT_CONFIRMED', { logMessage: `retrieve intent: ${(e as Error).message}`, cause: e });
    }
    if (!intent) throw refuse(`provider does not know intent ${paymentId}`);
    if (intent.orderId !== orderId) throw refuse(`intent ${paymentId} carries order ${intent.orderId}`);
    if (intent.amountMinor !== payment.amountMinor || intent.currency !== payment.currency.toLowerCase()) {
      throw refuse(
        `intent ${paymentId} is for ${intent.amountMinor} ${intent.currency}, we stored ${payment.amountMinor}`,
      );
    }
    if (intent.status !== 'succeeded') throw refuse(`intent ${paymentId} is ${intent.status}`);
    const result = await applyPaymentStatus(payment, 'paid');
    if (result.changed && result.venueId) await publish(orderId, result.venueId);
    return { paymentStatus: 'paid' };
  }

  /**
   * POST /api/stripe/webhook, after the signature was checked: the source of truth. Each event is
   * applied once; events about intents we did not create are acknowledged and ignored.
   */
  async function handleWebhook(event: PaymentWebhookEvent): Promise<{ applied: boolean }> {
    if (!event.paymentStatus || !event.intentId) return { applied: false };
    const payment = await findPaymentByRef(db, provider.name, event.intentId);
    if (!payment) return { applied: false };
    if (event.paymentStatus === 'paid' && event.type === 'payment_intent.succeeded') {
      const mismatch = await succeededMismatch(payment, event);
      if (mismatch) {
        // Recorded (once) beside the order, logged for the staff to look into; the order stays unpaid.
        const recorded = await db.transaction(async (tx) => {
          if (!(await recordWebhookEvent(tx, provider.name, event.id, event.type))) return false;
          const order = await lockOrder(tx, payment.orderId);
          if (!order) return false;
          await insertPaymentEvent(tx, {
            orderId: payment.orderId,
            kind: 'payment_mismatch',
            from: order.paymentStatus,
            to: order.paymentStatus,
            reason: `${event.id}: ${mismatch}`,
          });
          return true;
        });
        if (recorded) {
          deps.log?.warn(
            { orderId: payment.orderId, intentId: event.intentId, eventId: event.id },
            `Stripe webhook: payment_intent.succeeded does not match the order (${mismatch}); the order stays unpaid`,
          );
        }
        return { applied: false };
      }
    }
    const result = await applyPaymentStatus(payment, event.paymentStatus, {
      event: { id: event.id, type: event.type },
      reason: event.type,
    });
    if (result.changed && result.venueId) await publish(payment.orderId, result.venueId);
    return { applied: result.changed };
  }

  /**
   * Why a succeeded intent does not pay its order, or null when it does: its amount and currency
   * must equal the order's total plus the tip of this attempt, in the order's currency.
   */
  async function succeededMismatch(payment: PaymentRow, event: PaymentWebhookEvent): Promise<string | null> {
    const order = await findOrderForPayment(db, payment.orderId);
    if (!order) return 'order not found';
    // A table guest's part pays its own amount (checked when the part was taken), the whole order its total.
    const expectedMinor = payment.partId ? payment.amountMinor : order.totalMinor + payment.tipMinor;
    const expectedCurrency = order.currency.toLowerCase();
    const gotMinor = event.amountMinor ?? null;
    const gotCurrency = event.currency ?? null;
    if (gotMinor === expectedMinor && gotCurrency === expectedCurrency && payment.amountMinor === expectedMinor) {
      return null;
    }
    return `received ${gotMinor ?? '?'} ${gotCurrency ?? '?'}, expected ${expectedMinor} ${expectedCurrency}`;
  }

  /** The venue of an order (for the staff check before a refund), or undefined. */
  async function venueOfOrder(orderId: string): Promise<string | undefined> {
    if (!isUuid(orderId)) return undefined;
    return (await findOrderForPayment(db, orderId.toLowerCase()))?.venueId;
  }

  /** POST /api/order/refund (staff of the venue; checked by the route): a cancelled, paid order. */
  async function refund(orderId: string, byUserId: string): Promise<{ paymentStatus: 'refunded' }> {
    const id = orderId.toLowerCase();
    const order = await findOrderForPayment(db, id);
    if (!order) throw new AppError('ORDER_NOT_FOUND');
    if (!canRefund({ status: order.status, paymentStatus: order.paymentStatus })) {
      throw new AppError('REFUND_NOT_ALLOWED', { logMessage: `order ${id} is ${order.status}/${order.paymentStatus}` });
    }
    // A bill paid in parts (decision 034) is refunded part by part, each on its own card.
    const paidOnes = (await findPaymentsOfOrder(db, id)).filter((p) => p.status === 'paid' && p.providerRef);
    const toRefund = paidOnes.some((p) => p.partId) ? paidOnes : paidOnes.slice(0, 1);
    if (!toRefund.length || toRefund.some((p) => p.provider !== provider.name) || !provider.enabled) {
      throw new AppError('REFUND_NOT_ALLOWED', { logMessage: `order ${id} has no card payment to refund` });
    }
    for (const paid of toRefund) {
      try {
        await provider.refund({ intentId: paid.providerRef!, idempotencyKey: `carte-refund-${paid.id}` });
      } catch (e) {
        throw new AppError('PAYMENT_FAILED', { logMessage: `refund: ${(e as Error).message}`, cause: e });
      }
      const result = await applyPaymentStatus(paid, 'refunded', { byUserId, reason: 'refund' });
      if (result.changed && result.venueId) await publish(id, result.venueId);
    }
    return { paymentStatus: 'refunded' };
  }

  return { createIntent, createPartIntent, cancelPartIntents, confirmPayment, handleWebhook, refund, venueOfOrder };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
