/**
 * Splitting a table's bill (issue 20): every way of cutting an amount into parts gives parts that add
 * up to it exactly, in minor units. The rule is the largest remainder: each part gets the whole
 * minor units of its exact share, and the units left over go one each to the parts with the largest
 * fractions (ties to the earlier part), so no part is ever off by more than one minor unit from its
 * exact share.
 */

/** Cuts `total` (minor units, >= 0) in proportion to `weights` (>= 0); all-zero weights share equally. */
export function allocate(total: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(total) || total < 0) throw new RangeError(`Not an amount: ${total}`);
  if (!weights.length) {
    if (total !== 0) throw new RangeError('Nothing to allocate to');
    return [];
  }
  if (weights.some((w) => !Number.isSafeInteger(w) || w < 0)) throw new RangeError('Weights must be whole and >= 0');
  const sum = weights.reduce((a, b) => a + b, 0);
  const effective = sum === 0 ? weights.map(() => 1) : weights;
  const weightSum = BigInt(sum === 0 ? weights.length : sum);
  const big = BigInt(total);
  const parts = effective.map((w) => (big * BigInt(w)) / weightSum);
  const remainders = effective.map((w, i) => ({ i, r: (big * BigInt(w)) % weightSum }));
  let left = Number(big - parts.reduce((a, b) => a + b, 0n));
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (let k = 0; left > 0; k = (k + 1) % remainders.length, left -= 1) parts[remainders[k]!.i]! += 1n;
  return parts.map(Number);
}

/** `total` in `count` equal shares; the first shares carry the leftover minor units. */
export function splitEqually(total: number, count: number): number[] {
  if (!Number.isSafeInteger(count) || count < 1) throw new RangeError(`Not a number of shares: ${count}`);
  return allocate(
    total,
    Array.from({ length: count }, () => 1),
  );
}

export interface BillOrder {
  /** What the order costs the table: its lines with tax and service charge, in minor units. */
  total: number;
  lines: readonly { id: string; amount: number }[];
}

/**
 * Each line's share of the bill: every order's total (with its tax and service charge) spread over
 * its own lines by their amounts, so that paying for all the lines pays the bill exactly.
 */
export function lineShares(orders: readonly BillOrder[]): Map<string, number> {
  const shares = new Map<string, number>();
  for (const order of orders) {
    const parts = allocate(
      order.total,
      order.lines.map((l) => l.amount),
    );
    order.lines.forEach((line, i) => shares.set(line.id, (shares.get(line.id) ?? 0) + parts[i]!));
  }
  return shares;
}

/** A line shared by several guests: each claimer's part of its share (in claim order). */
export function shareAmong<T>(share: number, claimers: readonly T[]): Map<T, number> {
  const out = new Map<T, number>();
  splitEqually(share, claimers.length).forEach((amount, i) =>
    out.set(claimers[i]!, (out.get(claimers[i]!) ?? 0) + amount),
  );
  return out;
}

/**
 * What each guest owes when they split by items: for each line, its share divided among the guests
 * who claimed it. Lines nobody claimed are left out (someone pays them as the rest).
 */
export function itemParts<G>(
  shares: ReadonlyMap<string, number>,
  claims: ReadonlyMap<string, readonly G[]>,
): Map<G, number> {
  const owed = new Map<G, number>();
  for (const [lineId, claimers] of claims) {
    const share = shares.get(lineId);
    if (share === undefined || !claimers.length) continue;
    for (const [guest, amount] of shareAmong(share, claimers)) owed.set(guest, (owed.get(guest) ?? 0) + amount);
  }
  return owed;
}
