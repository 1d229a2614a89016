import { describe, expect, it } from 'vitest';
import {
  checkDeliveryArea,
  deliveryRulesSchema,
  deliveryShortfallMinor,
  distanceMetres,
  matchPickupSlot,
  MAX_PICKUP_SLOTS,
  pickupSettingsSchema,
  pickupSlotIsos,
  postcodeMatches,
  type PickupSlotInput,
} from './fulfilment.ts';
import { zonedInstant, type VenueSchedule, type WeekHours } from './hours.ts';
import { zodFieldIssues } from './contracts/common.ts';

const closedWeek: WeekHours = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };
const week = (days: Partial<WeekHours>): WeekHours => ({ ...closedWeek, ...days });
const everyDay = (ranges: WeekHours['mon']): WeekHours =>
  week({ mon: ranges, tue: ranges, wed: ranges, thu: ranges, fri: ranges, sat: ranges, sun: ranges });

/** The instant of a local wall time "YYYY-MM-DD HH:MM" in a zone. */
function local(when: string, timezone: string): number {
  const [date, time] = when.split(' ') as [string, string];
  const [h, m] = time.split(':').map(Number) as [number, number];
  return zonedInstant(date, h * 60 + m, timezone);
}

/** The slots as local "HH:MM" (with the date when it is not `today`). */
function slots(input: PickupSlotInput, when: string): string[] {
  const timezone = input.schedule?.timezone ?? 'UTC';
  const today = when.slice(0, 10);
  return pickupSlotIsos(input, local(when, timezone)).map((iso) => {
    const date = iso.slice(0, 10);
    const clock = `${iso.slice(11, 16)}${iso.slice(19)}`;
    return date === today ? clock : `${date} ${clock}`;
  });
}

const paris = (hours: WeekHours, extra: Partial<VenueSchedule> = {}): VenueSchedule => ({
  timezone: 'Europe/Paris',
  hours,
  ...extra,
});

// 2026-11-26 is a Thursday; Paris is UTC+01:00 in winter.
describe('pickupSlotsAt', () => {
  it.each<[string, PickupSlotInput, string, string[]]>([
    [
      'the first slot is at least the prep time away, on the quarter hour, to the last order',
      { schedule: paris(everyDay([['19:00', '20:00']]), { lastOrderMinutes: 15 }), prepMinutes: 20, slotMinutes: 15 },
      '2026-11-26 19:02',
      [
        '19:30+01:00',
        '19:45+01:00',
        '2026-11-27 19:00+01:00',
        '2026-11-27 19:15+01:00',
        '2026-11-27 19:30+01:00',
        '2026-11-27 19:45+01:00',
      ],
    ],
    [
      'before opening: slots from the opening, then the next service day',
      {
        schedule: paris(week({ thu: [['12:00', '13:00']], sat: [['12:00', '12:30']] })),
        prepMinutes: 10,
        slotMinutes: 30,
      },
      '2026-11-26 09:00',
      ['12:00+01:00', '12:30+01:00', '13:00+01:00', '2026-11-28 12:00+01:00', '2026-11-28 12:30+01:00'],
    ],
    [
      'after the last service of the day: only the next service day (two days later)',
      {
        schedule: paris(week({ thu: [['12:00', '13:00']], sat: [['12:00', '12:30']] })),
        prepMinutes: 10,
        slotMinutes: 30,
      },
      '2026-11-26 14:00',
      ['2026-11-28 12:00+01:00', '2026-11-28 12:30+01:00'],
    ],
    [
      'a service past midnight keeps its slots after midnight',
      { schedule: paris(week({ thu: [['22:00', '01:00']] })), prepMinutes: 0, slotMinutes: 30 },
      '2026-11-26 23:10',
      ['23:30+01:00', '2026-11-27 00:00+01:00', '2026-11-27 00:30+01:00', '2026-11-27 01:00+01:00'],
    ],
    [
      "after midnight, inside yesterday's service",
      { schedule: paris(week({ wed: [['22:00', '01:00']] })), prepMinutes: 5, slotMinutes: 15 },
      '2026-11-26 00:20',
      ['00:30+01:00', '00:45+01:00', '01:00+01:00'],
    ],
    [
      'a closure removes the day; the next service day comes after it',
      {
        schedule: paris(everyDay([['12:00', '12:30']]), { closures: [{ from: '2026-11-27', to: '2026-11-28' }] }),
        prepMinutes: 0,
        slotMinutes: 30,
      },
      '2026-11-26 13:00',
      ['2026-11-29 12:00+01:00', '2026-11-29 12:30+01:00'],
    ],
    [
      'spring forward (Paris, 29 March 2026): 02:00 to 03:00 does not exist',
      { schedule: paris(everyDay([['00:00', '24:00']])), prepMinutes: 0, slotMinutes: 30 },
      '2026-03-29 01:00',
      ['01:00+01:00', '01:30+01:00', '03:00+02:00', '03:30+02:00'],
    ],
    [
      'fall back (Paris, 25 October 2026): 02:00 to 03:00 happens twice, each slot once',
      { schedule: paris(everyDay([['00:00', '24:00']])), prepMinutes: 0, slotMinutes: 30 },
      '2026-10-25 01:30',
      ['01:30+02:00', '02:00+02:00', '02:30+02:00', '02:00+01:00', '02:30+01:00', '03:00+01:00'],
    ],
    [
      'Bangkok (UTC+07:00, no daylight saving), 20-minute slots',
      {
        schedule: { timezone: 'Asia/Bangkok', hours: everyDay([['11:00', '12:00']]) },
        prepMinutes: 25,
        slotMinutes: 20,
      },
      '2026-11-26 11:00',
      [
        '11:40+07:00',
        '12:00+07:00',
        '2026-11-27 11:00+07:00',
        '2026-11-27 11:20+07:00',
        '2026-11-27 11:40+07:00',
        '2026-11-27 12:00+07:00',
      ],
    ],
  ])('%s', (_rule, input, when, expected) => {
    // The cases open all day run on: their first few slots tell the story.
    const allDay = input.schedule?.hours?.mon[0]?.join('-') === '00:00-24:00';
    const got = slots(input, when);
    expect(allDay ? got.slice(0, expected.length) : got).toEqual(expected);
  });

  // A venue without hours offers a full day of quarter hours from the first one the prep time
  // allows, whatever the time of day (the minutes before midnight once offered one slot less).
  it.each<[string, string, number, string]>([
    ['in the evening', '2026-11-26T22:07:00Z', 15, '2026-11-26T22:30:00+00:00'],
    ['the prep time reaches midnight', '2026-11-26T23:45:00Z', 15, '2026-11-27T00:00:00+00:00'],
    ['the prep time crosses midnight', '2026-11-26T23:56:30Z', 20, '2026-11-27T00:30:00+00:00'],
    ['on the stroke of midnight', '2026-11-27T00:00:00Z', 15, '2026-11-27T00:15:00+00:00'],
    ['just after midnight', '2026-11-27T00:00:30Z', 15, '2026-11-27T00:30:00+00:00'],
  ])('a venue without hours, %s: a day of quarter hours from the first one', (_rule, now, prep, first) => {
    const all = pickupSlotIsos({ schedule: null, prepMinutes: prep }, Date.parse(now));
    expect(all[0]).toBe(first);
    expect(all).toHaveLength(MAX_PICKUP_SLOTS);
  });

  it('a venue without hours never offers fewer than a day of slots, at any minute around midnight', () => {
    const start = Date.parse('2026-11-26T23:00:30Z');
    const short: string[] = [];
    for (let minute = 0; minute < 120; minute++) {
      const at = start + minute * 60_000;
      if (pickupSlotIsos({ schedule: null, prepMinutes: 20, slotMinutes: 15 }, at).length !== MAX_PICKUP_SLOTS) {
        short.push(new Date(at).toISOString());
      }
    }
    expect(short).toEqual([]);
  });

  it('a venue closed for the week ahead offers none', () => {
    expect(slots({ schedule: paris(closedWeek), prepMinutes: 0 }, '2026-11-26 12:00')).toEqual([]);
  });

  it.each<[string, string, boolean]>([
    ['one of the slots, with the offset', '2026-11-26T19:30:00+01:00', true],
    ['the same instant in UTC', '2026-11-26T18:30:00Z', true],
    ['too soon for the prep time', '2026-11-26T19:15:00+01:00', false],
    ['off the grid', '2026-11-26T19:40:00+01:00', false],
    ['after the last order', '2026-11-26T20:00:00+01:00', false],
    ['not a time', 'tonight', false],
  ])('matchPickupSlot: %s', (_rule, chosen, ok) => {
    const input = { schedule: paris(everyDay([['19:00', '20:00']]), { lastOrderMinutes: 15 }), prepMinutes: 20 };
    expect(matchPickupSlot(input, chosen, local('2026-11-26 19:02', 'Europe/Paris')) !== null).toBe(ok);
  });
});

describe('deliveryShortfallMinor', () => {
  it.each<[string, number | null, number, number]>([
    ['no minimum', null, 100, 0],
    ['above the minimum', 1500, 1600, 0],
    ['exactly the minimum', 1500, 1500, 0],
    ['one cent short', 1500, 1499, 1],
    ['an empty basket', 1500, 0, 1500],
  ])('%s', (_rule, minimum, subtotal, shortfall) => {
    expect(deliveryShortfallMinor({ minimumOrderMinor: minimum }, subtotal)).toBe(shortfall);
  });
});

describe('distanceMetres', () => {
  it.each<[string, [number, number], [number, number], number, number]>([
    ['the same point', [41.89, 12.49], [41.89, 12.49], 0, 0.001],
    ["Colosseum to St Peter's, Rome (about 3.4 km)", [41.8902, 12.4922], [41.9022, 12.4539], 3_460, 60],
    ['Paris to London (about 344 km)', [48.8566, 2.3522], [51.5074, -0.1278], 343_500, 1_500],
    ['across the antimeridian', [0, 179.9], [0, -179.9], 22_240, 30],
  ])('%s', (_rule, a, b, metres, tolerance) => {
    const d = distanceMetres({ lat: a[0], lng: a[1] }, { lat: b[0], lng: b[1] });
    expect(Math.abs(d - metres)).toBeLessThanOrEqual(tolerance);
  });
});

describe('postcodeMatches', () => {
  it.each<[string, string, { postcode?: string; fullAddress: string }, boolean]>([
    ['in the address text', '00184', { fullAddress: 'Via Roma 12, 00184 Roma' }, true],
    ['a longer number is another code', '00184', { fullAddress: 'Via Roma 12, 001845 Roma' }, false],
    ['a house number is not the code', '12', { fullAddress: 'Via Roma 12a, 00184 Roma' }, false],
    ['case and spaces ignored (UK)', 'sw1a 1aa', { fullAddress: '10 Downing St, London SW1A1AA' }, true],
    ['an outward code in the text', 'SW1A', { fullAddress: '10 Downing St, London SW1A 1AA' }, true],
    ['the postcode field wins over the text', '75011', { postcode: '75012', fullAddress: 'Rue X, 75011 Paris' }, false],
    ['the postcode field, equal', '75011', { postcode: ' 75011 ', fullAddress: 'Rue Oberkampf, Paris' }, true],
    ['the postcode field, outward code', 'SW1A', { postcode: 'sw1a 1aa', fullAddress: 'Downing St' }, true],
    ['Thai address with its code', '10110', { fullAddress: 'ถนนสุขุมวิท 11 กรุงเทพฯ 10110' }, true],
  ])('%s', (_rule, listed, address, ok) => expect(postcodeMatches(listed, address)).toBe(ok));
});

describe('checkDeliveryArea', () => {
  const colosseum = { lat: 41.8902, lng: 12.4922 };
  it.each<[string, Parameters<typeof checkDeliveryArea>[0], Parameters<typeof checkDeliveryArea>[1], string]>([
    ['no rules: everywhere', {}, { fullAddress: 'anywhere at all' }, 'ok'],
    [
      'inside the radius',
      { radiusKm: 5, origin: colosseum },
      { fullAddress: 'Vaticano', location: { lat: 41.9022, lng: 12.4539 } },
      'ok',
    ],
    [
      'outside the radius',
      { radiusKm: 3, origin: colosseum },
      { fullAddress: 'Vaticano', location: { lat: 41.9022, lng: 12.4539 } },
      'outside_radius',
    ],
    [
      'a radius and no coordinates for the address: never a guess',
      { radiusKm: 5, origin: colosseum },
      { fullAddress: 'Via Roma 12, 00184 Roma' },
      'location_required',
    ],
    ['a listed postcode', { postcodes: ['00184', '00185'] }, { fullAddress: 'Via Cavour 5, 00184 Roma' }, 'ok'],
    [
      'a postcode not served',
      { postcodes: ['00184'] },
      { fullAddress: 'Via Appia 5, 00179 Roma' },
      'postcode_not_served',
    ],
  ])('%s', (_rule, rules, address, verdict) => {
    const v = checkDeliveryArea(rules, address);
    expect(v.ok ? 'ok' : v.reason).toBe(verdict);
  });
});

describe('settings schemas', () => {
  const paths = (schema: typeof deliveryRulesSchema | typeof pickupSettingsSchema, value: unknown) => {
    const r = schema.safeParse(value);
    return r.success ? [] : zodFieldIssues(r.error).map((i) => i.path);
  };
  it.each<[string, unknown, string[]]>([
    ['a minimum and postcodes', { minimumOrder: 15, postcodes: [' 00184 ', '00184', 'sw1a 1aa'] }, []],
    ['a radius with its centre', { radiusKm: 4.5, origin: { lat: 41.89, lng: 12.49 } }, []],
    ['a negative minimum', { minimumOrder: -1 }, ['minimumOrder']],
    ['a minimum with three decimals', { minimumOrder: 1.005 }, ['minimumOrder']],
    ['a radius of 0', { radiusKm: 0, origin: { lat: 0, lng: 0 } }, ['radiusKm']],
    ['an absurd radius', { radiusKm: 5000, origin: { lat: 0, lng: 0 } }, ['radiusKm']],
    ['a radius without its centre', { radiusKm: 5 }, ['origin']],
    ['a latitude off the globe', { radiusKm: 5, origin: { lat: 91, lng: 0 } }, ['origin.lat']],
    ['an empty postcode', { postcodes: ['00184', '  '] }, ['postcodes[1]']],
    ['a postcode with symbols', { postcodes: ['00184;DROP'] }, ['postcodes[0]']],
    [
      'a radius and postcodes together',
      { radiusKm: 5, origin: { lat: 0, lng: 0 }, postcodes: ['00184'] },
      ['postcodes'],
    ],
    ['an unknown field', { maxKm: 5 }, ['(root)']],
  ])('deliveryRules: %s', (_rule, value, expected) => expect(paths(deliveryRulesSchema, value)).toEqual(expected));

  it('normalises postcodes (case, spaces) and drops duplicates', () => {
    expect(deliveryRulesSchema.parse({ postcodes: [' sw1a  1aa', 'SW1A 1AA', '00184'] }).postcodes).toEqual([
      'SW1A 1AA',
      '00184',
    ]);
  });

  it.each<[string, unknown, string[]]>([
    ['enabled with 15-minute slots', { enabled: true, slotMinutes: 15 }, []],
    ['enabled, default slots', { enabled: true }, []],
    ['a slot length not offered', { enabled: true, slotMinutes: 7 }, ['slotMinutes']],
    ['enabled missing', { slotMinutes: 15 }, ['enabled']],
  ])('pickup: %s', (_rule, value, expected) => expect(paths(pickupSettingsSchema, value)).toEqual(expected));
});
