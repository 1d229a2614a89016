import { describe, expect, it } from 'vitest';
import type { Language } from '@carte/domain/languages';
import { REPLY_LANGUAGE_WORDS, replyLanguage } from './reply-language.ts';

// [message, interface language, expected reply language]
const rows: [string, Language, Language][] = [
  // English written under another interface language
  ['do you have something vegetarian?', 'fr', 'en'],
  ['what is not spicy here', 'de', 'en'],
  ['can I get two beers please', 'it', 'en'],
  ['take the beers off', 'th', 'en'],
  ['how much is it so far?', 'fr', 'en'],
  ["I'm allergic to nuts, what can i eat", 'de', 'en'],
  ['is there dairy in the lamb', 'it', 'en'],
  ['remove it pls', 'fr', 'en'],
  ['and is it spicy?', 'de', 'en'],
  ['without pork please', 'fr', 'en'],
  ['can I have the ต้มยำ please', 'fr', 'en'],
  ['do you have khao soi ครับ', 'en', 'en'],
  ['do you have khao soi ครับ', 'th', 'th'],
  ["what's in the croque monsieur", 'fr', 'en'],
  // French
  ['vous avez des plats végétariens ?', 'en', 'fr'],
  ['vous avez des plats vegetariens', 'de', 'fr'],
  ["je voudrais deux bieres s'il vous plait", 'en', 'fr'],
  ["c'est epice ?", 'en', 'fr'],
  ["qu'est-ce qui est sans noix", 'it', 'fr'],
  ['enlevez les bières svp', 'de', 'fr'],
  ['combien ça coûte en tout', 'en', 'fr'],
  ['je suis allergique au lait, quoi prendre', 'th', 'fr'],
  ['et celui-la il est piquant ?', 'en', 'fr'],
  ['un plat sans porc et pas cher', 'en', 'fr'],
  ["j'ai une allergie aux arachides", 'de', 'fr'],
  // Italian
  ['avete qualcosa di vegano?', 'en', 'it'],
  ['vorrei due birre per favore', 'fr', 'it'],
  ['cosa non è piccante', 'de', 'it'],
  ['togli le birre', 'en', 'it'],
  ['quanto costa in totale', 'en', 'it'],
  ['sono allergico alle noci, cosa posso prendere', 'fr', 'it'],
  ["c'e lattosio nel dolce?", 'en', 'it'],
  ['qualcosa senza maiale e senza glutine sotto 20', 'de', 'it'],
  ['grazie mille, prendo il secondo', 'en', 'it'],
  ['e quello è piccante?', 'en', 'it'],
  // German
  ['habt ihr vegetarische Gerichte?', 'en', 'de'],
  ['ich hätte gerne zwei Bier', 'fr', 'de'],
  ['was ist nicht scharf', 'en', 'de'],
  ['bitte die Getränke entfernen', 'it', 'de'],
  ['wie viel kostet das alles zusammen', 'en', 'de'],
  ['ich bin allergisch gegen Nüsse', 'fr', 'de'],
  ['Nachspeisen ohne Milchprodukte?', 'en', 'de'],
  ['etwas ohne Schweinefleisch unter 15 Franken', 'en', 'de'],
  ['und ist das scharf?', 'fr', 'de'],
  ['nimm das Bier raus', 'th', 'de'],
  ['welche Vorspeisen sind vegan', 'en', 'de'],
  // Thai by script
  ['มีอาหารมังสวิรัติไหม', 'en', 'th'],
  ['ขอ pad thai 2 จาน', 'en', 'th'],
  ['เผ็ดไหม', 'fr', 'th'],
  ['ไม่ใส่ถั่ว', 'de', 'th'],
  ['เอาเบียร์ออก', 'it', 'th'],
  ['bulgogi ไม่เผ็ด', 'en', 'th'],
  // Short or ambiguous: the interface language
  ['pizza', 'fr', 'fr'],
  ['ok', 'de', 'de'],
  ['tiramisu', 'en', 'en'],
  ['2 margherita', 'it', 'it'],
  ['yes', 'fr', 'fr'],
  ['oui', 'en', 'en'],
  ['ja', 'it', 'it'],
  ['large', 'de', 'de'],
  ['the tiramisu', 'de', 'de'],
  ['spaghetti alla carbonara', 'en', 'en'],
  ['crème brûlée', 'de', 'de'],
  ['pain au chocolat', 'en', 'en'],
  ['Schnitzel mit Pommes', 'fr', 'fr'],
  ['hummus', 'th', 'th'],
  ['3', 'en', 'en'],
  ['', 'it', 'it'],
  ['!!!', 'fr', 'fr'],
  ['bibimbap x2', 'de', 'de'],
  ['no', 'it', 'it'],
  ['si', 'fr', 'fr'],
  ['ต้มยำ', 'th', 'th'],
  ['฿390 ฿฿', 'fr', 'fr'],
  ['is the galbi 590 ฿ or 590 ฿ for two?', 'th', 'en'],
  ['combien coute le galbi, 590 ฿ ?', 'en', 'fr'],
  ['tom yum', 'th', 'th'],
  // Mixed: the language that carries the sentence
  ['can I have the croque monsieur sans jambon', 'fr', 'en'],
  ['je voudrais the pad thai', 'en', 'fr'],
  ['ich möchte la pizza margherita', 'it', 'de'],
  ['vorrei the burger without onions', 'en', 'en'],
  ['un cappuccino per favore', 'en', 'it'],
  ['one cappuccino please', 'it', 'en'],
];

describe('replyLanguage', () => {
  it('has a table of at least 60 rows', () => {
    expect(rows.length).toBeGreaterThanOrEqual(60);
  });

  it.each(rows)('%j (interface %s) -> %s', (message, ui, expected) => {
    expect(replyLanguage(message, ui)).toBe(expected);
  });

  it('keeps the interface language whatever it is for an ambiguous message', () => {
    for (const ui of ['en', 'fr', 'it', 'de', 'th'] as const) expect(replyLanguage('pizza margherita', ui)).toBe(ui);
  });

  it('lists words in lower case without accents', () => {
    for (const words of Object.values(REPLY_LANGUAGE_WORDS)) {
      for (const word of [...words.strong, ...words.common, ...words.weak]) {
        expect(word).toBe(
          word
            .toLowerCase()
            .normalize('NFD')
            .replace(/[\u0300-\u036f]/g, ''),
        );
      }
    }
  });
});
