import type { FieldIssue } from './errors.ts';
import { zodFieldIssues } from './contracts/common.ts';
import type { StaffProductValues } from './contracts/product.ts';
import type { z } from './zod.ts';
import { toMinor } from './money.ts';
import { cheapestChoiceMinor, optionGroupIssues } from './options.ts';
import { DELIVERY_SPOT } from './venue-import.ts';
import { PICKUP_SPOT } from './spot.ts';

/**
 * The rules of the staff menu and venue (architecture 4.7) that span several fields, for the routes
 * and the staff chat alike. The request and answer shapes are in contracts/product.ts,
 * contracts/category.ts and contracts/venue.ts.
 */

/** zod issues as field issues relative to the body (`variations[1].price_variation`). */
export function fieldIssues(error: z.ZodError): FieldIssue[] {
  return zodFieldIssues(error);
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; issues: FieldIssue[] };

/** Parses with a schema, answering field issues (with "is required" for a missing field). */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown): Parsed<z.infer<S>> {
  const parsed = schema.safeParse(input, { reportInput: true });
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, issues: fieldIssues(parsed.error) };
}

/**
 * The import's rules that tie a product's parts together, on a parsed product (paths relative to
 * it): variation ids unique, option groups valid (optionGroupIssues, listed ids under
 * `variationGroups[i].variationIds[j]`), and the cheapest valid choice not below 0.
 */
export function productRuleIssues(
  p: Pick<StaffProductValues, 'price' | 'variations' | 'variationGroups'>,
): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const seen = new Set<string>();
  p.variations.forEach((v, i) => {
    if (v.id === undefined) return;
    if (seen.has(v.id)) {
      issues.push({
        path: `variations[${i}].id`,
        code: 'duplicate',
        params: { name: v.id },
        message: `duplicate variation id "${v.id}"`,
      });
    }
    seen.add(v.id);
  });
  // Variations without an id cannot be in a group: they get ids no group can name.
  const ids = p.variations.map((v, i) => v.id ?? `\u0000${i}`);
  const groups = p.variationGroups.map((g, gi) => ({
    id: g.id ?? `\u0000${gi}`,
    name: g.name,
    min: g.min,
    max: g.max,
    variationIds: g.variationIds,
  }));
  const groupIssues = optionGroupIssues({ variationIds: ids, groups }).map((i) => ({
    ...i,
    path: i.path.replace(/\.variations\[/, '.variationIds['),
  }));
  issues.push(...groupIssues);
  if (p.price != null && groupIssues.length === 0) {
    const cheapest = cheapestChoiceMinor({
      priceMinor: toMinor(p.price),
      variations: p.variations.map((v, i) => ({ id: ids[i]!, priceVariationMinor: toMinor(v.price_variation ?? 0) })),
      variationGroups: groups,
    });
    if (cheapest !== null && cheapest < 0) {
      issues.push({
        path: 'price',
        code: 'negative_price',
        params: { cheapest: cheapest / 100 },
        message: `the cheapest choice of options would cost ${(cheapest / 100).toFixed(2)}: a price may not be below 0`,
      });
    }
  }
  return issues;
}

/**
 * The import's venue rules on the settings a PATCH would leave: table names unique (case does not
 * count), "delivery" kept for courier delivery, a text menu when useTextMenu is on.
 */
export function venueSettingsIssues(v: {
  spots: string[];
  useTextMenu: boolean;
  textMenu: string | null;
}): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const seen = new Set<string>();
  v.spots.forEach((spot, i) => {
    const k = spot.toLowerCase();
    if (k === DELIVERY_SPOT || k === PICKUP_SPOT) {
      issues.push({
        path: `spots[${i}]`,
        code: 'reserved',
        params: { name: k },
        message: `"${k}" is reserved for ${k === DELIVERY_SPOT ? 'courier delivery' : 'pickup orders'}`,
      });
    } else if (seen.has(k))
      issues.push({
        path: `spots[${i}]`,
        code: 'duplicate',
        params: { name: spot },
        message: `duplicate spot "${spot}"`,
      });
    seen.add(k);
  });
  if (v.useTextMenu && !v.textMenu?.trim()) {
    issues.push({ path: 'textMenu', code: 'required', message: 'is required when useTextMenu is true' });
  }
  return issues;
}

/** `/<venueUrl>?spot=<table>` under the public address: what a table's QR code opens. */
export function tableUrl(publicUrl: string, venueUrl: string, spot: string, token?: string | null): string {
  const base = `${publicUrl.replace(/\/+$/, '')}/${encodeURIComponent(venueUrl)}?spot=${encodeURIComponent(spot)}`;
  // The table's token (decision 034): phones that open the link join the table's session.
  return token ? `${base}&t=${encodeURIComponent(token)}` : base;
}
