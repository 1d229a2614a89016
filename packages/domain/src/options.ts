import type { FieldIssue } from './errors.ts';

/**
 * Option groups (architecture.md 4.3 and 4.4): "Size: choose exactly 1", "Toppings: up to 3".
 * A variation belongs to at most one group; a variation outside every group is a free extra, chosen at
 * most once. One rule, used by the import, the forms, the web chooser, the order pricing and the
 * assistant, so what a guest can pick and what the server accepts cannot drift apart.
 */

export interface OptionGroup {
  id: string;
  name: string;
  /** Fewest options to choose (0 = optional group). */
  min: number;
  /** Most options to choose (at least 1). */
  max: number;
  /** The product's variation ids in this group, in menu order. */
  variationIds: readonly string[];
}

/** The most groups a product may have and the most options a group may allow. */
export const MAX_OPTION_GROUPS = 20;
export const MAX_GROUP_CHOICES = 50;
/** A guest's note on one cart line ("no onions"), counted in characters (code points). */
export const ITEM_NOTES_MAX_LENGTH = 200;

/** Length in characters as a person counts them (code points, not UTF-16 units). */
export function charLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** The first `max` characters of a text, never half of an emoji (which the server refuses as a lone surrogate). */
export function sliceChars(text: string, max: number): string {
  if (text.length <= max) return text;
  return Array.from(text).slice(0, max).join('');
}

/**
 * A schema check that text is at most `max` characters as a person counts them (zod's string `.max`
 * counts UTF-16 units, so 80 emoji would be "160 characters").
 */
export const withinChars =
  (max: number) =>
  (text: string): boolean =>
    text.length <= max || charLength(text) <= max;

/** The rule a group states, for wording it in any language. */
export type GroupRule =
  | { kind: 'exactly'; count: number }
  | { kind: 'atLeast'; count: number }
  | { kind: 'upTo'; count: number }
  | { kind: 'between'; min: number; max: number };

export function groupRule(group: Pick<OptionGroup, 'min' | 'max' | 'variationIds'>): GroupRule {
  const max = Math.min(group.max, group.variationIds.length || group.max);
  if (group.min === max) return { kind: 'exactly', count: max };
  if (group.min === 0) return { kind: 'upTo', count: max };
  if (max >= group.variationIds.length) return { kind: 'atLeast', count: group.min };
  return { kind: 'between', min: group.min, max };
}

/** English wording of a rule, for server messages and logs ("choose exactly 1"). */
export function describeGroupRule(rule: GroupRule): string {
  switch (rule.kind) {
    case 'exactly':
      return `choose exactly ${rule.count}`;
    case 'atLeast':
      return `choose at least ${rule.count}`;
    case 'upTo':
      return `choose up to ${rule.count}`;
    case 'between':
      return `choose ${rule.min} to ${rule.max}`;
  }
}

export interface ProductOptions {
  variations: readonly { id: string }[];
  variationGroups?: readonly OptionGroup[] | null;
}

/** Why a choice of variations is not valid for a product. */
export type ChoiceProblem =
  | { kind: 'unknown'; variationId: string }
  | { kind: 'duplicate'; variationId: string }
  | { kind: 'belowMin'; group: OptionGroup; chosen: number }
  | { kind: 'aboveMax'; group: OptionGroup; chosen: number };

/** State of each group for a choice: what the chooser shows and what the order checks. */
export interface GroupState {
  group: OptionGroup;
  chosen: number;
  rule: GroupRule;
  /** Required: min >= 1. */
  required: boolean;
  satisfied: boolean;
  /** No more can be added (max reached). */
  full: boolean;
}

export function groupStates(product: ProductOptions, chosenIds: readonly string[]): GroupState[] {
  const chosen = new Set(chosenIds);
  return (product.variationGroups ?? []).map((group) => {
    const count = group.variationIds.filter((id) => chosen.has(id)).length;
    return {
      group,
      chosen: count,
      rule: groupRule(group),
      required: group.min > 0,
      satisfied: count >= group.min && count <= group.max,
      full: count >= group.max,
    };
  });
}

/**
 * Every problem of a choice, first the unknown and repeated ids, then each group under its min or over
 * its max. An empty list means the choice is valid.
 */
export function choiceProblems(product: ProductOptions, chosenIds: readonly string[]): ChoiceProblem[] {
  const problems: ChoiceProblem[] = [];
  const known = new Set(product.variations.map((v) => v.id));
  const seen = new Set<string>();
  for (const id of chosenIds) {
    if (!known.has(id)) problems.push({ kind: 'unknown', variationId: id });
    else if (seen.has(id)) problems.push({ kind: 'duplicate', variationId: id });
    seen.add(id);
  }
  for (const state of groupStates(product, [...seen])) {
    if (state.chosen < state.group.min) problems.push({ kind: 'belowMin', group: state.group, chosen: state.chosen });
    else if (state.chosen > state.group.max)
      problems.push({ kind: 'aboveMax', group: state.group, chosen: state.chosen });
  }
  return problems;
}

/** An English sentence for a problem, naming the group ('Size: choose exactly 1 (2 chosen)'). */
export function describeChoiceProblem(problem: ChoiceProblem): string {
  switch (problem.kind) {
    case 'unknown':
      return `variation ${problem.variationId} is not a variation of this product`;
    case 'duplicate':
      return `variation ${problem.variationId} is chosen more than once`;
    case 'belowMin':
    case 'aboveMax':
      return `${problem.group.name}: ${describeGroupRule(groupRule(problem.group))} (${problem.chosen} chosen)`;
  }
}

/**
 * Toggles an option in a choice the way a chooser does: in a one-choice group the new option replaces
 * the group's other one (a radio button); in a group that is full nothing more is added; a free extra
 * toggles on and off.
 */
export function toggleOption(product: ProductOptions, chosenIds: readonly string[], variationId: string): string[] {
  if (chosenIds.includes(variationId)) return chosenIds.filter((id) => id !== variationId);
  const group = (product.variationGroups ?? []).find((g) => g.variationIds.includes(variationId));
  if (!group) return [...chosenIds, variationId];
  const inGroup = chosenIds.filter((id) => group.variationIds.includes(id));
  if (group.max === 1) return [...chosenIds.filter((id) => !group.variationIds.includes(id)), variationId];
  if (inGroup.length >= group.max) return [...chosenIds];
  return [...chosenIds, variationId];
}

/**
 * The choice a product starts with in a chooser: nothing, except in a required one-choice group with a
 * single option, which can only be that option.
 */
export function defaultChoice(product: ProductOptions): string[] {
  return (product.variationGroups ?? [])
    .filter((g) => g.min >= 1 && g.variationIds.length === g.min)
    .flatMap((g) => [...g.variationIds]);
}

export interface PricedOptions {
  priceMinor: number | null;
  variations: readonly { id: string; priceVariationMinor: number }[];
  variationGroups?: readonly OptionGroup[] | null;
}

/**
 * The lowest unit price any valid choice can reach: the base price, plus in each group its `min`
 * cheapest options and any further options that lower the price (up to `max`), plus every free extra
 * that lowers it. Null for a product without a price.
 */
export function cheapestChoiceMinor(product: PricedOptions): number | null {
  if (product.priceMinor === null) return null;
  const price = new Map(product.variations.map((v) => [v.id, v.priceVariationMinor]));
  const grouped = new Set<string>();
  let total = product.priceMinor;
  for (const group of product.variationGroups ?? []) {
    const diffs = group.variationIds
      .filter((id) => price.has(id))
      .map((id) => (grouped.add(id), price.get(id) ?? 0))
      .sort((a, b) => a - b);
    diffs.slice(0, Math.min(group.max, diffs.length)).forEach((d, i) => {
      if (i < group.min || d < 0) total += d;
    });
  }
  for (const v of product.variations) {
    if (!grouped.has(v.id) && v.priceVariationMinor < 0) total += v.priceVariationMinor;
  }
  return total;
}

export interface GroupsInput {
  /** The product's variation ids. */
  variationIds: readonly string[];
  groups: readonly { id: string; name: string; min: number; max: number; variationIds: readonly string[] }[];
}

/**
 * The rules that tie a product's groups to its variations, as field issues relative to the product
 * (`variationGroups[0].max`): unique group ids, 0 <= min <= max, max >= 1, every listed id a variation of
 * the product, each variation in at most one group, min no more than the group's options.
 */
export function optionGroupIssues(input: GroupsInput, path = 'variationGroups'): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const known = new Set(input.variationIds);
  const groupIds = new Set<string>();
  const owner = new Map<string, string>();
  input.groups.forEach((g, gi) => {
    const at = `${path}[${gi}]`;
    const gid = g.id.toLowerCase();
    if (groupIds.has(gid))
      issues.push({
        path: `${at}.id`,
        code: 'duplicate',
        params: { name: g.id },
        message: `duplicate group id "${g.id}"`,
      });
    groupIds.add(gid);
    if (g.min > g.max) issues.push({ path: `${at}.min`, code: 'min_above_max', message: 'must not be more than max' });
    const listed = new Set<string>();
    g.variationIds.forEach((vid, vi) => {
      const vat = `${at}.variations[${vi}]`;
      if (!known.has(vid))
        issues.push({
          path: vat,
          code: 'unknown_reference',
          params: { name: vid },
          message: `unknown variation "${vid}"`,
        });
      else if (listed.has(vid))
        issues.push({
          path: vat,
          code: 'duplicate',
          params: { name: vid },
          message: `variation "${vid}" is listed twice`,
        });
      else if (owner.has(vid)) {
        issues.push({
          path: vat,
          code: 'already_grouped',
          params: { name: vid, group: owner.get(vid) ?? '' },
          message: `variation "${vid}" is already in group "${owner.get(vid)}"`,
        });
      } else owner.set(vid, g.id);
      listed.add(vid);
    });
    if (g.min > listed.size) {
      issues.push({
        path: `${at}.min`,
        code: 'min_above_options',
        params: { count: listed.size },
        message: `must not be more than the group's ${listed.size} option(s)`,
      });
    }
  });
  return issues;
}

/** Diet labels that an ingredient brought by an option makes untrue. */
const CONTRADICTED_BY: Record<string, readonly string[]> = {
  vegan: ['dairy', 'egg', 'fish', 'seafood'],
  vegetarian: ['fish', 'seafood'],
  'dairy-free': ['dairy'],
  'gluten-free': ['gluten'],
  'egg-free': ['egg'],
  'bean-free': ['bean'],
};

export interface TaggedOption {
  preferences?: readonly string[] | null;
  allergenes?: readonly string[] | null;
}

/**
 * The dish's dietary tags with the chosen options: allergens add up; an option's own labels are added
 * ("spicy" 'nduja), and a label that a chosen option's allergen contradicts is dropped (a vegan pizza
 * with extra mozzarella is no longer vegan, a vegetarian one with anchovies no longer vegetarian).
 */
export function chosenDietary(
  product: TaggedOption,
  chosen: readonly TaggedOption[],
): { preferences: string[]; allergenes: string[] } {
  const allergenes = [...new Set([...(product.allergenes ?? []), ...chosen.flatMap((o) => o.allergenes ?? [])])];
  const present = new Set(allergenes);
  const preferences = [
    ...new Set([...(product.preferences ?? []), ...chosen.flatMap((o) => o.preferences ?? [])]),
  ].filter((label) => !(CONTRADICTED_BY[label] ?? []).some((allergen) => present.has(allergen)));
  return { preferences, allergenes };
}
