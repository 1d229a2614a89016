import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { replyOfflineGuarded } from '../index.ts';
import type { Language } from '../types.ts';
import { loadMenuFile } from './test/demo-menus.ts';

/** "Soups and stews", "soups or stews": each is wanted, not a dish that is both. */
describe('a search for two things joined by "and" / "or"', () => {
  const menu = loadMenuFile(
    fileURLToPath(new URL('../../../../../../scripts/eval-assistant/venues/seoul-grill.json', import.meta.url)),
  );
  const stews = ['galbitang', 'kimchi-jjigae', 'sundubu', 'doenjang-jjigae'];
  const cases: [Language, string][] = [
    ['en', 'any soups or stews?'],
    ['fr', 'des soupes ou des ragoûts ?'],
    ['it', 'avete zuppe o stufati?'],
    ['de', 'Was gibt es an Suppen und Eintöpfen?'],
    ['th', 'มีซุปหรือสตูว์ไหม'],
  ];
  for (const [language, message] of cases) {
    it(`${language}: "${message}" lists the soup and the stews`, () => {
      const reply = replyOfflineGuarded({ menu, language, message, history: [], cart: [] });
      expect([...reply.products].sort()).toEqual([...stews].sort());
    });
  }

  it('puts a dish with both words first', () => {
    const reply = replyOfflineGuarded({ menu, language: 'en', message: 'soups and stews', history: [], cart: [] });
    expect(reply.products[0]).toBe('galbitang');
  });
});
