import { canMoveOrder, isFinalOrderStatus, isUuid } from '@carte/domain';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { DeliveryProvider } from '../../providers/delivery/delivery-provider.ts';
import {
  claimDelivery,
  findDispatchCandidate,
  findDueCourierOrders,
  findOrderItemsForManifest,
  lockDeliveryForWebhook,
  markDeliveryFailed,
  moveOrderByCourier,
  recordCourierChange,
  recordWebhookEvent,
  storeCreatedDelivery,
  touchOrder,
  updateDeliveryFromWebhook,
  type DispatchCandidate,
} from './courier.repository.ts';
import {
  courierStatusAdvances,
  orderTargetFor,
  parseUberWebhook,
  verifyUberSignature,
  type UberWebhookEvent,
} from './uber-webhook.ts';

/** The event bus as the courier uses it (architecture 4.8: deps.events). */
export interface CourierEventBus {
  publish(event: { type: 'order.updated'; orderId: string; venueId: string }): Promise<void> | void;
  subscribe(handler: (event: { type: string; orderId: string; venueId: string }) => void): () => void;
}

export interface CourierLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface CourierServiceDeps {
  db: Db;
  delivery: DeliveryProvider;
  events: Pick<CourierEventBus, 'publish'>;
  /** Card payments are configured on this server (a venue with cardPayment then dispatches when paid). */
  cardPayments: boolean;
  /** The Uber Direct webhook signing key; unset refuses every webhook. */
  webhookSecret: string | undefined;
  log: CourierLog;
}

/** Order states after the staff accepted it and before the food left. */
const ACCEPTED_STATES = new Set(['accepted', 'preparing', 'ready']);
const MAX_REASON = 300;

export function createCourierService(deps: CourierServiceDeps) {
  const { db, delivery, log } = deps;

  /**
   * A courier is booked once the staff accepted the order, or once it is paid where the venue takes
   * cards; never for a cancelled or finished order, and only for this server's courier provider.
   */
  function courierDue(c: DispatchCandidate): boolean {
    if (!c.isDelivery || c.delivery.provider !== delivery.name) return false;
    if (c.delivery.providerRef !== null || c.delivery.status !== 'pending') return false;
    if (isFinalOrderStatus(c.status)) return false;
    if (ACCEPTED_STATES.has(c.status)) return true;
    return deps.cardPayments && c.venue.cardPayment && c.paymentStatus === 'paid';
  }

  async function publish(orderId: string, venueId: string) {
    try {
      await deps.events.publish({ type: 'order.updated', orderId, venueId });
    } catch (e) {
      log.warn({ err: e, orderId }, 'courier: order.updated not published');
    }
  }

  /**
   * Books the courier for an order when it is due. Every process receives the event: the claim in
   * the database lets exactly one of them call the provider. A failure is recorded on the delivery
   * ('failed') and in the order's history, shown to the staff, and never thrown.
   */
  async function dispatch(orderId: string): Promise<'created' | 'failed' | 'skipped'> {
    const c = await findDispatchCandidate(db, orderId);
    if (!c || !courierDue(c)) return 'skipped';
    if (!(await claimDelivery(db, c.delivery.id))) return 'skipped';
    const info = (c.deliveryInfo ?? {}) as Record<string, string | undefined>;
    try {
      const items = await findOrderItemsForManifest(db, orderId);
      const created = await delivery.createDelivery({
        venue: {
          id: c.venue.id,
          venueUrl: c.venue.venueUrl,
          name: c.venue.name,
          currency: c.venue.currency,
          pickupAddress: c.venue.pickupAddress,
          pickupPhone: c.venue.pickupPhone,
          deliveryFeeMinor: c.venue.deliveryFeeMinor,
        },
        orderId: c.orderId,
        orderNumber: c.number,
        quoteRef: c.delivery.quoteRef,
        feeMinor: c.delivery.feeMinor,
        dropoff: {
          name: info.fullName ?? '',
          phone: info.phone,
          email: info.email,
          address: info.fullAddress ?? '',
          notes: info.notes,
        },
        items,
      });
      await db.transaction(async (tx) => {
        await storeCreatedDelivery(tx, c.delivery.id, {
          providerRef: created.providerRef,
          status: created.status,
          trackingUrl: created.trackingUrl,
          dropoffEta: created.dropoffEta ?? null,
        });
        await recordCourierChange(tx, orderId, { from: 'requested', to: created.status });
      });
      log.info({ orderId, provider: delivery.name, providerRef: created.providerRef }, 'courier booked');
      await publish(orderId, c.venueId);
      return 'created';
    } catch (e) {
      const reason = String((e as Error)?.message ?? e).slice(0, MAX_REASON);
      log.error({ err: e, orderId, provider: delivery.name }, 'courier: delivery creation failed');
      try {
        await db.transaction(async (tx) => {
          await markDeliveryFailed(tx, c.delivery.id);
          await recordCourierChange(tx, orderId, { from: 'requested', to: 'failed', reason });
        });
        await publish(orderId, c.venueId);
      } catch (e2) {
        log.error({ err: e2, orderId }, 'courier: the failure could not be recorded');
      }
      return 'failed';
    }
  }

  /**
   * Books every courier that is due but was never booked (its event was lost: no process was
   * listening, or the listening connection broke). Run at start and when the bus resyncs.
   */
  async function dispatchDue(): Promise<number> {
    const due = await findDueCourierOrders(db, {
      provider: delivery.name,
      cardPayments: deps.cardPayments,
      since: new Date(Date.now() - 24 * 3_600_000),
      limit: 100,
    });
    let created = 0;
    for (const orderId of due) if ((await dispatch(orderId)) === 'created') created += 1;
    return created;
  }

  /** The bus handler: never throws, never blocks the publisher. */
  function onOrderEvent(event: { type: string; orderId: string }): void {
    if (!event.type.startsWith('order.')) return; // a call from the table or a table's cart, not an order
    dispatch(event.orderId).catch((e: unknown) =>
      log.error({ err: e, orderId: event.orderId }, 'courier dispatch failed'),
    );
  }

  async function applyEvent(ev: UberWebhookEvent) {
    const externalId = ev.externalId && isUuid(ev.externalId) ? ev.externalId.toLowerCase() : null;
    return db.transaction(async (tx) => {
      if (!(await recordWebhookEvent(tx, delivery.name, ev.id, ev.kind))) return { applied: false as const };
      const found = await lockDeliveryForWebhook(tx, delivery.name, ev.deliveryId, externalId);
      if (!found) return { applied: false as const };
      const { delivery: row, order } = found;
      const values: Parameters<typeof updateDeliveryFromWebhook>[2] = {};
      let visible = false;
      if (!row.providerRef && ev.deliveryId) values.providerRef = ev.deliveryId;
      if (ev.courier) {
        const before = (row.courier ?? {}) as Record<string, unknown>;
        const merged = {
          ...before,
          ...Object.fromEntries(Object.entries(ev.courier).filter(([, v]) => v !== null)),
        };
        values.courier = merged;
        visible ||= merged.name !== before.name || merged.phone !== before.phone;
      }
      if (ev.trackingUrl && ev.trackingUrl !== row.trackingUrl) {
        values.trackingUrl = ev.trackingUrl;
        visible = true;
      }
      if (ev.dropoffEta && ev.dropoffEta.getTime() !== row.dropoffEta?.getTime()) {
        values.dropoffEta = ev.dropoffEta;
        visible = true;
      }
      const advanced = ev.status !== null && courierStatusAdvances(row.status, ev.status);
      if (advanced) values.status = ev.status!;
      if (Object.keys(values).length > 0) await updateDeliveryFromWebhook(tx, row.id, values);
      if (advanced) {
        await recordCourierChange(tx, order.id, { from: row.status, to: ev.status! });
        visible = true;
        // The courier moves the order only where the domain's table lets it (ready -> out for
        // delivery -> delivered); a missed pickup event is walked through on delivery.
        const target = orderTargetFor(ev.status!);
        const path = target === 'delivered' ? ['out_for_delivery', 'delivered'] : target ? [target] : [];
        let status = order.status;
        for (const step of path) {
          if (status === step) continue;
          if (!canMoveOrder({ status, delivery: order.delivery }, step, 'courier')) break;
          if (!(await moveOrderByCourier(tx, order.id, status, step, `courier: ${ev.status}`))) break;
          status = step;
        }
      } else if (visible) {
        await touchOrder(tx, order.id);
      }
      return { applied: true as const, orderId: order.id, venueId: order.venueId, visible };
    });
  }

  /** POST /api/uber/webhook: signed by Uber, each event applied once, out-of-order statuses never go back. */
  async function receiveWebhook(rawBody: Buffer, signature: string | string[] | undefined) {
    if (!deps.webhookSecret) {
      throw new AppError('WEBHOOK_SIGNATURE_INVALID', { logMessage: 'UBER_DIRECT_WEBHOOK_SECRET is not set' });
    }
    if (!verifyUberSignature(rawBody, signature, deps.webhookSecret)) {
      throw new AppError('WEBHOOK_SIGNATURE_INVALID', { logMessage: 'uber webhook with a wrong signature' });
    }
    let body: unknown;
    try {
      body = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw new AppError('MALFORMED_JSON');
    }
    const ev = parseUberWebhook(body);
    if (!ev) return { received: true, applied: false };
    const result = await applyEvent(ev);
    if (result.applied && result.visible) await publish(result.orderId, result.venueId);
    return { received: true, applied: result.applied };
  }

  return { dispatch, dispatchDue, onOrderEvent, receiveWebhook, courierDue };
}

export type CourierService = ReturnType<typeof createCourierService>;
