import { z } from './zod.ts';
import { addDays, localTime, orderingWindows, toZonedIso, zoneOffsetMinutes, type VenueSchedule } from './hours.ts';
import { hasAtMostTwoDecimals } from './money.ts';

/**
 * Pickup and delivery limits (issue 18 item 6, decision 032): when a guest may collect an order
 * ("click and collect" slots from the hours and the prep time), and which delivery orders a venue
 * takes (a minimum for the dishes, an area by radius or by postcodes). Pure: the server refuses with
 * these functions and the guest pages show what they say, so the two cannot disagree.
 */

// ------------------------------------------------------------------------------------------------
// Pickup slots

export const SLOT_MINUTES = [10, 15, 20, 30, 60] as const;
export type SlotMinutes = (typeof SLOT_MINUTES)[number];
export const DEFAULT_SLOT_MINUTES: SlotMinutes = 15;
/** A day of quarter hours: more would be a list nobody scrolls. */
export const MAX_PICKUP_SLOTS = 96;
/** How far ahead the next service day is looked for: pickup is for today or the next days, not next week. */
const NEXT_DAY_SEARCH = 3;
const MINUTE = 60_000;

export interface PickupSettings {
  enabled: boolean;
  slotMinutes?: SlotMinutes | undefined;
}

export interface PickupSlotInput {
  /** The venue's schedule; null = always open, times in UTC. */
  schedule: VenueSchedule | null;
  /** The kitchen's current prep time: the first slot is at least that far from now. */
  prepMinutes: number | null;
  slotMinutes?: number | null | undefined;
}

/** The first instant at or after `from` whose local clock is on the slot grid (19:00, 19:15...). */
function alignUp(from: number, stepMinutes: number, timezone: string): number {
  const step = stepMinutes * MINUTE;
  const offset = zoneOffsetMinutes(from, timezone) * MINUTE;
  return Math.ceil((from + offset) / step) * step - offset;
}

/**
 * The pickup times a guest may choose at `at` (epoch ms, ascending): on the slot grid of the
 * venue's local clock, no earlier than `at + prepMinutes`, inside the ordering windows (the hours
 * less the last-order margin, both ends included), for the services that start on the local date of
 * `at + prepMinutes` or on the next day with a service (within 3 days), plus a service still running
 * from the day before; at most MAX_PICKUP_SLOTS. A venue always open offers a full day of slots.
 */
export function pickupSlotsAt(input: PickupSlotInput, at: number): number[] {
  const schedule: VenueSchedule = input.schedule ?? { timezone: 'UTC' };
  const timezone = schedule.timezone;
  const step = input.slotMinutes ?? DEFAULT_SLOT_MINUTES;
  const earliest = at + Math.max(0, input.prepMinutes ?? 0) * MINUTE;
  // The days count from the first time the kitchen can have it ready: at 23:56 with 20 minutes of
  // prep, "today" is already tomorrow (else an always-open venue would offer 23 hours, not a day).
  const today = localTime(earliest, timezone).date;
  let nextDay = addDays(today, 1);
  for (let d = 1; d <= NEXT_DAY_SEARCH; d++) {
    const date = addDays(today, d);
    if (orderingWindows(schedule, date, date).length) {
      nextDay = date;
      break;
    }
  }
  const slots: number[] = [];
  for (const w of orderingWindows(schedule, addDays(today, -1), nextDay)) {
    if (w.end < earliest) continue;
    // Step in local wall time, so a slot stays on the grid across a daylight-saving change.
    for (let slot = alignUp(Math.max(w.start, earliest), step, timezone); slot <= w.end;) {
      slots.push(slot);
      if (slots.length >= MAX_PICKUP_SLOTS) return slots;
      slot = alignUp(slot + step * MINUTE, step, timezone);
    }
  }
  return slots;
}

/** The slots as the API carries them: ISO 8601 with the venue's offset. */
export function pickupSlotIsos(input: PickupSlotInput, at: number): string[] {
  const timezone = input.schedule?.timezone ?? 'UTC';
  return pickupSlotsAt(input, at).map((s) => toZonedIso(s, timezone));
}

/** The slot a guest chose (an ISO time), if it is one of the slots at `at`; else null. */
export function matchPickupSlot(input: PickupSlotInput, chosen: string, at: number): number | null {
  const instant = Date.parse(chosen);
  if (!Number.isFinite(instant)) return null;
  return pickupSlotsAt(input, at).includes(instant) ? instant : null;
}

// ------------------------------------------------------------------------------------------------
// Delivery rules

export interface GeoPoint {
  lat: number;
  lng: number;
}

/** What the venue sets; amounts in minor units here (the settings carry decimals). */
export interface DeliveryRules {
  /** The dishes (before the delivery fee) must come to at least this, in minor units. */
  minimumOrderMinor?: number | null | undefined;
  /** Delivers within this distance of `origin` (the pickup address's coordinates). */
  radiusKm?: number | null | undefined;
  origin?: GeoPoint | null | undefined;
  /** Delivers to these postcodes (or the outward part of one, "SW1A" for "SW1A 1AA"). */
  postcodes?: readonly string[] | null | undefined;
}

/** The dishes' subtotal against the minimum: how much is missing (0 when met or none is set). */
export function deliveryShortfallMinor(rules: Pick<DeliveryRules, 'minimumOrderMinor'>, subtotalMinor: number): number {
  const minimum = rules.minimumOrderMinor ?? 0;
  return subtotalMinor >= minimum ? 0 : minimum - subtotalMinor;
}

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres (haversine on the mean Earth radius: within 0.5% of the ellipsoid). */
export function distanceMetres(a: GeoPoint, b: GeoPoint): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** "sw1a 1aa " -> "SW1A 1AA": upper case, inner spaces collapsed, trimmed. */
export function normalisePostcode(value: string): string {
  return value.trim().replace(/\s+/g, ' ').toUpperCase();
}

const compact = (postcode: string) => normalisePostcode(postcode).replace(/[\s-]/g, '');
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether a listed postcode names the address. With a postcode field (from the geocoder): equal
 * ignoring case and spaces, or equal to its part before the space (the UK outward code). Without
 * one, the listed code must appear in the address text as a whole token (spaces inside it optional):
 * "00184" matches "Via Roma 12, 00184 Roma", not "001845"; "SW1A" matches "London SW1A 1AA".
 */
export function postcodeMatches(listed: string, address: { postcode?: string | null; fullAddress: string }): boolean {
  const code = compact(listed);
  if (!code) return false;
  if (address.postcode && address.postcode.trim()) {
    const given = normalisePostcode(address.postcode);
    return compact(given) === code || compact(given.split(' ')[0]!) === code;
  }
  const pattern = [...code].map(escapeRe).join('[\\s-]?');
  return new RegExp(`(?:^|[^\\p{L}\\p{N}])${pattern}(?![\\p{L}\\p{N}])`, 'iu').test(address.fullAddress);
}

export type DeliveryAreaVerdict =
  | { ok: true; distanceMetres?: number }
  | { ok: false; reason: 'outside_radius'; distanceMetres: number; radiusKm: number }
  | { ok: false; reason: 'location_required' }
  | { ok: false; reason: 'postcode_not_served' };

/**
 * Whether an address is inside the venue's delivery area. A radius needs the coordinates of both the
 * venue (`origin`) and the address (`location`): without the address's, the answer is
 * 'location_required', never a guess. A postcode list matches the address's postcode field, else its
 * text. No radius and no postcodes: everywhere.
 */
export function checkDeliveryArea(
  rules: DeliveryRules,
  address: { fullAddress: string; postcode?: string | null | undefined; location?: GeoPoint | null | undefined },
): DeliveryAreaVerdict {
  if (rules.radiusKm && rules.origin) {
    if (!address.location) return { ok: false, reason: 'location_required' };
    const d = distanceMetres(rules.origin, address.location);
    return d <= rules.radiusKm * 1000
      ? { ok: true, distanceMetres: d }
      : { ok: false, reason: 'outside_radius', distanceMetres: d, radiusKm: rules.radiusKm };
  }
  if (rules.postcodes?.length) {
    return rules.postcodes.some((p) => postcodeMatches(p, address))
      ? { ok: true }
      : { ok: false, reason: 'postcode_not_served' };
  }
  return { ok: true };
}

// ------------------------------------------------------------------------------------------------
// Settings (the import file, PATCH /api/venue, the settings form)

export const MAX_RADIUS_KM = 100;
export const MAX_MINIMUM_ORDER = 10_000;
export const MAX_POSTCODES = 500;
export const POSTCODE_MAX_LENGTH = 12;
const POSTCODE_RE = /^[\p{L}\p{N}][\p{L}\p{N} -]*$/u;

export const pickupSettingsSchema = z
  .object(
    {
      enabled: z.boolean({ error: 'must be true or false' }),
      slotMinutes: z.literal(SLOT_MINUTES, { error: `must be one of ${SLOT_MINUTES.join(', ')} minutes` }).optional(),
    },
    { error: 'must be an object such as {"enabled": true, "slotMinutes": 15}' },
  )
  .strict();

export const geoPointSchema = z
  .object(
    {
      lat: z
        .number({ error: 'must be a latitude in degrees' })
        .min(-90, { error: 'must be from -90 to 90' })
        .max(90, { error: 'must be from -90 to 90' }),
      lng: z
        .number({ error: 'must be a longitude in degrees' })
        .min(-180, { error: 'must be from -180 to 180' })
        .max(180, { error: 'must be from -180 to 180' }),
    },
    { error: 'must be coordinates such as {"lat": 41.89, "lng": 12.49}' },
  )
  .strict();

export const postcodeSchema = z
  .string({ error: 'must be a postcode' })
  .transform(normalisePostcode)
  .refine((s) => s !== '', { error: 'must not be empty', params: { code: 'too_small' } })
  .refine((s) => s.length <= POSTCODE_MAX_LENGTH, {
    error: `must be at most ${POSTCODE_MAX_LENGTH} characters`,
    params: { code: 'too_big', max: POSTCODE_MAX_LENGTH, origin: 'string' },
  })
  .refine((s) => s === '' || s.length > POSTCODE_MAX_LENGTH || POSTCODE_RE.test(s), {
    error: 'must be letters, digits, spaces and dashes',
    params: { code: 'postcode' },
  });

/** The delivery rules as the settings and the import file carry them (`minimumOrder` decimal). */
export const deliveryRulesSchema = z
  .object(
    {
      minimumOrder: z
        .number({ error: 'must be an amount' })
        .min(0, { error: 'must be at least 0' })
        .max(MAX_MINIMUM_ORDER, { error: `must be at most ${MAX_MINIMUM_ORDER}` })
        .refine(hasAtMostTwoDecimals, {
          error: 'must have at most two decimal places',
          params: { code: 'two_decimals' },
        })
        .nullable()
        .optional(),
      radiusKm: z
        .number({ error: 'must be a distance in km' })
        .gt(0, { error: 'must be more than 0' })
        .max(MAX_RADIUS_KM, { error: `must be at most ${MAX_RADIUS_KM} km` })
        .nullable()
        .optional(),
      /** The pickup address's coordinates: the centre of the radius. */
      origin: geoPointSchema.nullable().optional(),
      postcodes: z
        .array(postcodeSchema, { error: 'must be a list of postcodes' })
        .max(MAX_POSTCODES, { error: `must have at most ${MAX_POSTCODES} postcodes` })
        .transform((list) => [...new Set(list)])
        .nullable()
        .optional(),
    },
    { error: 'must be an object such as {"minimumOrder": 15, "postcodes": ["00184"]}' },
  )
  .strict()
  .superRefine((rules, ctx) => {
    if (rules.radiusKm != null && !rules.origin) {
      ctx.addIssue({
        code: 'custom',
        path: ['origin'],
        message: 'is required with radiusKm: the coordinates of the pickup address',
        params: { code: 'required' },
      });
    }
    if (rules.radiusKm != null && rules.postcodes?.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['postcodes'],
        message: 'cannot be combined with radiusKm: choose a radius or a list of postcodes',
        params: { code: 'conflict' },
      });
    }
  });
export type DeliveryRulesSettings = z.output<typeof deliveryRulesSchema>;

/** The stored shape (null when nothing is set): empty fields dropped. */
export function deliveryRulesToStore(settings: DeliveryRulesSettings | null | undefined): DeliveryRulesSettings | null {
  if (!settings) return null;
  const out: DeliveryRulesSettings = {};
  if (settings.minimumOrder) out.minimumOrder = settings.minimumOrder;
  if (settings.radiusKm != null) out.radiusKm = settings.radiusKm;
  if (settings.origin) out.origin = settings.origin;
  if (settings.postcodes?.length) out.postcodes = settings.postcodes;
  return Object.keys(out).length ? out : null;
}

/** The stored pickup settings (null = no pickup). */
export function pickupToStore(
  settings: z.output<typeof pickupSettingsSchema> | null | undefined,
): PickupSettings | null {
  if (!settings) return null;
  return settings.slotMinutes
    ? { enabled: settings.enabled, slotMinutes: settings.slotMinutes }
    : { enabled: settings.enabled };
}
