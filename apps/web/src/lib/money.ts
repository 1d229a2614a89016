import { formatPrice, toMinor } from '@carte/domain/money';

/**
 * The API gives prices as decimals (9.5); display goes through the domain's minor-unit formatter
 * so the guest sees exactly what the server will charge, written the way their language writes
 * money: "9,50 €" in French, "€9.50" in English. Pass the interface language (i18n.language).
 * Returns null when the product has no price ("ask for price").
 */
export function displayPrice(
  price: number | null | undefined,
  currency: string | null | undefined,
  language: string,
): string | null {
  if (price === null || price === undefined || !Number.isFinite(price)) return null;
  return formatPrice(toMinor(price), currency, language);
}
