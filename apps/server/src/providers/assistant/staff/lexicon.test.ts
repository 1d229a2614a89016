import { describe, expect, it } from 'vitest';
import { ALLERGENS } from '@carte/domain';
import {
  ALLERGEN_WORDS,
  allergensIn,
  endsWithWord,
  findAll,
  isBareNo,
  findWord,
  LANGUAGE_LIST,
  normalise,
  PREFERENCE_WORDS,
  STAFF_LEXICON,
  tagsIn,
  withoutWords,
} from './lexicon.ts';
import { STAFF_MESSAGES } from './messages.ts';
import { isYes } from './rules.ts';

describe('staff lexicon', () => {
  it('has every concept in all five languages, none empty', () => {
    // Allergen words are checked per allergen below (a word for several, "seafood", is not in every language).
    // Thai has no articles: "definite" is the only concept without Thai words.
    for (const [concept, list] of Object.entries({ ...STAFF_LEXICON, ...PREFERENCE_WORDS })) {
      for (const l of LANGUAGE_LIST)
        if (!(concept === 'definite' && l === 'th')) expect(list[l].length, `${concept}.${l}`).toBeGreaterThan(0);
    }
  });

  it('has every message in all five languages, with the same placeholders', () => {
    const keys = Object.keys(STAFF_MESSAGES.en) as (keyof typeof STAFF_MESSAGES.en)[];
    for (const l of LANGUAGE_LIST) {
      expect(Object.keys(STAFF_MESSAGES[l]).sort()).toEqual([...keys].sort());
      for (const k of keys) {
        const en = STAFF_MESSAGES.en[k];
        if (typeof en !== 'string') continue;
        const holes = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
        expect(holes(STAFF_MESSAGES[l][k] as string), `${l}.${k}`).toEqual(holes(en));
      }
    }
  });

  it.each([
    ['the tiramisu is sold out tonight', 'soldOut', 'sold out'],
    ['le tiramisu est épuisé ce soir', 'soldOut', 'épuisé'],
    ['il tiramisù è esaurito', 'soldOut', 'esaurito'],
    ['das Tiramisu ist ausverkauft', 'soldOut', 'ausverkauft'],
    ['ทีรามิสุหมดแล้ว', 'soldOut', 'หมด'],
    ['the soup is not available', 'soldOut', 'not available'],
    ['the soup is available again', 'available', 'available again'],
    ['supprime les calamars', 'delete', 'supprime'],
    ['lösche die Calamari', 'delete', 'lösche'],
    ['ลบ ปลาหมึกทอด', 'delete', 'ลบ'],
    ['raise all pizzas by 50 cents', 'raise', 'raise'],
    ['baisse les desserts de 10%', 'lower', 'baisse'],
    ['rinomina la categoria dolci in Dessert', 'rename', 'rinomina'],
    ['addition of a cents', 'add', null],
    ['Lösch bitte den Iced Green Tea', 'delete', 'lösch'],
    ['Ei als Allergen entfernen', 'tagContext', 'allergen'],
    ["enlève l'œuf des allergènes du takoyaki", 'tagContext', 'allergènes'],
    ['kostet jetzt minus 2 Dollar', 'minus', 'minus'],
    ['Kategorie Drinks in Getränke umbenennen', 'closing', 'umbenennen'],
    ['extra egg +2 and extra chashu +4', 'and', 'and'],
    // read by the language layer: accents optional, plural and verb endings, Thai against the next word
    ['supprimez les calamars', 'delete', 'supprimez'],
    ['le tiramisu est epuise', 'soldOut', 'epuise'],
    ['เพิ่มเมนู matcha latte มีนม', 'contains', 'มี'],
    ['the tiramisu costs 2 euros less', 'costs', 'costs'],
    ['rinominare i dolci', 'rename', 'rinominare'],
  ] as const)('%s -> %s', (text, concept, word) => {
    expect(findWord(normalise(text), STAFF_LEXICON[concept])?.word ?? null).toBe(word);
  });

  it('gives where each word stands, to cut a name out of the text', () => {
    const text = normalise('Rename the Pork Gyoza to Pork Gyozas, thanks');
    const at = findWord(text, STAFF_LEXICON.rename)!;
    expect([at.index, at.end, text.slice(at.end)]).toEqual([0, 6, ' the pork gyoza to pork gyozas, thanks']);
    expect(findAll(text, STAFF_LEXICON.renameTo).map((w) => text.slice(w.index, w.end))).toEqual(['to']);
    expect(endsWithWord('set the soup to ', STAFF_LEXICON.setTo)?.word).toBe('to');
    expect(withoutWords('ajoute un supplément fromage', STAFF_LEXICON.option).replace(/\s+/g, ' ')).toBe(
      'ajoute un fromage',
    );
  });

  it.each([
    // "Nuts" alone is read as both (the shared vocabulary's safe reading): a peanut-allergic guest is warned.
    ['contains nuts and gluten', ['tree-nuts', 'peanuts', 'gluten']],
    ['contient des œufs et du lait', ['milk', 'eggs']],
    ['contiene latticini', ['milk']],
    ['enthält Erdnüsse', ['peanuts']],
    ['lactose', ['milk']],
    ['มีกุ้ง', ['crustaceans']],
    ['มีถั่วเหลือง', ['soya']],
    ['มีถั่วลิสง', ['peanuts']],
    ['เมนูไหนเป็นมังสวิรัติ', []],
    ['which dishes are gluten free?', []],
    ['contains gluten and soy', ['gluten', 'soya']],
    ['contains seafood', ['crustaceans', 'fish', 'molluscs']],
    ['contient du céleri et de la moutarde', ['celery', 'mustard']],
    ['contiene sedano, senape, solfiti e lupini', ['celery', 'mustard', 'sulphites', 'lupin']],
    ['enthält Weichtiere und Sesam', ['molluscs', 'sesame']],
    ['มีขึ้นฉ่ายและมัสตาร์ด', ['celery', 'mustard']],
    // A phrase in the shared vocabulary and the staff's own forms names the allergens of both.
    ['contient des fruits de mer', ['crustaceans', 'fish', 'molluscs']],
    ['enthält Meeresfrüchte', ['crustaceans', 'fish', 'molluscs']],
    // The staff's own forms (words the shared vocabulary lacks), accents optional.
    ['contains scallops and walnuts', ['molluscs', 'tree-nuts']],
    ['contient des huitres et des noisettes', ['molluscs', 'tree-nuts']],
    ['enthält Haselnüsse und Gerste', ['tree-nuts', 'gluten']],
  ] as const)('allergens in %s', (text, ids) => {
    expect(allergensIn(normalise(text)).sort()).toEqual([...ids].sort());
  });

  it('has words in five languages for each of the 14 allergens', () => {
    for (const id of ALLERGENS)
      for (const l of LANGUAGE_LIST) expect(ALLERGEN_WORDS[id]?.[l].length, `${id}.${l}`).toBeGreaterThan(0);
  });

  it.each([
    ['which dishes are gluten free?', ['gluten-free']],
    ['quali piatti sono vegani?', ['vegan']],
    ['quels plats sont végétariens ?', ['vegetarian']],
    ['เมนูไหนเป็นมังสวิรัติ', ['vegetarian']],
    ['is it dairy-free?', ['dairy-free']],
    // The diets' words are the shared vocabulary's ("plant based") and the staff's forms, accents optional.
    ['a plant based burger', ['vegan']],
    ['des plats vegetariens', ['vegetarian']],
    ['vegetarische und scharfe Gerichte', ['vegetarian', 'spicy']],
  ] as const)('preferences in %s', (text, ids) => {
    expect(tagsIn(normalise(text), PREFERENCE_WORDS)).toEqual(ids);
  });

  it.each([
    ['yes', true],
    ['Yes!', true],
    ['oui', true],
    ['sì', true],
    ['ja', true],
    ['ใช่', true],
    ['yes please', true],
    ['no', false],
    ['yes but delete the soup instead', false],
    ['yesterday', false],
    ['oui merci', true],
    ["d'accord", true],
    ['ja bitte', true],
    ['ใช่ครับ', true],
    ['ใช่ ลบเลย', true],
    ['yes delete it please', true],
    ['yes?', false],
    ['yes please delete it now', false],
    ['ok the soup is sold out', false],
  ] as const)('isYes(%s) = %s', (text, yes) => {
    expect(isYes(normalise(text))).toBe(yes);
  });

  it.each([
    ['no', true],
    ['Nein.', true],
    ['ไม่', true],
    ['annulla', true],
    ['no, delete the soup', false],
    ['nothing', false],
  ] as const)('isBareNo(%s) = %s', (text, no) => {
    expect(isBareNo(normalise(text))).toBe(no);
  });
});
