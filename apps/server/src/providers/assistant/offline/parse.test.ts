import { describe, expect, it } from 'vitest';
import type { Language } from '../types.ts';
import { wordTokens as tokenize } from './annotate.ts';
import { expandToken, menuIndex } from './menu-index.ts';
import { findMentions, parseMessage } from './parse.ts';
import { replyOffline } from './engine.ts';
import { fixtureMenu } from './test/fixture-menu.ts';
import { loadDemoMenu } from './test/demo-menus.ts';

const menu = fixtureMenu();
const idx = menuIndex(menu);

function ask(language: Language, message: string) {
  return replyOffline({ menu, language, message, history: [], cart: [] });
}

describe('intent per language', () => {
  const cases: [Language, string, string][] = [
    ['en', 'Hello!', 'greeting'],
    ['fr', 'Bonjour', 'greeting'],
    ['it', 'Ciao', 'greeting'],
    ['de', 'Guten Tag', 'greeting'],
    ['th', 'สวัสดีครับ', 'greeting'],
    ['en', 'help', 'help'],
    ['fr', "j'ai besoin d'aide", 'help'],
    ['de', 'Hilfe', 'help'],
    ['en', 'What do you recommend?', 'recommend'],
    ['fr', 'Que me conseillez-vous ?', 'recommend'],
    ['it', 'Cosa mi consigli?', 'recommend'],
    ['de', 'Was empfehlen Sie?', 'recommend'],
    ['th', 'มีอะไรแนะนำบ้าง', 'recommend'],
    ['en', "What's the cheapest dish?", 'cheapest'],
    ['fr', 'Quel est le plat le moins cher ?', 'cheapest'],
    ['it', 'Qual è il piatto più economico?', 'cheapest'],
    ['de', 'Was ist am günstigsten?', 'cheapest'],
    ['th', 'เมนูไหนถูกที่สุด', 'cheapest'],
    ['en', 'most expensive pizza', 'most_expensive'],
    ['de', 'Was ist das teuerste Gericht?', 'most_expensive'],
    ['en', 'How much is the burrata?', 'product_info'],
    ['fr', 'Combien coûte le tiramisu ?', 'product_info'],
    ['it', 'Quanto costa la burrata?', 'product_info'],
    ['th', 'ผัดไทยราคาเท่าไหร่', 'product_info'],
    ['en', 'vegan', 'search'],
    ['it', 'piatti vegani', 'search'],
    ['en', 'add a tiramisu', 'add_to_cart'],
    ['fr', 'Je prends un tiramisu', 'add_to_cart'],
    ['it', 'Vorrei una burrata', 'add_to_cart'],
    ['de', 'Ich hätte gern eine Burrata', 'add_to_cart'],
    ['th', 'ขอทีรามิสุหนึ่งที่', 'add_to_cart'],
    ['en', "what's in my cart?", 'view_cart'],
    ['fr', "qu'y a-t-il dans mon panier ?", 'view_cart'],
    ['it', 'cosa ho nel carrello?', 'view_cart'],
    ['de', 'Was ist in meinem Warenkorb?', 'view_cart'],
    ['th', 'ในตะกร้ามีอะไรบ้าง', 'view_cart'],
    ['en', "I'm ready to order", 'checkout'],
    ['fr', 'Je suis prêt à commander', 'checkout'],
    ['it', 'Sono pronto per ordinare', 'checkout'],
    ['de', 'Ich bin bereit zu bestellen', 'checkout'],
    ['th', 'พร้อมสั่งแล้วครับ', 'checkout'],
    ['en', 'Do you sell bicycles?', 'fallback'],
  ];
  it.each(cases)('[%s] %s -> %s', (lang, message, intent) => {
    expect(ask(lang, message).intent).toBe(intent);
  });
});

describe('quantities in digits and words, per language', () => {
  const cases: [Language, string, string, number][] = [
    ['en', '3 cappuccinos please', 'cappuccino', 3],
    ['en', 'two tiramisu please', 'tiramisu', 2],
    ['en', 'I will have four espressos', 'espresso', 4],
    ['fr', 'deux tiramisus s’il vous plaît', 'tiramisu', 2],
    ['fr', 'je prends trois espressos', 'espresso', 3],
    ['it', 'due burrate per favore', 'burrata', 2],
    ['it', 'vorrei tre cappuccini', 'cappuccino', 3],
    ['de', 'zwei Tiramisu bitte', 'tiramisu', 2],
    ['de', 'ich nehme drei Cappuccino', 'cappuccino', 3],
    ['th', 'ขอผัดไทย 2 จาน', 'padthai', 2],
    ['th', 'ขอคาปูชิโน่สามแก้ว', 'cappuccino', 3],
    ['en', 'espresso x2', 'espresso', 2],
  ];
  it.each(cases)('[%s] %s', (lang, message, productId, quantity) => {
    const r = ask(lang, message);
    expect(r.actions).toEqual([{ type: 'add_to_cart', productId, variationIds: [], quantity }]);
  });
});

describe('variation names', () => {
  const cases: [Language, string, string, string[]][] = [
    ['en', 'a large margherita please', 'margherita', ['large']],
    ['en', 'add a burrata with truffle oil', 'burrata', ['truffle']],
    ['fr', 'je voudrais une grande margherita', 'margherita', ['large']],
    ['it', 'vorrei una margherita grande', 'margherita', ['large']],
    ['de', 'ich nehme eine große Margherita', 'margherita', ['large']],
    ['th', 'ขอมาร์เกอริต้าใหญ่หนึ่งที่', 'margherita', ['large']],
    ['en', 'add a cappuccino with oat milk', 'cappuccino', ['oat']],
    ['fr', 'un cappuccino au lait d’avoine s’il vous plaît', 'cappuccino', ['oat']],
    ['en', 'add a carbonara with gluten-free pasta', 'carbonara', ['gf-pasta']],
    ['en', 'add a margherita', 'margherita', []],
  ];
  it.each(cases)('[%s] %s', (lang, message, productId, variationIds) => {
    const add = ask(lang, message).actions.filter((a) => a.type === 'add_to_cart');
    expect(add).toEqual([{ type: 'add_to_cart', productId, variationIds, quantity: 1 }]);
  });
});

describe('price limits with currency words', () => {
  const cases: [string, number | null, number | null][] = [
    ['under 15', 1500, null],
    ['anything under €12?', 1200, null],
    ['less than 9.50 euros', 950, null],
    ['moins de 12 €', 1200, null],
    ['pas plus de 10 euros', 1000, null],
    ['meno di 8 euro', 800, null],
    ['sotto i 10€', 1000, null],
    ['unter 12,50 Euro', 1250, null],
    ['höchstens 9 €', 900, null],
    ['ไม่เกิน 200 บาท', 20000, null],
    ['something for 10 euros', 1000, null],
    ['more than 12', null, 1200],
    ['2 espressos', null, null],
  ];
  it.each(cases)('%s', (message, max, min) => {
    const p = parseMessage(message, idx);
    expect(p.priceMax).toBe(max);
    expect(p.priceMin).toBe(min);
  });

  it('keeps only dishes within the limit', () => {
    const r = ask('fr', 'des plats végans à moins de 9 €');
    expect(r.products.length).toBeGreaterThan(0);
    for (const id of r.products) {
      const p = menu.products.find((x) => x.id === id)!;
      expect(p.priceMinor).not.toBeNull();
      expect(p.priceMinor!).toBeLessThanOrEqual(900);
      expect(p.preferences).toContain('vegan');
    }
  });
});

describe('dietary words and allergens to avoid', () => {
  const cases: [string, string[], string[]][] = [
    ['vegan', ['vegan'], []],
    ['végétarien', ['vegetarian'], []],
    ['vegano', ['vegan'], []],
    ['vegetarisch', ['vegetarian'], []],
    ['มังสวิรัติ', ['vegetarian'], []],
    ['without nuts', [], ['peanuts', 'tree-nuts']],
    ['sans gluten', [], ['gluten']],
    // Lactose is not all of dairy (issue 10): its own tag, filtered as dairy but answered as lactose.
    ['senza lattosio', [], ['lactose']],
    ['senza latticini', [], ['milk']],
    ['ohne Nüsse', [], ['peanuts', 'tree-nuts']],
    ['แพ้ถั่ว', [], ['peanuts', 'tree-nuts']],
    ["I'm allergic to eggs", [], ['eggs']],
    ['no seafood please', [], ['crustaceans', 'molluscs']],
    ['nut-free', [], ['peanuts', 'tree-nuts']],
    ['nussfrei', [], ['peanuts', 'tree-nuts']],
    ['not spicy', ['mild'], []],
    ['piccante', ['spicy'], []],
    ['ไม่เผ็ด', ['mild'], []],
    ['sans viande', ['vegetarian'], []],
  ];
  it.each(cases)('%s', (message, diets, exclude) => {
    const p = parseMessage(message, idx);
    expect([...p.diets].sort()).toEqual([...diets].sort());
    for (const a of exclude) expect(p.exclude).toContain(a);
  });
});

describe('Thai segmentation', () => {
  it('splits Thai words with Intl.Segmenter', () => {
    expect(tokenize('ขอผัดไทย 2 จาน').map((t) => t.raw)).toEqual(['ขอ', 'ผัด', 'ไทย', '2', 'จาน']);
  });
  it('finds a dish named in Thai in an English menu', () => {
    const p = parseMessage('ขอผัดไทยสองจานกับทีรามิสุหนึ่งที่', idx);
    const mentions = findMentions(p, idx, true);
    expect(mentions.map((m) => [m.candidates[0]!.p.id, m.quantity])).toEqual([
      ['padthai', 2],
      ['tiramisu', 1],
    ]);
  });
});

describe('matcher: accents, typos, plurals, other languages, Thai', () => {
  const cases: [string, Language, string, string][] = [
    ['accents ignored', 'en', 'tiramisu', 'tiramisu'],
    ['accents ignored', 'de', 'TIRAMISÙ', 'tiramisu'],
    ['one typo', 'en', 'carbonarra', 'carbonara'],
    ['two typos in a long word', 'en', 'capucinno', 'cappuccino'],
    ['typo in a diet word', 'en', 'vegitarian', 'burrata'],
    ['plural', 'en', 'espressos', 'espresso'],
    ['plural', 'fr', 'des burratas', 'burrata'],
    ['Italian plural', 'it', 'pizze', 'margherita'],
    ['German plural', 'de', 'Tomaten', 'bruschetta'],
    ['fr ingredient', 'fr', 'poulet', 'greencurry'],
    ['it ingredient', 'it', 'pollo', 'greencurry'],
    ['de ingredient', 'de', 'Hähnchen', 'greencurry'],
    ['th ingredient', 'th', 'ไก่', 'greencurry'],
    ['fr category', 'fr', 'les desserts', 'tiramisu'],
    ['it category', 'it', 'dolci', 'sorbet'],
    ['de category', 'de', 'Nachtisch', 'mango'],
    ['th category', 'th', 'ของหวาน', 'mango'],
    ['th dish name', 'th', 'ผัดไทย', 'padthai'],
    ['German compound', 'de', 'Kokosmilch', 'greencurry'],
    ['description word', 'en', 'anything with mascarpone?', 'tiramisu'],
  ];
  it.each(cases)('%s: [%s] %s', (_what, lang, message, id) => {
    expect(ask(lang, message).products).toContain(id);
  });
});

describe('several quantities for one dish', () => {
  it.each([
    ['en', 'two carbonara, one of them gluten-free'],
    ['fr', 'deux carbonara dont une sans gluten'],
    ['it', 'due carbonare, una senza glutine'],
  ] as [Language, string][])('[%s] %s', (lang, message) => {
    expect(ask(lang, message).actions).toEqual([
      { type: 'add_to_cart', productId: 'carbonara', variationIds: [], quantity: 1 },
      { type: 'add_to_cart', productId: 'carbonara', variationIds: ['gf-pasta'], quantity: 1 },
    ]);
  });
});

describe('filler and function words are never dish names', () => {
  // Each of these words, alone beside a clear intent, used to become a failed search.
  const fillers: [Language, string][] = [
    ['en', 'so far'],
    ['en', 'already'],
    ['en', 'now please'],
    ['fr', 'déjà'],
    ['fr', "s'il vous plaît"],
    ['fr', 'maintenant'],
    ['it', 'già'],
    ['it', 'finora'],
    ['it', 'per favore'],
    ['de', 'schon'],
    ['de', 'bisher'],
    ['de', 'bitte'],
    ['th', 'แล้ว'],
    ['th', 'ค่ะ'],
    ['th', 'ครับ'],
  ];
  it.each(fillers)('[%s] "%s" leaves no content word', (_lang, message) => {
    const p = parseMessage(message, idx);
    expect(p.toks.filter((t) => !p.consumed.has(t.i) && t.num === null).map((t) => t.raw)).toEqual([]);
  });
});

describe('past orders, "so far" and corrections are recognised in every language', () => {
  const cases: [Language, string, string][] = [
    ['en', 'what have we ordered', 'ordered'],
    ['en', 'what did I order?', 'cart'],
    ['fr', "qu'est-ce qu'on a pris ?", 'ordered'],
    ['fr', 'on a commandé quoi ?', 'ordered'],
    ['it', 'cosa abbiamo ordinato?', 'ordered'],
    ['it', 'cosa ho preso?', 'ordered'],
    ['de', 'was haben wir bestellt?', 'ordered'],
    ['th', 'สั่งอะไรไปแล้ว', 'cart'],
    ['en', 'how much is it so far', 'sofar'],
    ['fr', "pour l'instant", 'sofar'],
    ['it', 'per ora', 'sofar'],
    ['de', 'bis jetzt', 'sofar'],
    ['th', 'ตอนนี้', 'sofar'],
    ['en', 'actually make both large', 'correct'],
    ['fr', 'en fait les deux', 'both'],
    ['it', 'anzi, tutte e due', 'both'],
    ['de', 'eigentlich beide', 'both'],
    ['th', 'เอ้ย ทั้งสองจาน', 'correct'],
  ];
  it.each(cases)('[%s] %s -> kw:%s', (_lang, message, kw) => {
    expect(parseMessage(message, idx).kw.has(kw)).toBe(true);
  });
});

describe('an allergy word after its allergen does not negate the rest', () => {
  it.each([
    ['en', 'lactose intolerant here, any desserts?'],
    ['en', 'nut allergy, any desserts?'],
    ['de', 'Laktose Unverträglichkeit, Nachtisch?'],
  ] as [Language, string][])('[%s] %s', (_lang, message) => {
    const p = parseMessage(message, idx);
    expect(p.exclude.size).toBeGreaterThan(0);
    expect(p.excludeTerms).toEqual([]);
  });
});

describe('a correction in the same message: the last instruction wins', () => {
  const cases: [Language, string, { productId: string; variationIds: string[]; quantity: number }[]][] = [
    [
      'en',
      '2 margheritas, one large please... actually make both large',
      [{ productId: 'margherita', variationIds: ['large'], quantity: 2 }],
    ],
    [
      'fr',
      'deux margherita dont une grande... en fait les deux en grande',
      [{ productId: 'margherita', variationIds: ['large'], quantity: 2 }],
    ],
    [
      'it',
      'due margherita, una grande, anzi tutte e due grandi',
      [{ productId: 'margherita', variationIds: ['large'], quantity: 2 }],
    ],
    [
      'de',
      'zwei Margherita, eine groß, äh nein, beide groß bitte',
      [{ productId: 'margherita', variationIds: ['large'], quantity: 2 }],
    ],
    ['en', 'two espressos please, actually make it three', [{ productId: 'espresso', variationIds: [], quantity: 3 }]],
    ['de', '2 Espresso bitte, eigentlich doch 3', [{ productId: 'espresso', variationIds: [], quantity: 3 }]],
    ['th', 'ขอเอสเพรสโซ่ 2 แก้ว เอ้ย 3 แก้ว', [{ productId: 'espresso', variationIds: [], quantity: 3 }]],
    [
      'en',
      'a carbonara... actually a margherita instead',
      [{ productId: 'margherita', variationIds: [], quantity: 1 }],
    ],
    [
      'fr',
      'une carbonara, finalement plutôt une margherita',
      [{ productId: 'margherita', variationIds: [], quantity: 1 }],
    ],
    [
      'en',
      'a tiramisu and an espresso, actually two tiramisus',
      [
        { productId: 'tiramisu', variationIds: [], quantity: 2 },
        { productId: 'espresso', variationIds: [], quantity: 1 },
      ],
    ],
    [
      'en',
      'a tiramisu, actually also an espresso',
      [
        { productId: 'tiramisu', variationIds: [], quantity: 1 },
        { productId: 'espresso', variationIds: [], quantity: 1 },
      ],
    ],
  ];
  it.each(cases)('[%s] %s', (lang, message, expected) => {
    const got = ask(lang, message).actions;
    expect(got).toHaveLength(expected.length);
    for (const e of expected) expect(got).toContainEqual({ type: 'add_to_cart', ...e });
  });

  it('without a correction, "two, one of them large" stays two lines', () => {
    expect(ask('en', '2 margheritas, one large please').actions).toEqual([
      { type: 'add_to_cart', productId: 'margherita', variationIds: [], quantity: 1 },
      { type: 'add_to_cart', productId: 'margherita', variationIds: ['large'], quantity: 1 },
    ]);
  });
});

describe('search generalisation: words reach the right menu terms', () => {
  const luca = menuIndex(loadDemoMenu('trattoria-da-luca'));
  const baan = menuIndex(loadDemoMenu('baan-suan'));
  it.each([
    ['c:drink', ['vini', 'bibite', 'caffe']],
    ['c:wine', ['vini']],
    ['c:dessert', ['dolci']],
  ])('a %s word reaches exactly the dishes filed under %j at Da Luca', (term, want) => {
    const reached = new Set([...(luca.catPostings.get(term) ?? [])].map((o) => luca.products[o]!.p.id));
    const filed = luca.products.filter((ip) => ip.p.categories.some((c) => want.includes(c.id))).map((ip) => ip.p.id);
    expect(reached).toEqual(new Set(filed));
  });
  const plural: [string, string][] = [
    ['vini', 'c:wine'],
    ['vins', 'c:wine'],
    ['Weine', 'c:wine'],
    ['wines', 'c:wine'],
    ['birre', 'c:beer'],
    ['Biere', 'c:beer'],
    ['bières', 'c:beer'],
    ['dolci', 'c:dessert'],
    ['Nachspeisen', 'c:dessert'],
    ['ของหวาน', 'c:dessert'],
    ['zuppe', 'c:soup'],
    ['Suppen', 'c:soup'],
    ['curries', 'c:curry'],
    ['Currys', 'c:curry'],
    ['nouilles', 'c:noodle'],
    ['pizze', 'c:pizza'],
  ];
  it.each(plural)('"%s" carries %s', (word, concept) => {
    const p = parseMessage(word, luca);
    expect(p.toks.some((t) => t.tags.includes(concept))).toBe(true);
  });
  it.each([['prawns'], ['crevettes'], ['gamberi'], ['Garnelen'], ['กุ้ง']])(
    '"%s" finds prawns, not every fish',
    (word) => {
      const p = parseMessage(word, baan);
      const terms = new Set(p.toks.flatMap((t) => expandToken(baan, t).map((x) => x.term)));
      expect(terms.has('c:shrimp')).toBe(true);
      expect(terms.has('c:seafoodish')).toBe(false);
    },
  );
  it.each([
    ['en', 'any gluten free pasta dishes?'],
    ['de', 'glutenfreie Pasta'],
    ['fr', 'des pâtes sans gluten'],
  ])('[%s] "%s": the pasta word is a category mention with the filter set', (_lang, message) => {
    const p = parseMessage(message, luca);
    const ms = findMentions(p, luca, false);
    expect(p.exclude.has('gluten')).toBe(true);
    expect(ms.length).toBe(1);
    expect(ms[0]!.generic).toBe(true);
  });
});
