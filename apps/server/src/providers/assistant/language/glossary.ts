/**
 * A multilingual food glossary (issue 17 item 4), data only: the words guests use for what options
 * are (proteins, doughs, tortillas, sizes, spice levels, temperatures, styles, common extras), in en,
 * fr, it, de and th, with plurals, usual misspellings and Thai transliterations. An option whose name
 * or description says a concept is chosen by a guest who says the same concept in any language.
 */
import { compilePhrases, matchPhrases, tokenize } from './tokens.ts';

export const GLOSSARY: Record<string, string[]> = {
  // spice levels (hot as in spicy; temperatures below)
  spicy: [
    'hot',
    'spicy',
    'very spicy',
    'extra hot',
    'epice',
    'epicee',
    'piquant',
    'piquante',
    'relevé',
    'fort',
    'piccante',
    'molto piccante',
    'scharf',
    'sehr scharf',
    'pikant',
    'เผ็ด',
    'เผ็ดมาก',
    'ají limo',
  ],
  mild: [
    'mild',
    'not spicy',
    'no spice',
    'doux',
    'douce',
    'pas epice',
    'pas piquant',
    'delicato',
    'non piccante',
    'poco piccante',
    'nicht scharf',
    'ไม่เผ็ด',
    'เผ็ดน้อย',
  ],
  medium_spice: ['medium', 'moyen', 'medio', 'mittel', 'mittelscharf', 'เผ็ดกลาง'],
  // proteins
  chicken: ['chicken', 'poulet', 'pollo', 'hahnchen', 'huhn', 'huhnchen', 'hühnchen', 'ไก่'],
  beef: ['beef', 'boeuf', 'bœuf', 'manzo', 'rind', 'rindfleisch', 'เนื้อ', 'เนื้อวัว'],
  pork: ['pork', 'porc', 'maiale', 'schwein', 'schweinefleisch', 'หมู'],
  lamb: ['lamb', 'agneau', 'agnello', 'lamm', 'เนื้อแกะ'],
  prawns: [
    'prawn',
    'prawns',
    'shrimp',
    'shrimps',
    'crevette',
    'crevettes',
    'gambero',
    'gamberi',
    'gamberetti',
    'garnele',
    'garnelen',
    'กุ้ง',
  ],
  fish: ['fish', 'poisson', 'pesce', 'fisch', 'ปลา'],
  tuna: ['tuna', 'thon', 'tonno', 'thunfisch', 'ทูน่า'],
  tofu: ['tofu', 'tofou', 'เต้าหู้'],
  egg: ['egg', 'oeuf', 'œuf', 'uovo', 'ei', 'ไข่'],
  fried_egg: ['fried egg', 'oeuf au plat', 'œuf au plat', 'oeuf frit', 'uovo fritto', 'spiegelei', 'ไข่ดาว'],
  mushroom: ['mushroom', 'mushrooms', 'champignon', 'champignons', 'fungo', 'funghi', 'pilz', 'pilze', 'เห็ด'],
  avocado: ['avocado', 'avocat', 'อะโวคาโด'],
  cheese: ['cheese', 'fromage', 'formaggio', 'kase', 'käse', 'ชีส'],
  // sides and doughs
  rice: ['rice', 'riz', 'riso', 'reis', 'ข้าว', 'ข้าวสวย'],
  fries: ['fries', 'chips', 'frites', 'patatine', 'patatine fritte', 'pommes', 'pommes frites', 'เฟรนช์ฟรายส์'],
  salad: ['salad', 'salade', 'insalata', 'salat', 'สลัด'],
  bread: ['bread', 'pain', 'pane', 'brot', 'ขนมปัง'],
  corn_tortilla: ['corn tortilla', 'tortilla de maiz', 'tortilla di mais', 'maistortilla'],
  flour_tortilla: ['flour tortilla', 'tortilla de harina', 'weizentortilla'],
  gluten_free_base: ['gluten free', 'sans gluten', 'senza glutine', 'glutenfrei', 'ไม่มีกลูเตน'],
  // sizes
  large: ['large', 'big', 'grand', 'grande', 'gross', 'groß', 'grosse', 'ใหญ่', 'ไซส์ใหญ่'],
  small: ['small', 'little', 'petit', 'petite', 'piccolo', 'piccola', 'klein', 'kleine', 'เล็ก', 'ไซส์เล็ก'],
  // temperatures and styles
  iced: ['iced', 'cold', 'on ice', 'glace', 'froid', 'freddo', 'ghiacciato', 'kalt', 'eiskalt', 'เย็น'],
  warm: ['warm', 'chaud', 'caldo', 'heiss', 'ร้อน'],
  grilled: ['grilled', 'grille', 'grillé', 'alla griglia', 'gegrillt', 'ย่าง'],
  crispy: ['crispy', 'fried', 'croustillant', 'frit', 'croccante', 'fritto', 'knusprig', 'frittiert', 'ทอด', 'กรอบ'],
  // extras and sauces
  peanut_sauce: ['peanut sauce', 'sauce cacahuete', 'salsa di arachidi', 'erdnusssauce', 'ซอสถั่ว'],
  mayonnaise: ['mayo', 'mayonnaise', 'maionese', 'majo'],
};

const COMPILED = compilePhrases(
  Object.entries(GLOSSARY).flatMap(([concept, words]) => words.map((w): [string, string] => [w, concept])),
);

/** The glossary concepts a text says ("Fried egg and plantain" -> fried_egg; "scharf" -> spicy). */
export function glossaryConcepts(text: string): Set<string> {
  return new Set(matchPhrases(tokenize(text), COMPILED).map((m) => m.value));
}
