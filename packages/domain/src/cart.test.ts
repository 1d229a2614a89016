import { describe, expect, it } from 'vitest';
import {
  addToCart,
  cartCount,
  cartLineTotalMinor,
  cartLineUnitPriceMinor,
  cartSubtotalMinor,
  cartToOrderItems,
  clearCart,
  emptyCart,
  lineKey,
  removeFromCart,
  undo,
  updateQuantity,
  type Cart,
  type CartProduct,
  type CartVariation,
} from './cart.ts';
import { DomainError } from './errors.ts';

const burrata: CartProduct = { id: 'burrata', name: 'Burrata', price: 11.5 };
const pizza: CartProduct = { id: 'pizza', name: 'Margherita', price: 10.1 };
const askPrice: CartProduct = { id: 'fish', name: 'Catch of the day', price: null };
const truffle: CartVariation = { id: 'truffle', name: 'Truffle oil', price_variation: 3 };
const extra: CartVariation = { id: 'extra', name: 'Extra cheese', price_variation: 0.2 };
const small: CartVariation = { id: 'small', name: 'Small', price_variation: -1.5 };
const free: CartVariation = { id: 'basil', name: 'Basil' };

/** Applies a list of adds to an empty cart. */
function build(adds: [CartProduct, CartVariation[], number?][]): Cart {
  return adds.reduce<Cart>((c, [p, v, q]) => addToCart(c, p, v, q), emptyCart());
}
const summary = (c: Cart) =>
  c.lines.map((l) => `${l.product.id}[${l.variations.map((v) => v.id).join('+')}]x${l.quantity}`);

describe('addToCart', () => {
  it.each<[string, [CartProduct, CartVariation[], number?][], string[]]>([
    ['one product', [[burrata, []]], ['burrata[]x1']],
    [
      'same product twice adds to its line',
      [
        [burrata, []],
        [burrata, [], 2],
      ],
      ['burrata[]x3'],
    ],
    [
      'same variation set in another order adds to its line',
      [
        [pizza, [extra, truffle]],
        [pizza, [truffle, extra]],
      ],
      ['pizza[extra+truffle]x2'],
    ],
    [
      'a different variation set is a new line',
      [
        [pizza, [extra]],
        [pizza, [truffle]],
        [pizza, []],
      ],
      ['pizza[extra]x1', 'pizza[truffle]x1', 'pizza[]x1'],
    ],
    [
      'a subset of variations is a new line',
      [
        [pizza, [extra, truffle]],
        [pizza, [extra]],
      ],
      ['pizza[extra+truffle]x1', 'pizza[extra]x1'],
    ],
    [
      'a repeated variation counts once',
      [
        [pizza, [extra, extra]],
        [pizza, [extra]],
      ],
      ['pizza[extra]x2'],
    ],
    [
      'different products are different lines',
      [
        [pizza, []],
        [burrata, []],
      ],
      ['pizza[]x1', 'burrata[]x1'],
    ],
    [
      'up to 99 of one line',
      [
        [pizza, [], 98],
        [pizza, [], 1],
      ],
      ['pizza[]x99'],
    ],
  ])('%s', (_name, adds, expected) => {
    expect(summary(build(adds))).toEqual(expected);
  });

  it.each<[string, CartProduct, number, string]>([
    ['quantity 0', pizza, 0, 'CART_QUANTITY_INVALID'],
    ['negative quantity', pizza, -1, 'CART_QUANTITY_INVALID'],
    ['fractional quantity', pizza, 1.5, 'CART_QUANTITY_INVALID'],
    ['NaN quantity', pizza, Number.NaN, 'CART_QUANTITY_INVALID'],
    ['more than 99', pizza, 100, 'CART_QUANTITY_INVALID'],
    ['a product without price', askPrice, 1, 'CART_ITEM_PRODUCT_REQUIRED'],
  ])('refuses %s', (_name, product, quantity, code) => {
    const before = build([[pizza, []]]);
    expect(() => addToCart(before, product, [], quantity)).toThrow(expect.objectContaining({ code }));
    expect(summary(before)).toEqual(['pizza[]x1']);
  });

  it('refuses to go past 99 on an existing line', () => {
    const c = build([[pizza, [], 99]]);
    expect(() => addToCart(c, pizza, [], 1)).toThrow(DomainError);
  });
});

describe('removeFromCart', () => {
  const start = () =>
    build([
      [pizza, [extra], 3],
      [burrata, []],
    ]);
  const pizzaKey = lineKey('pizza', ['extra']);
  it.each<[string, string, number | undefined, string[]]>([
    ['no quantity deletes the line', pizzaKey, undefined, ['burrata[]x1']],
    ['a quantity lowers the line', pizzaKey, 2, ['pizza[extra]x1', 'burrata[]x1']],
    ['the whole quantity deletes the line', pizzaKey, 3, ['burrata[]x1']],
    ['more than the quantity deletes the line', pizzaKey, 10, ['burrata[]x1']],
    ['zero changes nothing', pizzaKey, 0, ['pizza[extra]x3', 'burrata[]x1']],
    ['an unknown line changes nothing', lineKey('nope'), undefined, ['pizza[extra]x3', 'burrata[]x1']],
  ])('%s', (_name, key, quantity, expected) => {
    expect(summary(removeFromCart(start(), key, quantity))).toEqual(expected);
  });

  it.each([-1, -0.5, 1.5])('rejects removing %s', (q) => {
    expect(() => removeFromCart(start(), pizzaKey, q)).toThrow(
      expect.objectContaining({ code: 'CART_QUANTITY_INVALID' }),
    );
  });
});

describe('updateQuantity', () => {
  const key = lineKey('pizza');
  it.each<[number, string[]]>([
    [5, ['pizza[]x5']],
    [1, ['pizza[]x1']],
    [0, []],
    [-3, []],
    [99, ['pizza[]x99']],
  ])('to %s', (q, expected) => {
    expect(summary(updateQuantity(build([[pizza, [], 2]]), key, q))).toEqual(expected);
  });
  it.each([1.5, 100, Number.NaN])('rejects %s', (q) => {
    expect(() => updateQuantity(build([[pizza, [], 2]]), key, q)).toThrow(DomainError);
  });
});

describe('undo', () => {
  it.each<[string, (c: Cart) => Cart, string[]]>([
    ['of an add', (c) => addToCart(c, burrata, []), ['pizza[]x2']],
    ['of an add onto a line', (c) => addToCart(c, pizza, [], 3), ['pizza[]x2']],
    ['of a removal', (c) => removeFromCart(c, lineKey('pizza')), ['pizza[]x2']],
    ['of a quantity change', (c) => updateQuantity(c, lineKey('pizza'), 7), ['pizza[]x2']],
    ['of clearing', (c) => clearCart(c), ['pizza[]x2']],
  ])('%s gives back the previous cart', (_name, op, expected) => {
    const before = build([[pizza, [], 2]]);
    const after = op(before);
    expect(summary(undo(after))).toEqual(expected);
  });

  it('with nothing to undo returns the same cart', () => {
    const c = emptyCart();
    expect(undo(c)).toBe(c);
    expect(undo(undo(addToCart(c, pizza, [])))).toEqual({ lines: [], previous: null });
  });
});

describe('prices (spec section 9, minor units)', () => {
  it.each<[string, CartProduct, CartVariation[], number, number, number]>([
    ['no variations', pizza, [], 1, 1010, 1010],
    ['10.10 + 0.20 = 10.30', pizza, [extra], 1, 1030, 1030],
    ['negative variation', burrata, [small], 2, 1000, 2000],
    ['variation without price_variation counts as 0', burrata, [free], 3, 1150, 3450],
    ['several variations', pizza, [extra, truffle, small], 3, 1180, 3540],
  ])('%s', (_name, product, variations, quantity, unit, total) => {
    const line = { product, variations, quantity };
    expect(cartLineUnitPriceMinor(line)).toBe(unit);
    expect(cartLineTotalMinor(line)).toBe(total);
  });

  it('count and subtotal', () => {
    const c = build([
      [pizza, [extra], 2],
      [burrata, [small]],
      [pizza, []],
    ]);
    expect(cartCount(c)).toBe(4);
    expect(cartSubtotalMinor(c)).toBe(2 * 1030 + 1000 + 1010);
    expect(cartCount(emptyCart())).toBe(0);
    expect(cartSubtotalMinor(emptyCart())).toBe(0);
  });

  it('order items carry ids and quantities only', () => {
    const c = build([[pizza, [extra, truffle], 2]]);
    expect(cartToOrderItems(c)).toEqual([{ productId: 'pizza', variationIds: ['extra', 'truffle'], quantity: 2 }]);
  });
});

describe('notes per item', () => {
  const margherita: CartProduct = { id: 'margherita', name: 'Margherita', price: 9 };
  it.each<[string, (string | undefined)[], number]>([
    ['the same note twice is one line', ['no basil', 'no basil'], 1],
    ['a note and none are two lines', ['no basil', undefined], 2],
    ['notes differing only by outer spaces are one line', ['no basil', '  no basil '], 1],
    ['two different notes are two lines', ['no basil', 'well baked'], 2],
  ])('%s', (_name, notes, lines) => {
    const cart = notes.reduce((c, n) => addToCart(c, margherita, [], 1, n), emptyCart());
    expect(cart.lines).toHaveLength(lines);
    expect(cartCount(cart)).toBe(notes.length);
  });
  it('keeps the note on the line and sends it with the order', () => {
    const cart = addToCart(emptyCart(), margherita, [], 2, ' no onions ');
    expect(cart.lines[0]!.notes).toBe('no onions');
    expect(cartToOrderItems(cart)).toEqual([
      { productId: 'margherita', variationIds: [], quantity: 2, notes: 'no onions' },
    ]);
    expect(lineKey('margherita', [])).not.toBe(cart.lines[0]!.key);
  });
  it('refuses a note over 200 characters', () => {
    expect(() => addToCart(emptyCart(), margherita, [], 1, 'x'.repeat(201))).toThrow(
      expect.objectContaining({ code: 'ITEM_NOTES_TOO_LONG' }),
    );
  });
});
