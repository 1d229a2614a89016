import { describe, expect, it } from 'vitest';
import { annotate } from '../offline/annotate.ts';
import { LEXICON, LEXICON_LANGUAGES, SINGLE_LANGUAGE_LISTS, WORD_LISTS, type LexiconLanguage } from './lexicon.ts';
import { CONCEPTS } from './lexicon/concepts.ts';
import { DIET } from './lexicon/diet.ts';
import { stem } from './tokens.ts';
import { ALLERGEN_WORDS, DIET_WORDS } from './vocabulary.ts';

/** The tags the lexicon gives a phrase (every token's, de-duplicated). */
const tagsOf = (phrase: string) => [...new Set(annotate(phrase).flatMap((t) => t.tags))];

describe('guest lexicon: word lists', () => {
  it.each(Object.keys(WORD_LISTS) as (keyof typeof WORD_LISTS)[])('%s has words in en, fr, it, de and th', (name) => {
    const list = WORD_LISTS[name];
    const filled = LEXICON_LANGUAGES.filter((l) => list[l].length > 0);
    if (SINGLE_LANGUAGE_LISTS.has(name)) expect(filled).toHaveLength(1);
    else expect(filled).toEqual(LEXICON_LANGUAGES);
  });

  it('no tag entry is empty and every tag has a known prefix', () => {
    for (const [tags, words] of LEXICON) {
      expect(words.split(',').filter((w) => w.trim()).length, tags).toBeGreaterThan(0);
      for (const tag of tags.split(' ')) expect(tag).toMatch(/^(c|is|diet|alg|x|kw|n|ord|cur):[\w-]+$/);
    }
  });

  it('keeps "paste" apart from "pasta" (stemmer exceptions come from the lexicon)', () => {
    expect(stem('paste')).not.toBe(stem('pasta'));
    expect(stem('pastas')).toBe(stem('pasta'));
  });
});

/**
 * A sample phrase per language for each tag a rule reads: the five languages reach every intent,
 * diet, allergen and section the rules know.
 */
const SAMPLES: Record<string, Record<LexiconLanguage, string>> = {
  'kw:greet': { en: 'hello', fr: 'bonjour', it: 'buonasera', de: 'guten Abend', th: 'สวัสดี' },
  'kw:thanks': { en: 'thank you', fr: 'merci', it: 'grazie', de: 'danke schön', th: 'ขอบคุณ' },
  'kw:help': { en: 'help', fr: 'aide', it: 'aiuto', de: 'hilfe', th: 'ช่วยด้วย' },
  'kw:add': { en: "I'll have", fr: 'je voudrais', it: 'vorrei', de: 'ich möchte', th: 'ขอ' },
  'kw:remove': { en: 'remove', fr: 'enlevez', it: 'togli', de: 'entferne', th: 'ไม่เอาแล้ว' },
  'kw:off': { en: 'off', fr: 'du panier', it: 'via', de: 'weg', th: 'ออก' },
  'kw:cart': { en: 'my cart', fr: 'mon panier', it: 'il mio carrello', de: 'Warenkorb', th: 'ตะกร้า' },
  'kw:total': { en: 'the bill', fr: 'l addition', it: 'il conto', de: 'die Rechnung', th: 'ยอดรวม' },
  'kw:checkout': { en: 'ready to order', fr: 'valider la commande', it: 'confermo', de: 'bezahlen', th: 'ยืนยันออเดอร์' },
  'kw:recommend': { en: 'recommend', fr: 'conseillez', it: 'consigli', de: 'Empfehlung', th: 'แนะนำ' },
  'kw:cheapest': { en: 'cheapest', fr: 'le moins cher', it: 'il più economico', de: 'am günstigsten', th: 'ถูกที่สุด' },
  'kw:expensive': { en: 'most expensive', fr: 'le plus cher', it: 'il più caro', de: 'am teuersten', th: 'แพงที่สุด' },
  'kw:price': { en: 'how much', fr: 'combien', it: 'quanto costa', de: 'was kostet', th: 'ราคา' },
  'kw:without': { en: 'without', fr: 'sans', it: 'senza', de: 'ohne', th: 'ไม่ใส่' },
  'kw:allergic': { en: 'allergic', fr: 'allergique', it: 'allergico', de: 'allergisch', th: 'แพ้' },
  'kw:swap': { en: 'swap', fr: 'remplacez', it: 'sostituisci', de: 'tauschen', th: 'ส่วนลด' },
  'kw:under': { en: 'under', fr: 'moins de', it: 'meno di', de: 'unter', th: 'ไม่เกิน' },
  'kw:orless': { en: 'or less', fr: 'ou moins', it: 'o meno', de: 'oder weniger', th: 'หรือน้อยกว่า' },
  'diet:vegan': { en: 'vegan', fr: 'végane', it: 'vegano', de: 'veganes', th: 'วีแกน' },
  'diet:vegetarian': { en: 'vegetarian', fr: 'végétarien', it: 'vegetariano', de: 'vegetarisch', th: 'มังสวิรัติ' },
  'diet:gluten-free': { en: 'gluten-free', fr: 'sans gluten', it: 'senza glutine', de: 'glutenfrei', th: 'ปลอดกลูเตน' },
  'diet:dairy-free': {
    en: 'dairy free',
    fr: 'sans produits laitiers',
    it: 'senza latticini',
    de: 'milchfrei',
    th: 'ไม่มีนม',
  },
  'diet:lactose-free': {
    en: 'lactose free',
    fr: 'sans lactose',
    it: 'senza lattosio',
    de: 'laktosefrei',
    th: 'ปลอดแลคโตส',
  },
  'diet:spicyword': { en: 'spicy', fr: 'épicé', it: 'piccante', de: 'scharf', th: 'เผ็ด' },
  'diet:mild': { en: 'not spicy', fr: 'pas épicé', it: 'non piccante', de: 'nicht scharf', th: 'ไม่เผ็ด' },
  'alg:milk': { en: 'dairy', fr: 'produits laitiers', it: 'latticini', de: 'Milchprodukte', th: 'ผลิตภัณฑ์นม' },
  'alg:lactose': { en: 'lactose', fr: 'lactose', it: 'lattosio', de: 'Laktose', th: 'แลคโตส' },
  'alg:gluten': { en: 'gluten', fr: 'blé', it: 'glutine', de: 'Weizen', th: 'กลูเตน' },
  'alg:eggs': { en: 'eggs', fr: 'oeufs', it: 'uova', de: 'Eier', th: 'ไข่' },
  'alg:peanuts': { en: 'nuts', fr: 'noix', it: 'frutta secca', de: 'Nüsse', th: 'ถั่ว' },
  'alg:fish': { en: 'fish', fr: 'poisson', it: 'pesce', de: 'Fisch', th: 'ปลา' },
  'alg:crustaceans': { en: 'shellfish', fr: 'fruits de mer', it: 'frutti di mare', de: 'Meeresfrüchte', th: 'อาหารทะเล' },
  'alg:tree-nuts': { en: 'tree nuts', fr: 'fruits à coque', it: 'frutta a guscio', de: 'Schalenfrüchte', th: 'ถั่วเปลือกแข็ง' },
  'alg:molluscs': { en: 'molluscs', fr: 'mollusques', it: 'molluschi', de: 'Weichtiere', th: 'หอย' },
  'alg:soya': { en: 'soy', fr: 'soja', it: 'soia', de: 'Soja', th: 'ถั่วเหลือง' },
  'alg:sesame': { en: 'sesame', fr: 'sésame', it: 'sesamo', de: 'Sesam', th: 'งา' },
  'c:starter': { en: 'starters', fr: 'entrées', it: 'antipasti', de: 'Vorspeisen', th: 'ของว่าง' },
  'c:main': { en: 'mains', fr: 'plats principaux', it: 'secondi', de: 'Hauptgerichte', th: 'จานหลัก' },
  'c:dessert': { en: 'desserts', fr: 'desserts', it: 'dolci', de: 'Nachspeisen', th: 'ของหวาน' },
  'c:drink': { en: 'drinks', fr: 'boissons', it: 'bevande', de: 'Getränke', th: 'เครื่องดื่ม' },
  'c:alcohol': { en: 'alcohol', fr: 'alcool', it: 'alcol', de: 'Alkohol', th: 'แอลกอฮอล์' },
  'c:stew': { en: 'stew', fr: 'ragoût', it: 'stufato', de: 'Eintopf', th: 'สตูว์' },
};

describe('guest lexicon: sample phrases map to the right tags in every language', () => {
  const rows = Object.entries(SAMPLES).flatMap(([tag, byLang]) =>
    LEXICON_LANGUAGES.map((l) => [tag, l, byLang[l]] as const),
  );
  it.each(rows)('%s [%s] %s', (tag, _lang, phrase) => {
    expect(tagsOf(phrase)).toContain(tag);
  });

  it.each([
    ['Hauptspeise', 'c:main'],
    ['Nachtisch', 'c:dessert'],
    ['Vorspeise', 'c:starter'],
    ['Getränk', 'c:drink'],
  ])('German singular %s -> %s', (word, tag) => {
    expect(tagsOf(word)).toContain(tag);
  });

  it('lactose and dairy are different tags', () => {
    expect(tagsOf('lactose')).not.toContain('alg:milk');
    expect(tagsOf('dairy')).not.toContain('alg:lactose');
    expect(tagsOf('lactose free')).not.toContain('diet:dairy-free');
    expect(tagsOf('dairy free')).not.toContain('diet:lactose-free');
  });

  it('a drink name puts a dish under alcohol without widening a search for it', () => {
    const beer = tagsOf('beer');
    expect(beer).toContain('c:beer');
    expect(beer).toContain('is:alcohol');
    expect(beer).not.toContain('c:alcohol');
  });
});

describe('one allergen and diet vocabulary', () => {
  // The shared vocabulary (vocabulary.ts) is what the guest engine tags allergens and diets by; its
  // data keeps no list of its own but lactose (milk's sugar, answered apart).
  const rows = Object.entries(ALLERGEN_WORDS).flatMap(([lang, table]) =>
    Object.entries(table).map(([phrase, ids]) => [lang, phrase, ids] as const),
  );
  it.each(rows.filter(([, phrase]) => !/lactose|lattosio|laktose|แลคโตส/i.test(phrase)))(
    '[%s] "%s" is tagged %j',
    (_lang, phrase, ids) => {
      const tags = tagsOf(phrase);
      for (const id of ids) expect(tags).toContain(`alg:${id}`);
    },
  );

  it.each(Object.entries(DIET_WORDS).flatMap(([lang, table]) => Object.entries(table).map(([p, id]) => [lang, p, id])))(
    '[%s] "%s" is the diet %s',
    (_lang, phrase, id) => expect(tagsOf(phrase)).toContain(`diet:${id}`),
  );

  it('keeps no allergen word list in the lexicon data but lactose', () => {
    const own = [...CONCEPTS, ...DIET].filter(([tags]) => tags.split(' ').every((t) => t.startsWith('alg:')));
    expect(own.map(([tags]) => tags)).toEqual(['alg:lactose']);
    expect(LEXICON.filter(([tags]) => tags === 'alg:milk').length).toBe(1);
  });
});
