import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Uber Direct webhooks (event.delivery_status, event.courier_update): the signature and the fields
 * Carte uses. Pure, so the rules are tested without a server.
 */
export const UBER_SIGNATURE_HEADER = 'x-uber-signature';

/** Uber's delivery states, in the order a delivery goes through them (canceled and returned end it). */
export const UBER_DELIVERY_STATUSES = [
  'pending',
  'pickup',
  'pickup_complete',
  'dropoff',
  'delivered',
  'canceled',
  'returned',
] as const;
export type UberDeliveryStatus = (typeof UBER_DELIVERY_STATUSES)[number];

const RANK: Record<string, number> = {
  pending: 0,
  pickup: 1,
  pickup_complete: 2,
  dropoff: 3,
  delivered: 4,
  canceled: 4,
  returned: 5,
};

export function isUberDeliveryStatus(v: unknown): v is UberDeliveryStatus {
  return typeof v === 'string' && (UBER_DELIVERY_STATUSES as readonly string[]).includes(v);
}

/**
 * Webhooks may arrive out of order: a status only replaces one that is not later in the delivery's
 * life. Our own states (requested, failed) are replaced by any of Uber's. A cancelled delivery can
 * still be returned.
 */
export function courierStatusAdvances(current: string, next: UberDeliveryStatus): boolean {
  if (current === next) return false;
  const from = RANK[current];
  if (from === undefined) return true;
  if (current === 'delivered' || current === 'canceled') return next === 'returned' && current === 'canceled';
  return RANK[next]! > from;
}

/**
 * The order state a courier status asks for: picked up means the food left the venue, delivered
 * means the guest has it. The domain's table decides whether the courier may make that move.
 */
export function orderTargetFor(status: UberDeliveryStatus): 'out_for_delivery' | 'delivered' | null {
  if (status === 'pickup_complete' || status === 'dropoff') return 'out_for_delivery';
  if (status === 'delivered') return 'delivered';
  return null;
}

/** HMAC-SHA256 of the raw body with the signing key, hex; compared in constant time. */
export function verifyUberSignature(rawBody: Buffer, header: string | string[] | undefined, secret: string): boolean {
  if (typeof header !== 'string' || !/^[0-9a-f]{64}$/i.test(header.trim())) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(header.trim(), 'hex'));
}

export function signUberBody(rawBody: string | Buffer, secret: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

export interface CourierInfo {
  name: string | null;
  phone: string | null;
  vehicle: string | null;
  location: { lat: number; lng: number } | null;
}

export interface UberWebhookEvent {
  id: string;
  kind: 'event.delivery_status' | 'event.courier_update';
  deliveryId: string | null;
  /** Our order id, from the delivery's external_id. */
  externalId: string | null;
  status: UberDeliveryStatus | null;
  courier: CourierInfo | null;
  trackingUrl: string | null;
  dropoffEta: Date | null;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const obj = (v: unknown): Record<string, unknown> | null =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

function location(v: unknown): { lat: number; lng: number } | null {
  const o = obj(v);
  const lat = o?.lat;
  const lng = o?.lng;
  return typeof lat === 'number' && typeof lng === 'number' && Number.isFinite(lat) && Number.isFinite(lng)
    ? { lat, lng }
    : null;
}

function date(v: unknown): Date | null {
  if (typeof v !== 'string') return null;
  const d = new Date(v);
  return Number.isFinite(d.getTime()) ? d : null;
}

/** Reads a webhook body; null when it is not an event Carte handles (other kinds, no id). */
export function parseUberWebhook(body: unknown): UberWebhookEvent | null {
  const e = obj(body);
  const id = str(e?.id) ?? str(e?.event_id);
  const kind = str(e?.kind) ?? str(e?.event_type);
  if (!e || !id || (kind !== 'event.delivery_status' && kind !== 'event.courier_update')) return null;
  const data = obj(e.data) ?? {};
  const rawCourier = obj(data.courier);
  const loc = location(e.location) ?? location(rawCourier?.location);
  const courier: CourierInfo | null =
    rawCourier || loc
      ? {
          name: str(rawCourier?.name),
          phone: str(rawCourier?.phone_number),
          vehicle: str(rawCourier?.vehicle_type),
          location: loc,
        }
      : null;
  const status = kind === 'event.delivery_status' ? (e.status ?? data.status) : data.status;
  return {
    id,
    kind,
    deliveryId: str(e.delivery_id) ?? str(data.id),
    externalId: str(data.external_id),
    status: isUberDeliveryStatus(status) ? status : null,
    courier,
    trackingUrl: str(data.tracking_url),
    dropoffEta: date(data.dropoff_eta),
  };
}
