import { formatPrice, formatPriceDifference, toMinor, type StaffProduct } from '@carte/domain';
import { say, tagName } from './messages.ts';
import type { Language, ProductValues, StaffBlock } from './types.ts';

/** The product as the forms would send it whole: restores it exactly (options keep their ids). */
export function valuesOf(p: StaffProduct): ProductValues {
  return {
    name: p.name,
    description: p.description,
    price: p.price,
    taxRate: p.taxRate,
    image: p.imageId,
    status: p.status === 'unavailable' ? 'unavailable' : 'available',
    recommended: p.recommended,
    preferences: [...p.preferences],
    allergenes: [...p.allergenes],
    categories: p.categories.map((c) => c.id),
    variations: p.variations.map((v) => ({
      id: v.id,
      name: v.name,
      price_variation: v.price_variation,
      preferences: [...v.preferences],
      allergenes: [...v.allergenes],
    })),
    variationGroups: p.variationGroups.map((g) => ({
      id: g.id,
      name: g.name,
      min: g.min,
      max: g.max,
      variationIds: [...g.variationIds],
    })),
  };
}

function priceText(price: number | null, currency: string, language: Language): string {
  return price === null ? say(language, 'noPrice') : formatPrice(toMinor(price), currency, language);
}

function tags(list: readonly string[], language: Language): string {
  return list.length ? list.map((t) => tagName(language, t)).join(', ') : say(language, 'none');
}

function options(p: StaffProduct, currency: string, language: Language): string {
  return p.variations.length
    ? p.variations
        .map((v) => `${v.name} (${formatPriceDifference(toMinor(v.price_variation), currency, language)})`)
        .join(', ')
    : say(language, 'none');
}

/**
 * The summary card of a change: every field that differs, "before -> after"; a new product shows
 * its fields as they are (no before).
 */
export function changeCard(
  title: string,
  before: StaffProduct | null,
  after: StaffProduct,
  currency: string,
  language: Language,
): StaffBlock {
  const fields: { label: string; of: (p: StaffProduct) => string; always?: boolean }[] = [
    { label: say(language, 'name'), of: (p) => p.name },
    { label: say(language, 'price'), of: (p) => priceText(p.price, currency, language), always: true },
    { label: say(language, 'description'), of: (p) => p.description || say(language, 'none') },
    {
      label: say(language, 'status'),
      of: (p) => say(language, p.status === 'unavailable' ? 'unavailable' : 'available'),
    },
    {
      label: say(language, 'categories'),
      of: (p) => p.categories.map((c) => c.name).join(', ') || say(language, 'none'),
    },
    { label: say(language, 'options'), of: (p) => options(p, currency, language) },
    { label: say(language, 'allergens'), of: (p) => tags(p.allergenes, language) },
    { label: say(language, 'preferences'), of: (p) => tags(p.preferences, language) },
    { label: say(language, 'recommended'), of: (p) => say(language, p.recommended ? 'yes' : 'no') },
  ];
  const rows: { label: string; before?: string; after: string }[] = [];
  for (const f of fields) {
    const now = f.of(after);
    if (!before) {
      if (f.label === say(language, 'name')) continue;
      if (
        f.always ||
        (now !== say(language, 'none') && now !== say(language, 'no') && now !== say(language, 'available'))
      ) {
        rows.push({ label: f.label, after: now });
      }
      continue;
    }
    const then = f.of(before);
    if (then !== now) rows.push({ label: f.label, before: then, after: now });
  }
  return { type: 'card', title, name: after.name, rows };
}
