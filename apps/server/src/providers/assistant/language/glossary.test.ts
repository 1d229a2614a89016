import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { replyOffline } from '../offline/index.ts';
import { loadMenuFile } from '../offline/test/demo-menus.ts';
import type { Language } from '../types.ts';
import { GLOSSARY, glossaryConcepts } from './glossary.ts';
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
