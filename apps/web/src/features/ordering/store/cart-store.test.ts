import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cartToOrderItems } from '@carte/domain/cart';
import { ITEM_NOTES_MAX_LENGTH } from '@carte/domain/options';
import { SESSION_RESET_MS } from '@carte/domain/session-expiry';
import { CART_STORAGE_KEY, selectCount, selectSubtotalMinor, useCartStore } from './cart-store.ts';

const burrata = { id: 'burrata', name: 'Burrata', price: 11.5 };
const truffle = { id: 'truffle', name: 'Truffle oil', price_variation: 3 };
const basil = { id: 'basil', name: 'Basil', price_variation: 0.6 };

const store = () => useCartStore.getState();
const stored = () => JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? 'null') as { state: Record<string, unknown> };

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  localStorage.clear();
  store().syncVenue('reset-between-tests');
  store().syncVenue('trattoria');
});

describe('cart store', () => {
  it('adds the same product with the same set of variations to its line, another set to a new line', () => {
    store().add(burrata, [truffle, basil], 1);
    store().add(burrata, [basil, truffle], 2);
    store().add(burrata, [truffle], 1);
    store().add(burrata, [], 1);
    const lines = store().cart.lines;
    expect(
      lines.map((l) => [
        l.variations
          .map((v) => v.id)
          .sort()
          .join('+'),
        l.quantity,
      ]),
    ).toEqual([
      ['basil+truffle', 3],
      ['truffle', 1],
      ['', 1],
    ]);
    expect(selectCount(store())).toBe(5);
    // 3 x 15.10 + 14.50 + 11.50 = 71.30
    expect(selectSubtotalMinor(store())).toBe(7130);
  });

  it.each([
    ['quantity 0', () => store().add(burrata, [], 0)],
    ['a fractional quantity', () => store().add(burrata, [], 1.5)],
    ['a product without price', () => store().add({ ...burrata, price: null }, [], 1)],
    ['a negative removal', () => store().remove(store().cart.lines[0]!.key, -1)],
  ])('rejects %s and keeps the cart', (_, act) => {
    store().add(burrata, [], 2);
    const before = store().cart.lines;
    expect(act).toThrow();
    expect(store().cart.lines).toBe(before);
  });

  it('removes a line when its quantity is set to 0, and a removal without quantity deletes the line', () => {
    store().add(burrata, [], 2);
    store().add(burrata, [truffle], 1);
    const [plain, withTruffle] = store().cart.lines;
    store().setQuantity(plain!.key, 0);
    expect(store().cart.lines.map((l) => l.key)).toEqual([withTruffle!.key]);
    store().remove(withTruffle!.key);
    expect(store().cart.lines).toEqual([]);
  });

  it('undoes an add and a removal, also when another change came in between', () => {
    const add = store().add(burrata, [], 2);
    store().revert(add);
    expect(store().cart.lines).toEqual([]);

    store().add(burrata, [], 2);
    const removal = store().remove(store().cart.lines[0]!.key);
    store().add(burrata, [truffle], 1);
    store().revert(removal);
    expect(store().cart.lines.map((l) => [l.variations.length, l.quantity])).toEqual([
      [1, 1],
      [0, 2],
    ]);
    const decrease = store().setQuantity(store().cart.lines[1]!.key, 1);
    store().add(burrata, [truffle], 1);
    store().revert(decrease);
    expect(store().cart.lines.map((l) => l.quantity)).toEqual([2, 2]);
  });

  it('keeps notes per line: the same note joins its line, another note (or none) is another line', () => {
    store().add(burrata, [truffle], 1, 'No basil');
    store().add(burrata, [truffle], 2, '  No basil ');
    store().add(burrata, [truffle], 1, 'Extra crispy');
    store().add(burrata, [truffle], 1);
    store().add(burrata, [truffle], 1, '   ');
    expect(store().cart.lines.map((l) => [l.notes ?? null, l.quantity])).toEqual([
      ['No basil', 3],
      ['Extra crispy', 1],
      [null, 2],
    ]);
    expect(cartToOrderItems(store().cart)).toEqual([
      { productId: 'burrata', variationIds: ['truffle'], quantity: 3, notes: 'No basil' },
      { productId: 'burrata', variationIds: ['truffle'], quantity: 1, notes: 'Extra crispy' },
      { productId: 'burrata', variationIds: ['truffle'], quantity: 2 },
    ]);
    // Stored with the cart, so a reload keeps them.
    expect((stored().state.cart as { lines: { notes?: string }[] }).lines.map((l) => l.notes ?? null)).toEqual([
      'No basil',
      'Extra crispy',
      null,
    ]);
  });

  it('takes a note of 200 characters (not UTF-16 units) and refuses 201, keeping the cart', () => {
    store().add(burrata, [], 1, '🍕'.repeat(ITEM_NOTES_MAX_LENGTH));
    expect(store().cart.lines[0]?.notes).toHaveLength(ITEM_NOTES_MAX_LENGTH * 2);
    const before = store().cart.lines;
    expect(() => store().add(burrata, [], 1, 'x'.repeat(ITEM_NOTES_MAX_LENGTH + 1))).toThrow();
    expect(store().cart.lines).toBe(before);
  });

  it('undoes the removal of a line with a note back to that line, also after another change', () => {
    store().add(burrata, [truffle], 2, 'No basil');
    const removal = store().remove(store().cart.lines[0]!.key);
    store().add(burrata, [], 1);
    store().revert(removal);
    expect(store().cart.lines.map((l) => [l.notes ?? null, l.quantity])).toEqual([
      [null, 1],
      ['No basil', 2],
    ]);
    const add = store().add(burrata, [truffle], 1, 'No basil');
    store().revert(add);
    expect(store().cart.lines.map((l) => [l.notes ?? null, l.quantity])).toEqual([
      [null, 1],
      ['No basil', 2],
    ]);
  });

  it('keeps the cart in localStorage with its venue, and resets it for another venue', () => {
    store().add(burrata, [truffle], 1);
    store().chooseTable('4');
    expect(stored().state).toMatchObject({ venueUrl: 'trattoria', spot: '4', delivery: false });
    expect((stored().state.cart as { lines: unknown[] }).lines).toHaveLength(1);
    store().syncVenue('trattoria');
    expect(selectCount(store())).toBe(1);
    store().syncVenue('the-anchor');
    expect(selectCount(store())).toBe(0);
    expect(store().spot).toBeNull();
    expect(stored().state).toMatchObject({ venueUrl: 'the-anchor' });
  });

  it.each([
    ['2 hours of inactivity and 1 ms', { activityAgo: SESSION_RESET_MS + 1, orderAgo: null }, true],
    ['exactly 2 hours of inactivity', { activityAgo: SESSION_RESET_MS, orderAgo: null }, false],
    ['an order placed more than 2 hours ago', { activityAgo: 60_000, orderAgo: SESSION_RESET_MS + 1 }, true],
    ['a recent order', { activityAgo: 60_000, orderAgo: 60_000 }, false],
  ])('on load, %s resets: %s', (_, { activityAgo, orderAgo }, resets) => {
    const now = Date.UTC(2026, 10, 22, 12);
    store().add(burrata, [], 1);
    useCartStore.setState({
      lastActivityAt: now - activityAgo,
      order: orderAgo === null ? null : { id: 'o1', date_created: new Date(now - orderAgo).toISOString() },
    });
    store().syncVenue('trattoria', now);
    expect(selectCount(store())).toBe(resets ? 0 : 1);
    expect(store().order === null).toBe(resets || orderAgo === null);
  });

  it('choosing a table turns delivery off; choosing delivery sets the spot to delivery', () => {
    store().chooseDelivery();
    expect([store().spot, store().delivery]).toEqual(['delivery', true]);
    store().chooseTable('Terrace A');
    expect([store().spot, store().delivery]).toEqual(['Terrace A', false]);
  });

  it('keeps one Idempotency-Key per checkout attempt and a new one once the cart changes', () => {
    store().add(burrata, [], 1);
    const key = store().takeCheckoutKey();
    expect(store().takeCheckoutKey()).toBe(key);
    store().add(burrata, [], 1);
    expect(store().takeCheckoutKey()).not.toBe(key);
  });
});
