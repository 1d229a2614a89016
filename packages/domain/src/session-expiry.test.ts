import { describe, expect, it } from 'vitest';
import {
  SESSION_RESET_MS,
  isOlderThanSession,
  sessionResetReason,
  shouldResetSession,
  type StoredSessionInfo,
} from './session-expiry.ts';

const now = Date.parse('2026-11-22T12:00:00.000Z');
const ago = (ms: number) => now - ms;
const HOUR = 3_600_000;

describe('session expiry (2 hours)', () => {
  it('is 7,200,000 ms', () => {
    expect(SESSION_RESET_MS).toBe(7_200_000);
  });

  it.each<[string, StoredSessionInfo, string, ReturnType<typeof sessionResetReason>]>([
    ['fresh state of this venue', { venueUrl: 'casa-verde', lastActivityAt: ago(5 * 60_000) }, 'casa-verde', null],
    [
      'exactly 2 hours idle is kept',
      { venueUrl: 'casa-verde', lastActivityAt: ago(SESSION_RESET_MS) },
      'casa-verde',
      null,
    ],
    [
      '2 hours and 1 ms idle resets',
      { venueUrl: 'casa-verde', lastActivityAt: ago(SESSION_RESET_MS + 1) },
      'casa-verde',
      'inactive',
    ],
    ['3 hours idle resets', { venueUrl: 'casa-verde', lastActivityAt: ago(3 * HOUR) }, 'casa-verde', 'inactive'],
    [
      'an order created 1 hour ago is kept',
      { venueUrl: 'casa-verde', lastActivityAt: ago(60_000), orderDateCreated: new Date(ago(HOUR)).toISOString() },
      'casa-verde',
      null,
    ],
    [
      'an order created 2.5 hours ago resets even with recent activity',
      {
        venueUrl: 'casa-verde',
        lastActivityAt: ago(60_000),
        orderDateCreated: new Date(ago(2.5 * HOUR)).toISOString(),
      },
      'casa-verde',
      'order-expired',
    ],
    [
      'order date as ms',
      { venueUrl: 'casa-verde', lastActivityAt: ago(1), orderDateCreated: ago(2.5 * HOUR) },
      'casa-verde',
      'order-expired',
    ],
    [
      'an unreadable order date is ignored',
      { venueUrl: 'casa-verde', lastActivityAt: ago(1), orderDateCreated: 'yesterday-ish' },
      'casa-verde',
      null,
    ],
    [
      'another venue resets, however fresh',
      { venueUrl: 'casa-verde', lastActivityAt: ago(1) },
      'baan-suan',
      'other-venue',
    ],
    ['nothing stored yet', { venueUrl: null, lastActivityAt: null }, 'casa-verde', null],
  ])('%s', (_name, stored, route, reason) => {
    expect(sessionResetReason(stored, route, now)).toBe(reason);
    expect(shouldResetSession(stored, route, now)).toBe(reason !== null);
  });

  it.each<[string | number | null, boolean]>([
    [null, false],
    [ago(HOUR), false],
    [ago(3 * HOUR), true],
    [new Date(ago(3 * HOUR)).toISOString(), true],
  ])('isOlderThanSession(%j)', (since, expected) => {
    expect(isOlderThanSession(since, now)).toBe(expected);
  });
});
