import { describe, expect, it } from 'vitest';
import {
  canMoveOrder,
  canMovePayment,
  canRefund,
  isSettledOrder,
  isValidTipMinor,
  nextOrderStatus,
  orderAgeLevel,
  tipFromPercent,
  type OrderActor,
} from './order-status.ts';

describe('order moves: one row per rule', () => {
  const rows: [string, { status: string; delivery: boolean }, string, OrderActor, boolean][] = [
    ['staff accept a placed order', { status: 'placed', delivery: false }, 'accepted', 'staff', true],
    ['accepted to preparing', { status: 'accepted', delivery: false }, 'preparing', 'staff', true],
    ['preparing to ready', { status: 'preparing', delivery: true }, 'ready', 'staff', true],
    ['a table order is served', { status: 'ready', delivery: false }, 'served', 'staff', true],
    ['a delivery order is never served', { status: 'ready', delivery: true }, 'served', 'staff', false],
    ['a delivery order goes out', { status: 'ready', delivery: true }, 'out_for_delivery', 'staff', true],
    ['the courier picks it up', { status: 'ready', delivery: true }, 'out_for_delivery', 'courier', true],
    ['a table order never goes out', { status: 'ready', delivery: false }, 'out_for_delivery', 'staff', false],
    ['the courier delivers', { status: 'out_for_delivery', delivery: true }, 'delivered', 'courier', true],
    ['cancel a placed order', { status: 'placed', delivery: false }, 'cancelled', 'staff', true],
    ['cancel an accepted order', { status: 'accepted', delivery: true }, 'cancelled', 'staff', true],
    ['no cancel once preparing', { status: 'preparing', delivery: false }, 'cancelled', 'staff', false],
    ['no skipping a step', { status: 'placed', delivery: false }, 'ready', 'staff', false],
    ['no going back', { status: 'ready', delivery: false }, 'preparing', 'staff', false],
    ['nothing after served', { status: 'served', delivery: false }, 'cancelled', 'staff', false],
    ['nothing after cancelled', { status: 'cancelled', delivery: false }, 'accepted', 'staff', false],
    ['the courier cannot accept', { status: 'placed', delivery: true }, 'accepted', 'courier', false],
    ['an unknown state', { status: 'placed', delivery: false }, 'eaten', 'staff', false],
  ];
  it.each(rows)('%s', (_rule, order, to, actor, allowed) => {
    expect(canMoveOrder(order, to, actor)).toBe(allowed);
  });
});

describe('nextOrderStatus: the board button', () => {
  it.each([
    ['placed', false, 'accepted'],
    ['accepted', false, 'preparing'],
    ['preparing', false, 'ready'],
    ['ready', false, 'served'],
    ['ready', true, 'out_for_delivery'],
    ['out_for_delivery', true, 'delivered'],
    ['served', false, null],
    ['delivered', true, null],
    ['cancelled', false, null],
  ] as const)('%s (delivery %s) -> %s', (status, delivery, next) => {
    expect(nextOrderStatus({ status, delivery })).toBe(next);
  });
});

describe('payments and tips', () => {
  it.each([
    ['unpaid', 'pending', true],
    ['pending', 'paid', true],
    ['pending', 'failed', true],
    ['failed', 'pending', true],
    ['paid', 'refunded', true],
    ['paid', 'failed', false],
    ['paid', 'pending', false],
    ['refunded', 'paid', false],
    ['unpaid', 'refunded', false],
  ] as const)('%s -> %s: %s', (from, to, ok) => {
    expect(canMovePayment(from, to)).toBe(ok);
  });
  it('refunds only a cancelled paid order', () => {
    expect(canRefund({ status: 'cancelled', paymentStatus: 'paid' })).toBe(true);
    expect(canRefund({ status: 'served', paymentStatus: 'paid' })).toBe(false);
    expect(canRefund({ status: 'cancelled', paymentStatus: 'unpaid' })).toBe(false);
  });
  it.each([
    [2450, 0, 0],
    [2450, 5, 123],
    [2450, 10, 245],
    [2450, 15, 368],
  ])('tip of %i at %i%% is %i', (total, percent, tip) => {
    expect(tipFromPercent(total, percent)).toBe(tip);
  });
  it.each([
    [2450, 0, true],
    [2450, 2450, true],
    [2450, 2451, false],
    [2450, -1, false],
    [2450, 1.5, false],
    [2450, '100', false],
  ])('tip %s of %s valid: %s', (total, tip, ok) => {
    expect(isValidTipMinor(total, tip)).toBe(ok);
  });
});

describe('isSettledOrder: when the guest page stops following', () => {
  it.each([
    ['preparing', 'paid', false],
    ['served', 'unpaid', true],
    ['served', 'paid', true],
    ['delivered', 'paid', true],
    ['served', 'pending', false],
    ['cancelled', 'unpaid', true],
    ['cancelled', 'pending', false],
    ['cancelled', 'paid', false],
    ['cancelled', 'refunded', true],
  ] as const)('%s and %s: %s', (status, paymentStatus, settled) => {
    expect(isSettledOrder({ status, paymentStatus })).toBe(settled);
  });
});

describe('order age on the board', () => {
  const now = Date.parse('2026-11-23T20:30:00Z');
  it.each([
    ['2026-11-23T20:25:00Z', 'fresh'],
    ['2026-11-23T20:20:00Z', 'amber'],
    ['2026-11-23T20:10:00Z', 'red'],
  ] as const)('created %s is %s', (created, level) => {
    expect(orderAgeLevel(created, now)).toBe(level);
  });
});
