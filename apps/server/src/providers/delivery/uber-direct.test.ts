import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeUberDirect, type FakeUberDirect } from '../../../test/fake-uber-direct.ts';
import {
  DeliveryCurrencyError,
  DeliveryProviderError,
  DeliveryQuoteUnavailableError,
  type DeliveryVenue,
} from './delivery-provider.ts';
import { createUberDirectProvider, TOKEN_REFRESH_MARGIN_MS } from './uber-direct.ts';

const venue: DeliveryVenue = {
  id: '6f1c1a52-5d0e-4a39-9b43-0d6c7a0b5a11',
  venueUrl: 'casa-verde',
  name: 'Casa Verde',
  currency: 'eur',
  pickupAddress: 'Via Roma 1, 00184 Roma',
  // As the owner typed it; the courier gets the digits (+390612345678).
  pickupPhone: '+39 06 1234-5678',
  deliveryFeeMinor: null,
};

describe('Uber Direct provider against the fake Uber Direct', () => {
  let fake: FakeUberDirect;
  let clock: number;
  const provider = () =>
    createUberDirectProvider({
      customerId: fake.customerId,
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
      baseUrl: fake.url,
      authUrl: fake.url,
      now: () => clock,
    });

  beforeAll(async () => {
    fake = await startFakeUberDirect();
  });
  afterAll(async () => fake?.close());
  beforeEach(() => {
    clock = Date.parse('2026-11-22T12:00:00Z');
    fake.tokenRequests.length = 0;
    fake.quoteRequests.length = 0;
    fake.deliveryRequests.length = 0;
    fake.fail = { token: null, quote: null, delivery: null };
    fake.tokenTtlSeconds = 2_592_000;
    fake.tokenDelayMs = 0;
    fake.quote = { fee: 799, currency: 'eur' };
  });

  it('asks for a client-credentials token with the eats.deliveries scope, once for many calls', async () => {
    const p = provider();
    await p.quote({ venue, dropoffAddress: 'Via Appia 10, Roma' });
    await p.quote({ venue, dropoffAddress: 'Via Appia 12, Roma' });
    expect(fake.tokenRequests).toHaveLength(1);
    expect(Object.fromEntries(fake.tokenRequests[0]!)).toEqual({
      client_id: fake.clientId,
      client_secret: fake.clientSecret,
      grant_type: 'client_credentials',
      scope: 'eats.deliveries',
    });
  });

  it('shares one token request between concurrent callers', async () => {
    fake.tokenDelayMs = 50;
    const p = provider();
    const tokens = await Promise.all([p.accessToken(), p.accessToken(), p.accessToken()]);
    expect(new Set(tokens).size).toBe(1);
    expect(fake.tokenRequests).toHaveLength(1);
  });

  it('refreshes the token shortly before it expires, not earlier', async () => {
    fake.tokenTtlSeconds = 3600;
    const p = provider();
    const first = await p.accessToken();
    clock += 3600_000 - TOKEN_REFRESH_MARGIN_MS - 1000;
    expect(await p.accessToken()).toBe(first);
    clock += 2000;
    const second = await p.accessToken();
    expect(second).not.toBe(first);
    expect(fake.tokenRequests).toHaveLength(2);
  });

  it('gets a new token and retries once when Uber refuses the cached one', async () => {
    const p = provider();
    await p.accessToken();
    fake.revokeTokens();
    const q = await p.quote({ venue, dropoffAddress: 'Via Appia 10, Roma' });
    expect(q.fee).toBe(799);
    expect(fake.tokenRequests).toHaveLength(2);
  });

  it('quotes with the pickup address and phone and the dropoff address', async () => {
    const q = await provider().quote({ venue, dropoffAddress: 'Via Appia 10, Roma' });
    expect(fake.quoteRequests[0]).toEqual({
      pickup_address: 'Via Roma 1, 00184 Roma',
      pickup_phone_number: '+390612345678',
      dropoff_address: 'Via Appia 10, Roma',
      external_store_id: 'casa-verde',
    });
    expect(q.fee).toBe(799);
    expect(q.providerRef).toMatch(/^dqr_/);
    expect(q.expiresAt.getTime()).toBeGreaterThan(Date.now());
  });

  it.each<[string, () => void, unknown]>([
    ['a quote in another currency', () => (fake.quote = { fee: 799, currency: 'usd' }), DeliveryCurrencyError],
    ['a 500 from Uber', () => (fake.fail.quote = 500), DeliveryProviderError],
    ['a 400 from Uber', () => (fake.fail.quote = 400), DeliveryProviderError],
    ['a token refused', () => (fake.fail.token = 401), DeliveryProviderError],
  ])('refuses %s', async (_name, arrange, errorType) => {
    arrange();
    await expect(provider().quote({ venue, dropoffAddress: 'Via Appia 10, Roma' })).rejects.toBeInstanceOf(
      errorType as new () => Error,
    );
  });

  it('cannot quote for a venue without a pickup address (no call to Uber)', async () => {
    await expect(
      provider().quote({ venue: { ...venue, pickupAddress: null }, dropoffAddress: 'Via Appia 10, Roma' }),
    ).rejects.toBeInstanceOf(DeliveryQuoteUnavailableError);
    expect(fake.quoteRequests).toHaveLength(0);
  });

  it('books at the current price when the quote ran out before the staff accepted', async () => {
    fake.expiredQuotes.add('dqr_old');
    const created = await provider().createDelivery({
      venue,
      orderId: '0b6f3d56-1d7c-4a53-9a1b-3f7c7f0f2a11',
      orderNumber: 43,
      quoteRef: 'dqr_old',
      feeMinor: 799,
      dropoff: { name: 'Ada Lovelace', phone: '+393331234567', address: 'Via Appia 10, Roma' },
      items: [{ name: 'Margherita', quantity: 1 }],
    });
    expect(fake.deliveryRequests.map((r) => r.quote_id)).toEqual(['dqr_old', undefined]);
    expect(created.providerRef).toMatch(/^del_/);
  });

  it('does not retry other refusals', async () => {
    fake.fail.delivery = 422;
    await expect(
      provider().createDelivery({
        venue,
        orderId: '0b6f3d56-1d7c-4a53-9a1b-3f7c7f0f2a12',
        orderNumber: 44,
        quoteRef: 'dqr_x',
        feeMinor: 799,
        dropoff: { name: 'Ada Lovelace', address: 'Via Appia 10, Roma' },
        items: [{ name: 'Margherita', quantity: 1 }],
      }),
    ).rejects.toBeInstanceOf(DeliveryProviderError);
    expect(fake.deliveryRequests).toHaveLength(1);
  });

  it('creates the delivery from the quote with names, addresses, phones, the manifest and our order id', async () => {
    const created = await provider().createDelivery({
      venue,
      orderId: '0b6f3d56-1d7c-4a53-9a1b-3f7c7f0f2a10',
      orderNumber: 42,
      quoteRef: 'dqr_abc',
      feeMinor: 799,
      dropoff: { name: 'Ada Lovelace', phone: '+393331234567', address: 'Via Appia 10, Roma', notes: 'Ring twice' },
      items: [
        { name: 'Margherita', quantity: 2 },
        { name: 'Water', quantity: 1 },
      ],
    });
    expect(fake.deliveryRequests[0]).toEqual({
      quote_id: 'dqr_abc',
      pickup_name: 'Casa Verde',
      pickup_address: 'Via Roma 1, 00184 Roma',
      pickup_phone_number: '+390612345678',
      dropoff_name: 'Ada Lovelace',
      dropoff_address: 'Via Appia 10, Roma',
      dropoff_phone_number: '+393331234567',
      dropoff_notes: 'Ring twice',
      manifest_reference: '#42',
      manifest_items: [
        { name: 'Margherita', quantity: 2, size: 'small' },
        { name: 'Water', quantity: 1, size: 'small' },
      ],
      external_id: '0b6f3d56-1d7c-4a53-9a1b-3f7c7f0f2a10',
    });
    expect(created.providerRef).toMatch(/^del_/);
    expect(created.status).toBe('pending');
    expect(created.trackingUrl).toBe(`https://track.example/${created.providerRef}`);
    expect(created.dropoffEta).toBeInstanceOf(Date);
  });
});
