import { describe, expect, it } from 'vitest';
import { activePause, availabilityAt, orderRefusalAt, type ServiceSettings } from './availability.ts';
import { pauseFromRequest } from './contracts/venue-service.ts';
import type { WeekHours } from './hours.ts';
import { validateVenueImport } from './venue-import.ts';

const week = (ranges: [string, string][]): WeekHours => ({
  mon: ranges,
  tue: ranges,
  wed: ranges,
  thu: ranges,
  fri: ranges,
  sat: ranges,
  sun: ranges,
});
// Wednesday 2026-03-04 at 12:30 in Paris (UTC+1).
const NOON_THIRTY = Date.parse('2026-03-04T12:30:00+01:00');
const paris = (hours: WeekHours, lastOrderMinutes = 0): ServiceSettings => ({
  schedule: { timezone: 'Europe/Paris', hours, lastOrderMinutes },
  pause: null,
  prepMinutes: null,
});

describe('availability at an instant', () => {
  it('says open, until when, and when next, in the venue offset', () => {
    const s = availabilityAt(
      paris(
        week([
          ['12:00', '15:00'],
          ['19:00', '23:00'],
        ]),
        30,
      ),
      [],
      NOON_THIRTY,
    );
    expect(s.availability).toEqual({
      open: true,
      closesAt: '2026-03-04T14:30:00+01:00',
      nextOpening: '2026-03-04T19:00:00+01:00',
      timezone: 'Europe/Paris',
    });
    // The answer holds until the closing time, no longer.
    expect(s.validUntil).toBe(Date.parse('2026-03-04T14:30:00+01:00'));
  });

  it('is always open without hours, and paused while a pause runs', () => {
    const pause = { until: new Date(NOON_THIRTY + 15 * 60_000).toISOString(), message: 'Busy' };
    const s = availabilityAt({ schedule: null, pause, prepMinutes: 20 }, [], NOON_THIRTY);
    expect(s.availability).toEqual({
      open: true,
      paused: { until: '2026-03-04T11:45:00+00:00', message: 'Busy' },
      prepMinutes: 20,
    });
    expect(s.validUntil).toBe(NOON_THIRTY + 15 * 60_000);
    expect(activePause(pause, NOON_THIRTY + 15 * 60_000)).toBeNull();
    expect(activePause({ until: null, message: null }, NOON_THIRTY + 1e9)).not.toBeNull();
  });

  it('keeps a breakfast category closed after 11 while the venue is open', () => {
    const settings = paris(week([['08:00', '23:00']]));
    const categories = [
      { id: 'breakfast', hours: week([['07:00', '11:00']]), pause: null },
      { id: 'mains', hours: null, pause: null },
    ];
    const s = availabilityAt(settings, categories, NOON_THIRTY);
    expect(s.categories.get('breakfast')).toBe(false);
    expect(s.categories.get('mains')).toBe(true);
    const refusal = orderRefusalAt(
      settings,
      categories,
      [
        { productId: 'croissant', categoryIds: ['breakfast'] },
        { productId: 'pasta', categoryIds: ['mains'] },
        // In two categories: orderable while one of them is.
        { productId: 'juice', categoryIds: ['breakfast', 'mains'] },
      ],
      NOON_THIRTY,
    );
    expect(refusal).toEqual({ code: 'NOT_AVAILABLE_NOW', productIds: ['croissant'] });
  });

  it('refuses when closed with the next opening, and pause first', () => {
    const closed = paris(week([['19:00', '23:00']]));
    expect(orderRefusalAt(closed, [], [], NOON_THIRTY)).toEqual({
      code: 'VENUE_CLOSED',
      nextOpening: '2026-03-04T19:00:00+01:00',
    });
    const paused = { ...closed, pause: { until: null, message: 'Back soon' } };
    expect(orderRefusalAt(paused, [], [], NOON_THIRTY)).toEqual({ code: 'ORDERING_PAUSED', message: 'Back soon' });
  });
});

describe('pause requests', () => {
  const now = NOON_THIRTY;
  const base = { venueId: '0b7c6a52-3d4e-4f60-8a9b-1c2d3e4f5a6b' };
  it('turns minutes and until into an end, and nothing into until resumed', () => {
    expect(pauseFromRequest({ ...base, minutes: 30 }, now)).toEqual({
      ok: true,
      pause: { until: new Date(now + 30 * 60_000).toISOString(), message: null },
    });
    expect(pauseFromRequest({ ...base, message: 'Full' }, now)).toEqual({
      ok: true,
      pause: { until: null, message: 'Full' },
    });
  });
  it('refuses an end in the past or more than a day away', () => {
    const past = pauseFromRequest({ ...base, until: new Date(now - 1).toISOString() }, now);
    expect(past).toEqual({ ok: false, issues: [{ path: 'until', message: 'is in the past' }] });
    const far = pauseFromRequest({ ...base, until: new Date(now + 25 * 3600_000).toISOString() }, now);
    expect(far.ok).toBe(false);
  });
});

describe('hours in the import file', () => {
  const file = (venue: Record<string, unknown>, categories: unknown[] = []) => ({
    venue: { venueUrl: 'casa', name: 'Casa', currency: 'eur', ...venue },
    categories,
  });
  it('accepts a week, closures, special days and category windows', () => {
    const result = validateVenueImport(
      file(
        {
          timezone: 'Europe/Rome',
          hours: { mon: [['19:00', '01:30']] },
          closures: [{ from: '2026-12-24', to: '2026-12-26' }],
          specialHours: [{ date: '2026-12-31', ranges: [['19:00', '02:00']] }],
          lastOrderMinutes: 30,
        },
        [{ id: 'breakfast', name: 'Breakfast', hours: { mon: [['07:00', '11:00']] } }],
      ),
    );
    expect(result.ok).toBe(true);
  });
  it('names every bad field', () => {
    const result = validateVenueImport(
      file(
        {
          timezone: 'Mars/Olympus',
          hours: {
            mon: [['15:00', '12:00']],
            tue: [
              ['12:00', '15:00'],
              ['14:00', '18:00'],
            ],
          },
          closures: [{ from: '2026-12-26', to: '2026-12-24' }],
        },
        [],
      ),
    );
    expect(result.ok).toBe(false);
    const paths = result.ok ? [] : result.issues.map((i) => i.path);
    expect(paths).toEqual(
      expect.arrayContaining(['venue.timezone', 'venue.hours.mon[0]', 'venue.hours.tue[1]', 'venue.closures[0].to']),
    );
  });
  it('needs a time zone for hours or a category window', () => {
    const hours = validateVenueImport(file({ hours: { mon: [['12:00', '15:00']] } }));
    expect(hours.ok ? [] : hours.issues).toContainEqual({
      path: 'venue.timezone',
      message: 'is required when hours, closures or special days are set',
    });
    const category = validateVenueImport(file({}, [{ id: 'b', name: 'B', hours: { mon: [['07:00', '11:00']] } }]));
    expect(category.ok ? [] : category.issues).toContainEqual({
      path: 'venue.timezone',
      message: 'is required when a category has hours',
    });
  });
});
