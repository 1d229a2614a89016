import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makePizza } from '../../../testing/data-generators.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { useCartStore } from '../store/cart-store.ts';
import { useCartActions, type CartActions } from './use-cart-actions.ts';

const lines = () => useCartStore.getState().cart.lines;

async function actions(): Promise<CartActions> {
  let captured: CartActions | undefined;
  function Probe() {
    captured = useCartActions();
    return null;
  }
  await renderWithProviders(<Probe />);
  return captured!;
}

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  useCartStore.getState().syncVenue('another-venue');
  useCartStore.getState().syncVenue('trattoria-da-luca');
});

describe('cart actions with option groups and notes', () => {
  const pizza = makePizza();

  it.each([
    ['no size (a required group left open)', ['olives']],
    ['two sizes in a one-choice group', ['small', 'large']],
    ['three toppings where the group allows 2', ['regular', 'olives', 'anchovies', 'nduja']],
    ['an option of another product', ['regular', 'truffle']],
  ])('refuses %s and keeps the cart', async (_, ids) => {
    const cart = await actions();
    expect(cart.addItem(pizza, ids, 1)).toBe(false);
    expect(lines()).toEqual([]);
  });

  it('adds a valid choice with its note, refuses a note over 200 characters, and sends the note with the order', async () => {
    const cart = await actions();
    expect(cart.addItem(pizza, ['large', 'olives'], 2, 'No basil')).toBe(true);
    expect(cart.addItem(pizza, ['large'], 1, 'x'.repeat(201))).toBe(false);
    expect(cart.getItems()).toEqual([
      { productId: 'margherita', variationIds: ['large', 'olives'], quantity: 2, notes: 'No basil' },
    ]);
  });

  it("removes the assistant's line by product and options even when the guest wrote a note on it", async () => {
    const cart = await actions();
    cart.addItem(pizza, ['regular'], 2, 'Well done');
    expect(cart.removeItem('margherita', ['regular'], 1)).toBe(true);
    expect(lines().map((l) => [l.notes, l.quantity])).toEqual([['Well done', 1]]);
    // Two lines that differ only by their notes: the one without a note is the one meant.
    cart.addItem(pizza, ['regular'], 1);
    expect(cart.removeItem('margherita', ['regular'])).toBe(true);
    expect(lines().map((l) => [l.notes ?? null, l.quantity])).toEqual([['Well done', 1]]);
  });
});
