import { z } from 'zod';
import { DELIVERY_SPOT, hasAtMostTwoDecimals, PICKUP_SPOT } from '@carte/domain';
import {
  DEFAULT_SLOT_MINUTES,
  MAX_MINIMUM_ORDER,
  MAX_POSTCODES,
  MAX_RADIUS_KM,
  POSTCODE_MAX_LENGTH,
  SLOT_MINUTES,
  type SlotMinutes,
} from '@carte/domain/fulfilment';
import { isPhoneNumber } from '@carte/domain/delivery';
import { expandSeats } from '@carte/domain/seats';
import type { StaffVenueSettings, VenueSettingsPatch } from '../../../lib/staff/venue-api.ts';
import { parseAmount } from '../../../lib/staff/parse-amount.ts';
import { seatsText } from './seats-text.ts';

export interface SettingsFormValues {
  name: string;
  headerIcon: { assetId: string | null; url: string } | null;
  inputPlaceholder: string;
  useTheme: boolean;
  primary: string;
  accent: string;
  seats: string;
  useTextMenu: boolean;
  textMenu: string;
  deliveryFee: string;
  enable_uber_direct: boolean;
  pickupAddress: string;
  pickupPhone: string;
  cardPayment: boolean;
  // Pickup and delivery limits (decision 032)
  pickupEnabled: boolean;
  slotMinutes: string;
  minimumOrder: string;
  radiusKm: string;
  originLat: string;
  originLng: string;
  /** Postcodes served, separated by commas or new lines. */
  postcodes: string;
}

/** "00184, 00185\nSW1A 1AA" -> ["00184", "00185", "SW1A 1AA"] (the server normalises case and spaces). */
export function postcodeList(text: string): string[] {
  return text
    .split(/[,;\n]/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

const E = 'admin.settingsPage.errors.';
const HEX = /^#[0-9a-fA-F]{6}$/;
const DEFAULT_PRIMARY = '#1f2937';

export const settingsFormSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, { message: `${E}nameRequired` })
      .max(120, { message: `${E}tooLong` }),
    headerIcon: z.object({ assetId: z.string().nullable(), url: z.string() }).nullable(),
    inputPlaceholder: z.string().max(200, { message: `${E}tooLong` }),
    useTheme: z.boolean(),
    primary: z.string(),
    accent: z.string(),
    seats: z.string(),
    useTextMenu: z.boolean(),
    textMenu: z.string().max(50_000, { message: `${E}tooLong` }),
    deliveryFee: z.string(),
    enable_uber_direct: z.boolean(),
    pickupAddress: z.string().max(300, { message: `${E}tooLong` }),
    pickupPhone: z.string().max(40, { message: `${E}tooLong` }),
    cardPayment: z.boolean(),
    pickupEnabled: z.boolean(),
    slotMinutes: z.enum(SLOT_MINUTES.map(String) as [string, ...string[]]),
    minimumOrder: z.string(),
    radiusKm: z.string(),
    originLat: z.string(),
    originLng: z.string(),
    postcodes: z.string().max(6000, { message: `${E}tooLong` }),
  })
  .superRefine((v, ctx) => {
    if (v.useTheme && !HEX.test(v.primary)) ctx.addIssue({ code: 'custom', path: ['primary'], message: `${E}colour` });
    if (v.useTheme && v.accent && !HEX.test(v.accent))
      ctx.addIssue({ code: 'custom', path: ['accent'], message: `${E}colour` });
    const spots = expandSeats(v.seats);
    if (spots.length > 500) ctx.addIssue({ code: 'custom', path: ['seats'], message: `${E}tooManySeats` });
    else if (spots.some((s) => s.length > 40))
      ctx.addIssue({ code: 'custom', path: ['seats'], message: `${E}seatTooLong` });
    else if (spots.some((s) => s.toLowerCase() === DELIVERY_SPOT || s.toLowerCase() === PICKUP_SPOT)) {
      ctx.addIssue({ code: 'custom', path: ['seats'], message: `${E}deliveryReserved` });
    }
    if (v.useTextMenu && !v.textMenu.trim())
      ctx.addIssue({ code: 'custom', path: ['textMenu'], message: `${E}textMenuRequired` });
    const phone = v.pickupPhone.trim();
    if (phone && phone.length <= 40 && !isPhoneNumber(phone)) {
      ctx.addIssue({ code: 'custom', path: ['pickupPhone'], message: `${E}phone` });
    }
    if (v.deliveryFee.trim()) {
      const fee = parseAmount(v.deliveryFee);
      if (Number.isNaN(fee)) ctx.addIssue({ code: 'custom', path: ['deliveryFee'], message: `${E}notANumber` });
      else if (fee < 0 || fee > 1000) ctx.addIssue({ code: 'custom', path: ['deliveryFee'], message: `${E}feeRange` });
      else if (!hasAtMostTwoDecimals(fee))
        ctx.addIssue({ code: 'custom', path: ['deliveryFee'], message: `${E}twoDecimals` });
    }
    if (v.minimumOrder.trim()) {
      const minimum = parseAmount(v.minimumOrder);
      if (Number.isNaN(minimum)) ctx.addIssue({ code: 'custom', path: ['minimumOrder'], message: `${E}notANumber` });
      else if (minimum < 0 || minimum > MAX_MINIMUM_ORDER)
        ctx.addIssue({ code: 'custom', path: ['minimumOrder'], message: `${E}minimumRange` });
      else if (!hasAtMostTwoDecimals(minimum))
        ctx.addIssue({ code: 'custom', path: ['minimumOrder'], message: `${E}twoDecimals` });
    }
    if (v.radiusKm.trim()) {
      const radius = parseAmount(v.radiusKm);
      if (Number.isNaN(radius)) ctx.addIssue({ code: 'custom', path: ['radiusKm'], message: `${E}notANumber` });
      else if (radius <= 0 || radius > MAX_RADIUS_KM)
        ctx.addIssue({ code: 'custom', path: ['radiusKm'], message: `${E}radiusRange` });
      const lat = parseAmount(v.originLat);
      const lng = parseAmount(v.originLng);
      if (!v.originLat.trim() || Number.isNaN(lat) || lat < -90 || lat > 90)
        ctx.addIssue({ code: 'custom', path: ['originLat'], message: `${E}latitude` });
      if (!v.originLng.trim() || Number.isNaN(lng) || lng < -180 || lng > 180)
        ctx.addIssue({ code: 'custom', path: ['originLng'], message: `${E}longitude` });
      if (postcodeList(v.postcodes).length)
        ctx.addIssue({ code: 'custom', path: ['postcodes'], message: `${E}radiusOrPostcodes` });
    }
    const codes = postcodeList(v.postcodes);
    if (codes.length > MAX_POSTCODES)
      ctx.addIssue({ code: 'custom', path: ['postcodes'], message: `${E}tooManyPostcodes` });
    else if (codes.some((c) => c.length > POSTCODE_MAX_LENGTH || !/^[\p{L}\p{N}][\p{L}\p{N} -]*$/u.test(c)))
      ctx.addIssue({ code: 'custom', path: ['postcodes'], message: `${E}postcode` });
  });

export function toSettingsValues(venue: StaffVenueSettings): SettingsFormValues {
  return {
    name: venue.name,
    headerIcon: venue.headerIconUrl ? { assetId: null, url: venue.headerIconUrl } : null,
    inputPlaceholder: venue.inputPlaceholder ?? '',
    useTheme: venue.theme !== null,
    primary: venue.theme?.primary ?? DEFAULT_PRIMARY,
    accent: venue.theme?.accent ?? '',
    seats: seatsText(venue.spots),
    useTextMenu: venue.useTextMenu,
    textMenu: venue.textMenu ?? '',
    deliveryFee: venue.deliveryFee === null ? '' : venue.deliveryFee.toFixed(2),
    enable_uber_direct: venue.enable_uber_direct,
    pickupAddress: venue.pickupAddress ?? '',
    pickupPhone: venue.pickupPhone ?? '',
    cardPayment: venue.cardPayment,
    pickupEnabled: venue.pickup?.enabled ?? false,
    slotMinutes: String(venue.pickup?.slotMinutes ?? DEFAULT_SLOT_MINUTES),
    minimumOrder: venue.deliveryRules?.minimumOrder ? venue.deliveryRules.minimumOrder.toFixed(2) : '',
    radiusKm: venue.deliveryRules?.radiusKm ? String(venue.deliveryRules.radiusKm) : '',
    originLat: venue.deliveryRules?.origin ? String(venue.deliveryRules.origin.lat) : '',
    originLng: venue.deliveryRules?.origin ? String(venue.deliveryRules.origin.lng) : '',
    postcodes: (venue.deliveryRules?.postcodes ?? []).join(', '),
  };
}

type Settings = Omit<VenueSettingsPatch, 'id'>;

function toSettings(v: SettingsFormValues): Settings {
  const out: Settings = {
    name: v.name.trim(),
    inputPlaceholder: v.inputPlaceholder.trim() || null,
    theme: v.useTheme
      ? { primary: v.primary.toLowerCase(), ...(v.accent ? { accent: v.accent.toLowerCase() } : {}) }
      : null,
    spots: expandSeats(v.seats),
    useTextMenu: v.useTextMenu,
    textMenu: v.textMenu.trim() ? v.textMenu : null,
    deliveryFee: v.deliveryFee.trim() ? parseAmount(v.deliveryFee) : null,
    enable_uber_direct: v.enable_uber_direct,
    pickupAddress: v.pickupAddress.trim() || null,
    pickupPhone: v.pickupPhone.trim() || null,
    cardPayment: v.cardPayment,
    pickup: v.pickupEnabled ? { enabled: true, slotMinutes: Number(v.slotMinutes) as SlotMinutes } : null,
    deliveryRules: deliveryRulesOf(v),
  };
  if (v.headerIcon === null) out.headerIcon = null;
  else if (v.headerIcon.assetId) out.headerIcon = v.headerIcon.assetId;
  return out;
}

/** The delivery limits the form holds, or null when it sets none. */
function deliveryRulesOf(v: SettingsFormValues): Settings['deliveryRules'] {
  const rules: NonNullable<Settings['deliveryRules']> = {};
  if (v.minimumOrder.trim() && parseAmount(v.minimumOrder) > 0) rules.minimumOrder = parseAmount(v.minimumOrder);
  if (v.radiusKm.trim()) {
    rules.radiusKm = parseAmount(v.radiusKm);
    rules.origin = { lat: parseAmount(v.originLat), lng: parseAmount(v.originLng) };
  }
  const codes = postcodeList(v.postcodes);
  if (codes.length) rules.postcodes = codes;
  return Object.keys(rules).length ? rules : null;
}

/** PATCH /api/venue's body: the id and only the settings that changed. */
export function settingsPatch(venue: StaffVenueSettings, next: SettingsFormValues): VenueSettingsPatch {
  const before = toSettings(toSettingsValues(venue)) as Record<string, unknown>;
  const after = toSettings(next) as Record<string, unknown>;
  const patch: Record<string, unknown> = { id: venue.id };
  for (const key of Object.keys(after)) {
    if (JSON.stringify(after[key]) !== JSON.stringify(before[key])) patch[key] = after[key];
  }
  return patch as VenueSettingsPatch;
}

/** A server field path to the settings form's field. */
export function settingsPathOf(serverPath: string): keyof SettingsFormValues | null {
  const path = serverPath.replace(/^venue\./, '');
  if (path.startsWith('spots')) return 'seats';
  if (path.startsWith('theme.accent')) return 'accent';
  if (path.startsWith('theme')) return 'primary';
  if (path === 'pickup.slotMinutes') return 'slotMinutes';
  if (path === 'pickup' || path.startsWith('pickup.')) return 'pickupEnabled';
  if (path.startsWith('deliveryRules.minimumOrder')) return 'minimumOrder';
  if (path.startsWith('deliveryRules.radiusKm')) return 'radiusKm';
  if (path.startsWith('deliveryRules.origin.lng')) return 'originLng';
  if (path.startsWith('deliveryRules.origin')) return 'originLat';
  if (path.startsWith('deliveryRules')) return 'postcodes';
  const known: (keyof SettingsFormValues)[] = [
    'name',
    'headerIcon',
    'inputPlaceholder',
    'useTextMenu',
    'textMenu',
    'deliveryFee',
    'enable_uber_direct',
    'pickupAddress',
    'pickupPhone',
    'cardPayment',
  ];
  return (known as string[]).includes(path) ? (path as keyof SettingsFormValues) : null;
}
