import { describe, expect, it } from 'vitest';
import {
  charLength,
  chosenDietary,
  cheapestChoiceMinor,
  choiceProblems,
  defaultChoice,
  describeChoiceProblem,
  groupRule,
  groupStates,
  sliceChars,
  toggleOption,
  type OptionGroup,
  type TaggedOption,
} from './options.ts';

const size: OptionGroup = { id: 'size', name: 'Size', min: 1, max: 1, variationIds: ['s', 'm', 'l'] };
const toppings: OptionGroup = {
  id: 'top',
  name: 'Toppings',
  min: 0,
  max: 3,
  variationIds: ['ham', 'olive', 'egg', 'chili'],
};
const sauces: OptionGroup = { id: 'sauce', name: 'Sauces', min: 1, max: 2, variationIds: ['bbq', 'mayo', 'aioli'] };
const pizza = {
  variations: ['s', 'm', 'l', 'ham', 'olive', 'egg', 'chili', 'bbq', 'mayo', 'aioli', 'extra'].map((id) => ({ id })),
  variationGroups: [size, toppings, sauces],
};

describe('choiceProblems: one row per rule', () => {
  const rows: { rule: string; chosen: string[]; problems: string[] }[] = [
    { rule: 'one size, one sauce', chosen: ['m', 'bbq'], problems: [] },
    {
      rule: 'one size, three toppings, two sauces, a free extra',
      chosen: ['l', 'ham', 'olive', 'egg', 'bbq', 'mayo', 'extra'],
      problems: [],
    },
    { rule: 'no size', chosen: ['bbq'], problems: ['Size: choose exactly 1 (0 chosen)'] },
    { rule: 'two sizes', chosen: ['s', 'l', 'bbq'], problems: ['Size: choose exactly 1 (2 chosen)'] },
    {
      rule: 'four toppings',
      chosen: ['s', 'ham', 'olive', 'egg', 'chili', 'bbq'],
      problems: ['Toppings: choose up to 3 (4 chosen)'],
    },
    { rule: 'three sauces', chosen: ['s', 'bbq', 'mayo', 'aioli'], problems: ['Sauces: choose 1 to 2 (3 chosen)'] },
    {
      rule: 'nothing at all',
      chosen: [],
      problems: ['Size: choose exactly 1 (0 chosen)', 'Sauces: choose 1 to 2 (0 chosen)'],
    },
    { rule: 'an option twice', chosen: ['s', 's', 'bbq'], problems: ['variation s is chosen more than once'] },
    {
      rule: 'a free extra twice',
      chosen: ['s', 'bbq', 'extra', 'extra'],
      problems: ['variation extra is chosen more than once'],
    },
    {
      rule: 'an option of another product',
      chosen: ['s', 'bbq', 'truffle'],
      problems: ['variation truffle is not a variation of this product'],
    },
  ];
  it.each(rows)('$rule', ({ chosen, problems }) => {
    expect(choiceProblems(pizza, chosen).map(describeChoiceProblem)).toEqual(problems);
  });

  it('a product without groups accepts any set of its variations once each', () => {
    expect(choiceProblems({ variations: [{ id: 'a' }, { id: 'b' }] }, ['a', 'b'])).toEqual([]);
    expect(choiceProblems({ variations: [{ id: 'a' }], variationGroups: null }, [])).toEqual([]);
  });
});

describe('groupRule', () => {
  it.each([
    [
      { min: 1, max: 1, variationIds: ['a', 'b'] },
      { kind: 'exactly', count: 1 },
    ],
    [
      { min: 2, max: 2, variationIds: ['a', 'b', 'c'] },
      { kind: 'exactly', count: 2 },
    ],
    [
      { min: 0, max: 3, variationIds: ['a', 'b', 'c', 'd'] },
      { kind: 'upTo', count: 3 },
    ],
    [
      { min: 0, max: 9, variationIds: ['a', 'b'] },
      { kind: 'upTo', count: 2 },
    ],
    [
      { min: 1, max: 5, variationIds: ['a', 'b', 'c'] },
      { kind: 'atLeast', count: 1 },
    ],
    [
      { min: 1, max: 2, variationIds: ['a', 'b', 'c'] },
      { kind: 'between', min: 1, max: 2 },
    ],
  ])('%j -> %j', (group, rule) => {
    expect(groupRule(group)).toEqual(rule);
  });
});

describe('toggleOption: what a tap on an option does', () => {
  const rows: { rule: string; from: string[]; tap: string; to: string[] }[] = [
    { rule: 'a size', from: [], tap: 'm', to: ['m'] },
    { rule: 'another size replaces the first (radio)', from: ['m', 'bbq'], tap: 'l', to: ['bbq', 'l'] },
    { rule: 'the chosen size again clears it', from: ['m'], tap: 'm', to: [] },
    { rule: 'a topping', from: ['m'], tap: 'ham', to: ['m', 'ham'] },
    { rule: 'a fourth topping is not added', from: ['ham', 'olive', 'egg'], tap: 'chili', to: ['ham', 'olive', 'egg'] },
    { rule: 'a free extra toggles on', from: [], tap: 'extra', to: ['extra'] },
    { rule: 'a free extra toggles off', from: ['extra'], tap: 'extra', to: [] },
  ];
  it.each(rows)('$rule', ({ from, tap, to }) => {
    expect(toggleOption(pizza, from, tap)).toEqual(to);
  });
});

describe('groupStates and defaultChoice', () => {
  it('reports required groups and whether each is satisfied or full', () => {
    const states = groupStates(pizza, ['m', 'ham', 'olive', 'egg']);
    expect(states.map((s) => [s.group.id, s.chosen, s.required, s.satisfied, s.full])).toEqual([
      ['size', 1, true, true, true],
      ['top', 3, false, true, true],
      ['sauce', 0, true, false, false],
    ]);
  });
  it('preselects the only option of a required group', () => {
    const only = {
      variations: [{ id: 'a' }, { id: 'b' }],
      variationGroups: [{ id: 'g', name: 'G', min: 1, max: 1, variationIds: ['a'] }],
    };
    expect(defaultChoice(only)).toEqual(['a']);
    expect(defaultChoice(pizza)).toEqual([]);
  });
});

describe('cheapestChoiceMinor: never below zero', () => {
  const v = (id: string, priceVariationMinor: number) => ({ id, priceVariationMinor });
  const rows: { rule: string; product: Parameters<typeof cheapestChoiceMinor>[0]; cheapest: number | null }[] = [
    { rule: 'no options', product: { priceMinor: 900, variations: [] }, cheapest: 900 },
    { rule: 'no price', product: { priceMinor: null, variations: [] }, cheapest: null },
    {
      rule: 'positive free extras are left out',
      product: { priceMinor: 900, variations: [v('a', 100)] },
      cheapest: 900,
    },
    {
      rule: 'negative free extras all count',
      product: { priceMinor: 900, variations: [v('a', -600), v('b', -600)] },
      cheapest: -300,
    },
    {
      rule: 'a required size takes its cheapest option',
      product: {
        priceMinor: 900,
        variations: [v('s', -200), v('l', 300)],
        variationGroups: [{ ...size, variationIds: ['s', 'l'] }],
      },
      cheapest: 700,
    },
    {
      rule: 'a required positive group adds its cheapest',
      product: {
        priceMinor: 900,
        variations: [v('a', 100), v('b', 50)],
        variationGroups: [{ ...size, variationIds: ['a', 'b'] }],
      },
      cheapest: 950,
    },
    {
      rule: 'an optional one-choice group counts one negative option only',
      product: {
        priceMinor: 900,
        variations: [v('a', -500), v('b', -600)],
        variationGroups: [{ ...toppings, max: 1, variationIds: ['a', 'b'] }],
      },
      cheapest: 300,
    },
    {
      rule: 'a group of up to 2 counts its two most negative options',
      product: {
        priceMinor: 900,
        variations: [v('a', -500), v('b', -600), v('c', -100)],
        variationGroups: [{ ...toppings, max: 2, variationIds: ['a', 'b', 'c'] }],
      },
      cheapest: -200,
    },
  ];
  it.each(rows)('$rule', ({ product, cheapest }) => {
    expect(cheapestChoiceMinor(product)).toBe(cheapest);
  });
});

describe('charLength counts characters, not UTF-16 units', () => {
  it.each([
    ['', 0],
    ['no onions', 9],
    ['🌶️', 2],
    ['😀😀', 2],
    ['ไม่เผ็ด', 7],
  ])('%s -> %d', (text, n) => {
    expect(charLength(text)).toBe(n);
  });
});

describe('sliceChars cuts at a character, never inside an emoji', () => {
  it.each([
    ['no onions', 2, 'no'],
    ['no onions', 20, 'no onions'],
    ['a😀b', 2, 'a😀'],
    ['😀😀😀', 2, '😀😀'],
    ['ไม่เผ็ด', 3, 'ไม่'],
  ])('%s, %d -> %s', (text, max, cut) => {
    expect(sliceChars(text, max)).toBe(cut);
    expect(sliceChars(text, max)).not.toMatch(/[\uD800-\uDFFF]/u); // no lone surrogate
  });
});

describe('chosenDietary: the dish as chosen', () => {
  const rows: {
    rule: string;
    product: TaggedOption;
    chosen: TaggedOption[];
    preferences: string[];
    allergenes: string[];
  }[] = [
    {
      rule: 'no options',
      product: { preferences: ['vegan'], allergenes: ['gluten'] },
      chosen: [],
      preferences: ['vegan'],
      allergenes: ['gluten'],
    },
    {
      rule: 'extra mozzarella on a vegan pizza: dairy, no longer vegan',
      product: { preferences: ['vegan'], allergenes: ['gluten'] },
      chosen: [{ allergenes: ['dairy'] }],
      preferences: [],
      allergenes: ['gluten', 'dairy'],
    },
    {
      rule: 'anchovies on a vegetarian pizza: fish, no longer vegetarian',
      product: { preferences: ['vegetarian'], allergenes: ['dairy'] },
      chosen: [{ allergenes: ['fish'] }],
      preferences: [],
      allergenes: ['dairy', 'fish'],
    },
    {
      rule: 'a spicy option adds its label',
      product: { preferences: ['vegetarian'] },
      chosen: [{ preferences: ['spicy'] }],
      preferences: ['vegetarian', 'spicy'],
      allergenes: [],
    },
    {
      rule: 'a gluten-free base on a dish with gluten elsewhere keeps gluten, not the label',
      product: { allergenes: ['gluten'] },
      chosen: [{ preferences: ['gluten-free'] }],
      preferences: [],
      allergenes: ['gluten'],
    },
  ];
  it.each(rows)('$rule', ({ product, chosen, preferences, allergenes }) => {
    expect(chosenDietary(product, chosen)).toEqual({ preferences, allergenes });
  });
});
