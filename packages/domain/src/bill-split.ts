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

/** How a guest takes their part of the table's bill (decision 034). */
export type PartRequest =
  | { mode: 'items'; lines: readonly { lineId: string; of?: number | undefined }[] }
  | { mode: 'shares'; count: number }
  | { mode: 'amount'; amount: number };

/** A line (or one of `of` equal portions of it) that a part pays. */
export interface LineClaim {
  lineId: string;
  /** 1: the whole line; k: one of k equal portions. */
  of: number;
  /** Which portion (0 .. of-1). */
  portion: number;
}

/** A part held (payment under way) or paid: what later parts must not take again. */
export interface ActivePart {
  mode: PartRequest['mode'];
  amount: number;
  claims: readonly LineClaim[];
  /** shares mode: the number of shares and which one. */
  share?: { count: number; index: number } | null;
}

export type PartRefusal = 'TABLE_PART_TAKEN' | 'TABLE_AMOUNT_TOO_HIGH' | 'TABLE_NOTHING_LEFT' | 'TABLE_BILL_LINE_UNKNOWN';

export type PartOutcome =
  | { ok: true; amount: number; claims: LineClaim[]; share: { count: number; index: number } | null }
  | { ok: false; refusal: PartRefusal; lineId?: string };

/**
 * The amount of a new part of a bill, in minor units, or why it cannot be taken. Every part is an
 * amount, and the held and paid parts together never exceed the total: whatever the modes mixed at
 * the table, nobody is charged more than the bill.
 * - items: each line's share of the bill (`lineShares`: tax and service charge spread over the lines),
 *   whole or one of `of` equal portions (a shared dish); a line or portion already taken is refused;
 * - shares: the next of `count` equal shares of the total (`splitEqually`); all shares taken: refused;
 * - amount: any amount up to what remains.
 * A part is never more than what remains: it is cut down to it (the last guest pays the rest).
 */
export function takePart(
  bill: BillOrder,
  active: readonly ActivePart[],
  request: PartRequest,
): PartOutcome {
  const taken = active.reduce((sum, p) => sum + p.amount, 0);
  const remaining = bill.total - taken;
  if (remaining <= 0) return { ok: false, refusal: 'TABLE_NOTHING_LEFT' };
  if (request.mode === 'amount') {
    if (!Number.isSafeInteger(request.amount) || request.amount <= 0) return { ok: false, refusal: 'TABLE_AMOUNT_TOO_HIGH' };
    if (request.amount > remaining) return { ok: false, refusal: 'TABLE_AMOUNT_TOO_HIGH' };
    return { ok: true, amount: request.amount, claims: [], share: null };
  }
  if (request.mode === 'shares') {
    const used = active.filter((p) => p.share && p.share.count === request.count).map((p) => p.share!.index);
    const index = Array.from({ length: request.count }, (_, i) => i).find((i) => !used.includes(i));
    if (index === undefined) return { ok: false, refusal: 'TABLE_PART_TAKEN' };
    const amount = Math.min(splitEqually(bill.total, request.count)[index]!, remaining);
    return { ok: true, amount, claims: [], share: { count: request.count, index } };
  }
  const shares = lineShares([bill]);
  const held = active.flatMap((p) => p.claims);
  const claims: LineClaim[] = [];
  let amount = 0;
  for (const want of request.lines) {
    const share = shares.get(want.lineId);
    if (share === undefined) return { ok: false, refusal: 'TABLE_BILL_LINE_UNKNOWN', lineId: want.lineId };
    const of = want.of ?? 1;
    const others = [...held, ...claims].filter((c) => c.lineId === want.lineId);
    // A whole line taken, or portions of another size: this line is spoken for.
    if (others.some((c) => c.of !== of)) return { ok: false, refusal: 'TABLE_PART_TAKEN', lineId: want.lineId };
    const portion = Array.from({ length: of }, (_, i) => i).find((i) => !others.some((c) => c.portion === i));
    if (portion === undefined) return { ok: false, refusal: 'TABLE_PART_TAKEN', lineId: want.lineId };
    claims.push({ lineId: want.lineId, of, portion });
    amount += splitEqually(share, of)[portion]!;
  }
  if (!claims.length) return { ok: false, refusal: 'TABLE_BILL_LINE_UNKNOWN' };
  return { ok: true, amount: Math.min(amount, remaining), claims, share: null };
}
