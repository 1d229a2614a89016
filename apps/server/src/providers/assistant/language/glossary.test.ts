import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { replyOffline } from '../offline/index.ts';
import { loadMenuFile } from '../offline/test/demo-menus.ts';
import type { Language } from '../types.ts';
import { GLOSSARY, glossaryConcepts, glossaryMatches } from './glossary.ts';
import { lexicon } from '../offline/annotate.ts';
import { THAI_LOANWORDS } from './lexicon/thai-loanwords.ts';
import { readThaiLoanwords, thaiLoanwords } from './thai-loanwords.ts';
import { tokenize } from './tokens.ts';

describe('food glossary', () => {
  const table: [string, string][] = [
    ['un ceviche epicé', 'spicy'],
    ['Ceviche mixto scharf', 'spicy'],
    ['molto piccante per favore', 'spicy'],
    ['เผ็ดมาก', 'spicy'],
    ['not spicy please', 'mild'],
    ['Tacu Tacu mit Spiegelei', 'fried_egg'],
    ['un arroz chaufa au tofu', 'tofu'],
    ['con gamberi', 'prawns'],
    ['เอาไก่', 'chicken'],
    ['avec des frites', 'fries'],
    ['una grande', 'large'],
    ['kleine Portion', 'small'],
    ['iced please', 'iced'],
  ];
  for (const [text, concept] of table) {
    it(`"${text}" says ${concept}`, () => expect(glossaryConcepts(text)).toContain(concept));
  }

  // Extras, sauces, milks, sugar levels, doughs, doneness and styles, in the five languages.
  const extras: [string, string][] = [
    ['with bacon', 'bacon'],
    ['avec lardons', 'bacon'],
    ['con pancetta', 'bacon'],
    ['mit Speck', 'bacon'],
    ['เพิ่มเบคอน', 'bacon'],
    ['extra cheese', 'cheese'],
    ['du fromage en plus', 'cheese'],
    ['formaggio extra', 'cheese'],
    ['mit Käse', 'cheese'],
    ['เพิ่มชีส', 'cheese'],
    ['jambon', 'ham'],
    ['prosciutto cotto', 'ham'],
    ['Schinken', 'ham'],
    ['ใส่แฮม', 'ham'],
    ['anchois', 'anchovies'],
    ['acciughe', 'anchovies'],
    ['Sardellen', 'anchovies'],
    ['jalapenos', 'jalapeno'],
    ['ฮาลาปิโน่', 'jalapeno'],
    ['cilantro', 'coriander'],
    ['coriandre', 'coriander'],
    ['ผักชี', 'coriander'],
    ['an extra shot', 'extra_shot'],
    ['เพิ่มช็อต', 'extra_shot'],
    ['oat milk', 'oat_milk'],
    ["au lait d'avoine", 'oat_milk'],
    ['latte di avena', 'oat_milk'],
    ['Hafermilch', 'oat_milk'],
    ['นมโอ๊ต', 'oat_milk'],
    ['lait de soja', 'soy_milk'],
    ['Sojamilch', 'soy_milk'],
    ['latte di mandorla', 'almond_milk'],
    ['Schlagsahne', 'whipped_cream'],
    ['chantilly', 'whipped_cream'],
    ['panna montata', 'whipped_cream'],
    ['วิปครีม', 'whipped_cream'],
    ['หวานน้อย', 'less_sweet'],
    ['peu sucré', 'less_sweet'],
    ['weniger süß', 'less_sweet'],
    ['ไม่หวาน', 'no_sugar'],
    ['zuckerfrei', 'no_sugar'],
    ['sauce au poivre', 'pepper_sauce'],
    ['salsa al pepe', 'pepper_sauce'],
    ['Pfeffersauce', 'pepper_sauce'],
    ['ซอสกระเทียม', 'garlic_sauce'],
    ['ซอสบาร์บีคิว', 'bbq_sauce'],
    ['salsa barbecue', 'bbq_sauce'],
    ['ซาวร์ครีม', 'sour_cream'],
    ['Sauerrahm', 'sour_cream'],
    ['ketchup', 'ketchup'],
    ['pâte fine', 'thin_crust'],
    ['mit dünnem Boden', 'thin_crust'],
    ['แป้งบาง', 'thin_crust'],
    ['pasta alta', 'thick_crust'],
    ['sans gluten', 'gluten_free_base'],
    ['tortilla de maíz', 'corn_tortilla'],
    ['แป้งข้าวโพด', 'corn_tortilla'],
    ['Weizentortilla', 'flour_tortilla'],
    ['saignant', 'rare'],
    ['al sangue', 'rare'],
    ['à point', 'medium_rare'],
    ['bien cuit', 'well_done'],
    ['ben cotta', 'well_done'],
    ['durchgebraten', 'well_done'],
    ['สุกมาก', 'well_done'],
    ['à la vapeur', 'steamed'],
    ['gedämpft', 'steamed'],
    ['นึ่ง', 'steamed'],
  ];
  for (const [text, concept] of extras) {
    it(`"${text}" says ${concept}`, () => expect(glossaryConcepts(text)).toContain(concept));
  }

  // A concept after a negation is its absence: the option "No chilli" is not chilli.
  const negated: [string, string, string][] = [
    ['No chilli', 'no_chili', 'chili'],
    ['no ice please', 'no_ice', 'ice'],
    ['sans sucre', 'no_sugar', 'sugar'],
    ['senza cipolla', 'no_onion', 'onion'],
    ['ohne Zwiebeln', 'no_onion', 'onion'],
    ['ไม่ใส่พริก', 'no_chili', 'chili'],
    ['hold the onions', 'no_onion', 'onion'],
  ];
  for (const [text, concept, not] of negated) {
    it(`"${text}" says ${concept}, not ${not}`, () => {
      const said = glossaryConcepts(text);
      expect(said).toContain(concept);
      expect(said).not.toContain(not);
    });
  }

  it('finds a phrase by the word indexes of the message', () => {
    expect(glossaryMatches(['une', 'margherita', 'pâte', 'fine'])).toEqual([
      { concept: 'thin_crust', start: 2, end: 3 },
    ]);
  });

  it('has words in the five languages for the main concepts', () => {
    const thai = /[\u0E00-\u0E7F]/;
    for (const concept of ['spicy', 'mild', 'chicken', 'beef', 'pork', 'prawns', 'fish', 'rice', 'large', 'small']) {
      const words = GLOSSARY[concept]!;
      expect(words.length, concept).toBeGreaterThanOrEqual(5);
      expect(
        words.some((w) => thai.test(w)),
        `${concept} in Thai`,
      ).toBe(true);
    }
  });

  it('has words in the five languages for the common extras', () => {
    const thai = /[\u0E00-\u0E7F]/;
    for (const concept of [
      'cheese',
      'bacon',
      'ham',
      'onion',
      'garlic',
      'oat_milk',
      'whipped_cream',
      'less_sweet',
      'well_done',
      'thin_crust',
    ]) {
      const words = GLOSSARY[concept]!;
      expect(words.length, concept).toBeGreaterThanOrEqual(5);
      expect(
        words.some((w) => thai.test(w)),
        `${concept} in Thai`,
      ).toBe(true);
    }
  });

  it('gives each word one meaning', () => {
    const seen = new Map<string, string>();
    for (const [concept, words] of Object.entries(GLOSSARY)) {
      for (const w of words) {
        const key = tokenize(w)
          .map((t) => t.fold)
          .join(' ');
        expect(seen.get(key) ?? concept, `"${w}" in ${concept} and ${seen.get(key)}`).toBe(concept);
        seen.set(key, concept);
      }
    }
  });
});

describe('options chosen by meaning', () => {
  // A menu nobody tuned on (the blind set's Peruvian venue): option names are English only.
  const menu = loadMenuFile(
    fileURLToPath(new URL('../../../../../../scripts/eval-assistant/venues/la-chalaca.json', import.meta.url)),
  );
  const cases: [Language, string, string, string[]][] = [
    ['de', 'Tacu Tacu mit Spiegelei', 'tacu-tacu', ['egg']],
    ['de', 'Ceviche mixto scharf', 'ceviche-mixto', ['hot']],
    ['fr', 'un arroz chaufa au tofu', 'chaufa', ['tofu']],
    ['it', 'arroz chaufa con gamberi', 'chaufa', ['prawns']],
  ];
  for (const [language, message, product, variations] of cases) {
    it(`${language}: "${message}"`, () => {
      const reply = replyOffline({ menu, language, message, history: [], cart: [] });
      expect(reply.actions).toEqual([
        { type: 'add_to_cart', productId: product, variationIds: variations, quantity: 1 },
      ]);
    });
  }

  it('asks, never picks, when the words fit no option of a required group', () => {
    const reply = replyOffline({ menu, language: 'en', message: 'one arroz chaufa please', history: [], cart: [] });
    expect(reply.actions).toEqual([]);
  });
});

describe('Thai loanwords', () => {
  const onMenu = new Set(['pisco', 'sour', 'spaghetti', 'carbonara', 'mojito', 'sour cream']);
  const known = lexicon().thaiWords;

  it('keeps a table of at least 80 words, each Thai spelling one Latin word', () => {
    expect(THAI_LOANWORDS.length).toBeGreaterThanOrEqual(80);
    const seen = new Map<string, string>();
    for (const [thai, latin] of thaiLoanwords()) {
      expect(thai.length, thai).toBeGreaterThanOrEqual(3);
      expect(seen.get(thai) ?? latin, thai).toBe(latin);
      seen.set(thai, latin);
    }
  });

  const cases: [string, string][] = [
    ['ขอพิสโก้ซาวร์ 2 แก้ว', 'ขอ pisco  sour  2 แก้ว'],
    ['ขอสปาเกตตี้คาร์โบนาร่า', 'ขอ spaghetti  carbonara '],
    // "สปาเก็ตตี้" is a lexicon word (c:spaghetti): the lexicon reads it.
    ['ขอสปาเก็ตตี้คาร์โบนาร่า', 'ขอสปาเก็ตตี้ carbonara '],
    ['โมจิโต้ 2 แก้ว', ' mojito  2 แก้ว'],
    // The longest spelling first: sour cream, not sour and ครีม.
    ['ใส่ซาวร์ครีม', 'ใส่ sour cream '],
  ];
  for (const [message, text] of cases) {
    it(`reads "${message}"`, () => expect(readThaiLoanwords(message, (w) => onMenu.has(w), known)?.text).toBe(text));
  }

  it('reads only the words the menu has', () => {
    expect(readThaiLoanwords('ขอพิสโก้ซาวร์ 2 แก้ว', () => false, known)).toBeNull();
    expect(readThaiLoanwords('ขอพิสโก้ 2 แก้ว', (w) => w === 'sour', known)).toBeNull();
  });

  it('keeps the offsets of the message', () => {
    const read = readThaiLoanwords('ขอพิสโก้ 2', (w) => onMenu.has(w), known)!;
    expect(read.text).toBe('ขอ pisco  2');
    expect(read.offsets[read.text.indexOf('pisco')]).toBe(2);
    expect(read.offsets[read.text.indexOf('2')]).toBe(9);
  });

  it('leaves a Thai word the lexicon knows at least as long to the lexicon', () => {
    expect(readThaiLoanwords('ขอพิสโก้', () => true, ['ขอพิสโก้'])).toBeNull();
    expect(readThaiLoanwords('ขอพิสโก้', () => true, ['สโก'])?.text).toBe('ขอ pisco ');
  });
});
