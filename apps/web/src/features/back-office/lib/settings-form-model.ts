import { z } from 'zod';
import { DELIVERY_SPOT, hasAtMostTwoDecimals } from '@carte/domain';
import { isPhoneNumber } from '@carte/domain/delivery';
import { expandSeats } from '@carte/domain/seats';
import type { StaffVenueSettings, VenueSettingsPatch } from '../api/venue.ts';
import { parseAmount } from './product-form-model.ts';
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
}

const E = 'admin.settingsPage.errors.';
const HEX = /^#[0-9a-fA-F]{6}$/;
const DEFAULT_PRIMARY = '#1f2937';

export const settingsFormSchema = z
  .object({
    name: z.string().trim().min(1, { message: `${E}nameRequired` }).max(120, { message: `${E}tooLong` }),
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
  })
  .superRefine((v, ctx) => {
    if (v.useTheme && !HEX.test(v.primary)) ctx.addIssue({ code: 'custom', path: ['primary'], message: `${E}colour` });
    if (v.useTheme && v.accent && !HEX.test(v.accent)) ctx.addIssue({ code: 'custom', path: ['accent'], message: `${E}colour` });
    const spots = expandSeats(v.seats);
    if (spots.length > 500) ctx.addIssue({ code: 'custom', path: ['seats'], message: `${E}tooManySeats` });
    else if (spots.some((s) => s.length > 40)) ctx.addIssue({ code: 'custom', path: ['seats'], message: `${E}seatTooLong` });
    else if (spots.some((s) => s.toLowerCase() === DELIVERY_SPOT)) {
      ctx.addIssue({ code: 'custom', path: ['seats'], message: `${E}deliveryReserved` });
    }
    if (v.useTextMenu && !v.textMenu.trim()) ctx.addIssue({ code: 'custom', path: ['textMenu'], message: `${E}textMenuRequired` });
    const phone = v.pickupPhone.trim();
    if (phone && phone.length <= 40 && !isPhoneNumber(phone)) {
      ctx.addIssue({ code: 'custom', path: ['pickupPhone'], message: `${E}phone` });
    }
    if (v.deliveryFee.trim()) {
      const fee = parseAmount(v.deliveryFee);
      if (Number.isNaN(fee)) ctx.addIssue({ code: 'custom', path: ['deliveryFee'], message: `${E}notANumber` });
      else if (fee < 0 || fee > 1000) ctx.addIssue({ code: 'custom', path: ['deliveryFee'], message: `${E}feeRange` });
      else if (!hasAtMostTwoDecimals(fee)) ctx.addIssue({ code: 'custom', path: ['deliveryFee'], message: `${E}twoDecimals` });
    }
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
  };
}

type Settings = Omit<VenueSettingsPatch, 'id'>;

function toSettings(v: SettingsFormValues): Settings {
  const out: Settings = {
    name: v.name.trim(),
    inputPlaceholder: v.inputPlaceholder.trim() || null,
    theme: v.useTheme ? { primary: v.primary.toLowerCase(), ...(v.accent ? { accent: v.accent.toLowerCase() } : {}) } : null,
    spots: expandSeats(v.seats),
    useTextMenu: v.useTextMenu,
    textMenu: v.textMenu.trim() ? v.textMenu : null,
    deliveryFee: v.deliveryFee.trim() ? parseAmount(v.deliveryFee) : null,
    enable_uber_direct: v.enable_uber_direct,
    pickupAddress: v.pickupAddress.trim() || null,
    pickupPhone: v.pickupPhone.trim() || null,
    cardPayment: v.cardPayment,
  };
  if (v.headerIcon === null) out.headerIcon = null;
  else if (v.headerIcon.assetId) out.headerIcon = v.headerIcon.assetId;
  return out;
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
