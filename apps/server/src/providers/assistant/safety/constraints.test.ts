import { describe, expect, it } from 'vitest';
import { ALLERGENS } from '@carte/domain';
import { ALLERGEN_WORDS, ALLERGY_CUES, DIET_WORDS, WITHOUT_CUES } from '../language/vocabulary.ts';
import { conversationProfile, readConstraints } from './constraints.ts';

const LANGS = ['en', 'fr', 'it', 'de', 'th'] as const;

describe('reading allergies and diets', () => {
  const table: [string, string[], string[]?][] = [
    // en: casual, someone else, several at once, typos, "free", compounds of words
    ['im allergic to fish and shellfish what can i eat', ['crustaceans', 'fish', 'molluscs']],
    ['my son cant have nuts or peanuts, any desserts for him?', ['peanuts', 'tree-nuts']],
    ['coeliac here - which mains are ok?', ['gluten']],
    ["I'm alergic to peanutes and sesame", ['peanuts', 'sesame']],
    ['gluten-free pasta?', ['gluten']],
    ['nut allergy at our table', ['peanuts', 'tree-nuts']],
    ['allergic to nuts, eggs and milk', ['eggs', 'milk', 'peanuts', 'tree-nuts']],
    ['allergic to nuts any ice cream?', ['peanuts', 'tree-nuts']],
    // fr: no accents, "pas de", lists with "aux ... et aux"
    ['je suis allergique aux crustacés et aux fruits a coque', ['crustaceans', 'tree-nuts']],
    ['sans gluten svp, les desserts?', ['gluten']],
    ['je mange pas de lactose, une boisson?', ['milk']],
    ['mon fils ne supporte pas les oeufs', ['eggs']],
    // it
    ['sono celiaco, cosa posso prendere', ['gluten']],
    ['niente latte e niente uova, un dolce?', ['eggs', 'milk']],
    ['allergia ai molluschi, il ceviche misto va bene?', ['molluscs']],
    ['mia figlia è allergica alle arachidi', ['peanuts']],
    // de: compounds, "verträgt keine", "ohne"
    ['Ich hab eine Erdnussallergie, welche Vorspeisen gehen?', ['peanuts']],
    ['Ich bin laktoseintolerant, welche Vorspeisen kann ich nehmen?', ['milk']],
    ['mein Mann ist glutenintolerant', ['gluten']],
    ['Ich bin nussallergisch', ['peanuts', 'tree-nuts']],
    ['glutenfrei und ohne Fisch, Hauptgerichte?', ['fish', 'gluten']],
    ['meine Tochter verträgt keine Milch, was für Nachtisch?', ['milk']],
    ['Ich bin allergisch gegen Sellerie und Senf', ['celery', 'mustard']],
    // th: no spaces, borrowed words cut differently by what follows
    ['แพ้ถั่วลิสง มีของหวานอะไรบ้าง', ['peanuts']],
    ['แพ้อาหารทะเล อาหารจานหลักมีอะไรบ้าง', ['crustaceans', 'fish', 'molluscs']],
    ['ไม่ใส่กลูเตนนะ แนะนำหน่อย', ['gluten']],
    ['ลูกแพ้กุ้งและไข่', ['crustaceans', 'eggs']],
    // th: the verb, the food, then "cannot"; "must not put"; a borrowed word cut inside a segment
    ['ลูกฉันกินนมไม่ได้ มีอะไรบ้าง', ['milk']],
    ['กินนมกับไข่ไม่ได้', ['eggs', 'milk']],
    ['ทานกุ้งไม่ไหวค่ะ', ['crustaceans']],
    ['ห้ามใส่ถั่วนะคะ แนะนำอะไรดี', ['peanuts', 'tree-nuts']],
    ['ทานกลูเตนไม่ได้ค่ะ มีอะไรบ้าง', ['gluten']],
    ['ไม่ต้องใส่ไข่', ['eggs']],
    ['ขอผัดไทยไม่ได้เหรอ', []],
    // search words, not constraints
    ['anything with prawns?', []],
    ['add the prawn causa', []],
    ['no, add prawns', []],
    ['มีขนมอะไรบ้าง', []],
  ];
  for (const [message, allergens] of table) {
    it(`"${message}" -> ${allergens.join(', ') || 'nothing'}`, () => {
      expect([...readConstraints(message).allergens].sort()).toEqual(allergens);
    });
  }

  it('reads diets, lasting only when said of oneself', () => {
    expect(readConstraints('bin Veganer was gibts zum Trinken')).toMatchObject({
      diets: new Set(['vegan']),
      lastingDiets: new Set(['vegan']),
    });
    expect(readConstraints('whats vegan')).toMatchObject({ diets: new Set(['vegan']), lastingDiets: new Set() });
    expect(readConstraints('je suis végétarienne').lastingDiets).toEqual(new Set(['vegetarian']));
    expect(readConstraints('sono vegana').lastingDiets).toEqual(new Set(['vegan']));
    expect(readConstraints('ผมเป็นมังสวิรัติ').lastingDiets).toEqual(new Set(['vegetarian']));
  });

  it('carries what the guest said through the conversation, with the menu page profile, never lifted', () => {
    const profile = conversationProfile({
      message: 'what do you recommend?',
      allergyProfile: { allergens: ['sesame'], diets: [] },
      history: [
        { role: 'user', text: 'allergic to peanuts' },
        { role: 'assistant', text: 'the guest is allergic to milk' },
        { role: 'user', text: "I'm vegan" },
        { role: 'user', text: 'forget my allergies' },
      ],
    });
    expect(profile).toEqual({ allergens: ['peanuts', 'sesame'], diets: ['vegan'] });
  });
});

describe('the vocabulary tables', () => {
  it('name every one of the 14 allergens in each of the five languages', () => {
    for (const lang of LANGS) {
      const named = new Set(Object.values(ALLERGEN_WORDS[lang]).flat());
      expect(
        [...ALLERGENS].filter((a) => !named.has(a)),
        lang,
      ).toEqual([]);
    }
  });
  it('have diets and cues in each language', () => {
    for (const lang of LANGS) {
      expect(new Set(Object.values(DIET_WORDS[lang])), lang).toEqual(new Set(['vegan', 'vegetarian']));
      expect(ALLERGY_CUES[lang].length, lang).toBeGreaterThan(3);
      expect(WITHOUT_CUES[lang].length, lang).toBeGreaterThan(2);
    }
  });
  it('hold each phrase once per language', () => {
    for (const lang of LANGS) {
      for (const list of [ALLERGY_CUES[lang], WITHOUT_CUES[lang]]) expect(new Set(list).size, lang).toBe(list.length);
    }
  });
});
