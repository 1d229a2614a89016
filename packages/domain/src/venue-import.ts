import { z } from './zod.ts';
import { CURRENCIES, hasAtMostTwoDecimals, toMinor } from './money.ts';
import type { FieldIssue } from './errors.ts';
import { zodFieldIssues } from './contracts/common.ts';
import {
  cheapestChoiceMinor,
  MAX_GROUP_CHOICES,
  MAX_OPTION_GROUPS,
  optionGroupIssues,
  withinChars,
} from './options.ts';
import { DELIVERY_SPOT, PICKUP_SPOT } from './spot.ts';
import { ALLERGENS, isKnownAllergenEntry, NO_ALLERGENS, normaliseAllergens } from './allergens.ts';
import { isPhoneNumber } from './delivery.ts';
import { legalSchema, taxRateIdSchema, taxSettingsSchema } from './contracts/tax-settings.ts';
import { scheduleFieldsSchema, weekHoursSchema } from './hours.ts';
import { printOnSchema, stationsSchema, unknownStationMessage } from './kitchen.ts';
import { deliveryRulesSchema, pickupSettingsSchema } from './fulfilment.ts';

/** A venue's pickup phone that a courier could not call. */
export const PICKUP_PHONE_MESSAGE = 'must be a phone number such as +39 06 6880 1234';

/**
 * Slugs that would collide with the app's own routes: top-level ones, and the staff pages that share
 * `/admin/<venueUrl>` (`/admin/login`, `/admin/account`, ...).
 */
export const RESERVED_VENUE_URLS = [
  'admin',
  'error',
  'api',
  'media',
  'assets',
  'builds',
  'healthz',
  'readyz',
  'metrics',
  'static',
  'login',
  'logout',
  'select-venue',
  'account',
];
export { DELIVERY_SPOT };

export const VENUE_URL_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;
const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

const money = (opts: { min: number; max: number }) =>
  z
    .number({ error: 'must be a number' })
    .min(opts.min, { error: `must be at least ${opts.min}` })
    .max(opts.max, { error: `must be at most ${opts.max}` })
    .refine(hasAtMostTwoDecimals, { error: 'must have at most two decimal places', params: { code: 'two_decimals' } });

const key = z
  .string({ error: 'must be a string' })
  .trim()
  .min(1, { error: 'must not be empty' })
  .refine(withinChars(80), {
    error: 'must be at most 80 characters',
    params: { code: 'too_big', max: 80, origin: 'string' },
  });

const label = (max: number) =>
  z
    .string({ error: 'must be a string' })
    .trim()
    .min(1, { error: 'must not be empty' })
    .refine(withinChars(max), {
      error: `must be at most ${max} characters`,
      params: { code: 'too_big', max, origin: 'string' },
    });

const tagList = z
  .array(label(40), { error: 'must be a list of strings' })
  .max(30, { error: 'must have at most 30 entries' })
  .transform((a) => [...new Set(a.map((s) => s.toLowerCase()))]);

/**
 * A dish's or an option's allergens (decision 017): the 14 identifiers, `none`, or another name of one
 * (`nuts`, `seafood`, `dairy`, `beans`, `soy`...) read as everything it could mean and written in the
 * product's identifiers. Anything else is refused naming the entry: a typo such as `sesma` would
 * otherwise leave a sesame dish looking safe.
 */
const allergenList = z
  .array(
    label(40).refine(isKnownAllergenEntry, {
      error: (issue) =>
        `unknown allergen "${String(issue.input)}": use one of ${[...ALLERGENS, NO_ALLERGENS].join(', ')}`,
    }),
    { error: 'must be a list of strings' },
  )
  .max(30, { error: 'must have at most 30 entries' })
  .transform((a) => normaliseAllergens(a));

/** A path to an image file, relative to the import file, or an http(s) URL is not accepted offline. */
const imageRef = z
  .string({ error: 'must be a string' })
  .trim()
  .min(1, { error: 'must not be empty' })
  .refine(withinChars(500), {
    error: 'must be at most 500 characters',
    params: { code: 'too_big', max: 500, origin: 'string' },
  })
  .refine((s) => !/^[a-z]+:/i.test(s), { error: 'must be a path relative to the import file' });

const colour = z
  .string({ error: 'must be a colour like #0f766e' })
  .refine((s) => HEX_COLOUR.test(s), { error: 'must be a colour like #0f766e', params: { code: 'colour' } });

export const themeSchema = z
  .object({ primary: colour, accent: colour.optional() }, { error: 'must be an object' })
  .strict();
export type VenueTheme = z.infer<typeof themeSchema>;

export const importVenueSchema = z
  .object(
    {
      venueUrl: z
        .string({ error: 'must be a string' })
        .regex(VENUE_URL_PATTERN, { error: 'must be lower-case letters, digits and dashes (1 to 64)' })
        .refine((s) => !RESERVED_VENUE_URLS.includes(s), { error: 'is reserved' }),
      name: label(120),
      currency: z
        .string({ error: 'must be a string' })
        .transform((s) => s.toLowerCase())
        .pipe(z.enum(CURRENCIES, { error: `must be one of ${CURRENCIES.join(', ')}` })),
      inputPlaceholder: z
        .string({ error: 'must be a string' })
        .trim()
        .refine(withinChars(200), {
          error: 'must be at most 200 characters',
          params: { code: 'too_big', max: 200, origin: 'string' },
        })
        .nullish(),
      useTextMenu: z.boolean({ error: 'must be true or false' }).default(false),
      textMenu: z
        .string({ error: 'must be a string' })
        .refine(withinChars(50_000), {
          error: 'must be at most 50000 characters',
          params: { code: 'too_big', max: 50_000, origin: 'string' },
        })
        .nullish(),
      spots: z
        .array(label(40), { error: 'must be a list of table names' })
        .max(500, { error: 'must have at most 500 spots' })
        .default([]),
      enable_uber_direct: z.boolean({ error: 'must be true or false' }).default(false),
      headerIcon: imageRef.nullish(),
      defaultImage: imageRef.nullish(),
      theme: themeSchema.nullish(),
      pickupAddress: z
        .string({ error: 'must be a string' })
        .trim()
        .refine(withinChars(300), {
          error: 'must be at most 300 characters',
          params: { code: 'too_big', max: 300, origin: 'string' },
        })
        .nullish(),
      /** The courier calls it: digits with an optional +, separators allowed ("+39 06 6880 1234"). */
      pickupPhone: z
        .string({ error: 'must be a string' })
        .trim()
        .refine(withinChars(40), {
          error: 'must be at most 40 characters',
          params: { code: 'too_big', max: 40, origin: 'string' },
        })
        .refine((v) => !withinChars(40)(v) || v === '' || isPhoneNumber(v), {
          error: PICKUP_PHONE_MESSAGE,
          params: { code: 'phone' },
        })
        .nullish(),
      deliveryFee: money({ min: 0, max: 1000 }).nullish(),
      /** Guests may pay by card (when a payment provider is configured); absent means yes. */
      cardPayment: z.boolean({ error: 'must be true or false' }).optional(),
      /** Taxes and service charge (architecture 4.13); absent = prices carry no tax breakdown. */
      tax: taxSettingsSchema.nullish(),
      /** The seller printed on receipts. */
      legal: legalSchema.nullish(),
      // Opening hours (architecture 4.10): timezone, hours, closures, specialHours, lastOrderMinutes.
      ...scheduleFieldsSchema.shape,
      /** Kitchen stations and their printers (architecture 4.11). */
      stations: stationsSchema.optional(),
      printOn: printOnSchema.optional(),
      /** Pickup ("click and collect", decision 032): `{enabled, slotMinutes?}`; absent = no pickup. */
      pickup: pickupSettingsSchema.nullish(),
      /** Delivery limits (decision 032): `{minimumOrder?, radiusKm? + origin?, postcodes?}`. */
      deliveryRules: deliveryRulesSchema.nullish(),
    },
    { error: 'must be an object' },
  )
  .strict();

export const importCategorySchema = z
  .object(
    {
      id: key,
      name: label(80),
      taxRate: taxRateIdSchema.nullish(),
      /** The category's own week (breakfast until 11), in the venue's time zone. */
      hours: weekHoursSchema.nullish(),
      station: key.nullish(),
    },
    { error: 'must be an object' },
  )
  .strict();

/** The lengths and counts a product may have (the import, the staff routes and the product form). */
export const PRODUCT_LIMITS = {
  name: 120,
  description: 2000,
  optionName: 80,
  groupName: 80,
  categories: 20,
  variations: 50,
  priceMax: 100_000,
  optionPriceMax: 10_000,
} as const;

export const importVariationSchema = z
  .object(
    {
      id: key,
      name: label(PRODUCT_LIMITS.optionName),
      price_variation: money({ min: -PRODUCT_LIMITS.optionPriceMax, max: PRODUCT_LIMITS.optionPriceMax }).nullish(),
      preferences: tagList.default([]),
      allergenes: allergenList.default([]),
    },
    { error: 'must be an object' },
  )
  .strict();

const count = (min: number, max: number) =>
  z
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(min, { error: `must be at least ${min}` })
    .max(max, { error: `must be at most ${max}` });

export const importVariationGroupSchema = z
  .object(
    {
      id: key,
      name: label(PRODUCT_LIMITS.groupName),
      min: count(0, MAX_GROUP_CHOICES).default(0),
      max: count(1, MAX_GROUP_CHOICES).default(1),
      variations: z
        .array(key, { error: 'must be a list of variation ids' })
        .min(1, { error: 'must list at least one variation' })
        .max(PRODUCT_LIMITS.variations, { error: `must have at most ${PRODUCT_LIMITS.variations} entries` }),
    },
    { error: 'must be an object' },
  )
  .strict();

export const importProductSchema = z
  .object(
    {
      id: key,
      name: label(PRODUCT_LIMITS.name),
      description: z
        .string({ error: 'must be a string' })
        .trim()
        .refine(withinChars(PRODUCT_LIMITS.description), {
          error: `must be at most ${PRODUCT_LIMITS.description} characters`,
          params: { code: 'too_big', max: PRODUCT_LIMITS.description, origin: 'string' },
        })
        .nullish(),
      price: money({ min: 0, max: PRODUCT_LIMITS.priceMax }).nullish(),
      /** A rate id of venue.tax; absent = its categories' rate, else the venue's default. */
      taxRate: taxRateIdSchema.nullish(),
      image: imageRef.nullish(),
      status: z.enum(['available', 'unavailable'], { error: 'must be available or unavailable' }).default('available'),
      recommended: z.boolean({ error: 'must be true or false' }).default(false),
      preferences: tagList.default([]),
      allergenes: allergenList.default([]),
      categories: z
        .array(key, { error: 'must be a list of category ids' })
        .max(PRODUCT_LIMITS.categories, { error: `must have at most ${PRODUCT_LIMITS.categories} entries` })
        .default([]),
      variations: z
        .array(importVariationSchema, { error: 'must be a list' })
        .max(PRODUCT_LIMITS.variations, { error: `must have at most ${PRODUCT_LIMITS.variations} entries` })
        .default([]),
      variationGroups: z
        .array(importVariationGroupSchema, { error: 'must be a list' })
        .max(MAX_OPTION_GROUPS, { error: `must have at most ${MAX_OPTION_GROUPS} entries` })
        .default([]),
    },
    { error: 'must be an object' },
  )
  .strict();

export const venueImportSchema = z
  .object(
    {
      venue: importVenueSchema,
      categories: z
        .array(importCategorySchema, { error: 'must be a list' })
        .max(200, { error: 'must have at most 200 entries' })
        .default([]),
      products: z
        .array(importProductSchema, { error: 'must be a list' })
        .max(5000, { error: 'must have at most 5000 entries' })
        .default([]),
    },
    { error: 'must be a JSON object with venue, categories and products' },
  )
  .strict();

export type VenueImport = z.infer<typeof venueImportSchema>;
export type VenueImportInput = z.input<typeof venueImportSchema>;
export type ImportProduct = z.infer<typeof importProductSchema>;
export type ImportVariationGroup = z.infer<typeof importVariationGroupSchema>;

/** `['products', 0, 'price']` -> `products[0].price` */

const zodIssues = (error: z.ZodError): FieldIssue[] => zodFieldIssues(error);

export type ImportResult = { ok: true; value: VenueImport } | { ok: false; issues: FieldIssue[] };

const asList = (x: unknown): unknown[] => (Array.isArray(x) ? x : []);
const asRecord = (x: unknown): Record<string, unknown> =>
  x !== null && typeof x === 'object' && !Array.isArray(x) ? (x as Record<string, unknown>) : {};
/** A trimmed non-empty string, or undefined: the shape rules report everything else. */
const asText = (x: unknown): string | undefined => (typeof x === 'string' && x.trim() ? x.trim() : undefined);
const asNumber = (x: unknown): number | undefined => (typeof x === 'number' && Number.isFinite(x) ? x : undefined);

/**
 * The rules that link the file's parts (unique ids and spots, known categories, a text menu when
 * useTextMenu, variations that keep the price >= 0). They read the input defensively, so they also
 * run on a file whose shape is wrong elsewhere and every problem is reported in one pass.
 */
function linkIssues(input: unknown): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const dupes = (values: (string | undefined)[], at: (i: number) => string, what: string) => {
    const seen = new Set<string>();
    values.forEach((value, i) => {
      if (value === undefined) return;
      const k = value.toLowerCase();
      if (seen.has(k))
        issues.push({
          path: at(i),
          code: 'duplicate',
          params: { name: value },
          message: `duplicate ${what} "${value}"`,
        });
      else seen.add(k);
    });
  };
  const file = asRecord(input);
  const venue = asRecord(file.venue);
  const spots = asList(venue.spots).map(asText);
  dupes(spots, (i) => `venue.spots[${i}]`, 'spot');
  spots.forEach((s, i) => {
    const reserved = s?.toLowerCase();
    if (reserved === DELIVERY_SPOT || reserved === PICKUP_SPOT) {
      issues.push({
        path: `venue.spots[${i}]`,
        code: 'reserved',
        params: { name: reserved },
        message: `"${reserved}" is reserved for ${reserved === DELIVERY_SPOT ? 'courier delivery' : 'pickup orders'}`,
      });
    }
  });
  if (venue.useTextMenu === true && (venue.textMenu == null || asText(venue.textMenu) === undefined)) {
    if (venue.textMenu == null || typeof venue.textMenu === 'string') {
      issues.push({ path: 'venue.textMenu', code: 'required', message: 'is required when useTextMenu is true' });
    }
  }
  // Rates named by categories and products must be rates of venue.tax.
  const tax = asRecord(venue.tax);
  const rateIds = new Set(asList(tax.rates).map((r) => asText(asRecord(r).id)));
  const checkRate = (raw: unknown, path: string) => {
    const rate = asText(raw);
    if (rate === undefined) return;
    if (venue.tax == null) issues.push({ path, code: 'unknown_reference', message: 'names a tax rate but venue.tax is not set' });
    else if (Array.isArray(tax.rates) && !rateIds.has(rate))
      issues.push({ path, code: 'unknown_reference', params: { name: rate }, message: `unknown tax rate "${rate}"` });
  };
  asList(file.categories).forEach((c, i) => checkRate(asRecord(c).taxRate, `categories[${i}].taxRate`));
  asList(file.products).forEach((p, i) => checkRate(asRecord(p).taxRate, `products[${i}].taxRate`));
  const hasTimeZone = typeof venue.timezone === 'string' && venue.timezone !== '';
  if (!hasTimeZone) {
    // The same test as scheduleNeedsTimeZone, on the raw file.
    const needs = Boolean(venue.hours) || asList(venue.closures).length > 0 || asList(venue.specialHours).length > 0;
    if (needs)
      issues.push({
        path: 'venue.timezone',
        code: 'timezone_required',
        message: 'is required when hours, closures or special days are set',
      });
    else if (asList(file.categories).some((c) => asRecord(c).hours)) {
      issues.push({ path: 'venue.timezone', code: 'timezone_required', message: 'is required when a category has hours' });
    }
  }
  const categoryIds = asList(file.categories).map((c) => asText(asRecord(c).id));
  dupes(categoryIds, (i) => `categories[${i}].id`, 'category id');
  // Unknown-category problems only make sense when every category has a usable id.
  const categoriesUsable =
    (file.categories === undefined || Array.isArray(file.categories)) &&
    categoryIds.every((c) => c !== undefined && c.length <= 80);
  const known = new Set(categoryIds.filter((c): c is string => c !== undefined));
  const stationIds = asList(venue.stations).map((s) => asText(asRecord(s).id));
  asList(file.categories).forEach((c, i) => {
    const station = asText(asRecord(c).station);
    if (station !== undefined && !stationIds.includes(station)) {
      issues.push({
        path: `categories[${i}].station`,
        code: 'unknown_reference',
        params: { name: station },
        message: unknownStationMessage(stationIds.map((id) => ({ id: id ?? '', name: '' }))),
      });
    }
  });
  const products = asList(file.products).map(asRecord);
  dupes(
    products.map((p) => asText(p.id)),
    (i) => `products[${i}].id`,
    'product id',
  );
  products.forEach((p, pi) => {
    asList(p.categories).forEach((raw, ci) => {
      const c = asText(raw);
      if (categoriesUsable && c !== undefined && !known.has(c)) {
        issues.push({
          path: `products[${pi}].categories[${ci}]`,
          code: 'unknown_reference',
          params: { name: c },
          message: `unknown category "${c}"`,
        });
      }
    });
    const variations = asList(p.variations).map(asRecord);
    dupes(
      variations.map((x) => asText(x.id)),
      (i) => `products[${pi}].variations[${i}].id`,
      'variation id',
    );
    const groups = asList(p.variationGroups).map(asRecord);
    const groupsReadable = groups.every(
      (g) =>
        asText(g.id) !== undefined && Array.isArray(g.variations) && g.variations.every((v) => asText(v) !== undefined),
    );
    const variationIds = variations.map((x) => asText(x.id)).filter((x): x is string => x !== undefined);
    const groupInput = groups.map((g) => ({
      id: asText(g.id) ?? '',
      name: asText(g.name) ?? '',
      min: asNumber(g.min) ?? 0,
      max: asNumber(g.max) ?? 1,
      variationIds: asList(g.variations).map((v) => asText(v) ?? ''),
    }));
    if (groupsReadable) {
      issues.push(...optionGroupIssues({ variationIds, groups: groupInput }, `products[${pi}].variationGroups`));
    }
    // Never below zero: the cheapest choice the groups allow must cost at least 0.
    const price = asNumber(p.price);
    const diffs = variations.map((x) => asNumber(x.price_variation) ?? 0);
    if (price !== undefined && price >= 0 && groupsReadable && diffs.every((d) => d >= -10_000 && d <= 10_000)) {
      const cheapest = cheapestChoiceMinor({
        priceMinor: toMinor(price),
        variations: variations.map((x, xi) => ({
          id: asText(x.id) ?? `#${xi}`,
          priceVariationMinor: toMinor(diffs[xi]!),
        })),
        variationGroups: groupInput,
      });
      if (cheapest !== null && cheapest < 0) {
        issues.push({
          path: `products[${pi}].price`,
          code: 'negative_price',
          params: { cheapest: cheapest / 100 },
          message: `the cheapest choice of options would cost ${(cheapest / 100).toFixed(2)}: a price may not be below 0`,
        });
      }
    }
  });
  return issues;
}

/**
 * Validates an import file: its shape and the rules that link its parts (unique ids, known
 * categories, unique spots, a text menu when useTextMenu). Every problem is reported with its JSON
 * path, shape problems first.
 */
export function validateVenueImport(input: unknown): ImportResult {
  // reportInput: zod 4 leaves `input` out of issues otherwise, and "is required" needs it.
  const parsed = venueImportSchema.safeParse(input, { reportInput: true });
  const shape = parsed.success ? [] : zodIssues(parsed.error);
  const seen = new Set(shape.map((i) => `${i.path}\n${i.message}`));
  const issues = [...shape, ...linkIssues(input).filter((i) => !seen.has(`${i.path}\n${i.message}`))];
  if (parsed.success && issues.length === 0) return { ok: true, value: parsed.data };
  return { ok: false, issues };
}
