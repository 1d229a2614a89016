import { describe, expect, it } from 'vitest';
import { DeliveryQuoteUnavailableError, type DeliveryVenue } from './delivery-provider.ts';
import { createOfflineDeliveryProvider, OFFLINE_QUOTE_TTL_MS } from './offline-delivery.ts';

const venue = (deliveryFeeMinor: number | null): DeliveryVenue => ({
  id: '6f1c1a52-5d0e-4a39-9b43-0d6c7a0b5a11',
  venueUrl: 'casa-verde',
  name: 'Casa Verde',
  currency: 'eur',
  pickupAddress: 'Via Roma 1',
  pickupPhone: null,
  deliveryFeeMinor,
});

describe('offline delivery provider', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  const provider = createOfflineDeliveryProvider({ now: () => now });

  it.each<[number, number]>([
    [450, 450],
    [0, 0],
    [12000, 12000],
  ])('quotes the venue fee %s for any address, valid 30 minutes', async (fee, expected) => {
    const q = await provider.quote({ venue: venue(fee), dropoffAddress: 'Via Appia 10, Roma' });
    expect(q.fee).toBe(expected);
    expect(q.expiresAt.getTime()).toBe(now + OFFLINE_QUOTE_TTL_MS);
    expect(OFFLINE_QUOTE_TTL_MS).toBe(30 * 60_000);
  });

  it('cannot quote for a venue without a configured fee', async () => {
    await expect(provider.quote({ venue: venue(null), dropoffAddress: 'Via Appia 10, Roma' })).rejects.toBeInstanceOf(
      DeliveryQuoteUnavailableError,
    );
  });

  it('creates a pending delivery for the venue staff', async () => {
    const created = await provider.createDelivery({
      venue: venue(450),
      orderId: 'o1',
      orderNumber: 7,
      quoteRef: null,
      feeMinor: 450,
      dropoff: { name: 'Ada Lovelace', address: 'Via Appia 10, Roma' },
      items: [{ name: 'Margherita', quantity: 2 }],
    });
    expect(created).toEqual({ providerRef: null, status: 'pending', trackingUrl: null });
  });
});
