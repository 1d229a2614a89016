import { z } from 'zod';
import { CURRENCIES, hasAtMostTwoDecimals } from './money.ts';
import type { FieldIssue } from './errors.ts';

/** Slugs that would collide with the app's own routes. */
export const RESERVED_VENUE_URLS = ['admin', 'error', 'api', 'media', 'assets', 'healthz', 'readyz', 'static'];
export const DELIVERY_SPOT = 'delivery';

export const VENUE_URL_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;
const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

const money = (opts: { min: number; max: number }) =>
  z
    .number({ error: 'must be a number' })
    .min(opts.min, { error: `must be at least ${opts.min}` })
    .max(opts.max, { error: `must be at most ${opts.max}` })
    .refine(hasAtMostTwoDecimals, { error: 'must have at most two decimal places' });

const key = z
  .string({ error: 'must be a string' })
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(80, { error: 'must be at most 80 characters' });

const label = (max: number) =>
  z
    .string({ error: 'must be a string' })
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(max, { error: `must be at most ${max} characters` });

const tagList = z
  .array(label(40), { error: 'must be a list of strings' })
  .max(30, { error: 'must have at most 30 entries' })
  .transform((a) => [...new Set(a.map((s) => s.toLowerCase()))]);

/** A path to an image file, relative to the import file, or an http(s) URL is not accepted offline. */
const imageRef = z
  .string({ error: 'must be a string' })
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(500, { error: 'must be at most 500 characters' })
  .refine((s) => !/^[a-z]+:/i.test(s), { error: 'must be a path relative to the import file' });

const colour = z
  .string({ error: 'must be a colour like #0f766e' })
  .regex(HEX_COLOUR, { error: 'must be a colour like #0f766e' });

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
        .max(200, { error: 'must be at most 200 characters' })
        .nullish(),
      useTextMenu: z.boolean({ error: 'must be true or false' }).default(false),
      textMenu: z
        .string({ error: 'must be a string' })
        .max(50_000, { error: 'must be at most 50000 characters' })
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
        .max(300, { error: 'must be at most 300 characters' })
        .nullish(),
      pickupPhone: z
        .string({ error: 'must be a string' })
        .trim()
        .max(40, { error: 'must be at most 40 characters' })
        .nullish(),
      deliveryFee: money({ min: 0, max: 1000 }).nullish(),
    },
    { error: 'must be an object' },
  )
  .strict();

export const importCategorySchema = z.object({ id: key, name: label(80) }, { error: 'must be an object' }).strict();

export const importVariationSchema = z
  .object(
    {
      id: key,
      name: label(80),
      price_variation: money({ min: -10_000, max: 10_000 }).nullish(),
    },
    { error: 'must be an object' },
  )
  .strict();

export const importProductSchema = z
  .object(
    {
      id: key,
      name: label(120),
      description: z
        .string({ error: 'must be a string' })
        .trim()
        .max(2000, { error: 'must be at most 2000 characters' })
        .nullish(),
      price: money({ min: 0, max: 100_000 }).nullish(),
      image: imageRef.nullish(),
      status: z.enum(['available', 'unavailable'], { error: 'must be available or unavailable' }).default('available'),
      recommended: z.boolean({ error: 'must be true or false' }).default(false),
      preferences: tagList.default([]),
      allergenes: tagList.default([]),
      categories: z
        .array(key, { error: 'must be a list of category ids' })
        .max(20, { error: 'must have at most 20 entries' })
        .default([]),
      variations: z
        .array(importVariationSchema, { error: 'must be a list' })
        .max(50, { error: 'must have at most 50 entries' })
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

/** `['products', 0, 'price']` -> `products[0].price` */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else out += out ? `.${String(seg)}` : String(seg);
  }
  return out || '(root)';
}

function zodIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((i) => {
    let message = i.message;
    if (i.code === 'unrecognized_keys') message = `unknown field(s): ${i.keys.join(', ')}`;
    if (i.code === 'invalid_type' && i.input === undefined) message = 'is required';
    return { path: formatPath(i.path), message };
  });
}

export type ImportResult = { ok: true; value: VenueImport } | { ok: false; issues: FieldIssue[] };

/**
 * Validates an import file: the shape first, then the rules that link its parts
 * (unique ids, known categories, unique spots, a text menu when useTextMenu).
 * Every problem is reported with its JSON path.
 */
export function validateVenueImport(input: unknown): ImportResult {
  // reportInput: zod 4 leaves `input` out of issues otherwise, and "is required" needs it.
  const parsed = venueImportSchema.safeParse(input, { reportInput: true });
  if (!parsed.success) return { ok: false, issues: zodIssues(parsed.error) };
  const v = parsed.data;
  const issues: FieldIssue[] = [];

  const dupes = (values: string[], at: (i: number) => string, what: string) => {
    const seen = new Map<string, number>();
    values.forEach((value, i) => {
      const k = value.toLowerCase();
      if (seen.has(k)) issues.push({ path: at(i), message: `duplicate ${what} "${value}"` });
      else seen.set(k, i);
    });
  };

  dupes(v.venue.spots, (i) => `venue.spots[${i}]`, 'spot');
  v.venue.spots.forEach((s, i) => {
    if (s.toLowerCase() === DELIVERY_SPOT) {
      issues.push({ path: `venue.spots[${i}]`, message: `"${DELIVERY_SPOT}" is reserved for courier delivery` });
    }
  });
  if (v.venue.useTextMenu && !v.venue.textMenu?.trim()) {
    issues.push({ path: 'venue.textMenu', message: 'is required when useTextMenu is true' });
  }
  dupes(
    v.categories.map((c) => c.id),
    (i) => `categories[${i}].id`,
    'category id',
  );
  dupes(
    v.products.map((p) => p.id),
    (i) => `products[${i}].id`,
    'product id',
  );
  const categoryIds = new Set(v.categories.map((c) => c.id));
  v.products.forEach((p, pi) => {
    p.categories.forEach((c, ci) => {
      if (!categoryIds.has(c))
        issues.push({ path: `products[${pi}].categories[${ci}]`, message: `unknown category "${c}"` });
    });
    dupes(
      p.variations.map((x) => x.id),
      (i) => `products[${pi}].variations[${i}].id`,
      'variation id',
    );
    if (p.price != null) {
      p.variations.forEach((x, xi) => {
        if ((x.price_variation ?? 0) < 0 && p.price! + (x.price_variation ?? 0) < 0) {
          issues.push({
            path: `products[${pi}].variations[${xi}].price_variation`,
            message: 'would make the price negative',
          });
        }
      });
    }
  });
  return issues.length ? { ok: false, issues } : { ok: true, value: v };
}
