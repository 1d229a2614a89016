import { describe, expect, it } from 'vitest';
import { allocate, itemParts, lineShares, shareAmong, splitEqually, takePart, type ActivePart, type PartRequest } from './bill-split.ts';

const sum = (xs: Iterable<number>) => [...xs].reduce((a, b) => a + b, 0);

describe('splitEqually', () => {
  it.each<[number, number, number[]]>([
    [10000, 4, [2500, 2500, 2500, 2500]],
    [10000, 3, [3334, 3333, 3333]],
    [100, 3, [34, 33, 33]],
    [2, 3, [1, 1, 0]],
    [0, 2, [0, 0]],
    [6121, 7, [875, 875, 875, 874, 874, 874, 874]],
  ])('%i in %i shares: %j', (total, count, parts) => {
    expect(splitEqually(total, count)).toEqual(parts);
  });

  it('adds up to the total and differs by at most one unit, for every total to 2000 and 1 to 20 shares', () => {
    for (let total = 0; total <= 2000; total += 7) {
      for (let count = 1; count <= 20; count++) {
        const parts = splitEqually(total, count);
        expect(sum(parts)).toBe(total);
        expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
      }
    }
  });

  it.each([0, -1, 1.5])('refuses %s shares', (count) => expect(() => splitEqually(100, count)).toThrow(RangeError));
});

describe('allocate', () => {
  it.each<[number, number[], number[]]>([
    [1000, [1, 1], [500, 500]],
    [1000, [1, 2], [333, 667]],
    [1001, [1, 1], [501, 500]],
    [999, [3, 3, 3], [333, 333, 333]],
    [100, [0, 0], [50, 50]],
    [100, [0, 5], [0, 100]],
    [7, [1, 1, 1, 1, 1, 1, 1, 1, 1, 1], [1, 1, 1, 1, 1, 1, 1, 0, 0, 0]],
  ])('%i by %j: %j', (total, weights, parts) => expect(allocate(total, weights)).toEqual(parts));

  it('never leaves a part more than one unit from its exact share, and always sums to the total', () => {
    const weights = [1295, 450, 450, 1800, 95, 7];
    for (let total = 0; total <= 50_000; total += 137) {
      const parts = allocate(total, weights);
      expect(sum(parts)).toBe(total);
      const w = sum(weights);
      parts.forEach((p, i) => expect(Math.abs(p - (total * weights[i]!) / w)).toBeLessThan(1));
    }
  });

  it('refuses a negative or fractional amount', () => {
    expect(() => allocate(-1, [1])).toThrow(RangeError);
    expect(() => allocate(1.5, [1])).toThrow(RangeError);
    expect(() => allocate(1, [-1])).toThrow(RangeError);
  });
});

describe('split by items', () => {
  // Round one: two pizzas and a shared bottle; round two: two coffees. Each order's total carries
  // its tax and a 10 % service charge, so the lines' shares are above their prices.
  const orders = [
    {
      total: 4510,
      lines: [
        { id: 'pizza-ana', amount: 1200 },
        { id: 'pizza-ben', amount: 1300 },
        { id: 'wine', amount: 1600 },
      ],
    },
    {
      total: 550,
      lines: [
        { id: 'coffee-ana', amount: 250 },
        { id: 'coffee-cleo', amount: 250 },
      ],
    },
  ];

  it("spreads each order's total over its own lines", () => {
    const shares = lineShares(orders);
    expect(Object.fromEntries(shares)).toEqual({
      'pizza-ana': 1320,
      'pizza-ben': 1430,
      wine: 1760,
      'coffee-ana': 275,
      'coffee-cleo': 275,
    });
    expect(sum(shares.values())).toBe(4510 + 550);
  });

  it('a shared line is divided among its claimers; all lines claimed pay the bill exactly', () => {
    const owed = itemParts(
      lineShares(orders),
      new Map([
        ['pizza-ana', ['Ana']],
        ['pizza-ben', ['Ben']],
        ['wine', ['Ana', 'Ben', 'Cleo']],
        ['coffee-ana', ['Ana']],
        ['coffee-cleo', ['Cleo']],
      ]),
    );
    expect(Object.fromEntries(owed)).toEqual({ Ana: 1320 + 587 + 275, Ben: 1430 + 587, Cleo: 586 + 275 });
    expect(sum(owed.values())).toBe(5060);
  });

  it('unclaimed lines stay out of everyone’s part', () => {
    const owed = itemParts(lineShares(orders), new Map([['pizza-ben', ['Ben']]]));
    expect(Object.fromEntries(owed)).toEqual({ Ben: 1430 });
  });

  it('a guest who claims the same line twice is counted for both halves', () => {
    expect(Object.fromEntries(shareAmong(101, ['Ana', 'Ana']))).toEqual({ Ana: 101 });
  });
});

describe('takePart', () => {
  // 10.00 + 5.00 + 3.01 of lines, 19.81 with tax and service charge.
  const bill = {
    total: 1981,
    lines: [
      { id: 'pizza', amount: 1000 },
      { id: 'wine', amount: 500 },
      { id: 'water', amount: 301 },
    ],
  };
  const shares = lineShares([bill]);
  const take = (active: ActivePart[], request: PartRequest) => takePart(bill, active, request);
  const part = (outcome: ReturnType<typeof takePart>): ActivePart => {
    if (!outcome.ok) throw new Error(outcome.refusal);
    return { mode: outcome.share ? 'shares' : outcome.claims.length ? 'items' : 'amount', amount: outcome.amount, claims: outcome.claims, share: outcome.share };
  };

  it.each([
    ['a whole line', [{ lineId: 'pizza' }], shares.get('pizza')],
    ['two lines', [{ lineId: 'pizza' }, { lineId: 'water' }], shares.get('pizza')! + shares.get('water')!],
    ['half of a line', [{ lineId: 'wine', of: 2 }], splitEqually(shares.get('wine')!, 2)[0]],
  ])('items: %s costs its share of the bill', (_what, lines, expected) => {
    const outcome = take([], { mode: 'items', lines });
    expect(outcome).toMatchObject({ ok: true, amount: expected });
  });

  it('all lines taken, whole or in portions, pay exactly the total', () => {
    const a = part(take([], { mode: 'items', lines: [{ lineId: 'pizza' }, { lineId: 'wine', of: 3 }] }));
    const b = part(take([a], { mode: 'items', lines: [{ lineId: 'wine', of: 3 }] }));
    const c = part(take([a, b], { mode: 'items', lines: [{ lineId: 'wine', of: 3 }, { lineId: 'water' }] }));
    expect(a.amount + b.amount + c.amount).toBe(bill.total);
    expect(take([a, b, c], { mode: 'amount', amount: 1 })).toEqual({ ok: false, refusal: 'TABLE_NOTHING_LEFT' });
  });

  it.each([
    ['a line paid whole', [{ lineId: 'pizza' }], [{ lineId: 'pizza' }]],
    ['a line paid whole, asked as a portion', [{ lineId: 'pizza' }], [{ lineId: 'pizza', of: 2 }]],
    ['portions of another size', [{ lineId: 'wine', of: 2 }], [{ lineId: 'wine', of: 3 }]],
    ['every portion taken', [{ lineId: 'wine', of: 1 }], [{ lineId: 'wine' }]],
  ])('items: refuses %s (two guests never pay one part)', (_what, first, second) => {
    const a = part(take([], { mode: 'items', lines: first }));
    expect(take([a], { mode: 'items', lines: second })).toMatchObject({ ok: false, refusal: 'TABLE_PART_TAKEN' });
  });

  it('items: a line the bill does not have is named', () => {
    expect(take([], { mode: 'items', lines: [{ lineId: 'beer' }] })).toEqual({ ok: false, refusal: 'TABLE_BILL_LINE_UNKNOWN', lineId: 'beer' });
  });

  it.each([2, 3, 4, 7])('shares: %i equal shares pay exactly the total, and no more shares are given', (count) => {
    const parts: ActivePart[] = [];
    for (let i = 0; i < count; i++) parts.push(part(take(parts, { mode: 'shares', count })));
    expect(parts.reduce((s, p) => s + p.amount, 0)).toBe(bill.total);
    expect(Math.max(...parts.map((p) => p.amount)) - Math.min(...parts.map((p) => p.amount))).toBeLessThanOrEqual(1);
    expect(take(parts, { mode: 'shares', count })).toMatchObject({ ok: false });
  });

  it.each([
    [500, true],
    [1981, true],
    [1982, false],
    [0, false],
    [-5, false],
    [10.5, false],
  ])('amount: %d of 19.81 remaining is accepted: %s', (amount, ok) => {
    expect(take([], { mode: 'amount', amount }).ok).toBe(ok);
  });

  it('a part is never more than what remains: mixed modes never pay more than the bill', () => {
    const paid = part(take([], { mode: 'amount', amount: 1500 }));
    const pizza = take([paid], { mode: 'items', lines: [{ lineId: 'pizza' }] });
    expect(pizza).toMatchObject({ ok: true, amount: bill.total - 1500 });
    const share = take([paid], { mode: 'shares', count: 2 });
    expect(share).toMatchObject({ ok: true, amount: bill.total - 1500 });
    expect(take([paid], { mode: 'amount', amount: 482 })).toMatchObject({ ok: false, refusal: 'TABLE_AMOUNT_TOO_HIGH' });
  });
});
