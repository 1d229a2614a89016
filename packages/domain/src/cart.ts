import { DomainError } from './errors.ts';
import { toMinor } from './money.ts';
import { charLength, ITEM_NOTES_MAX_LENGTH } from './options.ts';
import { lineTotalMinor as pricedLineTotalMinor, sumMinor, unitPriceMinor } from './pricing.ts';

/**
 * Cart rules (spec sections 4 and 9). Pure: every operation returns a new cart and keeps
 * the cart it replaced, so the toast's undo can put it back.
 */

/** The most of one line a guest can order; the server enforces the same bound. */
export const MAX_LINE_QUANTITY = 99;

/** What the cart keeps of a product: the public API shape (decimal prices). */
export interface CartProduct {
  id: string;
  name: string;
  /** Decimal price as the public API gives it; null means "ask for price" (cannot be added). */
  price: number | null;
}
export interface CartVariation {
  id: string;
  name: string;
  /** A missing price_variation counts as 0. */
  price_variation?: number | null;
}
export interface CartLine {
  /** Product id + the set of variation ids + the note: equal keys are the same line. */
  key: string;
  product: CartProduct;
  variations: CartVariation[];
  quantity: number;
  /** The guest's note for the kitchen ("no onions"), at most ITEM_NOTES_MAX_LENGTH characters. */
  notes?: string | null;
}
export interface Cart {
  lines: CartLine[];
  /** The lines before the last change, for undo (one step; never nested, so storage stays small). */
  previous: CartLine[] | null;
}

export const emptyCart = (): Cart => ({ lines: [], previous: null });

/**
 * The same product with the same SET of variations (order and repeats do not matter) and the same note
 * gives the same key; two lines that differ only by their notes stay two lines.
 */
export function lineKey(productId: string, variationIds: readonly string[] = [], notes?: string | null): string {
  const ids = [...new Set(variationIds)].sort();
  const note = normaliseItemNotes(notes);
  return JSON.stringify(note ? [productId, ids, note] : [productId, ids]);
}

/** A line's note as stored: trimmed, inner runs of white space kept; empty means none. */
export function normaliseItemNotes(notes: string | null | undefined): string | null {
  const trimmed = typeof notes === 'string' ? notes.trim() : '';
  return trimmed ? trimmed : null;
}

function isWholeQuantity(q: unknown): q is number {
  return typeof q === 'number' && Number.isInteger(q);
}

function change(cart: Cart, lines: CartLine[]): Cart {
  return { lines, previous: cart.lines };
}

function dedupeVariations(variations: readonly CartVariation[]): CartVariation[] {
  const seen = new Set<string>();
  return variations.filter((v) => (seen.has(v.id) ? false : (seen.add(v.id), true)));
}

/**
 * Adds `quantity` (a whole number, at least 1) of a product with its chosen variations:
 * onto the line with the same product and variation set, otherwise as a new line.
 * A product without a price cannot be added.
 */
export function addToCart(
  cart: Cart,
  product: CartProduct,
  variations: readonly CartVariation[] = [],
  quantity = 1,
  notes?: string | null,
): Cart {
  if (!product || typeof product.price !== 'number' || !Number.isFinite(product.price)) {
    throw new DomainError('CART_ITEM_PRODUCT_REQUIRED');
  }
  if (!isWholeQuantity(quantity) || quantity < 1) throw new DomainError('CART_QUANTITY_INVALID');
  const note = normaliseItemNotes(notes);
  if (note && charLength(note) > ITEM_NOTES_MAX_LENGTH) throw new DomainError('ITEM_NOTES_TOO_LONG');
  const chosen = dedupeVariations(variations);
  const key = lineKey(
    product.id,
    chosen.map((v) => v.id),
    note,
  );
  const existing = cart.lines.find((l) => l.key === key);
  const next = (existing?.quantity ?? 0) + quantity;
  if (next > MAX_LINE_QUANTITY) throw new DomainError('CART_QUANTITY_INVALID');
  if (existing) {
    return change(
      cart,
      cart.lines.map((l) => (l.key === key ? { ...l, quantity: next } : l)),
    );
  }
  const line: CartLine = note
    ? { key, product, variations: chosen, quantity, notes: note }
    : { key, product, variations: chosen, quantity };
  return change(cart, [...cart.lines, line]);
}

/**
 * Removes `quantity` from a line; with no quantity, removes the whole line.
 * A negative (or fractional) removal is rejected; removing as many as the line holds or more deletes it.
 * An unknown line leaves the cart as it is.
 */
export function removeFromCart(cart: Cart, key: string, quantity?: number): Cart {
  if (quantity !== undefined && (!isWholeQuantity(quantity) || quantity < 0)) {
    throw new DomainError('CART_QUANTITY_INVALID');
  }
  const line = cart.lines.find((l) => l.key === key);
  if (!line || quantity === 0) return cart;
  if (quantity === undefined || quantity >= line.quantity) {
    return change(
      cart,
      cart.lines.filter((l) => l.key !== key),
    );
  }
  return change(
    cart,
    cart.lines.map((l) => (l.key === key ? { ...l, quantity: l.quantity - quantity } : l)),
  );
}

/** Sets a line's quantity; 0 or less removes the line. */
export function updateQuantity(cart: Cart, key: string, quantity: number): Cart {
  if (typeof quantity !== 'number' || Number.isNaN(quantity)) throw new DomainError('CART_QUANTITY_INVALID');
  const line = cart.lines.find((l) => l.key === key);
  if (!line) return cart;
  if (quantity <= 0) {
    return change(
      cart,
      cart.lines.filter((l) => l.key !== key),
    );
  }
  if (!Number.isInteger(quantity) || quantity > MAX_LINE_QUANTITY) throw new DomainError('CART_QUANTITY_INVALID');
  if (quantity === line.quantity) return cart;
  return change(
    cart,
    cart.lines.map((l) => (l.key === key ? { ...l, quantity } : l)),
  );
}

/** The cart before the last change (the toast's undo); without a previous state, the same cart. */
export function undo(cart: Cart): Cart {
  return cart.previous ? { lines: cart.previous, previous: null } : cart;
}

export function clearCart(cart: Cart): Cart {
  return cart.lines.length ? change(cart, []) : cart;
}

function priced(line: Pick<CartLine, 'product' | 'variations'>) {
  return {
    product: {
      priceMinor: line.product && typeof line.product.price === 'number' ? toMinor(line.product.price) : null,
    },
    variations: (line.variations ?? []).map((v) => ({
      priceVariationMinor: typeof v.price_variation === 'number' ? toMinor(v.price_variation) : 0,
    })),
  };
}

/** Unit price = product price + the variations' price_variation, in minor units (spec section 9). */
export function cartLineUnitPriceMinor(line: Pick<CartLine, 'product' | 'variations'>): number {
  const p = priced(line);
  return unitPriceMinor(line.product ? p.product : null, p.variations);
}

/** Line total = unit price x quantity, in minor units. */
export function cartLineTotalMinor(line: Pick<CartLine, 'product' | 'variations' | 'quantity'>): number {
  const p = priced(line);
  return pricedLineTotalMinor(line.product ? p.product : null, p.variations, line.quantity);
}

/** Number of items (the sum of the quantities), as the cart button shows it. */
export function cartCount(cart: Pick<Cart, 'lines'>): number {
  return cart.lines.reduce((n, l) => n + l.quantity, 0);
}

export function cartSubtotalMinor(cart: Pick<Cart, 'lines'>): number {
  return sumMinor(cart.lines.map(cartLineTotalMinor));
}

/** The lines as POST /api/order wants them (prices are never sent: the server prices the order). */
export function cartToOrderItems(
  cart: Pick<Cart, 'lines'>,
): { productId: string; variationIds: string[]; quantity: number; notes?: string }[] {
  return cart.lines.map((l) => ({
    productId: l.product.id,
    variationIds: l.variations.map((v) => v.id),
    quantity: l.quantity,
    ...(l.notes ? { notes: l.notes } : {}),
  }));
}
