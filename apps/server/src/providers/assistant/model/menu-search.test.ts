import { describe, expect, it } from 'vitest';
import type { MenuProduct } from '../types.ts';
import { containsAllergen, searchMenu } from './menu-search.ts';

const dish = (id: string, name: string, allergenes: string[], extra: Partial<MenuProduct> = {}): MenuProduct => ({
  id,
  name,
  description: null,
  priceMinor: 900,
  recommended: false,
  status: 'available',
  preferences: [],
  allergenes,
  categories: [],
  variations: [],
  ...extra,
});

describe("the model's menu search", () => {
  // The model may name an allergen the old way or the new; a menu may hold either: read by meaning.
  it.each([
    [['milk', 'tree-nuts'], 'dairy', true],
    [['milk', 'tree-nuts'], 'nuts', true],
    [['milk', 'tree-nuts'], 'Tree nuts', true],
    [['milk', 'tree-nuts'], 'peanuts', false],
    [['seafood'], 'crustaceans', true],
    [['seafood'], 'fish', true],
    [['gluten'], 'sesame', false],
    [['egg'], 'eggs', true],
    [['gluten'], '', false],
  ] as const)('a dish listing %j contains "%s": %s', (allergenes, avoid, contains) =>
    expect(containsAllergen(dish('d', 'Dish', [...allergenes]), avoid)).toBe(contains),
  );

  const menu = [
    dish('espresso', 'Espresso', []),
    dish('creme', 'Crème brûlée', ['milk', 'eggs']),
    dish('pesto', 'Trofie al pesto', ['tree-nuts', 'milk', 'gluten']),
  ];
  it.each([
    ['espressos', ['espresso']],
    ['creme brulee', ['creme']],
    ['pesto', ['pesto']],
  ] as const)('"%s" finds %j', (query, ids) => expect(searchMenu(menu, { query }).map((p) => p.id)).toEqual(ids));

  it('leaves out what the guest avoids, by meaning', () => {
    expect(searchMenu(menu, { query: '', avoidAllergens: ['dairy'] }).map((p) => p.id)).toEqual(['espresso']);
    expect(searchMenu(menu, { query: '', avoidAllergens: ['nuts'] }).map((p) => p.id)).toEqual(['espresso', 'creme']);
  });
});
