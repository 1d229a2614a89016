import { describe, expect, it } from 'vitest';
import {
  categoryOpeningStateAt,
  openingStateAt,
  scheduleFieldsSchema,
  toZonedIso,
  weekDayOf,
  weekHoursSchema,
  zonedInstant,
  type VenueSchedule,
  type WeekHours,
} from './hours.ts';

const closedWeek: WeekHours = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };
const week = (days: Partial<WeekHours>): WeekHours => ({ ...closedWeek, ...days });
const everyDay = (ranges: WeekHours['mon']): WeekHours =>
  week({ mon: ranges, tue: ranges, wed: ranges, thu: ranges, fri: ranges, sat: ranges, sun: ranges });

/** The state at a local wall time, with its instants written back in the venue's zone. */
function at(schedule: VenueSchedule, local: string) {
  const [date, time] = local.split(' ') as [string, string];
  const [h, m] = time.split(':').map(Number) as [number, number];
  const s = openingStateAt(schedule, zonedInstant(date, h * 60 + m, schedule.timezone));
  return {
    open: s.open,
    closesAt: s.closesAt === undefined ? undefined : toZonedIso(s.closesAt, schedule.timezone),
    nextOpening: s.nextOpening === undefined ? undefined : toZonedIso(s.nextOpening, schedule.timezone),
  };
}

const bistro: VenueSchedule = {
  timezone: 'Europe/Paris',
  hours: week({
    tue: [
      ['12:00', '15:00'],
      ['19:00', '23:30'],
    ],
    wed: [
      ['12:00', '15:00'],
      ['19:00', '23:30'],
    ],
    fri: [['19:00', '01:30']],
    sat: [['19:00', '01:30']],
  }),
};

describe('weekDayOf', () => {
  it.each([
    ['2026-11-26', 'thu'],
    ['2026-11-30', 'mon'],
    ['2027-01-03', 'sun'],
    ['2024-02-29', 'thu'],
  ])('%s is a %s', (date, day) => expect(weekDayOf(date)).toBe(day));
});

describe('openingStateAt', () => {
  it.each<[string, VenueSchedule, string, ReturnType<typeof at>]>([
    [
      'lunch service, closes at 15:00, dinner next',
      bistro,
      '2026-12-01 12:30',
      { open: true, closesAt: '2026-12-01T15:00:00+01:00', nextOpening: '2026-12-01T19:00:00+01:00' },
    ],
    [
      'between services',
      bistro,
      '2026-12-01 16:00',
      { open: false, closesAt: undefined, nextOpening: '2026-12-01T19:00:00+01:00' },
    ],
    [
      'before the first service of the day',
      bistro,
      '2026-12-01 09:00',
      { open: false, closesAt: undefined, nextOpening: '2026-12-01T12:00:00+01:00' },
    ],
    [
      'the end itself is closed',
      bistro,
      '2026-12-01 15:00',
      { open: false, closesAt: undefined, nextOpening: '2026-12-01T19:00:00+01:00' },
    ],
    [
      'a closed day waits for the next open one',
      bistro,
      '2026-12-03 13:00',
      { open: false, closesAt: undefined, nextOpening: '2026-12-04T19:00:00+01:00' },
    ],
    [
      'past midnight: Friday night runs into Saturday',
      bistro,
      '2026-12-05 00:45',
      { open: true, closesAt: '2026-12-05T01:30:00+01:00', nextOpening: '2026-12-05T19:00:00+01:00' },
    ],
    [
      'past midnight on Saturday: next is Tuesday lunch',
      bistro,
      '2026-12-06 01:00',
      { open: true, closesAt: '2026-12-06T01:30:00+01:00', nextOpening: '2026-12-08T12:00:00+01:00' },
    ],
    [
      'no hours at all: always open',
      { timezone: 'Europe/Paris' },
      '2026-12-01 04:00',
      { open: true, closesAt: undefined, nextOpening: undefined },
    ],
    [
      'no hours but a closure: closed that day, open from its end',
      { timezone: 'Europe/Paris', closures: [{ from: '2026-12-25', to: '2026-12-25' }] },
      '2026-12-25 10:00',
      { open: false, closesAt: undefined, nextOpening: '2026-12-26T00:00:00+01:00' },
    ],
    [
      'no hours but a closure tomorrow: open until it starts',
      { timezone: 'Europe/Paris', closures: [{ from: '2026-12-25', to: '2026-12-25' }] },
      '2026-12-24 22:00',
      { open: true, closesAt: '2026-12-25T00:00:00+01:00', nextOpening: '2026-12-26T00:00:00+01:00' },
    ],
    [
      'never open',
      { timezone: 'Europe/Paris', hours: closedWeek },
      '2026-12-01 12:00',
      { open: false, closesAt: undefined, nextOpening: undefined },
    ],
  ])('%s', (_name, schedule, local, expected) => expect(at(schedule, local)).toEqual(expected));

  describe('closures and special days', () => {
    const holidays: VenueSchedule = {
      timezone: 'Europe/Paris',
      hours: everyDay([
        ['12:00', '14:30'],
        ['19:00', '01:30'],
      ]),
      closures: [{ from: '2026-12-24', to: '2027-01-02', note: 'Holidays' }],
      specialHours: [{ date: '2026-12-31', ranges: [['19:00', '02:00']] }],
    };
    it.each<[string, string, ReturnType<typeof at>]>([
      [
        'the evening before a closure runs to its end',
        '2026-12-24 00:30',
        { open: true, closesAt: '2026-12-24T01:30:00+01:00', nextOpening: '2026-12-31T19:00:00+01:00' },
      ],
      [
        'a closed day',
        '2026-12-25 13:00',
        { open: false, closesAt: undefined, nextOpening: '2026-12-31T19:00:00+01:00' },
      ],
      [
        "a special day wins over the closure (New Year's Eve)",
        '2026-12-31 23:59',
        { open: true, closesAt: '2027-01-01T02:00:00+01:00', nextOpening: '2027-01-03T12:00:00+01:00' },
      ],
      [
        "past midnight of New Year's Eve",
        '2027-01-01 01:00',
        { open: true, closesAt: '2027-01-01T02:00:00+01:00', nextOpening: '2027-01-03T12:00:00+01:00' },
      ],
      [
        'the day after the closure',
        '2027-01-03 12:00',
        { open: true, closesAt: '2027-01-03T14:30:00+01:00', nextOpening: '2027-01-03T19:00:00+01:00' },
      ],
    ])('%s', (_name, local, expected) => expect(at(holidays, local)).toEqual(expected));

    it('a special day with no ranges closes that date', () => {
      const s: VenueSchedule = { ...bistro, specialHours: [{ date: '2026-12-01', ranges: [] }] };
      expect(at(s, '2026-12-01 12:30')).toEqual({
        open: false,
        closesAt: undefined,
        nextOpening: '2026-12-02T12:00:00+01:00',
      });
    });
  });

  describe('last orders', () => {
    const s: VenueSchedule = { ...bistro, lastOrderMinutes: 30 };
    it.each<[string, string, ReturnType<typeof at>]>([
      [
        'orders stop 30 minutes before the end',
        '2026-12-01 22:00',
        { open: true, closesAt: '2026-12-01T23:00:00+01:00', nextOpening: '2026-12-02T12:00:00+01:00' },
      ],
      [
        'inside the margin: closed for orders',
        '2026-12-01 23:10',
        { open: false, closesAt: undefined, nextOpening: '2026-12-02T12:00:00+01:00' },
      ],
      [
        'past midnight too',
        '2026-12-05 01:05',
        { open: false, closesAt: undefined, nextOpening: '2026-12-05T19:00:00+01:00' },
      ],
    ])('%s', (_name, local, expected) => expect(at(s, local)).toEqual(expected));

    it('services that touch at midnight are one service, and the margin applies to its end', () => {
      const late: VenueSchedule = {
        timezone: 'Europe/Paris',
        hours: week({ mon: [['18:00', '24:00']], tue: [['00:00', '02:00']] }),
        lastOrderMinutes: 15,
      };
      expect(at(late, '2026-11-30 23:55')).toEqual({
        open: true,
        closesAt: '2026-12-01T01:45:00+01:00',
        nextOpening: '2026-12-07T18:00:00+01:00',
      });
    });

    it('a service shorter than the margin takes no orders', () => {
      const short: VenueSchedule = {
        timezone: 'Europe/Paris',
        hours: week({ mon: [['12:00', '12:20']], tue: [['12:00', '15:00']] }),
        lastOrderMinutes: 30,
      };
      expect(at(short, '2026-11-30 12:05')).toEqual({
        open: false,
        closesAt: undefined,
        nextOpening: '2026-12-01T12:00:00+01:00',
      });
    });
  });

  describe('time zones and daylight saving', () => {
    it.each<[string, VenueSchedule, string, ReturnType<typeof at>]>([
      [
        'Paris, spring forward: 01:00 to 04:00 lasts two hours',
        { timezone: 'Europe/Paris', hours: week({ sun: [['01:00', '04:00']] }) },
        '2026-03-29 01:30',
        { open: true, closesAt: '2026-03-29T04:00:00+02:00', nextOpening: '2026-04-05T01:00:00+02:00' },
      ],
      [
        'Paris, a range starting in the skipped hour moves forward by it',
        { timezone: 'Europe/Paris', hours: week({ sun: [['02:30', '05:00']] }) },
        '2026-03-29 01:30',
        { open: false, closesAt: undefined, nextOpening: '2026-03-29T03:30:00+02:00' },
      ],
      [
        'Paris, fall back: the offset changes inside the service',
        { timezone: 'Europe/Paris', hours: week({ sun: [['01:00', '04:00']] }) },
        '2026-10-25 01:30',
        { open: true, closesAt: '2026-10-25T04:00:00+01:00', nextOpening: '2026-11-01T01:00:00+01:00' },
      ],
      [
        'Paris, fall back: a range starting in the repeated hour starts at its first occurrence',
        { timezone: 'Europe/Paris', hours: week({ sun: [['02:30', '05:00']] }) },
        '2026-10-25 01:30',
        { open: false, closesAt: undefined, nextOpening: '2026-10-25T02:30:00+02:00' },
      ],
      [
        'New York, spring forward',
        { timezone: 'America/New_York', hours: everyDay([['11:00', '22:00']]) },
        '2026-03-08 10:00',
        { open: false, closesAt: undefined, nextOpening: '2026-03-08T11:00:00-04:00' },
      ],
      [
        'New York, the day before the change',
        { timezone: 'America/New_York', hours: everyDay([['11:00', '22:00']]) },
        '2026-03-07 21:00',
        { open: true, closesAt: '2026-03-07T22:00:00-05:00', nextOpening: '2026-03-08T11:00:00-04:00' },
      ],
      [
        'Bangkok, no daylight saving',
        { timezone: 'Asia/Bangkok', hours: everyDay([['10:00', '21:00']]) },
        '2026-12-01 20:00',
        { open: true, closesAt: '2026-12-01T21:00:00+07:00', nextOpening: '2026-12-02T10:00:00+07:00' },
      ],
      [
        'London in summer',
        { timezone: 'Europe/London', hours: everyDay([['12:00', '23:00']]) },
        '2026-07-01 23:30',
        { open: false, closesAt: undefined, nextOpening: '2026-07-02T12:00:00+01:00' },
      ],
    ])('%s', (_name, schedule, local, expected) => expect(at(schedule, local)).toEqual(expected));

    it('the same instant is open in one zone and closed in another', () => {
      const instant = Date.parse('2026-12-01T12:30:00Z');
      const hours = everyDay([['12:00', '15:00']]);
      expect(openingStateAt({ timezone: 'Europe/London', hours }, instant).open).toBe(true);
      expect(openingStateAt({ timezone: 'Asia/Bangkok', hours }, instant).open).toBe(false);
    });
  });
});

describe('categoryOpeningStateAt', () => {
  const venue: VenueSchedule = { timezone: 'Europe/Rome', hours: everyDay([['07:00', '01:00']]) };
  const breakfast = everyDay([['07:00', '11:00']]);
  const bar = everyDay([['17:00', '02:00']]);
  const state = (hours: WeekHours | undefined, local: string) => {
    const [date, time] = local.split(' ') as [string, string];
    const [h, m] = time.split(':').map(Number) as [number, number];
    const s = categoryOpeningStateAt(venue, hours, zonedInstant(date, h * 60 + m, venue.timezone));
    return {
      open: s.open,
      closesAt: s.closesAt && toZonedIso(s.closesAt, venue.timezone),
      nextOpening: s.nextOpening && toZonedIso(s.nextOpening, venue.timezone),
    };
  };
  it.each<[string, WeekHours | undefined, string, ReturnType<typeof state>]>([
    [
      'breakfast until 11',
      breakfast,
      '2026-12-01 08:00',
      { open: true, closesAt: '2026-12-01T11:00:00+01:00', nextOpening: '2026-12-02T07:00:00+01:00' },
    ],
    [
      'breakfast after 11',
      breakfast,
      '2026-12-01 12:00',
      { open: false, closesAt: undefined, nextOpening: '2026-12-02T07:00:00+01:00' },
    ],
    [
      'a bar later than the kitchen stops with the venue',
      bar,
      '2026-12-01 23:00',
      { open: true, closesAt: '2026-12-02T01:00:00+01:00', nextOpening: '2026-12-02T17:00:00+01:00' },
    ],
    [
      'no hours of its own: the venue decides',
      undefined,
      '2026-12-01 12:00',
      { open: true, closesAt: '2026-12-02T01:00:00+01:00', nextOpening: '2026-12-02T07:00:00+01:00' },
    ],
  ])('%s', (_name, hours, local, expected) => expect(state(hours, local)).toEqual(expected));
});

describe('schedule validation', () => {
  const issues = (value: unknown) => {
    const r = scheduleFieldsSchema.safeParse(value);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };
  it.each<[string, unknown, string[]]>([
    [
      'a lunch and a dinner',
      {
        timezone: 'Europe/Paris',
        hours: {
          mon: [
            ['12:00', '15:00'],
            ['19:00', '23:30'],
          ],
        },
      },
      [],
    ],
    ['a range past midnight', { timezone: 'Europe/Paris', hours: { fri: [['19:00', '01:30']] } }, []],
    ['the whole day', { timezone: 'Europe/Paris', hours: { sun: [['00:00', '24:00']] } }, []],
    [
      'an inverted range',
      { hours: { mon: [['22:00', '12:00']] } },
      ['hours.mon.0: ends before it starts (a range past midnight ends by 08:00)'],
    ],
    [
      'a range that ends when it starts',
      { hours: { mon: [['12:00', '12:00']] } },
      ['hours.mon.0: ends when it starts'],
    ],
    ['a range starting at 24:00', { hours: { mon: [['24:00', '02:00']] } }, ['hours.mon.0.0: cannot start at 24:00']],
    [
      'not a time',
      { hours: { mon: [['12h', '15:00']] } },
      ['hours.mon.0.0: must be a time from 00:00 to 24:00, such as 19:30'],
    ],
    [
      'overlapping ranges',
      {
        hours: {
          mon: [
            ['12:00', '15:00'],
            ['14:00', '16:00'],
          ],
        },
      },
      ['hours.mon.1: overlaps 12:00-15:00'],
    ],
    [
      'past midnight into the next day',
      { hours: { fri: [['19:00', '02:00']], sat: [['01:00', '03:00']] } },
      ["hours.sat.0: overlaps fri's 19:00-02:00"],
    ],
    [
      'Sunday night into Monday',
      { hours: { sun: [['20:00', '01:00']], mon: [['00:30', '02:00']] } },
      ["hours.mon.0: overlaps sun's 20:00-01:00"],
    ],
    ['an unknown day', { hours: { lun: [] } }, ['hours: Unrecognized key: "lun"']],
    [
      'an unknown time zone',
      { timezone: 'Europe/Atlantis' },
      ['timezone: is not a known time zone (use a name such as Europe/Paris)'],
    ],
    [
      'a closure ending before it starts',
      { closures: [{ from: '2026-12-26', to: '2026-12-24' }] },
      ['closures.0.to: is before from'],
    ],
    [
      'a date that does not exist',
      { closures: [{ from: '2026-02-30', to: '2026-03-01' }] },
      ['closures.0.from: must be a date such as 2026-12-24'],
    ],
    [
      'a special day twice',
      {
        specialHours: [
          { date: '2026-12-31', ranges: [] },
          { date: '2026-12-31', ranges: [] },
        ],
      },
      ['specialHours.1.date: is given twice'],
    ],
    ['a last-order margin too long', { lastOrderMinutes: 300 }, ['lastOrderMinutes: must be at most 240']],
  ])('%s', (_name, value, expected) => expect(issues(value)).toEqual(expected));

  it('fills the days not given with closed days', () => {
    expect(weekHoursSchema.parse({ mon: [['12:00', '15:00']] })).toEqual({ ...closedWeek, mon: [['12:00', '15:00']] });
  });
});
