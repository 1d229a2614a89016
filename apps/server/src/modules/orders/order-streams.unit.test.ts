import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import type { PublicOrder } from '@carte/domain';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createInProcessOrderEventBus, DEFAULT_STREAM_OPTIONS } from '../../events/order-events.ts';
import { OrderStreams } from './order-streams.ts';
import type { OrderWithCursor, VenueOrdersService } from './venue-orders.service.ts';

const VENUE = '5e4d3c2b-1a09-4f8e-9d7c-6b5a4f3e2d1c';
const ORDER = '0b7c6a52-3d4e-4f60-8a9b-1c2d3e4f5a6b';
const silent = { warn: () => {}, info: () => {}, error: () => {} } as unknown as FastifyBaseLogger;

/** A response whose client reads everything, or one whose client stopped reading. */
function fakeResponse(): ServerResponse {
  return Object.assign(new EventEmitter(), { writableLength: 0, destroyed: false, destroy() {} }) as never;
}

describe('order streams and a slow client', () => {
  it('cuts off a client that stops reading; the others keep receiving every change', async () => {
    let version = 0;
    const order = (): OrderWithCursor => ({
      venueId: VENUE,
      cursor: `2026-05-01T12:00:00.${String(++version).padStart(6, '0')}Z`,
      // A big order: a client that reads nothing falls behind after one of them.
      order: { id: ORDER, status: `v${version}`, notes: 'x'.repeat(4000) } as unknown as PublicOrder,
    });
    const service = {
      readOrder: async () => order(),
      venueCursor: async () => '2026-05-01T12:00:00.000000Z',
    } as unknown as VenueOrdersService;
    const bus = createInProcessOrderEventBus({ warn: () => {} });
    const streams = new OrderStreams(bus, service, { ...DEFAULT_STREAM_OPTIONS, maxBufferedBytes: 3000 }, silent);

    const fast = streams.openVenue(VENUE, null, '10.0.0.1', fakeResponse());
    const received: string[] = [];
    fast.body.on('data', (chunk: Buffer) => received.push(chunk.toString()));
    const slow = streams.openVenue(VENUE, null, '10.0.0.2', fakeResponse());
    expect(streams.size).toBe(2);

    for (let i = 0; i < 3; i++) {
      await bus.publish({ type: 'order.updated', orderId: ORDER, venueId: VENUE });
      await new Promise((r) => setTimeout(r, 20));
    }
    const events = received
      .join('')
      .split('\n\n')
      .filter((block) => block.includes('event: order.updated'));
    expect(events).toHaveLength(3);
    expect(slow.body.writableEnded).toBe(true);
    expect(streams.size).toBe(1);
    streams.close();
    expect(streams.size).toBe(0);
  });
});

describe('a staff stream’s lifetime', () => {
  it('ends after the access token’s lifetime so that the board reconnects as whoever it is now; a guest’s does not', async () => {
    const service = { venueCursor: async () => '2026-05-01T12:00:00.000000Z' } as unknown as VenueOrdersService;
    const bus = createInProcessOrderEventBus({ warn: () => {} });
    const streams = new OrderStreams(bus, service, { ...DEFAULT_STREAM_OPTIONS, staffLifetimeMs: 50 }, silent);
    const staff = streams.openVenue(VENUE, null, '10.0.0.1', fakeResponse());
    const current = { venueId: VENUE, cursor: '2026-05-01T12:00:00.000001Z', order: { id: ORDER } as PublicOrder };
    const guest = streams.openOrder(current, null, '10.0.0.1', fakeResponse());
    expect(streams.size).toBe(2);
    await new Promise((r) => setTimeout(r, 120));
    expect(staff.body.writableEnded).toBe(true);
    expect(guest.body.writableEnded).toBe(false);
    expect(streams.size).toBe(1);
    streams.close();
  });
});

describe('a staff stream’s right, checked again when its access token expires', () => {
  it('goes on while the right holds, checks again a token lifetime later, and ends when it no longer holds', async () => {
    const service = { venueCursor: async () => '2026-05-01T12:00:00.000000Z' } as unknown as VenueOrdersService;
    const bus = createInProcessOrderEventBus({ warn: () => {} });
    const answers = [true, false];
    const checked: string[] = [];
    let firstCheck!: () => void;
    const firstChecked = new Promise<void>((resolve) => (firstCheck = resolve));
    const check = async (grant: { userId: string }) => {
      checked.push(grant.userId);
      const live = answers.shift() ?? false;
      if (checked.length === 1) setImmediate(firstCheck);
      return live;
    };
    const streams = new OrderStreams(bus, service, { ...DEFAULT_STREAM_OPTIONS, staffLifetimeMs: 300 }, silent, check);
    const grant = { userId: 'u1', familyId: 'f1', venueId: VENUE, accessExpiresAt: Date.now() + 20 };
    const staff = streams.openVenue(VENUE, null, '10.0.0.1', fakeResponse(), grant);
    const ended = new Promise<void>((resolve) => staff.body.on('finish', resolve));
    await firstChecked;
    expect(checked).toEqual(['u1']);
    expect(staff.body.writableEnded).toBe(false);
    await ended;
    expect(checked).toEqual(['u1', 'u1']);
    expect(streams.size).toBe(0);
    streams.close();
  });

  it('closes only the streams an access event names (user, sign-in, venue)', async () => {
    const service = { venueCursor: async () => '2026-05-01T12:00:00.000000Z' } as unknown as VenueOrdersService;
    const bus = createInProcessOrderEventBus({ warn: () => {} });
    const streams = new OrderStreams(bus, service, DEFAULT_STREAM_OPTIONS, silent, async () => true);
    const USER = '11111111-1111-4111-8111-111111111111';
    const OTHER_VENUE = '22222222-2222-4222-8222-222222222222';
    const later = Date.now() + 60_000;
    const here = streams.openVenue(VENUE, null, '10.0.0.1', fakeResponse(), {
      userId: USER,
      familyId: ORDER,
      venueId: VENUE,
      accessExpiresAt: later,
    });
    const there = streams.openVenue(OTHER_VENUE, null, '10.0.0.1', fakeResponse(), {
      userId: USER,
      familyId: ORDER,
      venueId: OTHER_VENUE,
      accessExpiresAt: later,
    });
    await bus.publishAccess({ type: 'access.revoked', userId: USER, venueId: VENUE });
    await new Promise((r) => setImmediate(r));
    expect(here.body.writableEnded).toBe(true);
    expect(there.body.writableEnded).toBe(false);
    await bus.publishAccess({ type: 'access.revoked', userId: USER, keepFamilyId: ORDER });
    await new Promise((r) => setImmediate(r));
    expect(there.body.writableEnded).toBe(false);
    await bus.publishAccess({ type: 'access.revoked', familyId: ORDER });
    await new Promise((r) => setImmediate(r));
    expect(there.body.writableEnded).toBe(true);
    streams.close();
  });
});
