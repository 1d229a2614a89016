import { describe, expect, it } from 'vitest';
import type { StaffVenueSettings } from '../../../lib/staff/venue-api.ts';
import {
  settingsFormSchema,
  settingsPatch,
  settingsPathOf,
  toSettingsValues,
  type SettingsFormValues,
} from './settings-form-model.ts';

const venue: StaffVenueSettings = {
  id: '0b7c6a52-3d4e-4f60-8a9b-1c2d3e4f5a6b',
  venueUrl: 'casa-verde',
  name: 'Casa Verde',
  currency: 'eur',
  headerIcon: null,
  headerIconUrl: null,
  inputPlaceholder: null,
  theme: null,
  spots: ['1', '2', '3'],
  useTextMenu: false,
  textMenu: null,
  enable_uber_direct: true,
  deliveryFee: 3.9,
  pickupAddress: 'Via Roma 1, 00184 Roma',
  pickupPhone: '+39 06 6880 1234',
  cardPayment: true,
  timezone: null,
  hours: null,
  closures: [],
  specialHours: [],
  lastOrderMinutes: null,
  prepMinutes: null,
  categories: [],
  role: 'owner',
};

/** The error keys the form shows for `change`, by field. */
function problems(change: Partial<SettingsFormValues>): Record<string, string> {
  const result = settingsFormSchema.safeParse({ ...toSettingsValues(venue), ...change });
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('settingsFormSchema', () => {
  it.each<[string, Partial<SettingsFormValues>, Record<string, string>]>([
    ['the venue as it is', {}, {}],
    ['no name', { name: '  ' }, { name: 'admin.settingsPage.errors.nameRequired' }],
    [
      'a colour name instead of hex',
      { useTheme: true, primary: 'red' },
      { primary: 'admin.settingsPage.errors.colour' },
    ],
    ['a colour while own colours are off', { useTheme: false, primary: 'red' }, {}],
    ['501 tables', { seats: '1-501' }, { seats: 'admin.settingsPage.errors.tooManySeats' }],
    ['the delivery spot as a table', { seats: '1, Delivery' }, { seats: 'admin.settingsPage.errors.deliveryReserved' }],
    [
      'a text menu without text',
      { useTextMenu: true, textMenu: ' ' },
      { textMenu: 'admin.settingsPage.errors.textMenuRequired' },
    ],
    ['a fee in words', { deliveryFee: 'free' }, { deliveryFee: 'admin.settingsPage.errors.notANumber' }],
    ['a negative fee', { deliveryFee: '-2' }, { deliveryFee: 'admin.settingsPage.errors.feeRange' }],
    ['a fee with a decimal comma', { deliveryFee: '4,50' }, {}],
    ['a fee of three decimals', { deliveryFee: '4.505' }, { deliveryFee: 'admin.settingsPage.errors.twoDecimals' }],
    ['a pickup phone in words', { pickupPhone: 'ask at the bar' }, { pickupPhone: 'admin.settingsPage.errors.phone' }],
    [
      'a pickup phone too short to call',
      { pickupPhone: '+39 123' },
      { pickupPhone: 'admin.settingsPage.errors.phone' },
    ],
    ['a pickup phone with brackets, dots and dashes', { pickupPhone: '(06) 6880.12-34' }, {}],
    ['no pickup phone', { pickupPhone: '' }, {}],
    [
      'a pickup phone of 41 characters',
      { pickupPhone: '1'.repeat(41) },
      { pickupPhone: 'admin.settingsPage.errors.tooLong' },
    ],
  ])('%s', (_label, change, expected) => {
    expect(problems(change)).toEqual(expected);
  });
});

describe('settingsPatch', () => {
  it('sends only what changed, the phone as typed and trimmed', () => {
    const values = { ...toSettingsValues(venue), pickupPhone: ' +39 06 1234 5678 ', deliveryFee: '4,50' };
    expect(settingsPatch(venue, values)).toEqual({ id: venue.id, pickupPhone: '+39 06 1234 5678', deliveryFee: 4.5 });
  });

  it('an emptied phone is sent as none', () => {
    expect(settingsPatch(venue, { ...toSettingsValues(venue), pickupPhone: '' })).toEqual({
      id: venue.id,
      pickupPhone: null,
    });
  });
});

describe('pickup and delivery limits in the settings form (decision 032)', () => {
  const E = 'admin.settingsPage.errors.';
  it.each<[string, Partial<SettingsFormValues>, Record<string, string>]>([
    [
      'a minimum, a radius with its centre',
      { minimumOrder: '15', radiusKm: '4.5', originLat: '41.89', originLng: '12.49' },
      {},
    ],
    ['postcodes', { postcodes: '00184, 00185\nSW1A 1AA' }, {}],
    ['a negative minimum', { minimumOrder: '-1' }, { minimumOrder: `${E}minimumRange` }],
    ['a minimum in words', { minimumOrder: 'ten' }, { minimumOrder: `${E}notANumber` }],
    ['a radius of 0', { radiusKm: '0', originLat: '41.89', originLng: '12.49' }, { radiusKm: `${E}radiusRange` }],
    ['an absurd radius', { radiusKm: '5000', originLat: '41.89', originLng: '12.49' }, { radiusKm: `${E}radiusRange` }],
    ['a radius without its centre', { radiusKm: '5' }, { originLat: `${E}latitude`, originLng: `${E}longitude` }],
    [
      'a radius and postcodes together',
      { radiusKm: '5', originLat: '41.89', originLng: '12.49', postcodes: '00184' },
      { postcodes: `${E}radiusOrPostcodes` },
    ],
    ['a postcode with symbols', { postcodes: '00184, 00#185' }, { postcodes: `${E}postcode` }],
    ['"pickup" as a table name', { seats: '1, Pickup' }, { seats: `${E}deliveryReserved` }],
  ])('%s', (_rule, change, expected) => expect(problems(change)).toEqual(expected));

  it('sends pickup and the rules that changed, and null to turn them off', () => {
    const on = settingsPatch(venue, {
      ...toSettingsValues(venue),
      pickupEnabled: true,
      slotMinutes: '30',
      minimumOrder: '12.50',
      postcodes: ' 00184,\n00185 ',
    });
    expect(on).toEqual({
      id: venue.id,
      pickup: { enabled: true, slotMinutes: 30 },
      deliveryRules: { minimumOrder: 12.5, postcodes: ['00184', '00185'] },
    });
    const withRules: StaffVenueSettings = {
      ...venue,
      pickup: { enabled: true, slotMinutes: 30 },
      deliveryRules: { minimumOrder: 12.5, postcodes: ['00184'] },
    };
    const off = settingsPatch(withRules, {
      ...toSettingsValues(withRules),
      pickupEnabled: false,
      minimumOrder: '',
      postcodes: '',
    });
    expect(off).toEqual({ id: venue.id, pickup: null, deliveryRules: null });
  });
});

describe('settingsPathOf: a server path to its field', () => {
  it.each<[string, string | null]>([
    ['pickupPhone', 'pickupPhone'],
    ['pickupAddress', 'pickupAddress'],
    ['pickup', 'pickupEnabled'],
    ['pickup.slotMinutes', 'slotMinutes'],
    ['deliveryRules.minimumOrder', 'minimumOrder'],
    ['deliveryRules.radiusKm', 'radiusKm'],
    ['deliveryRules.origin', 'originLat'],
    ['deliveryRules.origin.lng', 'originLng'],
    ['deliveryRules.postcodes[1]', 'postcodes'],
  ])('%s -> %s', (path, field) => expect(settingsPathOf(path)).toBe(field));
});
