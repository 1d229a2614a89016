/**
 * Option groups in the offline assistant ("Size: choose exactly 1", "Extra toppings: up to 3"): which
 * of the options a guest named can be kept, which required groups are still open, and which options
 * bring an allergen or a dietary label. The rule itself is the domain's (groupStates, choiceProblems).
 */
import {
  allergensMeant,
  formatPriceDifference,
  groupRule,
  groupStates,
  type AllergenId,
  type GroupRule,
  type OptionGroup,
} from '@carte/domain';
import type { Language, MenuProduct, MenuVariation, ReplyBlock, RichText } from '../types.ts';
import { msg } from './messages.ts';

export function groupsOf(p: MenuProduct): OptionGroup[] {
  return p.variationGroups ?? [];
}

export interface Settled {
  /** The options kept, in the order the guest named them. */
  variationIds: string[];
  /** Options of a one-choice (or full) group that were named beyond its max: the first ones are kept. */
  dropped: { group: OptionGroup; kept: string; dropped: string[] }[];
}

/**
 * Keeps what a chooser would accept from options named in order: each option once, unknown ids left
 * out, and in each group no more than its max (the first named win: "large, no, small" is not both).
 */
export function settleChoice(p: MenuProduct, named: readonly string[]): Settled {
  const known = new Set(p.variations.map((v) => v.id));
  const groups = groupsOf(p);
  const ids: string[] = [];
  const count = new Map<string, number>();
  const dropped = new Map<string, { group: OptionGroup; kept: string; dropped: string[] }>();
  for (const id of named) {
    if (!known.has(id) || ids.includes(id)) continue;
    const group = groups.find((g) => g.variationIds.includes(id));
    if (group) {
      const n = count.get(group.id) ?? 0;
      if (n >= group.max) {
        const first = ids.find((x) => group.variationIds.includes(x))!;
        const entry = dropped.get(group.id) ?? { group, kept: first, dropped: [] };
        entry.dropped.push(id);
        dropped.set(group.id, entry);
        continue;
      }
      count.set(group.id, n + 1);
    }
    ids.push(id);
  }
  return { variationIds: ids, dropped: [...dropped.values()] };
}

/** Required groups the choice leaves under their min. */
export function openGroups(p: MenuProduct, variationIds: readonly string[]): OptionGroup[] {
  return groupStates(p, variationIds)
    .filter((s) => s.chosen < s.group.min)
    .map((s) => s.group);
}

export function ruleText(lang: Language, rule: GroupRule): string {
  switch (rule.kind) {
    case 'exactly':
      return msg(lang, 'ruleExactly', { count: rule.count });
    case 'atLeast':
      return msg(lang, 'ruleAtLeast', { count: rule.count });
    case 'upTo':
      return msg(lang, 'ruleUpTo', { count: rule.count });
    case 'between':
      return msg(lang, 'ruleBetween', { min: rule.min, max: rule.max });
  }
}

function variationById(p: MenuProduct, id: string): MenuVariation | undefined {
  return p.variations.find((v) => v.id === id);
}

/** "Which “Size” would you like for Pizza Margherita? Please choose exactly 1:" and the options with their price differences. */
export function chooseBlocks(lang: Language, currency: string, p: MenuProduct, group: OptionGroup): ReplyBlock[] {
  const items: RichText[] = group.variationIds
    .map((id) => variationById(p, id))
    .filter((v): v is MenuVariation => v !== undefined)
    .map((v) => [
      { text: v.name, strong: true },
      { text: ` (${formatPriceDifference(v.priceVariationMinor, currency, lang)})` },
    ]);
  return [
    {
      type: 'paragraph',
      text: msg(lang, 'chooseGroup', { group: group.name, name: p.name, rule: ruleText(lang, groupRule(group)) }),
    },
    { type: 'list', items },
  ];
}

/** “Anchovies” or “Prawns”: option names quoted in the guest's language. */
export function quoteOptions(lang: Language, options: readonly MenuVariation[]): string {
  const quoted = options.map((v) => msg(lang, 'optionQuote', { option: v.name }));
  if (quoted.length <= 1) return quoted.join('');
  return `${quoted.slice(0, -1).join(', ')} ${msg(lang, 'or')} ${quoted[quoted.length - 1]}`;
}

/**
 * The allergens an engine tag or a menu entry means, in the product's 14 identifiers: the engine's
 * tags are the domain's identifiers, and older menu data may still hold an old name ("dairy", "nuts",
 * "tree nuts"), read by the domain's meaning.
 */
function meaning(id: string): readonly string[] {
  const key = id.trim().toLowerCase().replace(/\s+/g, '');
  return allergensMeant(id) ?? allergensMeant(key) ?? [key];
}

/** Whether a menu's allergen entry `a` brings what `id` (an engine tag or a menu id) names. */
export function sameAllergen(a: string, id: string): boolean {
  const wanted = meaning(id);
  return meaning(a).some((x) => wanted.includes(x as AllergenId));
}

/** Options that bring an allergen (menu id, "tree nuts" or "treenuts"). */
export function optionsWithAllergen(p: MenuProduct, id: string): MenuVariation[] {
  return p.variations.filter((v) => (v.allergenes ?? []).some((a) => sameAllergen(a, id)));
}

/** True when every option of some required group brings the allergen: the dish always has it. */
export function requiredGroupHasAllergen(p: MenuProduct, id: string): boolean {
  const carrying = new Set(optionsWithAllergen(p, id).map((v) => v.id));
  return groupsOf(p).some(
    (g) => g.min >= 1 && g.variationIds.length > 0 && g.variationIds.every((x) => carrying.has(x)),
  );
}

/** Options labelled with a preference ("Tofu" labelled vegetarian); vegan options count as vegetarian. */
export function optionsWithPreference(p: MenuProduct, pref: string): MenuVariation[] {
  return p.variations.filter((v) => {
    const prefs = v.preferences ?? [];
    return prefs.includes(pref) || (pref === 'vegetarian' && prefs.includes('vegan'));
  });
}

/** Options whose allergens break a diet: fish, crustaceans or molluscs for vegetarian and vegan, also milk and eggs for vegan. */
export function optionsBreakingDiet(p: MenuProduct, diet: 'vegan' | 'vegetarian'): MenuVariation[] {
  const breaking = diet === 'vegan' ? ['fish', 'crustaceans', 'molluscs', 'milk', 'eggs'] : ['fish', 'crustaceans', 'molluscs'];
  return p.variations.filter((v) => (v.allergenes ?? []).some((a) => breaking.some((id) => sameAllergen(a, id))));
}
