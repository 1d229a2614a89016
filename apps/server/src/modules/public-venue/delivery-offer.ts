import type { Env } from '../../env.ts';

/**
 * Delivery is offered to guests only where it can be quoted (issue 7): the venue turns it on
 * (enable_uber_direct) AND either has its own delivery fee or a courier is configured for this
 * server (Uber Direct credentials). Otherwise every quote would fail at the last step of a
 * delivery order, after the guest typed their address.
 */
export type CourierEnv = Pick<Env, 'UBER_DIRECT_CUSTOMER_ID' | 'UBER_DIRECT_CLIENT_ID' | 'UBER_DIRECT_CLIENT_SECRET'>;

/** True when the Uber Direct courier has all the credentials it needs. */
export function courierConfigured(env: CourierEnv): boolean {
  return Boolean(env.UBER_DIRECT_CUSTOMER_ID && env.UBER_DIRECT_CLIENT_ID && env.UBER_DIRECT_CLIENT_SECRET);
}

export interface DeliverySettings {
  enableUberDirect: boolean;
  deliveryFeeMinor: number | null;
}

/** Whether a delivery for this venue could be quoted at all. */
export function deliveryQuotable(venue: Pick<DeliverySettings, 'deliveryFeeMinor'>, courier: boolean): boolean {
  return courier || (venue.deliveryFeeMinor !== null && venue.deliveryFeeMinor !== undefined);
}

/** The public venue's enable_uber_direct: enabled by the venue and quotable. */
export function offersDelivery(venue: DeliverySettings, courier: boolean): boolean {
  return venue.enableUberDirect && deliveryQuotable(venue, courier);
}

/** The import's warning (not an error) for a venue that enables delivery nobody can quote. */
export function unquotableDeliveryWarning(venue: DeliverySettings, courier: boolean): string | null {
  if (!venue.enableUberDirect || deliveryQuotable(venue, courier)) return null;
  return (
    'Warning: enable_uber_direct is on but the venue has no deliveryFee and Uber Direct is not configured ' +
    '(UBER_DIRECT_CUSTOMER_ID, UBER_DIRECT_CLIENT_ID, UBER_DIRECT_CLIENT_SECRET): guests will not be offered delivery ' +
    'until one of them is set.'
  );
}
