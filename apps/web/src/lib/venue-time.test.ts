import { describe, expect, it } from 'vitest';
import { availabilityText, formatVenueTime, formatWallTime, refusedOrderText } from './venue-time.ts';

/** Echoes the key and its values, so the tests see which text was chosen with what. */
const t = (key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key);
// Wednesday 2026-03-04 12:30 in Paris.
const NOW = Date.parse('2026-03-04T12:30:00+01:00');

describe('times in the venue’s zone', () => {
  it('writes the time alone today there, with the day otherwise', () => {
    expect(formatVenueTime('2026-03-04T19:00:00+01:00', 'fr', 'Europe/Paris', NOW)).toBe('19:00');
    expect(formatVenueTime('2026-03-05T19:00:00+01:00', 'en-GB', 'Europe/Paris', NOW)).toBe('Thu 19:00');
    // The venue's zone, not the phone's: 19:00 in Paris is 01:00 the next day in Bangkok.
    expect(formatVenueTime('2026-03-04T19:00:00+01:00', 'en-GB', 'Asia/Bangkok', NOW)).toBe('Thu 01:00');
  });
});

describe('times written with the venue’s offset (a pickup time)', () => {
  it.each([
    ['today there: the time alone', '2026-03-04T19:30:00+01:00', 'fr', '19:30'],
    ['another day: with the day', '2026-03-05T12:15:00+01:00', 'en-GB', 'Thu 12:15'],
    ['the offset of the text, not the phone’s zone', '2026-03-04T20:45:00+07:00', 'en-GB', '20:45'],
    ['not a time: as it is', 'soon', 'en', 'soon'],
  ])('%s', (_rule, iso, language, expected) => expect(formatWallTime(iso, language, NOW)).toBe(expected));
});

describe('what the guest pages say', () => {
  it('says closed with the next opening, paused with the message, open with the prep time', () => {
    const zone = { timezone: 'Europe/Paris' };
    expect(availabilityText({ open: false, nextOpening: '2026-03-04T19:00:00+01:00', ...zone }, t, 'fr', NOW)).toEqual({
      tone: 'closed',
      text: 'availability.closedUntil {"time":"19:00"}',
    });
    expect(availabilityText({ open: true, paused: { message: 'Kitchen full' }, ...zone }, t, 'fr', NOW)).toEqual({
      tone: 'closed',
      text: 'availability.paused',
      detail: 'Kitchen full',
    });
    expect(
      availabilityText({ open: true, closesAt: '2026-03-04T14:30:00+01:00', prepMinutes: 20, ...zone }, t, 'fr', NOW),
    ).toEqual({
      tone: 'open',
      text: 'availability.openUntil {"time":"14:30"}',
      detail: 'availability.prep {"minutes":20}',
    });
    expect(availabilityText({ open: true }, t, 'fr', NOW)).toBeNull();
  });

  it('explains a refused order by its code, and leaves other errors alone', () => {
    const closed = { code: 'VENUE_CLOSED', body: { nextOpening: '2026-03-04T19:00:00+01:00' } };
    expect(refusedOrderText(closed, t, 'fr', 'Europe/Paris')).toMatch(/^availability\.refusedClosedUntil /);
    expect(refusedOrderText({ code: 'ORDERING_PAUSED', body: { message: 'Back soon' } }, t, 'fr', undefined)).toBe(
      'availability.refusedPaused Back soon',
    );
    expect(refusedOrderText({ code: 'NOT_AVAILABLE_NOW' }, t, 'fr', undefined)).toBe('availability.refusedNotNow');
    expect(refusedOrderText({ code: 'INVALID_SPOT' }, t, 'fr', undefined)).toBeNull();
  });
});
