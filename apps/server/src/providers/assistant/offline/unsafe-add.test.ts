import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Language } from '../types.ts';
import { replyOfflineGuarded } from '../index.ts';
import { loadMenuFile } from './test/demo-menus.ts';

/**
 * A guest who states an allergy and asks for a dish that lists it is refused with the reason, even
 * when the dish's word is also its category's ("Ceviches & tiraditos"): the dish asked for stays meant,
 * it does not turn into a search of the category without it. Read as guests get it (the safety gate last).
 */
describe('asking for a dish one is allergic to', () => {
  const menu = loadMenuFile(
    fileURLToPath(new URL('../../../../../../scripts/eval-assistant/venues/la-chalaca.json', import.meta.url)),
  );
  const cases: [Language, string, string][] = [
    ['en', 'allergic to sesame, can i get the tiradito', 'sesame'],
    ['en', 'I am allergic to sesame. can i get the tiradito', 'sesame'],
    ['fr', 'je suis allergique au sésame, je voudrais le tiradito', 'sésame'],
    ['it', 'sono allergica al sesamo, vorrei il tiradito', 'sesamo'],
    ['de', 'ich bin allergisch gegen Sesam, ich hätte gern das Tiradito', 'Sesam'],
  ];
  for (const [language, message, allergen] of cases) {
    it(`${language}: "${message}"`, () => {
      const reply = replyOfflineGuarded({ menu, language, message, history: [], cart: [] });
      const text = JSON.stringify(reply.blocks);
      expect(reply.actions).toEqual([]);
      expect(text).toContain('Tiradito nikkei');
      expect(text).toContain(allergen);
    });
  }
});
