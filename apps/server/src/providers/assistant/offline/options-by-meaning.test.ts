/**
 * Options by meaning and Thai loanwords (issue 17 item 4), through the whole offline engine: the
 * guest's words in five languages choose options by the glossary, every extra named is applied, and
 * a dish spelt in Thai script finds its Latin name, with its quantity.
 */
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { glossaryConcepts } from '../language/glossary.ts';
import type { Language } from '../types.ts';
import { replyOffline } from './index.ts';
import { loadCaseFileVenue, loadDemoMenu, loadMenuFile } from './test/demo-menus.ts';

const evalPath = (p: string) =>
  fileURLToPath(new URL(`../../../../../../scripts/eval-assistant/${p}`, import.meta.url));
// A menu with extras groups (burgers, pizza, steak, tacos, a coffee bar), the evaluation's own venue.
const diner = loadCaseFileVenue(evalPath('cases/blind-guest-extras-translit.json'));
const chalaca = loadMenuFile(evalPath('venues/la-chalaca.json'));
const luca = loadDemoMenu('trattoria-da-luca');

type Line = [product: string, variations: string[], quantity: number];

function added(menu: typeof diner, language: Language, message: string): Line[] {
  const reply = replyOffline({ menu, language, message, history: [], cart: [] });
  return reply.actions
    .filter((a) => a.type === 'add_to_cart')
    .map((a) => {
      const add = a as { productId: string; variationIds: string[]; quantity: number };
      return [add.productId, [...add.variationIds].sort(), add.quantity];
    });
}

describe('extras chosen by meaning, every one named', () => {
  const cases: [Language, string, Line[]][] = [
    [
      'de',
      'einen Latte mit Hafermilch, Schlagsahne und Vanillesirup',
      [['latte', ['oat-milk', 'vanilla-syrup', 'whipped-cream'], 1]],
    ],
    [
      'it',
      "una ribeye al sangue con burro all'aglio e salsa barbecue",
      [['ribeye', ['bbq-sauce', 'garlic-butter', 'rare'], 1]],
    ],
    [
      'fr',
      'une margherita pâte fine avec jambon et champignons',
      [['margherita', ['ham', 'mushrooms', 'thin-crust'], 1]],
    ],
    [
      'de',
      'eine Pizza Margherita mit dünnem Boden, Schinken und Oliven',
      [['margherita', ['ham', 'olives', 'thin-crust'], 1]],
    ],
    [
      'en',
      'two beef tacos on corn tortillas with sour cream and extra chili',
      [['beef-tacos', ['corn-tortilla', 'extra-chili', 'sour-cream'], 2]],
    ],
    ['it', 'una ribeye ben cotta con salsa al pepe', [['ribeye', ['pepper-sauce', 'well-done'], 1]]],
    ['th', 'ขอพิซซ่ามาร์เกอริต้า แป้งบาง ใส่แฮมกับเห็ด', [['margherita', ['ham', 'mushrooms', 'thin-crust'], 1]]],
    ['th', 'ทาโก้เนื้อ แป้งข้าวโพด ใส่ซาวร์ครีม', [['beef-tacos', ['corn-tortilla', 'sour-cream'], 1]]],
    ['th', 'ชาไทยเย็น หวานน้อย', [['thai-tea', ['less-sweet'], 1]]],
    ['th', 'ชาไทยเย็น ไม่หวาน', [['thai-tea', ['no-sugar'], 1]]],
    ['fr', 'un thai iced tea peu sucré', [['thai-tea', ['less-sweet'], 1]]],
    // A negated extra is not applied: "ohne Schlagsahne" is no_whipped_cream.
    ['de', 'ein Latte ohne Schlagsahne mit Sojamilch', [['latte', ['soy-milk'], 1]]],
    ['th', 'ขอลาเต้นมอัลมอนด์ เพิ่มช็อต', [['latte', ['almond-milk', 'extra-shot'], 1]]],
  ];
  for (const [language, message, lines] of cases) {
    it(`${language}: "${message}"`, () => expect(added(diner, language, message)).toEqual(lines));
  }

  it('adds extras to a trattoria pizza by meaning ("extra cheese" is the extra mozzarella)', () => {
    expect(added(luca, 'en', 'a large margherita with extra cheese and anchovies')).toEqual([
      ['margherita', ['anchovies', 'extra-mozzarella', 'large'], 1],
    ]);
  });

  it('never chooses an extra the guest says they are allergic to', () => {
    for (const message of [
      'ich bin allergisch gegen Käse, einen Classic Burger mit Pommes und Speck',
      'je suis allergique au fromage, un classic burger avec frites et bacon',
      "I'm allergic to cheese, a classic burger with fries",
    ]) {
      const lines = added(diner, 'en', message);
      expect(
        lines.flatMap(([, variations]) => variations),
        message,
      ).not.toContain('extra-cheese');
    }
    expect([...glossaryConcepts('allergisch gegen Käse')]).toEqual(['no_cheese']);
  });

  it('asks, never picks, when the words fit no option of a required group', () => {
    const reply = replyOffline({
      menu: diner,
      language: 'de',
      message: 'einen Latte mit Schlagsahne bitte',
      history: [],
      cart: [],
    });
    expect(reply.actions).toEqual([]);
    expect(JSON.stringify(reply.blocks)).toContain('Oat milk');
  });
});

describe('dishes spelt in Thai script', () => {
  it('"ขอพิสโก้ซาวร์ 2 แก้ว" adds two Pisco sours (La Chalaca)', () => {
    expect(added(chalaca, 'th', 'ขอพิสโก้ซาวร์ 2 แก้ว')).toEqual([['pisco-sour', [], 2]]);
  });

  const cases: [string, Line[]][] = [
    ['โมฮิโต้ 2 แก้ว', [['mojito', [], 2]]],
    ['ขอสปาเกตตี้คาร์โบนาร่าหนึ่งจาน', [['carbonara', [], 1]]],
    [
      'ทิรามิสุ 1 ที่ กับ เอสเปรสโซ่ 2 แก้ว',
      [
        ['espresso', [], 2],
        ['tiramisu', [], 1],
      ],
    ],
    ['ขอเบอร์เกอร์ไก่กรอบ 2 ชิ้น', [['chicken-burger', [], 2]]],
    ['ขอคลาสสิกเบอร์เกอร์ กับเฟรนช์ฟรายส์ เพิ่มชีสและเบคอน', [['classic-burger', ['bacon', 'extra-cheese', 'side-fries'], 1]]],
  ];
  for (const [message, lines] of cases) {
    it(`th: "${message}"`, () => expect(added(diner, 'th', message).sort()).toEqual(lines));
  }

  it('never adds a loanword dish that breaks the allergy said with it', () => {
    // Pisco sour lists eggs.
    expect(added(chalaca, 'th', 'แพ้ไข่ ขอพิสโก้ซาวร์ 2 แก้ว')).toEqual([]);
  });

  it('reads no loanword the menu does not have', () => {
    const reply = replyOffline({ menu: luca, language: 'th', message: 'ขอพิสโก้ซาวร์ 2 แก้ว', history: [], cart: [] });
    expect(reply.actions).toEqual([]);
  });
});
