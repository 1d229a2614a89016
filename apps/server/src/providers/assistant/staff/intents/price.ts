/**
 * Prices: one dish, several at once (raise or lower by an amount or a percent), the confirmation list.
 */
import { fromMinor, toMinor, type StaffProduct } from '@carte/domain';
import { endsWithWord, findWord, hasWord, type WordList } from '../lexicon.ts';
import { after, amountMinor, findCategory, findNamed, type Amount, type ParsedStaffMessage } from '../parse.ts';
import type { PendingPrices } from '../types.ts';
import { valuesOf } from '../values.ts';
import {
  type StaffContext,
  type RuleAnswer,
  type StaffRule,
  L,
  p,
  t,
  money,
  priceOf,
  attempt,
  targetProduct,
  update,
  firstMoney,
  withoutPending,
} from './common.ts';

/** New price of `minor` after a raise or a cut by `amount`; null when it would fall below zero. */
function adjusted(minor: number, amount: Amount, direction: 1 | -1): number {
  if (amount.kind === 'percent') return Math.round((minor * (100 + direction * Math.abs(amount.value))) / 100);
  return minor + direction * Math.abs(amountMinor(amount));
}

/** Whether the text just before the first amount ends with a word of `list` ("to 12", "by 2", "เป็น 12"). */
function saidBeforeAmount(pm: ParsedStaffMessage, list: WordList): boolean {
  const a = pm.amounts[0];
  if (!a) return false;
  return endsWithWord(pm.text.slice(0, a.index), list) !== null;
}

/**
 * Up (1), down (-1) or a new price (0): "to 12" sets even after "raise"; "by 2" changes, its sign
 * saying which way when no raise or lower word does ("bump the soup by 2", "change X by -1").
 */
const direction = (pm: ParsedStaffMessage): 1 | -1 | 0 => {
  if (saidBeforeAmount(pm, L.setTo)) return 0;
  const up = findWord(pm.text, L.raise);
  const down = findWord(pm.text, L.lower);
  if (up && (!down || up.index < down.index)) return 1;
  if (down) return -1;
  if (saidBeforeAmount(pm, L.changeBy)) return pm.amounts[0]!.value < 0 ? -1 : 1;
  return 0;
};

export const bulkPrice: StaffRule = {
  name: 'bulk_price',
  guard: (pm) => direction(pm) !== 0 && pm.amounts.length > 0,
  async handle(ctx) {
    const pm = ctx.parsed;
    const dir = direction(pm) as 1 | -1;
    const amount = pm.amounts[0]!;
    const menu = await ctx.menu();
    const cats = await ctx.categories();
    const cat = findCategory(pm.text, cats);
    const all = hasWord(pm.text, L.all);
    let targets: StaffProduct[];
    if (cat) targets = menu.filter((x) => x.categories.some((c) => c.id === cat.item.id));
    else if (all || hasWord(pm.text, L.wholeMenu)) {
      // "all pizzas" without a Pizza category: the dishes whose name has the word; "all prices" or
      // "everything": the whole menu, only when said so; anything else is asked, never guessed.
      const rest = all ? after(pm.text, L.all)!.rest : pm.text;
      const named = findNamed(rest.split(' ').slice(0, 2).join(' '), menu).filter(
        (m) => m.score >= 0.3 && m.index >= 0,
      );
      if (named.length) targets = named.map((m) => m.item);
      else if (hasWord(pm.text, L.wholeMenu)) targets = menu;
      else return { blocks: [p(t(ctx, 'whichDish'))] };
    } else {
      // One dish: "raise the carbonara by 1".
      const target = await targetProduct(ctx);
      if (!target.ok) return target.answer;
      targets = [target.product];
    }
    return changePrices(ctx, targets, cat ? cat.item.name : null, amount, dir);
  },
};

/** A price the form accepts (0 to 100 000): anything else goes to the service, which refuses it. */
export const isPlausible = (price: number) => Number.isFinite(price) && price >= 0 && price <= 100_000;

/** A move of more than half the old price (a typo such as 140 for 14.0, or 5 for 12) is asked first. */
export function movesMoreThanHalf(from: number | null, to: number): boolean {
  if (from === null || from <= 0) return false;
  return Math.abs(toMinor(to) - toMinor(from)) * 2 > toMinor(from);
}

/** Shows the changes as a list and waits for "yes" (kept server-side with the conversation state). */
export function proposePrices(ctx: StaffContext, label: string | null, changes: PendingPrices['changes']): RuleAnswer {
  return {
    blocks: [
      {
        type: 'card',
        title: t(ctx, 'notChangedYet'),
        name: label ?? (changes.length === 1 ? changes[0]!.name : t(ctx, 'pricesToChange', { count: changes.length })),
        rows: changes.map((c) => ({ label: c.name, before: priceOf(ctx, c.from), after: money(ctx, toMinor(c.to)) })),
      },
      { type: 'confirm', text: t(ctx, 'askPrices') },
    ],
    products: changes.map((c) => c.productId),
    state: {
      ...withoutPending(ctx.state),
      focus: changes.map((c) => c.productId),
      pendingPrices: { label, changes },
    },
  };
}

/** Raises or lowers the prices of `targets` (the offline rule and the model's tool): all or nothing. */
export async function changePrices(
  ctx: StaffContext,
  targets: StaffProduct[],
  label: string | null,
  amount: Amount,
  dir: 1 | -1,
): Promise<RuleAnswer> {
  const priced = targets.filter((x) => x.price !== null);
  if (!priced.length) return { blocks: [p(t(ctx, 'noPricedDishes'))] };
  // Every price is checked before any is written: one refusal changes nothing.
  const next = priced.map((x) => ({ x, minor: adjusted(toMinor(x.price!), amount, dir) }));
  const negative = next.find((n) => n.minor < 0);
  if (negative) {
    if (next.length === 1) return update(ctx, negative.x, { price: fromMinor(negative.minor) });
    return {
      blocks: [
        p(
          t(ctx, 'refused', {
            message: `${negative.x.name}: price must be at least 0 (${money(ctx, negative.minor)})`,
          }),
        ),
      ],
    };
  }
  const moving = next.filter((n) => n.minor !== toMinor(n.x.price!));
  if (
    moving.length > 1 ||
    moving.some((n) => isPlausible(fromMinor(n.minor)) && movesMoreThanHalf(n.x.price, fromMinor(n.minor)))
  ) {
    return proposePrices(
      ctx,
      label,
      moving.map((n) => ({ productId: n.x.id, name: n.x.name, from: n.x.price, to: fromMinor(n.minor) })),
    );
  }
  return applyPrices(ctx, next, label);
}

/** Writes new prices: one dish with its card, several in one transaction (a refusal writes none). */
export async function applyPrices(
  ctx: StaffContext,
  next: { x: StaffProduct; minor: number }[],
  label: string | null,
): Promise<RuleAnswer> {
  if (next.length === 1) return update(ctx, next[0]!.x, { price: fromMinor(next[0]!.minor) });
  const changed = next.filter((n) => n.x.price === null || n.minor !== toMinor(n.x.price));
  const r = await attempt(ctx, () =>
    ctx.port.updateProducts(changed.map((n) => ({ id: n.x.id, price: fromMinor(n.minor) }))),
  );
  if (!r.ok) return { ...r.answer, state: withoutPending(ctx.state) };
  const done = changed.map((n) => ({ productId: n.x.id, before: valuesOf(n.x) }));
  const rows = changed.map((n) => ({
    label: n.x.name,
    before: priceOf(ctx, n.x.price),
    after: money(ctx, n.minor),
  }));
  return {
    blocks: [
      {
        type: 'card',
        title: t(ctx, 'productUpdated'),
        name: label ?? t(ctx, 'pricesChanged', { count: done.length }),
        rows,
      },
      p(t(ctx, 'pricesChanged', { count: done.length })),
    ],
    products: done.map((d) => d.productId),
    actions: done.map((d) => ({ type: 'menu_changed', productId: d.productId })),
    state: { undo: { kind: 'updated', products: done }, focus: done.map((d) => d.productId) },
  };
}

/** "the soup costs seven fifty": a price must be in figures; asked again, nothing changed. */
export const priceInWords: StaffRule = {
  name: 'price_in_words',
  guard: (pm) =>
    pm.amounts.length === 0 &&
    hasWord(pm.text, L.numberWords) &&
    (hasWord(pm.text, L.costs) || hasWord(pm.text, L.setTo) || hasWord(pm.text, L.raise) || hasWord(pm.text, L.lower)),
  async handle(ctx) {
    return { blocks: [p(t(ctx, 'priceInWords', { example: money(ctx, 1250) }))] };
  },
};

export const setPrice: StaffRule = {
  name: 'set_price',
  guard: (pm) => firstMoney(pm) !== undefined,
  async handle(ctx) {
    const amount = firstMoney(ctx.parsed)!;
    const target = await targetProduct(ctx, ctx.parsed.text.slice(0, amount.index) || ctx.parsed.text);
    if (!target.ok) return target.answer;
    const price = amount.kind === 'cents' ? amount.value / 100 : amount.value;
    const x = target.product;
    if (isPlausible(price) && movesMoreThanHalf(x.price, price))
      return proposePrices(ctx, null, [{ productId: x.id, name: x.name, from: x.price, to: price }]);
    return update(ctx, x, { price });
  },
};
