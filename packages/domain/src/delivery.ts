import { z } from './zod.ts';
import { charLength } from './options.ts';
import type { addressSuggestionSchema } from './contracts/delivery.ts';

/**
 * Delivery data (spec sections 3 and 5): one schema for the address form, the order route
 * and anything else that reads it, so they cannot drift.
 */

export const FULL_NAME_MIN = 5;
export const FULL_ADDRESS_MIN = 10;
/** Optional plus sign, then 7 to 15 digits (after normalisePhone). */
export const PHONE_PATTERN = /^\+?\d{7,15}$/;
/** What people put between the digits of a phone number: spaces, dashes, dots, parentheses. */
const PHONE_SEPARATORS = /[\s\-\u2010-\u2015.()]/g;

/** "+39 (06) 123-45.67" -> "+39061234567": separators dropped; anything else stays (letters then fail the pattern). */
export function normalisePhone(value: string): string {
  return value.replace(PHONE_SEPARATORS, '');
}
/** A number a courier or the venue can call, as people write it (separators allowed). */
export function isPhoneNumber(value: string): boolean {
  return PHONE_PATTERN.test(normalisePhone(value));
}
export const INVALID_PHONE_MESSAGE = 'Invalid phone number';
export const INVALID_EMAIL_MESSAGE = 'Invalid email';
/** The spec's "minimum length {count} characters"; the web localises it from the issue's `minimum`. */
export const minLengthMessage = (count: number) => `Minimum length ${count} characters`;

export const ADDRESS_SEARCH_MIN_CHARS = 3;
export const ADDRESS_SEARCH_DEBOUNCE_MS = 500;
export const ADDRESS_MAX_LENGTH = 300;

/** Lengths count characters as people do (code points: an emoji is one), not UTF-16 units. */
const text = (min: number, max: number) =>
  z
    .string({ error: minLengthMessage(min) })
    .trim()
    .refine((v) => charLength(v) >= min, { error: minLengthMessage(min) })
    .refine((v) => charLength(v) <= max, { error: `Maximum length ${max} characters` });

export const deliveryInfoSchema = z.object({
  fullName: text(FULL_NAME_MIN, 120),
  /** Optional: an empty field counts as no phone. Stored normalised ("+39 06 1234-567" -> "+39061234567"). */
  phone: z
    .string({ error: INVALID_PHONE_MESSAGE })
    .transform(normalisePhone)
    .refine((v) => v === '' || isPhoneNumber(v), { error: INVALID_PHONE_MESSAGE, params: { code: 'phone' } })
    .optional()
    .transform((v) => (v ? v : undefined)),
  email: z
    .string({ error: INVALID_EMAIL_MESSAGE })
    .trim()
    .max(254, { error: INVALID_EMAIL_MESSAGE })
    .pipe(z.email({ error: INVALID_EMAIL_MESSAGE })),
  fullAddress: text(FULL_ADDRESS_MIN, ADDRESS_MAX_LENGTH),
  /**
   * The address's postcode and coordinates, when the address suggestion carried them (decision 032):
   * a venue's delivery area by postcodes reads the postcode (else the address text), one by radius
   * needs the coordinates.
   */
  postcode: z
    .string({ error: 'must be a postcode' })
    .trim()
    .max(12, { error: 'must be at most 12 characters' })
    .optional()
    .transform((v) => (v ? v : undefined)),
  location: z
    .object(
      {
        lat: z.number({ error: 'must be a latitude' }).min(-90, { error: 'must be from -90 to 90' }).max(90, { error: 'must be from -90 to 90' }),
        lng: z
          .number({ error: 'must be a longitude' })
          .min(-180, { error: 'must be from -180 to 180' })
          .max(180, { error: 'must be from -180 to 180' }),
      },
      { error: 'must be coordinates such as {"lat": 41.89, "lng": 12.49}' },
    )
    .strict()
    .optional(),
  /** Optional: an empty field counts as no notes. */
  notes: z
    .string()
    .trim()
    .refine((v) => charLength(v) <= 500, { error: 'Maximum length 500 characters' })
    .optional()
    .transform((v) => (v ? v : undefined)),
});

/** What the address form holds (strings as typed). */
export type DeliveryInfoInput = z.input<typeof deliveryInfoSchema>;
/** Validated, trimmed delivery data; empty optional fields are absent. */
export type DeliveryInfo = z.output<typeof deliveryInfoSchema>;

/** One suggestion of GET /api/address (its schema: contracts/delivery.ts). */
export type AddressSuggestion = z.infer<typeof addressSuggestionSchema>;

/** Trimmed, inner whitespace collapsed to single spaces. */
export function normaliseAddress(value: string): string {
  return value.trim().replace(/\s+/g, ' ');
}

/** Two addresses are the same place for quoting when they are equal after normalising, ignoring case. */
export function sameAddress(a: string, b: string): boolean {
  return normaliseAddress(a).toLowerCase() === normaliseAddress(b).toLowerCase();
}

/** Languages GET /api/address accepts, keyed by the app language they are mapped from. */
export const ADDRESS_LANGUAGES = {
  en: 'en-US',
  fr: 'fr-FR',
  it: 'it-IT',
  th: 'th-TH',
  de: 'de-DE',
} as const;
export type AddressLanguage = (typeof ADDRESS_LANGUAGES)[keyof typeof ADDRESS_LANGUAGES];

export function isAddressLanguage(value: unknown): value is AddressLanguage {
  return typeof value === 'string' && (Object.values(ADDRESS_LANGUAGES) as string[]).includes(value);
}

/** The address-search language for an app language ('fr' -> 'fr-FR'); unknown ones fall back to en-US. */
export function addressLanguageFor(appLanguage: string | null | undefined): AddressLanguage {
  const base = (appLanguage ?? '').slice(0, 2).toLowerCase();
  return base in ADDRESS_LANGUAGES ? ADDRESS_LANGUAGES[base as keyof typeof ADDRESS_LANGUAGES] : 'en-US';
}

/** Whether a typed address is long enough to ask for suggestions (3 characters or more, trimmed). */
export function shouldSearchAddress(query: string | null | undefined): boolean {
  return typeof query === 'string' && normaliseAddress(query).length >= ADDRESS_SEARCH_MIN_CHARS;
}
