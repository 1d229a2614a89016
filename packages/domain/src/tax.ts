/**
 * Taxes and the service charge of an order (architecture.md 4.13, decision 016).
 *
 * One rule: the lines (and the service charge) are grouped by tax rate, and each rate's tax is
 * computed once per order on its group's total and rounded half away from zero to the minor unit.
 * - Inclusive prices (EU, UK, Thailand): the group's total holds its tax;
 *   tax = total x p / (100 + p), base = total - tax. The guest pays the lines as priced.
 * - Exclusive prices (US sales tax, Thai "++" menus): the group's total is the base;
 *   tax = base x p / 100, added on top.
 * The service charge is a percentage of the lines (rounded the same way), on table orders only,
 * taxed at its own rate when it names one (none: outside the tax, as a discretionary UK service
 * charge is). Delivery and the tip stay outside: neither is in a tax base.
 *
 * Percentages carry up to three decimals (8.875 % in New York City), so the arithmetic runs on
 * integers: amounts in minor units, percentages in thousandths of a percent, in BigInt.
 */

export const TAX_MODES = ['inclusive', 'exclusive'] as const;
export type TaxMode = (typeof TAX_MODES)[number];

export interface TaxRate {
  /** A key inside the venue (`food`, `alcohol`, `zero`). */
  id: string;
  /** Printed on the bill and the receipt ("TVA 10 %", "VAT", "Sales tax"). */
  name: string;
  /** 0 to 100, at most three decimals. */
  percent: number;
}

export interface TaxSettings {
  mode: TaxMode;
  rates: TaxRate[];
  /** The rate of a line whose product and categories name none. */
  defaultRate: string;
  serviceCharge?: { percent: number; rate?: string | undefined } | null | undefined;
}

/** An order line as the tax sees it: its total in minor units and the id of its rate. */
export interface TaxableLine {
  amount: number;
  rate: string;
}

/** One rate's part of an order, as stored on the order and printed on the receipt. */
export interface TaxBreakdownEntry {
  rate: string;
  name: string;
  percent: number;
  /** The amount without tax, in minor units. */
  base: number;
  /** The tax, in minor units. */
  amount: number;
}

export interface OrderTaxes {
  /** The lines as priced (minor units): tax included in inclusive mode, excluded in exclusive mode. */
  subtotal: number;
  /** The service charge, priced like the lines (tax included in inclusive mode). */
  serviceCharge: number;
  tax: TaxBreakdownEntry[];
  taxTotal: number;
  /** What the guest pays before delivery and tip: subtotal + service charge (+ tax when exclusive). */
  total: number;
}

export const MAX_TAX_RATES = 10;

/** Divides and rounds half away from zero, exactly. */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const q = (2n * n + d) / (2n * d);
  return negative ? -q : q;
}

/** A percentage (up to three decimals) in thousandths: 8.875 -> 8875n. */
function thousandths(percent: number): bigint {
  return BigInt(Math.round(percent * 1000));
}

/** `amount` x `percent` / 100, rounded half away from zero (service charges, exclusive tax). */
export function percentOf(amount: number, percent: number): number {
  return Number(divideRounded(BigInt(amount) * thousandths(percent), 100_000n));
}

/** The tax inside a tax-inclusive amount: amount x p / (100 + p), rounded half away from zero. */
export function taxInside(amount: number, percent: number): number {
  const p = thousandths(percent);
  return Number(divideRounded(BigInt(amount) * p, 100_000n + p));
}

/**
 * The rate a product names: its own, else its first category's (in menu order) that names one.
 * A rate the venue no longer has (removed from its settings) counts as none, so the line falls
 * back to the default. null: the product names no rate the venue has (it takes the default).
 * The public menu shows this (null for the default); the order stores lineTaxRate.
 */
export function namedTaxRate(
  settings: Pick<TaxSettings, 'rates'>,
  productRate: string | null | undefined,
  categoryRates: readonly (string | null | undefined)[],
): string | null {
  const known = (rate: string | null | undefined): rate is string =>
    Boolean(rate) && settings.rates.some((r) => r.id === rate);
  if (known(productRate)) return productRate;
  return categoryRates.find(known) ?? null;
}

/** The rate a line takes: the one its product names (namedTaxRate), else the venue's default. */
export function lineTaxRate(
  settings: Pick<TaxSettings, 'rates' | 'defaultRate'>,
  productRate: string | null | undefined,
  categoryRates: readonly (string | null | undefined)[],
): string {
  return namedTaxRate(settings, productRate, categoryRates) ?? settings.defaultRate;
}

/**
 * An order's taxes and service charge. Without settings there is no tax and no service charge.
 * `serviceCharge: false` leaves it out (delivery orders).
 */
export function computeOrderTaxes(
  settings: TaxSettings | null | undefined,
  lines: readonly TaxableLine[],
  options: { serviceCharge: boolean },
): OrderTaxes {
  const subtotal = lines.reduce((sum, l) => sum + l.amount, 0);
  if (!settings) return { subtotal, serviceCharge: 0, tax: [], taxTotal: 0, total: subtotal };
  const sc = options.serviceCharge ? settings.serviceCharge : null;
  const serviceCharge = sc ? percentOf(subtotal, sc.percent) : 0;

  const groups = new Map<string, number>();
  for (const line of lines) groups.set(line.rate, (groups.get(line.rate) ?? 0) + line.amount);
  if (sc?.rate && serviceCharge) groups.set(sc.rate, (groups.get(sc.rate) ?? 0) + serviceCharge);

  const tax: TaxBreakdownEntry[] = [];
  // In the order of the venue's rates, so that every bill of a venue lists them alike.
  for (const rate of settings.rates) {
    const total = groups.get(rate.id);
    if (total === undefined) continue;
    groups.delete(rate.id);
    const amount = settings.mode === 'inclusive' ? taxInside(total, rate.percent) : percentOf(total, rate.percent);
    const base = settings.mode === 'inclusive' ? total - amount : total;
    tax.push({ rate: rate.id, name: rate.name, percent: rate.percent, base, amount });
  }
  if (groups.size) throw new RangeError(`Unknown tax rate: ${[...groups.keys()].join(', ')}`);
  const taxTotal = tax.reduce((sum, t) => sum + t.amount, 0);
  const total = subtotal + serviceCharge + (settings.mode === 'exclusive' ? taxTotal : 0);
  return { subtotal, serviceCharge, tax, taxTotal, total };
}

/** A rate id that a category or a product names, checked against the venue's rates. */
export function unknownTaxRate(
  settings: Pick<TaxSettings, 'rates'> | null | undefined,
  rate: string | null | undefined,
): boolean {
  if (!rate) return false;
  return !settings || !settings.rates.some((r) => r.id === rate);
}
