import { namedTaxRate, type TaxRate, type TaxSettings } from '@carte/domain/tax';

/**
 * A rate as the selects show it: "Food 10 %", or the rate's own name when it already says its
 * percentage ("TVA 10 %", "VAT 7%"). The percentage in the staff's number format (5,5 in French).
 */
export function taxRateLabel(rate: Pick<TaxRate, 'name' | 'percent'>, language: string): string {
  const percent = new Intl.NumberFormat(language, { maximumFractionDigits: 3 }).format(rate.percent);
  if (rate.name.includes(percent) || rate.name.includes(String(rate.percent))) return rate.name;
  return `${rate.name} ${percent} %`;
}

/**
 * The rate a dish without a rate of its own takes from these categories (ids, any order): the first
 * in menu order that names one, else the venue's default (the order's rule, domain lineTaxRate).
 */
export function categoriesRate(
  tax: Pick<TaxSettings, 'rates' | 'defaultRate'>,
  menuCategories: readonly { id: string; taxRate?: string | null | undefined }[],
  chosen: readonly string[],
): TaxRate | undefined {
  const rates = menuCategories.filter((c) => chosen.includes(c.id)).map((c) => c.taxRate);
  const id = namedTaxRate(tax, null, rates) ?? tax.defaultRate;
  return tax.rates.find((r) => r.id === id);
}
