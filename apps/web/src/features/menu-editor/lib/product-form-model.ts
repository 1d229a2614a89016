import { z } from 'zod';
import {
  hasAtMostTwoDecimals,
  MAX_GROUP_CHOICES,
  MAX_OPTION_GROUPS,
  optionGroupIssues,
  PRODUCT_LIMITS,
  productRuleIssues,
} from '@carte/domain';
import type { ProductInput, ProductStatus, StaffProduct } from '@carte/domain/contracts/product';
import type { PublicProduct } from '@carte/domain/public-types';
import { parseAmount } from '../../../lib/staff/parse-amount.ts';

/**
 * The product form's values and their mapping to the API (architecture.md 4.7). Error messages are
 * i18n keys (`admin.productForm.errors.*`); the server's own messages are shown as they come.
 */

export const TEMP_ID_PREFIX = 'new-';

export interface VariationValues {
  /** The variation's id: its real id, or `new-<n>` until the server gives it one. */
  key: string;
  name: string;
  /** The price difference as typed ("2.50", "-1"), empty for none. */
  priceDiff: string;
  preferences: string[];
  allergenes: string[];
}

export interface GroupValues {
  key: string;
  /** Set for a group the server already has. */
  id: string | null;
  name: string;
  min: number;
  max: number;
  variationKeys: string[];
}

export interface ProductFormValues {
  name: string;
  description: string;
  askForPrice: boolean;
  price: string;
  status: ProductStatus;
  recommended: boolean;
  preferences: string[];
  allergenes: string[];
  categories: string[];
  /** The dish's own tax rate (a rate id of the venue); '' takes its category's rate. */
  taxRate: string;
  /** The photo: its asset id when uploaded in this form, its URL for the preview. */
  image: { assetId: string | null; url: string } | null;
  variations: VariationValues[];
  groups: GroupValues[];
}

const E = 'admin.productForm.errors.';

const amount = (opts: { min: number; max: number; optional: boolean }) =>
  z.string().superRefine((text, ctx) => {
    if (!text.trim()) {
      if (!opts.optional) ctx.addIssue({ code: 'custom', message: `${E}priceRequired` });
      return;
    }
    const value = parseAmount(text);
    if (Number.isNaN(value)) ctx.addIssue({ code: 'custom', message: `${E}notANumber` });
    else if (value < opts.min)
      ctx.addIssue({ code: 'custom', message: opts.min === 0 ? `${E}negativePrice` : `${E}priceTooLow` });
    else if (value > opts.max) ctx.addIssue({ code: 'custom', message: `${E}priceTooHigh` });
    else if (!hasAtMostTwoDecimals(value)) ctx.addIssue({ code: 'custom', message: `${E}twoDecimals` });
  });

const variationSchema = z.object({
  key: z.string(),
  name: z
    .string()
    .trim()
    .min(1, { message: `${E}optionNameRequired` })
    .max(PRODUCT_LIMITS.optionName, { message: `${E}tooLong` }),
  priceDiff: amount({ min: -PRODUCT_LIMITS.optionPriceMax, max: PRODUCT_LIMITS.optionPriceMax, optional: true }),
  preferences: z.array(z.string()),
  allergenes: z.array(z.string()),
});

const groupSchema = z.object({
  key: z.string(),
  id: z.string().nullable(),
  name: z
    .string()
    .trim()
    .min(1, { message: `${E}groupNameRequired` })
    .max(PRODUCT_LIMITS.groupName, { message: `${E}tooLong` }),
  min: z
    .number({ message: `${E}wholeNumber` })
    .int({ message: `${E}wholeNumber` })
    .min(0, { message: `${E}minAtLeastZero` }),
  max: z
    .number({ message: `${E}wholeNumber` })
    .int({ message: `${E}wholeNumber` })
    .min(1, { message: `${E}maxAtLeastOne` })
    .max(MAX_GROUP_CHOICES, { message: `${E}maxTooHigh` }),
  variationKeys: z.array(z.string()).min(1, { message: `${E}groupNeedsOptions` }),
});

/** The form's option groups as the domain's rules and the guests' cards take them. */
function toVariationGroups(groups: { key: string; name: string; min: number; max: number; variationKeys: string[] }[]) {
  return groups.map((g) => ({ id: g.key, name: g.name, min: g.min, max: g.max, variationIds: g.variationKeys }));
}

/**
 * The import's own rule (productRuleIssues, as the server applies it): the cheapest choice the
 * options allow (price, the cheapest option of each required group, no extras) may not be below 0.
 * Only with amounts that parse; the fields' own checks speak for the others.
 */
function cheapestBelowZero(values: {
  price: string;
  variations: { key: string; priceDiff: string }[];
  groups: { key: string; name: string; min: number; max: number; variationKeys: string[] }[];
}): boolean {
  const price = parseAmount(values.price);
  const diffs = values.variations.map((v) => (v.priceDiff.trim() ? parseAmount(v.priceDiff) : 0));
  if (Number.isNaN(price) || diffs.some(Number.isNaN)) return false;
  return productRuleIssues({
    price,
    variations: values.variations.map((v, i) => ({
      id: v.key,
      name: v.key,
      price_variation: diffs[i]!,
      preferences: [],
      allergenes: [],
    })),
    variationGroups: toVariationGroups(values.groups),
  }).some((issue) => issue.path === 'price');
}

export const productFormSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, { message: `${E}nameRequired` })
      .max(PRODUCT_LIMITS.name, { message: `${E}tooLong` }),
    description: z.string().max(PRODUCT_LIMITS.description, { message: `${E}tooLong` }),
    askForPrice: z.boolean(),
    price: z.string(),
    status: z.enum(['available', 'unavailable']),
    recommended: z.boolean(),
    preferences: z.array(z.string()),
    allergenes: z.array(z.string()),
    categories: z.array(z.string()).max(PRODUCT_LIMITS.categories, { message: `${E}tooManyCategories` }),
    taxRate: z.string(),
    image: z.object({ assetId: z.string().nullable(), url: z.string() }).nullable(),
    variations: z.array(variationSchema).max(PRODUCT_LIMITS.variations, { message: `${E}tooManyOptions` }),
    groups: z.array(groupSchema).max(MAX_OPTION_GROUPS, { message: `${E}tooManyGroups` }),
  })
  .superRefine((values, ctx) => {
    if (!values.askForPrice) {
      const check = amount({ min: 0, max: PRODUCT_LIMITS.priceMax, optional: false }).safeParse(values.price);
      if (!check.success) ctx.addIssue({ code: 'custom', path: ['price'], message: check.error.issues[0]!.message });
      else if (cheapestBelowZero(values)) {
        ctx.addIssue({ code: 'custom', path: ['price'], message: `${E}cheapestBelowZero` });
      }
    }
    // The domain's option-group rules (a variation in one group at most, min <= max, min <= options).
    const issues = optionGroupIssues({
      variationIds: values.variations.map((v) => v.key),
      groups: values.groups.map((g) => ({
        id: g.key,
        name: g.name,
        min: g.min,
        max: g.max,
        variationIds: g.variationKeys,
      })),
    });
    for (const issue of issues) {
      const match = /^variationGroups\[(\d+)\]\.(min|variations)/.exec(issue.path);
      if (!match) continue;
      const index = Number(match[1]);
      if (match[2] === 'min') {
        const group = values.groups[index]!;
        const message = group.min > group.max ? `${E}minAboveMax` : `${E}minAboveOptions`;
        ctx.addIssue({ code: 'custom', path: ['groups', index, 'min'], message });
      } else {
        ctx.addIssue({ code: 'custom', path: ['groups', index, 'variationKeys'], message: `${E}optionInTwoGroups` });
      }
    }
  });

/**
 * The form's starting values: empty for a new dish, the product's own for an edit. `rateIds`: the
 * venue's tax rates; a rate of the dish's the venue no longer has shows as its category's (it counts
 * as none on orders too) and stays stored until the staff choose another.
 */
export function toFormValues(
  product: (PublicProduct & Partial<Pick<StaffProduct, 'taxRate'>>) | null,
  rateIds: readonly string[] = [],
): ProductFormValues {
  if (!product) {
    return {
      name: '',
      description: '',
      askForPrice: false,
      price: '',
      status: 'available',
      recommended: false,
      preferences: [],
      allergenes: [],
      categories: [],
      taxRate: '',
      image: null,
      variations: [],
      groups: [],
    };
  }
  return {
    name: product.name,
    description: product.description ?? '',
    askForPrice: product.price === null,
    price: product.price === null ? '' : product.price.toFixed(2),
    status: product.status === 'unavailable' ? 'unavailable' : 'available',
    recommended: product.recommended,
    preferences: [...product.preferences],
    allergenes: [...product.allergenes],
    categories: product.categories.map((c) => c.id),
    taxRate: product.taxRate && rateIds.includes(product.taxRate) ? product.taxRate : '',
    image: product.image ? { assetId: null, url: product.image } : null,
    variations: product.variations.map((v) => ({
      key: v.id,
      name: v.name,
      priceDiff: v.price_variation ? v.price_variation.toFixed(2) : '',
      preferences: [...v.preferences],
      allergenes: [...v.allergenes],
    })),
    groups: product.variationGroups.map((g) => ({
      key: g.id,
      id: g.id,
      name: g.name,
      min: g.min,
      max: g.max,
      variationKeys: [...g.variationIds],
    })),
  };
}

/** The body to send: prices as numbers, new variations under their temporary ids. */
export function toProductInput(values: ProductFormValues): ProductInput {
  const variationKeys = new Set(values.variations.map((v) => v.key));
  const input: ProductInput = {
    name: values.name.trim(),
    description: values.description.trim() || null,
    price: values.askForPrice ? null : parseAmount(values.price),
    status: values.status,
    recommended: values.recommended,
    preferences: values.preferences,
    allergenes: values.allergenes,
    categories: values.categories,
    taxRate: values.taxRate || null,
    variations: values.variations.map((v) => ({
      id: v.key,
      name: v.name.trim(),
      price_variation: v.priceDiff.trim() ? parseAmount(v.priceDiff) : 0,
      preferences: v.preferences,
      allergenes: v.allergenes,
    })),
    variationGroups: values.groups.map((g) => ({
      ...(g.id ? { id: g.id } : {}),
      name: g.name.trim(),
      min: g.min,
      max: g.max,
      variationIds: g.variationKeys.filter((k) => variationKeys.has(k)),
    })),
  };
  // The photo: a new upload sends its asset id, a removed one null; an untouched one is left out.
  if (values.image === null) input.image = null;
  else if (values.image.assetId) input.image = values.image.assetId;
  return input;
}

/** The fields of `next` that differ from `before` (PATCH sends only what changed). */
export function changedFields(before: ProductInput, next: ProductInput): Partial<ProductInput> {
  const patch: Partial<ProductInput> = {};
  for (const key of Object.keys(next) as (keyof ProductInput)[]) {
    if (JSON.stringify(next[key]) !== JSON.stringify(before[key])) {
      (patch as Record<string, unknown>)[key] = next[key];
    }
  }
  return patch;
}

/**
 * A server field path to the form's: `price` -> `price`, `variations[1].price_variation` ->
 * `variations.1.priceDiff`, `variationGroups[0].min` -> `groups.0.min`. Null when the form has no
 * such field (the message is then shown above the form).
 */
export function formPathOf(serverPath: string): string | null {
  const path = serverPath.replace(/^products\[\d+\]\./, '');
  const direct: Record<string, string> = {
    name: 'name',
    description: 'description',
    price: 'price',
    preferences: 'preferences',
    allergenes: 'allergenes',
    recommended: 'recommended',
    image: 'image',
    status: 'status',
    taxRate: 'taxRate',
  };
  if (direct[path]) return direct[path];
  if (/^categories(\[\d+\])?$/.test(path)) return 'categories';
  const variation = /^variations\[(\d+)\](?:\.(\w+))?/.exec(path);
  if (variation) {
    const field = { name: 'name', price_variation: 'priceDiff', preferences: 'preferences', allergenes: 'allergenes' }[
      variation[2] ?? ''
    ];
    return field ? `variations.${variation[1]}.${field}` : `variations.${variation[1]}.name`;
  }
  if (/^variations$/.test(path)) return 'variations';
  const group = /^variationGroups\[(\d+)\](?:\.(\w+))?/.exec(path);
  if (group) {
    const field = { name: 'name', min: 'min', max: 'max', variations: 'variationKeys', variationIds: 'variationKeys' }[
      group[2] ?? ''
    ];
    return field ? `groups.${group[1]}.${field}` : `groups.${group[1]}.name`;
  }
  if (/^variationGroups$/.test(path)) return 'groups';
  return null;
}

/** The preview card's product: what guests will see once saved. */
export function previewProduct(values: ProductFormValues, categories: { id: string; name: string }[]): PublicProduct {
  const price = values.askForPrice ? null : parseAmount(values.price);
  return {
    id: 'preview',
    name: values.name.trim() || '…',
    description: values.description.trim() || null,
    price: price === null || Number.isNaN(price) || price < 0 ? null : price,
    image: values.image?.url ?? null,
    status: values.status,
    recommended: values.recommended,
    preferences: values.preferences,
    allergenes: values.allergenes,
    categories: categories.filter((c) => values.categories.includes(c.id)),
    variations: values.variations.map((v) => ({
      id: v.key,
      name: v.name,
      price_variation: Number.isNaN(parseAmount(v.priceDiff)) ? 0 : parseAmount(v.priceDiff),
      preferences: v.preferences,
      allergenes: v.allergenes,
    })),
    variationGroups: toVariationGroups(values.groups),
  };
}
