import {
  addressLanguageFor,
  fromMinor,
  isAddressLanguage,
  normaliseAddress,
  sameAddress,
  ADDRESS_SEARCH_MIN_CHARS,
  type AddressSuggestion,
  type DeliveryQuoteRequest,
  type PublicDeliveryQuote,
  isUuid,
} from '@carte/domain';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import {
  DeliveryCurrencyError,
  DeliveryProviderError,
  type DeliveryProvider,
  type DeliveryVenue,
} from '../../providers/delivery/delivery-provider.ts';
import type { GeocoderProvider } from '../../providers/geocoder/geocoder.ts';
import {
  deleteExpiredQuotes,
  findLiveQuoteById,
  findLiveQuoteFor,
  insertDeliveryQuote,
  type DeliveryQuoteRow,
} from './delivery.repository.ts';
import { findVenueByUrl, type VenueRow } from '../venues/venues.service.ts';

/** The server honours a fee at most this long, whatever the provider says. */
export const QUOTE_TTL_MS = 30 * 60_000;
/** A fee above this (minor units) is not a believable delivery fee. */
const MAX_FEE_MINOR = 1_000_000;
const MAX_SUGGESTIONS = 10;

export function toDeliveryVenue(v: VenueRow): DeliveryVenue {
  return {
    id: v.id,
    venueUrl: v.venueUrl,
    name: v.name,
    currency: v.currency,
    pickupAddress: v.pickupAddress,
    pickupPhone: v.pickupPhone,
    deliveryFeeMinor: v.deliveryFeeMinor,
  };
}

export interface DeliveryServiceDeps {
  db: Db;
  delivery: DeliveryProvider;
  geocoder: GeocoderProvider;
  now?: () => number;
}

export function createDeliveryService(deps: DeliveryServiceDeps) {
  const now = deps.now ?? Date.now;
  let lastCleanup = 0;

  return {
    /** POST /api/delivery-quote: a fee the server gives and remembers, so an order can only use a fee we quoted. */
    async quoteDelivery(request: DeliveryQuoteRequest): Promise<PublicDeliveryQuote> {
      const venue = await findVenueByUrl(deps.db, request.venueUrl.toLowerCase());
      if (!venue) throw new AppError('VENUE_NOT_FOUND');
      if (!venue.enableUberDirect) {
        throw new AppError('DELIVERY_NOT_AVAILABLE', { message: 'Delivery is not available for this venue.' });
      }
      let result;
      try {
        result = await deps.delivery.quote({ venue: toDeliveryVenue(venue), dropoffAddress: request.deliveryAddress });
      } catch (e) {
        const logMessage = `delivery quote failed: ${(e as Error)?.message}`;
        // The courier's service failed: the spec's delivery message (502). A quote in another
        // currency is bad cost data; a venue nobody can quote for is the quote's own 500.
        if (e instanceof DeliveryProviderError) throw new AppError('PROVIDER_FAILED', { cause: e, logMessage });
        if (e instanceof DeliveryCurrencyError) throw new AppError('INVALID_DELIVERY_COST', { cause: e, logMessage });
        throw new AppError('DELIVERY_COST_FAILED', { cause: e, logMessage });
      }
      const fee: unknown = result?.fee;
      if (typeof fee !== 'number' || !Number.isInteger(fee) || fee < 0 || fee > MAX_FEE_MINOR) {
        throw new AppError('INVALID_DELIVERY_COST', {
          logMessage: `provider ${deps.delivery.name} returned fee ${JSON.stringify(fee)}`,
        });
      }
      const cap = now() + QUOTE_TTL_MS;
      const providerExpiry = result.expiresAt instanceof Date ? result.expiresAt.getTime() : Number.NaN;
      const expiresAt = new Date(Number.isFinite(providerExpiry) ? Math.min(providerExpiry, cap) : cap);
      const row = await insertDeliveryQuote(deps.db, {
        venueId: venue.id,
        provider: deps.delivery.name,
        providerRef: result.providerRef ?? null,
        address: request.deliveryAddress,
        feeMinor: fee,
        expiresAt,
      });
      // Old quotes are useless; sweep them now and then rather than on every request.
      if (now() - lastCleanup > 10 * 60_000) {
        lastCleanup = now();
        await deleteExpiredQuotes(deps.db, new Date(now() - 24 * 3_600_000)).catch(() => {});
      }
      return { fee: fromMinor(fee), quoteId: row.id, currency: venue.currency, expiresAt: row.expiresAt.toISOString() };
    },

    /** GET /api/address: suggestions for a typed address (3 characters or more, else none). */
    async suggestAddresses(q: string | undefined, language: string | undefined): Promise<AddressSuggestion[]> {
      const lang = language === undefined || language === '' ? addressLanguageFor(null) : language;
      if (!isAddressLanguage(lang)) throw new AppError('INVALID_LANGUAGE');
      const query = normaliseAddress(q ?? '');
      if (query.length < ADDRESS_SEARCH_MIN_CHARS) return [];
      let found: AddressSuggestion[];
      try {
        found = await deps.geocoder.suggest(query, lang, { limit: MAX_SUGGESTIONS });
      } catch (e) {
        throw new AppError('PROVIDER_FAILED', { cause: e, logMessage: `geocoder ${deps.geocoder.name} failed` });
      }
      return found
        .filter((s) => typeof s?.full_address === 'string' && s.full_address.trim() !== '')
        .slice(0, MAX_SUGGESTIONS)
        .map((s) => ({ full_address: normaliseAddress(s.full_address) }));
    },
  };
}

export type DeliveryService = ReturnType<typeof createDeliveryService>;

/**
 * The quote an order's delivery fee must come from: by id when the client passes it,
 * otherwise the newest live quote of the venue for the same address and fee.
 */
export async function findQuoteForOrder(
  db: Db,
  input: { venueId: string; quoteId: string | null; address: string; feeMinor: number; now: Date },
): Promise<DeliveryQuoteRow | undefined> {
  const address = normaliseAddress(input.address);
  if (input.quoteId) {
    if (!isUuid(input.quoteId)) return undefined;
    const q = await findLiveQuoteById(db, input.venueId, input.quoteId, input.now);
    return q && q.feeMinor === input.feeMinor && sameAddress(q.address, address) ? q : undefined;
  }
  return findLiveQuoteFor(db, input.venueId, address, input.feeMinor, input.now);
}
