import { describe, expect, it } from 'vitest';
import type { PublicOrder } from '@carte/domain/contracts/orders';
import { ORDER_STATUSES } from '@carte/domain/order-status';
import { ageMinutes, columnOf, mergeOrders, ordersIn } from './board-model.ts';

const order = (id: string, patch: Partial<PublicOrder> = {}) =>
  ({
    id,
    number: 1,
    status: 'placed',
    date_created: '2026-11-23T18:00:00.000Z',
    updated_at: '2026-11-23T18:00:00.000Z',
    ...patch,
  }) as PublicOrder;

describe('columnOf', () => {
  it.each([
    ['placed', 'new'],
    ['accepted', 'accepted'],
    ['preparing', 'preparing'],
    ['ready', 'ready'],
    ['out_for_delivery', 'ready'],
    ['served', 'done'],
    ['delivered', 'done'],
    ['cancelled', 'done'],
    ['unknown', null],
  ])('%s -> %s', (status, column) => expect(columnOf(status)).toBe(column));

  it('places every domain state somewhere', () => {
    for (const status of ORDER_STATUSES) expect(columnOf(status)).not.toBeNull();
  });
});

describe('mergeOrders', () => {
  const a1 = order('a', { status: 'placed', updated_at: '2026-11-23T18:00:00.000Z' });
  const a2 = order('a', { status: 'accepted', updated_at: '2026-11-23T18:01:00.000Z' });
  it.each([
    ['adds an unknown order', {}, [a1], { a: a1 }],
    ['takes a newer version', { a: a1 }, [a2], { a: a2 }],
    ['keeps the newer version against an older replay', { a: a2 }, [a1], { a: a2 }],
    ['keeps the last of versions arriving out of order', {}, [a2, a1], { a: a2 }],
  ] as const)('%s', (_name, current, incoming, expected) => {
    expect(mergeOrders(current, incoming)).toEqual(expected);
  });

  it('returns the same map when nothing changed (no redraw)', () => {
    const current = { a: a2 };
    expect(mergeOrders(current, [structuredClone(a2), a1])).toBe(current);
  });
});

describe('ordersIn', () => {
  const now = Date.parse('2026-11-23T20:00:00.000Z');
  const list = [
    order('old', { status: 'placed', date_created: '2026-11-23T19:00:00.000Z' }),
    order('new', { status: 'placed', date_created: '2026-11-23T19:30:00.000Z' }),
    order('p1', { status: 'preparing', date_created: '2026-11-23T19:40:00.000Z' }),
    order('p0', { status: 'preparing', date_created: '2026-11-23T19:10:00.000Z' }),
    order('served-today', { status: 'served', updated_at: '2026-11-23T19:50:00.000Z' }),
    order('served-yesterday', { status: 'served', updated_at: '2026-11-21T19:50:00.000Z' }),
  ];
  const own = (o: PublicOrder) => o.status;
  it('shows New newest first, kitchen columns oldest first, Done only today', () => {
    expect(ordersIn(list, 'new', own, now).map((o) => o.id)).toEqual(['new', 'old']);
    expect(ordersIn(list, 'preparing', own, now).map((o) => o.id)).toEqual(['p0', 'p1']);
    expect(ordersIn(list, 'done', own, now).map((o) => o.id)).toEqual(['served-today']);
  });
  it('follows the state shown (a move in flight)', () => {
    expect(ordersIn(list, 'accepted', (o) => (o.id === 'old' ? 'accepted' : o.status), now).map((o) => o.id)).toEqual([
      'old',
    ]);
  });
});

describe('ageMinutes', () => {
  it.each([
    [0, 0],
    [59_999, 0],
    [60_000, 1],
    [-5_000, 0],
    [20 * 60_000, 20],
  ])('%i ms -> %i min', (ms, minutes) => {
    const created = '2026-11-23T18:00:00.000Z';
    expect(ageMinutes(created, Date.parse(created) + ms)).toBe(minutes);
  });
});
