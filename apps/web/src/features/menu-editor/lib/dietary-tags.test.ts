import { describe, expect, it } from 'vitest';
import { ALLERGEN_TAGS, tagsToOffer, toggleAllergen } from './dietary-tags.ts';

describe('the dish form’s allergen chips', () => {
  it('offer the 14 allergens of the EU and UK rules, peanuts apart from tree nuts, then none', () => {
    expect(ALLERGEN_TAGS).toEqual([
      'gluten',
      'crustaceans',
      'eggs',
      'fish',
      'peanuts',
      'soya',
      'milk',
      'tree-nuts',
      'celery',
      'mustard',
      'sesame',
      'sulphites',
      'lupin',
      'molluscs',
      'none',
    ]);
    expect(tagsToOffer(ALLERGEN_TAGS, ['milk', 'legacy-tag'])).toEqual([...ALLERGEN_TAGS, 'legacy-tag']);
  });

  it.each([
    [[], 'milk', ['milk']],
    [['milk'], 'milk', []],
    [['milk', 'eggs'], 'none', ['none']],
    [['none'], 'celery', ['celery']],
    [['none'], 'none', []],
    [['gluten'], 'sesame', ['gluten', 'sesame']],
  ])('%j, pressing %s -> %j (none and an allergen exclude each other)', (current, tag, expected) => {
    expect(toggleAllergen(current, tag)).toEqual(expected);
  });
});
