import type { AllergenId, DietId } from './allergens.ts';
import type { Language } from './languages.ts';

/**
 * The allergens' and diets' names in each interface language, in lower case as they read inside a
 * sentence ("contains sesame"; German nouns keep their capital). The assistant's safety answers and
 * the kitchen ticket's allergy banner print these words, never the stored identifiers.
 */
export const ALLERGEN_NAMES: Record<Language, Record<AllergenId, string>> = {
  en: {
    gluten: 'gluten',
    crustaceans: 'crustaceans',
    eggs: 'eggs',
    fish: 'fish',
    peanuts: 'peanuts',
    soya: 'soya',
    milk: 'milk',
    'tree-nuts': 'tree nuts',
    celery: 'celery',
    mustard: 'mustard',
    sesame: 'sesame',
    sulphites: 'sulphites',
    lupin: 'lupin',
    molluscs: 'molluscs',
  },
  fr: {
    gluten: 'gluten',
    crustaceans: 'crustacés',
    eggs: 'œufs',
    fish: 'poisson',
    peanuts: 'arachides',
    soya: 'soja',
    milk: 'lait',
    'tree-nuts': 'fruits à coque',
    celery: 'céleri',
    mustard: 'moutarde',
    sesame: 'sésame',
    sulphites: 'sulfites',
    lupin: 'lupin',
    molluscs: 'mollusques',
  },
  it: {
    gluten: 'glutine',
    crustaceans: 'crostacei',
    eggs: 'uova',
    fish: 'pesce',
    peanuts: 'arachidi',
    soya: 'soia',
    milk: 'latte',
    'tree-nuts': 'frutta a guscio',
    celery: 'sedano',
    mustard: 'senape',
    sesame: 'sesamo',
    sulphites: 'solfiti',
    lupin: 'lupini',
    molluscs: 'molluschi',
  },
  de: {
    gluten: 'Gluten',
    crustaceans: 'Krebstiere',
    eggs: 'Eier',
    fish: 'Fisch',
    peanuts: 'Erdnüsse',
    soya: 'Soja',
    milk: 'Milch',
    'tree-nuts': 'Schalenfrüchte',
    celery: 'Sellerie',
    mustard: 'Senf',
    sesame: 'Sesam',
    sulphites: 'Sulfite',
    lupin: 'Lupinen',
    molluscs: 'Weichtiere',
  },
  th: {
    gluten: 'กลูเตน',
    crustaceans: 'สัตว์น้ำมีเปลือก',
    eggs: 'ไข่',
    fish: 'ปลา',
    peanuts: 'ถั่วลิสง',
    soya: 'ถั่วเหลือง',
    milk: 'นม',
    'tree-nuts': 'ถั่วเปลือกแข็ง',
    celery: 'ขึ้นฉ่าย',
    mustard: 'มัสตาร์ด',
    sesame: 'งา',
    sulphites: 'ซัลไฟต์',
    lupin: 'ลูพิน',
    molluscs: 'หอยและปลาหมึก',
  },
};

export const DIET_NAMES: Record<Language, Record<DietId, string>> = {
  en: { vegetarian: 'vegetarian', vegan: 'vegan', 'gluten-free': 'gluten-free', 'dairy-free': 'dairy-free' },
  fr: { vegetarian: 'végétarien', vegan: 'végan', 'gluten-free': 'sans gluten', 'dairy-free': 'sans lactose' },
  it: { vegetarian: 'vegetariano', vegan: 'vegano', 'gluten-free': 'senza glutine', 'dairy-free': 'senza latticini' },
  de: { vegetarian: 'vegetarisch', vegan: 'vegan', 'gluten-free': 'glutenfrei', 'dairy-free': 'milchfrei' },
  th: { vegetarian: 'มังสวิรัติ', vegan: 'วีแกน', 'gluten-free': 'ปลอดกลูเตน', 'dairy-free': 'ปลอดนม' },
};

/**
 * An order's allergy banner (allergyBanner's ids) as the names a person reads, allergens first then
 * diets, in `language`.
 */
export function allergyNames(
  banner: { allergens: readonly AllergenId[]; diets: readonly DietId[] },
  language: Language,
): string[] {
  return [
    ...banner.allergens.map((a) => ALLERGEN_NAMES[language][a]),
    ...banner.diets.map((d) => DIET_NAMES[language][d]),
  ];
}
