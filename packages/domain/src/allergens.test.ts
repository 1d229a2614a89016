import { describe, expect, it } from 'vitest';
import {
  ALLERGENS,
  allergyBanner,
  checkProductSafety,
  DIETS,
  isKnownAllergenEntry,
  normaliseAllergens,
  optionSafetyReasons,
  unionAllergyProfiles,
  type AllergenId,
  type AllergyProfile,
  type ChosenOptionFacts,
  type DietaryFacts,
  type DietId,
  type ProductSafety,
} from './allergens.ts';
import { allergyProfileSchema } from './contracts/allergy-profile.ts';
import { formatPath } from './contracts/common.ts';
import { chatBodySchema } from './wire.ts';

const profile = (allergens: AllergenId[] = [], diets: DietId[] = []): AllergyProfile => ({ allergens, diets });

describe('the vocabulary', () => {
  it('has the 14 allergens of the EU and UK rules, peanuts apart from tree nuts, shellfish apart from fish', () => {
    expect(new Set(ALLERGENS).size).toBe(14);
    expect([...ALLERGENS].sort()).toEqual(
      [
        'celery',
        'crustaceans',
        'eggs',
        'fish',
        'gluten',
        'lupin',
        'milk',
        'molluscs',
        'mustard',
        'peanuts',
        'sesame',
        'soya',
        'sulphites',
        'tree-nuts',
      ].sort(),
    );
    expect(DIETS).toEqual(['vegetarian', 'vegan', 'gluten-free', 'dairy-free']);
  });
});

describe('normaliseAllergens: old and other names read as their meaning', () => {
  const rows: { rule: string; input: string[]; out: string[] }[] = [
    { rule: 'nothing', input: [], out: [] },
    { rule: 'the 14 stay, in the annex order', input: ['sesame', 'gluten', 'milk'], out: ['gluten', 'milk', 'sesame'] },
    { rule: 'nuts are tree nuts and peanuts', input: ['nuts'], out: ['peanuts', 'tree-nuts'] },
    { rule: '"tree nuts" with a space', input: ['tree nuts'], out: ['tree-nuts'] },
    { rule: 'nuts and tree nuts together, once each', input: ['nuts', 'tree nuts'], out: ['peanuts', 'tree-nuts'] },
    { rule: 'seafood is crustaceans, molluscs and fish', input: ['seafood'], out: ['crustaceans', 'fish', 'molluscs'] },
    { rule: 'shellfish is crustaceans and molluscs', input: ['Shellfish'], out: ['crustaceans', 'molluscs'] },
    { rule: 'dairy is milk', input: ['dairy'], out: ['milk'] },
    { rule: 'bean is soya and lupin', input: ['bean'], out: ['soya', 'lupin'] },
    { rule: 'beans too', input: ['beans'], out: ['soya', 'lupin'] },
    { rule: 'egg is eggs', input: ['egg'], out: ['eggs'] },
    { rule: 'gluten stays gluten', input: ['gluten'], out: ['gluten'] },
    {
      rule: 'US label names',
      input: ['Wheat', 'soy', 'peanut', 'sulfites'],
      out: ['gluten', 'peanuts', 'soya', 'sulphites'],
    },
    { rule: 'case, spaces and underscores', input: [' TREE_NUTS ', 'Sesame Seeds'], out: ['tree-nuts', 'sesame'] },
    { rule: '"none" alone says the dish has none', input: ['none'], out: ['none'] },
    { rule: '"none" beside an allergen is dropped', input: ['none', 'dairy'], out: ['milk'] },
    { rule: 'an unknown entry is kept after the allergens', input: ['Pork', 'gluten'], out: ['gluten', 'pork'] },
    {
      rule: 'the old data of the Thai demo',
      input: ['seafood', 'egg', 'bean', 'nuts', 'fish'],
      out: ['crustaceans', 'eggs', 'fish', 'peanuts', 'soya', 'tree-nuts', 'lupin', 'molluscs'],
    },
  ];
  it.each(rows)('$rule', ({ input, out }) => {
    expect(normaliseAllergens(input)).toEqual(out);
  });

  it.each([
    ['nuts', true],
    ['none', true],
    ['Tree Nuts', true],
    ['pork', false],
    ['sesma', false],
  ] as const)('%s is a known entry: %s', (entry, known) => {
    expect(isKnownAllergenEntry(entry)).toBe(known);
  });
});

describe('checkProductSafety: one row per rule', () => {
  const pizza: DietaryFacts = { preferences: ['vegetarian'], allergenes: ['gluten', 'milk'] };
  const veganCurry: DietaryFacts = { preferences: ['vegan', 'gluten-free'], allergenes: ['soya'] };
  const water: DietaryFacts = { preferences: ['vegan'], allergenes: ['none'] };
  const unlabelled: DietaryFacts = { preferences: [], allergenes: [] };
  const mozzarella: ChosenOptionFacts = { id: 'mozz', name: 'Extra mozzarella', allergenes: ['dairy'] };
  const anchovies: ChosenOptionFacts = { id: 'anch', name: 'Anchovies', allergenes: ['fish'] };
  const large: ChosenOptionFacts = { id: 'l', name: 'Large', allergenes: [] };

  const rows: {
    rule: string;
    product: DietaryFacts;
    chosen?: ChosenOptionFacts[];
    profile: AllergyProfile;
    result: ProductSafety;
  }[] = [
    { rule: 'an empty profile: safe', product: unlabelled, profile: profile(), result: { verdict: 'safe' } },
    {
      rule: 'the dish lists the allergen',
      product: pizza,
      profile: profile(['gluten']),
      result: { verdict: 'unsafe', reasons: [{ kind: 'allergen', allergen: 'gluten' }], unknown: [] },
    },
    {
      rule: 'an old identifier counts as its meaning (dairy is milk)',
      product: { allergenes: ['dairy'] },
      profile: profile(['milk']),
      result: { verdict: 'unsafe', reasons: [{ kind: 'allergen', allergen: 'milk' }], unknown: [] },
    },
    {
      rule: 'a peanut allergy and a dish listing "nuts"',
      product: { allergenes: ['nuts'] },
      profile: profile(['peanuts']),
      result: { verdict: 'unsafe', reasons: [{ kind: 'allergen', allergen: 'peanuts' }], unknown: [] },
    },
    {
      rule: 'a fish allergy and a dish listing "seafood"',
      product: { allergenes: ['seafood'] },
      profile: profile(['fish']),
      result: { verdict: 'unsafe', reasons: [{ kind: 'allergen', allergen: 'fish' }], unknown: [] },
    },
    {
      rule: 'a peanut allergy is not a tree nut allergy',
      product: { allergenes: ['tree nuts'] },
      profile: profile(['peanuts']),
      result: { verdict: 'safe' },
    },
    {
      rule: 'a crustacean allergy is not a fish allergy',
      product: { allergenes: ['fish'] },
      profile: profile(['crustaceans', 'molluscs']),
      result: { verdict: 'safe' },
    },
    {
      rule: 'allergen data that does not list it: safe',
      product: pizza,
      profile: profile(['sesame']),
      result: { verdict: 'safe' },
    },
    {
      rule: '"none": safe for every allergen',
      product: water,
      profile: profile([...ALLERGENS]),
      result: { verdict: 'safe' },
    },
    {
      rule: 'no allergen data: never called safe',
      product: unlabelled,
      profile: profile(['sesame', 'celery']),
      result: { verdict: 'unknown', unknown: ['sesame', 'celery'] },
    },
    {
      rule: 'a list holding only entries outside the vocabulary says nothing of the 14',
      product: { allergenes: ['pork'] },
      profile: profile(['milk']),
      result: { verdict: 'unknown', unknown: ['milk'] },
    },
    {
      rule: 'no allergen data and no list at all',
      product: {},
      profile: profile(['milk']),
      result: { verdict: 'unknown', unknown: ['milk'] },
    },
    {
      rule: 'a gluten-free label answers for gluten without allergen data',
      product: { preferences: ['gluten-free'], allergenes: [] },
      profile: profile(['gluten', 'sesame']),
      result: { verdict: 'unknown', unknown: ['sesame'] },
    },
    {
      rule: 'a vegan label answers for milk and eggs',
      product: { preferences: ['vegan'] },
      profile: profile(['milk', 'eggs', 'fish']),
      result: { verdict: 'safe' },
    },
    {
      rule: 'a label never outweighs the list: dairy-free but lists milk',
      product: { preferences: ['dairy-free'], allergenes: ['milk'] },
      profile: profile(['milk']),
      result: { verdict: 'unsafe', reasons: [{ kind: 'allergen', allergen: 'milk' }], unknown: [] },
    },
    {
      rule: 'bean-free says nothing about soya',
      product: { preferences: ['bean-free'], allergenes: [] },
      profile: profile(['soya']),
      result: { verdict: 'unknown', unknown: ['soya'] },
    },
    {
      rule: 'a chosen option adds its allergens',
      product: veganCurry,
      chosen: [mozzarella],
      profile: profile(['milk']),
      result: {
        verdict: 'unsafe',
        reasons: [{ kind: 'allergen', allergen: 'milk', option: { id: 'mozz', name: 'Extra mozzarella' } }],
        unknown: [],
      },
    },
    {
      rule: "an option's empty list adds nothing",
      product: veganCurry,
      chosen: [large],
      profile: profile(['milk'], ['vegan']),
      result: { verdict: 'safe' },
    },
    {
      rule: 'an option on a dish without data: still unknown for what nothing lists',
      product: unlabelled,
      chosen: [anchovies],
      profile: profile(['fish', 'milk']),
      result: {
        verdict: 'unsafe',
        reasons: [{ kind: 'allergen', allergen: 'fish', option: { id: 'anch', name: 'Anchovies' } }],
        unknown: ['milk'],
      },
    },
    {
      rule: 'vegetarian: kept by a vegetarian dish',
      product: pizza,
      profile: profile([], ['vegetarian']),
      result: { verdict: 'safe' },
    },
    {
      rule: 'vegetarian: kept by a vegan dish',
      product: veganCurry,
      profile: profile([], ['vegetarian']),
      result: { verdict: 'safe' },
    },
    {
      rule: 'vegetarian: anchovies on a vegetarian pizza break it',
      product: pizza,
      chosen: [anchovies],
      profile: profile([], ['vegetarian']),
      result: {
        verdict: 'unsafe',
        reasons: [
          { kind: 'diet-broken', diet: 'vegetarian', allergen: 'fish', option: { id: 'anch', name: 'Anchovies' } },
        ],
        unknown: [],
      },
    },
    {
      rule: 'vegan: a dish not marked vegan',
      product: pizza,
      profile: profile([], ['vegan']),
      result: {
        verdict: 'unsafe',
        reasons: [
          { kind: 'diet-broken', diet: 'vegan', allergen: 'milk' },
          { kind: 'diet-not-marked', diet: 'vegan' },
        ],
        unknown: [],
      },
    },
    {
      rule: 'vegan: a dish marked vegan that lists eggs is broken all the same',
      product: { preferences: ['vegan'], allergenes: ['egg'] },
      profile: profile([], ['vegan']),
      result: { verdict: 'unsafe', reasons: [{ kind: 'diet-broken', diet: 'vegan', allergen: 'eggs' }], unknown: [] },
    },
    {
      rule: 'a diet on a dish without labels or data: not marked (a diet needs the label)',
      product: unlabelled,
      profile: profile([], ['vegetarian']),
      result: { verdict: 'unsafe', reasons: [{ kind: 'diet-not-marked', diet: 'vegetarian' }], unknown: [] },
    },
    {
      rule: 'gluten-free diet: needs the label even when the list has no gluten',
      product: { preferences: [], allergenes: ['milk'] },
      profile: profile([], ['gluten-free']),
      result: { verdict: 'unsafe', reasons: [{ kind: 'diet-not-marked', diet: 'gluten-free' }], unknown: [] },
    },
    {
      rule: 'dairy-free diet: kept by a vegan dish',
      product: veganCurry,
      profile: profile([], ['dairy-free']),
      result: { verdict: 'safe' },
    },
    {
      rule: 'allergens and diets together, most serious reason first',
      product: { preferences: [], allergenes: ['gluten', 'dairy'] },
      profile: profile(['gluten'], ['vegan']),
      result: {
        verdict: 'unsafe',
        reasons: [
          { kind: 'allergen', allergen: 'gluten' },
          { kind: 'diet-broken', diet: 'vegan', allergen: 'milk' },
          { kind: 'diet-not-marked', diet: 'vegan' },
        ],
        unknown: [],
      },
    },
    {
      rule: 'the dish and an option both list it: two reasons',
      product: pizza,
      chosen: [{ id: 'bur', name: 'Burrata', allergenes: ['milk'] }],
      profile: profile(['milk']),
      result: {
        verdict: 'unsafe',
        reasons: [
          { kind: 'allergen', allergen: 'milk' },
          { kind: 'allergen', allergen: 'milk', option: { id: 'bur', name: 'Burrata' } },
        ],
        unknown: [],
      },
    },
  ];
  it.each(rows)('$rule', ({ product, chosen = [], profile: p, result }) => {
    expect(checkProductSafety(product, chosen, p)).toEqual(result);
  });
});

describe('optionSafetyReasons: what one option brings', () => {
  it.each([
    {
      rule: 'an option with an allergen of the guest',
      option: { id: 'a', allergenes: ['fish'] },
      p: profile(['fish']),
      kinds: ['allergen'],
    },
    {
      rule: 'an option that breaks a diet',
      option: { id: 'm', allergenes: ['dairy'] },
      p: profile([], ['vegan']),
      kinds: ['diet-broken'],
    },
    {
      rule: 'an option with nothing listed',
      option: { id: 'l', allergenes: [] },
      p: profile(['fish'], ['vegan']),
      kinds: [],
    },
    {
      rule: 'an option with another allergen',
      option: { id: 's', allergenes: ['sesame'] },
      p: profile(['fish']),
      kinds: [],
    },
  ])('$rule', ({ option, p, kinds }) => {
    expect(optionSafetyReasons(option, p).map((r) => r.kind)).toEqual(kinds);
  });
});

describe('allergyBanner', () => {
  it.each([
    { rule: 'no profile', p: null, banner: null },
    { rule: 'an empty profile', p: profile(), banner: null },
    {
      rule: 'allergens in the annex order, diets in theirs',
      p: profile(['sesame', 'gluten'], ['vegan', 'vegetarian']),
      banner: { allergens: ['gluten', 'sesame'], diets: ['vegetarian', 'vegan'] },
    },
  ])('$rule', ({ p, banner }) => {
    expect(allergyBanner(p)).toEqual(banner);
  });
});

describe('allergyProfileSchema: the profile sent with the chat and the order', () => {
  it.each([
    { rule: 'nothing sent', input: {}, out: { allergens: [], diets: [] } },
    {
      rule: 'read as the vocabulary, once each, in order',
      input: { allergens: ['sesame', 'nuts', 'Gluten', 'peanuts'], diets: ['vegan', 'vegetarian', 'vegan'] },
      out: { allergens: ['gluten', 'peanuts', 'tree-nuts', 'sesame'], diets: ['vegetarian', 'vegan'] },
    },
  ])('$rule', ({ input, out }) => {
    expect(allergyProfileSchema.parse(input)).toEqual(out);
  });

  it.each([
    {
      rule: 'an unknown allergen is named',
      input: { allergens: ['gluten', 'pork'] },
      path: 'allergens[1]',
      message: /unknown allergen "pork"/,
    },
    {
      rule: 'an unknown diet',
      input: { diets: ['keto'] },
      path: 'diets[0]',
      message: /must be one of vegetarian, vegan/,
    },
    { rule: 'not a list', input: { allergens: 'gluten' }, path: 'allergens', message: /list of allergens/ },
    { rule: 'another field', input: { allergens: [], halal: true }, path: '(root)', message: /halal/ },
  ])('$rule', ({ input, path, message }) => {
    const result = allergyProfileSchema.safeParse(input);
    expect(result.success).toBe(false);
    const issue = result.error!.issues[0]!;
    expect(formatPath(issue.path)).toBe(path);
    expect(issue.message).toMatch(message);
  });
});

describe('POST /api/chat takes the profile as allergyProfile', () => {
  const body = { venueUrl: 'casa', message: 'what can I eat?' };
  it('reads it as the vocabulary', () => {
    const parsed = chatBodySchema.parse({ ...body, allergyProfile: { allergens: ['nuts'], diets: ['vegan'] } });
    expect(parsed.allergyProfile).toEqual({ allergens: ['peanuts', 'tree-nuts'], diets: ['vegan'] });
  });
  it('is optional', () => {
    expect(chatBodySchema.parse(body).allergyProfile).toBeUndefined();
  });
  it('refuses an unknown allergen with its path', () => {
    const result = chatBodySchema.safeParse({ ...body, allergyProfile: { allergens: ['sesma'] } });
    expect(result.success ? [] : result.error.issues.map((i) => formatPath(i.path))).toEqual([
      'allergyProfile.allergens[0]',
    ]);
  });
});

describe('unionAllergyProfiles: a table of guests as one banner', () => {
  const rows: { rule: string; input: (AllergyProfile | null)[]; out: AllergyProfile | null }[] = [
    { rule: 'nobody has any', input: [null, profile()], out: null },
    { rule: 'one guest', input: [profile(['milk'])], out: profile(['milk']) },
    {
      rule: 'every allergen and diet of anyone, once, in the annex order',
      input: [profile(['sesame', 'milk'], ['vegan']), null, profile(['gluten', 'milk'], ['vegetarian'])],
      out: profile(['gluten', 'milk', 'sesame'], ['vegetarian', 'vegan']),
    },
    { rule: 'no guests', input: [], out: null },
  ];
  for (const row of rows) it(row.rule, () => expect(unionAllergyProfiles(row.input)).toEqual(row.out));
});
