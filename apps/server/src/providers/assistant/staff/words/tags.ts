/**
 * The words of a dish's tags (allergens and labels) and of category names, per language: data only.
 */
import type { AllergenId, DietId } from '@carte/domain';
import type { Language, WordList } from '../types.ts';

/**
 * Category names in other languages: a menu's "Pasta" is "pâtes" to a French manager, "Sides" is
 * "contorni" to an Italian one. Each row is one kind of category; a message word of a row finds a
 * category whose name is any word of the same row.
 */
export const CATEGORY_SYNONYMS: readonly (readonly string[])[] = [
  ['pasta', 'pastas', 'pâtes', 'nudeln', 'พาสต้า'],
  ['pizza', 'pizzas', 'pizze', 'พิซซ่า'],
  [
    'starters',
    'starter',
    'appetizers',
    'entrées',
    'entrée',
    'antipasti',
    'antipasto',
    'vorspeisen',
    'vorspeise',
    'ของทานเล่น',
    'อาหารเรียกน้ำย่อย',
  ],
  [
    'mains',
    'main courses',
    'plats',
    'plats principaux',
    'secondi',
    'piatti principali',
    'hauptgerichte',
    'hauptspeisen',
    'อาหารจานหลัก',
  ],
  ['sides', 'side dishes', 'accompagnements', 'garnitures', 'contorni', 'beilagen', 'เครื่องเคียง'],
  ['desserts', 'dessert', 'sweets', 'dolci', 'dolce', 'nachspeisen', 'nachtisch', 'süßspeisen', 'ของหวาน'],
  ['drinks', 'beverages', 'boissons', 'bevande', 'bibite', 'getränke', 'เครื่องดื่ม'],
  ['salads', 'salad', 'salades', 'insalate', 'salate', 'สลัด'],
  ['soups', 'soup', 'soupes', 'zuppe', 'suppen', 'ซุป'],
  ['wines', 'wine', 'vins', 'vini', 'weine', 'ไวน์'],
  ['beers', 'beer', 'bières', 'birre', 'biere', 'เบียร์'],
];

const SHELLFISH: AllergenId[] = ['crustaceans', 'molluscs'];
const SEAFOOD: AllergenId[] = ['fish', 'crustaceans', 'molluscs'];

/**
 * Allergen words an owner writes of ingredients that the shared vocabulary (language/vocabulary.ts,
 * decision 025: the one allergen vocabulary both assistants read) does not have yet, in its format:
 * a phrase table per language, phrase -> allergens (plurals and accents optional). Every other
 * allergen word of the staff chat is the shared vocabulary's. A phrase of both names the allergens of
 * both: "fruits de mer" on a dish lists fish too (a label says more, never less).
 */
export const STAFF_ALLERGEN_WORDS: Record<Language, Record<string, AllergenId[]>> = {
  en: {
    'cereals containing gluten': ['gluten'],
    groundnuts: ['peanuts'],
    soybeans: ['soya'],
    soja: ['soya'],
    walnuts: ['tree-nuts'],
    hazelnuts: ['tree-nuts'],
    almonds: ['tree-nuts'],
    pistachios: ['tree-nuts'],
    cashews: ['tree-nuts'],
    pecans: ['tree-nuts'],
    'sesame seeds': ['sesame'],
    'sulphur dioxide': ['sulphites'],
    'sulfur dioxide': ['sulphites'],
    mollusk: ['molluscs'],
    scallops: ['molluscs'],
    shrimps: ['crustaceans'],
    prawns: ['crustaceans'],
    lupins: ['lupin'],
  },
  fr: {
    'céréales contenant du gluten': ['gluten'],
    orge: ['gluten'],
    seigle: ['gluten'],
    crustacé: ['crustaceans'],
    anchois: ['fish'],
    noisettes: ['tree-nuts'],
    pistaches: ['tree-nuts'],
    'noix de cajou': ['tree-nuts'],
    sulfite: ['sulphites'],
    'anhydride sulfureux': ['sulphites'],
    lupins: ['lupin'],
    calamars: ['molluscs'],
    huîtres: ['molluscs'],
    palourdes: ['molluscs'],
    coquillages: SHELLFISH,
    'fruits de mer': SEAFOOD,
  },
  it: {
    'cereali contenenti glutine': ['gluten'],
    orzo: ['gluten'],
    segale: ['gluten'],
    acciughe: ['fish'],
    anacardi: ['tree-nuts'],
    solfito: ['sulphites'],
    'anidride solforosa': ['sulphites'],
    vongole: ['molluscs'],
    ostriche: ['molluscs'],
    'crostacei e molluschi': SHELLFISH,
    'frutti di mare': SEAFOOD,
  },
  de: {
    'glutenhaltiges getreide': ['gluten'],
    gerste: ['gluten'],
    roggen: ['gluten'],
    krebstier: ['crustaceans'],
    krustentiere: ['crustaceans'],
    sardellen: ['fish'],
    erdnüssen: ['peanuts'],
    butter: ['milk'],
    nüssen: ['tree-nuts'],
    haselnüsse: ['tree-nuts'],
    walnüsse: ['tree-nuts'],
    cashews: ['tree-nuts'],
    sulfit: ['sulphites'],
    schwefeldioxid: ['sulphites'],
    weichtier: ['molluscs'],
    austern: ['molluscs'],
    meeresfrüchte: SEAFOOD,
  },
  th: {
    สัตว์น้ำที่มีเปลือกแข็ง: ['crustaceans'],
    เซเลอรี่: ['celery'],
    ซัลเฟอร์ไดออกไซด์: ['sulphites'],
    หอยและกุ้ง: SHELLFISH,
  },
};

/**
 * Diet words an owner writes that the shared vocabulary (language/vocabulary.ts, DIET_WORDS) lacks,
 * in its format (phrase -> diet); every other diet word of the staff chat is the shared one's.
 */
export const STAFF_DIET_WORDS: Record<Language, Record<string, DietId>> = {
  en: {},
  fr: {
    végans: 'vegan',
    véganes: 'vegan',
    végétaliens: 'vegan',
    végétaliennes: 'vegan',
    végétariens: 'vegetarian',
    végétariennes: 'vegetarian',
  },
  it: { vegan: 'vegan', vegetariane: 'vegetarian' },
  de: {
    vegane: 'vegan',
    veganes: 'vegan',
    vegetarische: 'vegetarian',
    vegetarischer: 'vegetarian',
    vegetarisches: 'vegetarian',
  },
  th: {},
};

/** Label ids that are not diets, and their words: "spicy", "gluten free", "dairy free". */
export const LABEL_WORDS: Record<string, WordList> = {
  spicy: {
    en: ['spicy', 'hot'],
    fr: ['épicé', 'épicée', 'épicés', 'épicées', 'piquant', 'piquante', 'piquants', 'piquantes', 'pimenté'],
    it: ['piccante', 'piccanti'],
    de: ['scharf', 'scharfe', 'scharfer', 'scharfes'],
    th: ['เผ็ด'],
  },
  'gluten-free': {
    en: ['gluten-free', 'gluten free'],
    fr: ['sans gluten'],
    it: ['senza glutine'],
    de: ['glutenfrei', 'glutenfreie', 'glutenfreier', 'glutenfreies', 'ohne gluten'],
    th: ['ไม่มีกลูเตน'],
  },
  // Dairy-free only: lactose-free is not dairy-free (lactose-free milk and aged cheese are dairy), so
  // "lactose-free" never sets this label.
  'dairy-free': {
    en: ['dairy-free', 'dairy free', 'no dairy'],
    fr: ['sans produits laitiers', 'sans laitages', 'sans lait'],
    it: ['senza latticini', 'senza latte'],
    de: ['milchfrei', 'ohne milchprodukte', 'ohne milch'],
    th: ['ไม่มีนม', 'ไม่มีผลิตภัณฑ์นม'],
  },
};
