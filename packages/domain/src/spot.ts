import { DomainError } from './errors.ts';
/**
 * The spot value of a courier-delivery order (spec section 9). Defined here, in a module free of zod,
 * so the guest page can use it without pulling in the import schema.
 */
export const DELIVERY_SPOT = 'delivery';
/** The spot value of a pickup ("click and collect") order (decision 032). */
export const PICKUP_SPOT = 'pickup';

/**
 * Spot rules (spec section 4): a spot is one of the venue's tables, or 'delivery' for a venue
 * with courier delivery (enable_uber_direct). Choosing a table turns delivery off; choosing
 * delivery sets the spot to 'delivery'.
 */

export interface SpotVenue {
  spots: readonly string[];
  enable_uber_direct: boolean;
  /** Pickup ("click and collect"), when the venue offers it (decision 032). */
  pickup?: { enabled: boolean } | null | undefined;
}

/** True when the venue lets guests collect their order. */
export function offersPickup(venue: SpotVenue): boolean {
  return venue.pickup?.enabled === true;
}

export interface SpotState {
  /** A table name, 'delivery', or null when none is chosen yet. */
  spot: string | null;
  delivery: boolean;
}

export const NO_SPOT: SpotState = { spot: null, delivery: false };

export function isTableSpot(venue: SpotVenue, spot: unknown): spot is string {
  return typeof spot === 'string' && spot !== DELIVERY_SPOT && spot !== PICKUP_SPOT && venue.spots.includes(spot);
}

/** True for one of the venue's tables, 'delivery' when the venue offers delivery, 'pickup' when it offers pickup. */
export function isValidSpot(venue: SpotVenue, spot: unknown): spot is string {
  if (spot === DELIVERY_SPOT) return venue.enable_uber_direct;
  if (spot === PICKUP_SPOT) return offersPickup(venue);
  return isTableSpot(venue, spot);
}

/**
 * The `?spot=` query value: accepted only when valid for the venue (see isValidSpot);
 * 'delivery' also sets the delivery flag. Anything else is ignored (null).
 */
export function spotFromQuery(venue: SpotVenue, query: string | null | undefined): SpotState | null {
  if (query === null || query === undefined) return null;
  if (!isValidSpot(venue, query)) return null;
  return query === DELIVERY_SPOT ? { spot: DELIVERY_SPOT, delivery: true } : { spot: query, delivery: false };
}

/** Choosing a table turns delivery off. An unknown table is refused ('Invalid spot selected'). */
export function chooseTable(venue: SpotVenue, spot: string): SpotState {
  if (!isTableSpot(venue, spot)) throw new DomainError('INVALID_SPOT');
  return { spot, delivery: false };
}

/** Choosing pickup sets the spot to 'pickup' (no delivery); refused for a venue without pickup. */
export function choosePickup(venue: SpotVenue): SpotState {
  if (!offersPickup(venue)) throw new DomainError('PICKUP_NOT_AVAILABLE');
  return { spot: PICKUP_SPOT, delivery: false };
}

/** Choosing delivery sets the spot to 'delivery'; refused for a venue without delivery. */
export function chooseDelivery(venue: SpotVenue): SpotState {
  if (!venue.enable_uber_direct) throw new DomainError('DELIVERY_NOT_AVAILABLE');
  return { spot: DELIVERY_SPOT, delivery: true };
}

/**
 * A stored spot checked again against the (possibly changed) venue: kept when still valid,
 * otherwise cleared, as the spec clears an invalid spot.
 */
export function revalidateSpot(venue: SpotVenue, state: SpotState): SpotState {
  if (state.spot === null) return NO_SPOT;
  return spotFromQuery(venue, state.spot) ?? NO_SPOT;
}

/** The order bar opens the delivery-or-table dialog by itself when delivery is possible and nothing is chosen yet. */
export function shouldAskDeliveryOrTable(venue: SpotVenue, state: SpotState, hasOrder: boolean): boolean {
  return venue.enable_uber_direct && !state.delivery && state.spot === null && !hasOrder;
}
