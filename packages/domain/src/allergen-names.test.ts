import { describe, expect, it } from 'vitest';
import { allergyNames, ALLERGEN_NAMES, DIET_NAMES } from './allergen-names.ts';
import { ALLERGENS, DIETS } from './allergens.ts';
import { LANGUAGES } from './languages.ts';

describe('allergyNames', () => {
  it.each([
    { language: 'en', out: ['sesame', 'milk', 'tree nuts', 'vegan'] },
    { language: 'fr', out: ['sésame', 'lait', 'fruits à coque', 'végan'] },
    { language: 'it', out: ['sesamo', 'latte', 'frutta a guscio', 'vegano'] },
    { language: 'de', out: ['Sesam', 'Milch', 'Schalenfrüchte', 'vegan'] },
    { language: 'th', out: ['งา', 'นม', 'ถั่วเปลือกแข็ง', 'วีแกน'] },
  ] as const)('names the banner in $language, allergens then diets', ({ language, out }) => {
    expect(allergyNames({ allergens: ['sesame', 'milk', 'tree-nuts'], diets: ['vegan'] }, language)).toEqual(out);
  });

  it('an empty banner names nothing', () => {
    expect(allergyNames({ allergens: [], diets: [] }, 'it')).toEqual([]);
  });

  it.each(LANGUAGES)('every allergen and diet has a name in %s, never its id with a dash', (language) => {
    for (const id of ALLERGENS) expect(ALLERGEN_NAMES[language][id]).toMatch(/\S/);
    for (const id of DIETS) expect(DIET_NAMES[language][id]).toMatch(/\S/);
    if (language !== 'en') expect(ALLERGEN_NAMES[language]['tree-nuts']).not.toBe('tree-nuts');
  });
});
