import { DomainError } from './errors.ts';

/** What pricing needs to know of a product and its chosen variations, in minor units. */
export interface PricedProduct {
  priceMinor: number | null;
}
export interface PricedVariation {
  priceVariationMinor?: number | null;
}

/**
 * Unit price = product price + sum of the chosen variations' price_variation
 * (a missing price_variation counts as 0). Integer minor units, so no rounding drift.
 * A unit price below 0 is refused (NEGATIVE_PRICE).
 */
export function unitPriceMinor(
  product: PricedProduct | null | undefined,
  variations: readonly PricedVariation[] = [],
): number {
  if (!product || product.priceMinor === null || product.priceMinor === undefined) {
    throw new DomainError('CART_ITEM_PRODUCT_REQUIRED');
  }
  const unit = variations.reduce((sum, v) => sum + (v.priceVariationMinor ?? 0), product.priceMinor);
  // Never below zero, whatever is stored: a menu cannot pay the guest.
  if (unit < 0) throw new DomainError('NEGATIVE_PRICE');
  return unit;
}

/** Line total = unit price x quantity. */
export function lineTotalMinor(
  product: PricedProduct | null | undefined,
  variations: readonly PricedVariation[],
  quantity: number,
): number {
  if (!product || product.priceMinor === null || !Number.isFinite(quantity) || quantity < 0) {
    throw new DomainError('CART_ITEM_INVALID_QUANTITY');
  }
  return unitPriceMinor(product, variations) * quantity;
}

/** Sum of line totals. */
export function sumMinor(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}
