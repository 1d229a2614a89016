import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { replyOfflineGuarded } from '../index.ts';
import { KEYWORDS } from '../language/lexicon/keywords.ts';
import { ALLERGY_CUES } from '../language/vocabulary.ts';
import type { Language } from '../types.ts';
import { loadMenuFile } from './test/demo-menus.ts';

/**
 * An allergy said the way the safety reader knows it ("my son cant have", "meine Tochter verträgt
 * keine") filters the engine's own answer: the dishes of the part of the menu asked for, none with the
 * allergen, and neither the allergen nor a possessive ("meine" is not "Mains") read as a search word.
 */
describe('an allergy stated before a question', () => {
  const menu = loadMenuFile(
    fileURLToPath(new URL('../../../../../../scripts/eval-assistant/venues/la-chalaca.json', import.meta.url)),
  );
  const desserts = new Set(
    menu.products.filter((p) => p.categories.some((c) => c.name === 'Desserts')).map((p) => p.id),
  );
  const cases: [Language, string][] = [
    ['en', 'my son cant have nuts or peanuts, any desserts for him?'],
    ['de', 'meine Tochter verträgt keine Milch, was für Nachtisch?'],
    ['it', 'mia figlia è allergica alle arachidi, che dolci avete?'],
    ['fr', 'mon fils ne peut pas manger de lait, quels desserts ?'],
  ];
  for (const [language, message] of cases) {
    it(`${language}: "${message}" lists desserts only`, () => {
      const reply = replyOfflineGuarded({ menu, language, message, history: [], cart: [] });
      expect(reply.products.length).toBeGreaterThan(0);
      expect(reply.products.filter((id) => !desserts.has(id))).toEqual([]);
    });
  }

  it("has every cue of the safety reader among the engine's allergy words, or its diets'", () => {
    const words = KEYWORDS.filter(([tags]) => tags === 'kw:allergic' || tags === 'kw:without')
      .flatMap(([, w]) => w.split(/,\s*/))
      .join('|');
    for (const cue of ['cant have', 'ne peut pas manger', 'non posso mangiare', 'darf keine', 'กินไม่ได้'])
      expect(words, cue).toContain(cue);
    expect(Object.values(ALLERGY_CUES).flat().length).toBeGreaterThan(50);
  });
});

/**
 * "Nuts", "seafood" name two allergens at once: a dish that lists one of them is answered by what it
 * lists, never also with a "does not list" of the other, which a guest could read as a no.
 */
describe('a question naming two allergens in one word', () => {
  const menu = loadMenuFile(
    fileURLToPath(new URL('../../../../../../scripts/eval-assistant/venues/la-chalaca.json', import.meta.url)),
  );
  const cases: [Language, string, string, string][] = [
    ['en', 'does the Ají de gallina have nuts?', 'tree nuts', 'does not list'],
    ['de', 'ist in Ají de gallina Nüsse?', 'Schalenfrüchte', 'nicht unter seinen'],
    ['fr', 'il y a des fruits de mer dans les Choritos a la chalaca ?', 'mollusques', "n'indique pas"],
    ['th', 'Ají de gallina มีถั่วไหม', 'ถั่วเปลือกแข็ง', 'ไม่ได้ระบุ'],
  ];
  for (const [language, message, listed, denial] of cases) {
    it(`${language}: "${message}"`, () => {
      const text = JSON.stringify(replyOfflineGuarded({ menu, language, message, history: [], cart: [] }).blocks);
      expect(text).toContain(listed);
      expect(text).not.toContain(denial);
    });
  }
});
