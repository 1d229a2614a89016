/**
 * The words of a dish's tags (allergens and labels) and of category names, per language: data only.
 */
import type { WordList } from '../types.ts';

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

/**
 * The 14 allergens of the EU and UK rules (domain allergens.ts, decision 017) and the words for them
 * in each language; `seafood` and `shellfish` are words for several allergens at once (read through
 * `allergensMeant`: seafood = crustaceans, molluscs and fish). "Nuts" alone are tree nuts, as in the
 * regulation; peanuts are their own allergen. "Dairy" and "lactose" are milk.
 */
export const ALLERGEN_WORDS: Record<string, WordList> = {
  gluten: {
    en: ['gluten', 'wheat', 'cereals containing gluten', 'barley', 'rye'],
    fr: ['gluten', 'blé', 'céréales contenant du gluten', 'orge', 'seigle'],
    it: ['glutine', 'frumento', 'grano', 'cereali contenenti glutine', 'orzo', 'segale'],
    de: ['gluten', 'weizen', 'glutenhaltiges getreide', 'gerste', 'roggen'],
    th: ['กลูเตน', 'แป้งสาลี', 'ข้าวสาลี'],
  },
  crustaceans: {
    en: ['crustaceans', 'crustacean', 'shrimp', 'shrimps', 'prawns', 'prawn', 'crab', 'lobster'],
    fr: ['crustacés', 'crustacé', 'crevettes', 'crevette', 'crabe', 'homard'],
    it: ['crostacei', 'crostaceo', 'gamberi', 'gamberetti', 'granchio', 'aragosta'],
    de: ['krebstiere', 'krebstier', 'krustentiere', 'garnelen', 'krabben', 'hummer'],
    th: ['สัตว์น้ำที่มีเปลือกแข็ง', 'กุ้ง', 'ปู'],
  },
  eggs: {
    en: ['egg', 'eggs'],
    fr: ['œuf', 'œufs', 'oeuf', 'oeufs'],
    it: ['uovo', 'uova'],
    de: ['ei', 'eier'],
    th: ['ไข่'],
  },
  fish: {
    en: ['fish', 'anchovies', 'tuna', 'salmon'],
    fr: ['poisson', 'poissons', 'anchois', 'thon', 'saumon'],
    it: ['pesce', 'acciughe', 'tonno', 'salmone'],
    de: ['fisch', 'sardellen', 'thunfisch', 'lachs'],
    th: ['ปลา'],
  },
  peanuts: {
    en: ['peanuts', 'peanut', 'groundnuts'],
    fr: ['arachides', 'arachide', 'cacahuètes', 'cacahuète', 'cacahuetes'],
    it: ['arachidi', 'arachide', 'noccioline'],
    de: ['erdnüsse', 'erdnuss', 'erdnüssen', 'erdnusse'],
    th: ['ถั่วลิสง'],
  },
  soya: {
    en: ['soy', 'soya', 'soybeans', 'soybean', 'soja'],
    fr: ['soja'],
    it: ['soia'],
    de: ['soja'],
    th: ['ถั่วเหลือง'],
  },
  milk: {
    en: ['dairy', 'milk', 'lactose', 'cheese', 'cream', 'butter'],
    fr: ['lait', 'laitiers', 'produits laitiers', 'lactose', 'fromage', 'crème', 'beurre'],
    it: ['latte', 'latticini', 'lattosio', 'formaggio', 'panna', 'burro'],
    de: ['milch', 'milchprodukte', 'laktose', 'käse', 'sahne', 'butter'],
    th: ['นม', 'ผลิตภัณฑ์นม', 'แลคโตส', 'ชีส', 'เนย'],
  },
  'tree-nuts': {
    en: [
      'nuts',
      'nut',
      'tree nuts',
      'tree nut',
      'walnuts',
      'hazelnuts',
      'almonds',
      'pistachio',
      'pistachios',
      'cashews',
      'pecans',
    ],
    fr: ['noix', 'fruits à coque', 'noisettes', 'amandes', 'pistaches', 'noix de cajou'],
    it: ['noci', 'frutta a guscio', 'nocciole', 'mandorle', 'pistacchi', 'anacardi'],
    de: ['nüsse', 'nuss', 'nüssen', 'schalenfrüchte', 'haselnüsse', 'mandeln', 'pistazien', 'walnüsse', 'cashews'],
    th: ['ถั่วเปลือกแข็ง', 'ถั่ว', 'อัลมอนด์', 'มะม่วงหิมพานต์'],
  },
  celery: {
    en: ['celery', 'celeriac'],
    fr: ['céleri', 'celeri'],
    it: ['sedano'],
    de: ['sellerie'],
    th: ['ขึ้นฉ่าย', 'เซเลอรี่'],
  },
  mustard: {
    en: ['mustard'],
    fr: ['moutarde'],
    it: ['senape'],
    de: ['senf'],
    th: ['มัสตาร์ด'],
  },
  sesame: {
    en: ['sesame', 'sesame seeds'],
    fr: ['sésame', 'sesame'],
    it: ['sesamo'],
    de: ['sesam'],
    th: ['งา'],
  },
  sulphites: {
    en: ['sulphites', 'sulfites', 'sulphite', 'sulfite', 'sulphur dioxide', 'sulfur dioxide'],
    fr: ['sulfites', 'sulfite', 'anhydride sulfureux'],
    it: ['solfiti', 'solfito', 'anidride solforosa'],
    de: ['sulfite', 'sulfit', 'schwefeldioxid'],
    th: ['ซัลไฟต์', 'ซัลเฟอร์ไดออกไซด์'],
  },
  lupin: {
    en: ['lupin', 'lupine', 'lupins'],
    fr: ['lupin', 'lupins'],
    it: ['lupini', 'lupino'],
    de: ['lupinen', 'lupine'],
    th: ['ลูพิน'],
  },
  molluscs: {
    en: ['molluscs', 'mollusc', 'mollusks', 'mollusk', 'squid', 'octopus', 'mussels', 'clams', 'oysters', 'scallops'],
    fr: ['mollusques', 'mollusque', 'calamar', 'calamars', 'poulpe', 'moules', 'huîtres', 'palourdes'],
    it: ['molluschi', 'mollusco', 'calamari', 'polpo', 'cozze', 'vongole', 'ostriche'],
    de: ['weichtiere', 'weichtier', 'tintenfisch', 'muscheln', 'austern'],
    th: ['หอย', 'ปลาหมึก'],
  },
  // Several allergens in one word (allergensMeant reads them): never stored as such.
  seafood: {
    en: ['seafood'],
    fr: ['fruits de mer'],
    it: ['frutti di mare'],
    de: ['meeresfrüchte'],
    th: ['อาหารทะเล'],
  },
  shellfish: {
    en: ['shellfish'],
    fr: ['coquillages'],
    it: ['crostacei e molluschi'],
    de: ['schalentiere'],
    th: ['หอยและกุ้ง'],
  },
};

/** Preference ids and their words: "vegan burger" makes the new dish vegan. */
export const PREFERENCE_WORDS: Record<string, WordList> = {
  vegan: {
    en: ['vegan'],
    fr: ['végan', 'végane', 'végans', 'véganes', 'vegan', 'végétalien', 'végétalienne', 'végétaliens', 'végétaliennes'],
    it: ['vegano', 'vegana', 'vegani', 'vegane', 'vegan'],
    de: ['vegan', 'vegane', 'veganer', 'veganes'],
    th: ['วีแกน', 'เจ'],
  },
  vegetarian: {
    en: ['vegetarian', 'veggie'],
    fr: ['végétarien', 'végétarienne', 'végétariens', 'végétariennes'],
    it: ['vegetariano', 'vegetariana', 'vegetariani', 'vegetariane'],
    de: ['vegetarisch', 'vegetarische', 'vegetarischer', 'vegetarisches'],
    th: ['มังสวิรัติ'],
  },
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
