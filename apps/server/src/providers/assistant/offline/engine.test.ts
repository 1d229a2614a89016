import { describe, expect, it } from 'vitest';
import {
  renderReplyHtml,
  renderReplyText,
  type AssistantMenu,
  type CartLine,
  type HistoryMessage,
  type Language,
} from '../types.ts';
import { createOfflineAssistant } from './index.ts';
import { replyOffline } from './engine.ts';
import { menuIndex } from './menu-index.ts';
import { fixtureMenu, TEXT_MENU } from './test/fixture-menu.ts';
import { loadDemoMenu } from './test/demo-menus.ts';
import { actionProblems, expectValidActions } from '../test-support/valid-actions.ts';

const menu = fixtureMenu();
const luca = loadDemoMenu('trattoria-da-luca');
const baan = loadDemoMenu('baan-suan');
const anchor = loadDemoMenu('the-anchor');

function ask(
  m: AssistantMenu,
  language: Language,
  message: string,
  history: HistoryMessage[] = [],
  cart: CartLine[] = [],
) {
  const r = replyOffline({ menu: m, language, message, history, cart });
  // Whatever is asked, an add_to_cart is one the order accepts (option groups within min and max).
  expectValidActions(m, r);
  return r;
}
const product = (m: AssistantMenu, id: string) => m.products.find((p) => p.id === id)!;
// Prices are written in the guest's language; Intl's no-break spaces read as plain spaces here.
const text = (r: ReturnType<typeof ask>) => renderReplyText(r).replace(/[\u00a0\u202f]/g, ' ');
/** 14.00 in euros as each language writes it. */
const EUR_14: Record<Language, string> = { en: '€14.00', fr: '14,00 €', it: '14,00 €', de: '14,00 €', th: '€14.00' };

const FALLBACK: Record<Language, string> = {
  en: 'Unfortunately I was not able to answer. One of my human colleagues will be happy to help.',
  fr: "Malheureusement, je n'ai pas pu répondre. Un de mes collègues humains se fera un plaisir de vous aider.",
  it: 'Purtroppo non sono riuscito a rispondere. Uno dei miei colleghi sarà felice di aiutarti.',
  de: 'Leider konnte ich nicht antworten. Einer meiner menschlichen Kollegen hilft Ihnen gerne weiter.',
  th: 'ขออภัย ฉันไม่สามารถตอบได้ เพื่อนร่วมงานของฉันยินดีช่วยเหลือคุณ',
};

describe('dietary searches return only matching dishes', () => {
  const vegan: [Language, string][] = [
    ['en', 'anything vegan?'],
    ['fr', 'avez-vous des plats végans ?'],
    ['it', 'avete piatti vegani?'],
    ['de', 'habt ihr etwas Veganes?'],
    ['th', 'มีเมนูวีแกนไหม'],
  ];
  it.each(vegan)('[%s] %s -> only vegan dishes', (lang, message) => {
    for (const m of [menu, luca, baan]) {
      const r = ask(m, lang, message);
      expect(r.products.length).toBeGreaterThan(0);
      for (const id of r.products) expect(product(m, id).preferences).toContain('vegan');
    }
  });

  const vegetarian: [Language, string][] = [
    ['en', 'vegetarian options'],
    ['fr', 'des plats végétariens'],
    ['it', 'qualcosa di vegetariano'],
    ['de', 'vegetarische Gerichte'],
    ['th', 'อาหารมังสวิรัติ'],
  ];
  it.each(vegetarian)('[%s] %s -> vegetarian or vegan dishes, vegan ones included', (lang, message) => {
    const r = ask(menu, lang, message);
    for (const id of r.products)
      expect(product(menu, id).preferences.some((p) => p === 'vegetarian' || p === 'vegan')).toBe(true);
    expect(r.products).toContain('bruschetta'); // labelled vegan only
  });

  const noNuts: [Language, string][] = [
    ['en', 'dishes without nuts'],
    ['en', "I'm allergic to peanuts"],
    ['fr', 'sans noix svp'],
    ['it', 'senza frutta a guscio'],
    ['de', 'ohne Nüsse'],
    ['th', 'แพ้ถั่ว'],
  ];
  it.each(noNuts)('[%s] %s -> never a dish with nuts or tree nuts', (lang, message) => {
    for (const m of [menu, luca, baan]) {
      const r = ask(m, lang, message);
      expect(r.products.length).toBeGreaterThan(0);
      for (const id of r.products) {
        const p = product(m, id);
        expect(p.allergenes).not.toContain('nuts');
        expect(p.allergenes).not.toContain('tree nuts');
      }
      expect(r.blocks.some((b) => b.type === 'note')).toBe(true);
    }
  });

  it('says "does not list gluten" rather than claiming gluten-free', () => {
    const r = ask(menu, 'en', 'is the sorbet gluten free?');
    expect(text(r)).toContain('Lemon sorbet is labelled gluten-free.');
    const r2 = ask(menu, 'en', 'is the espresso gluten free?');
    expect(text(r2)).toContain('Espresso does not list gluten among its allergens.');
    const r3 = ask(menu, 'en', 'without gluten');
    expect(text(r3)).toContain('not listing gluten');
    // Written in French on an English page: the same honest wording, in French (issue 10).
    expect(text(ask(menu, 'en', 'sans gluten'))).toContain("n'indiquant pas gluten");
    for (const id of r3.products) {
      const p = product(menu, id);
      // Either it lists no gluten, or it has a gluten-free option that the reply names.
      if (p.allergenes.includes('gluten')) {
        const option = p.variations.find((v) => /gluten-free/i.test(v.name));
        expect(option).toBeDefined();
        expect(text(r3)).toContain(option!.name);
      }
    }
    expect(r3.products).not.toContain('diavola');
  });

  it('vegan dishes count as dairy-free and egg-free', () => {
    const r = ask(menu, 'en', 'dairy free desserts');
    expect(r.products).toEqual(expect.arrayContaining(['sorbet', 'mango']));
    expect(r.products).not.toContain('tiramisu');
  });

  it('spicy and not spicy', () => {
    expect(ask(menu, 'en', 'spicy dishes').products.sort()).toEqual(['arrabbiata', 'diavola', 'greencurry']);
    expect(ask(menu, 'th', 'แกงไม่เผ็ด').products).toEqual(['tofucurry']);
  });

  it('never offers an unavailable dish', () => {
    expect(ask(menu, 'en', 'pasta').products).not.toContain('lasagne');
    expect(ask(menu, 'en', 'add a lasagne').actions).toEqual([]);
  });
});

describe('adding to the cart', () => {
  const cases: [Language, string, [string, number][]][] = [
    [
      'en',
      '2 espressos and a tiramisu',
      [
        ['espresso', 2],
        ['tiramisu', 1],
      ],
    ],
    [
      'fr',
      'deux espressos et un tiramisu',
      [
        ['espresso', 2],
        ['tiramisu', 1],
      ],
    ],
    [
      'it',
      'due espressi e un tiramisù',
      [
        ['espresso', 2],
        ['tiramisu', 1],
      ],
    ],
    [
      'de',
      'zwei Espresso und ein Tiramisu',
      [
        ['espresso', 2],
        ['tiramisu', 1],
      ],
    ],
    [
      'th',
      'ขอเอสเพรสโซ่ 2 แก้ว กับทีรามิสุ 1 ที่',
      [
        ['espresso', 2],
        ['tiramisu', 1],
      ],
    ],
    [
      'en',
      'a margherita, a diavola and 3 cappuccinos please',
      [
        ['margherita', 1],
        ['diavola', 1],
        ['cappuccino', 3],
      ],
    ],
  ];
  it.each(cases)('[%s] %s', (lang, message, expected) => {
    const r = ask(menu, lang, message);
    expect(r.actions).toEqual(
      expected.map(([productId, quantity]) => ({ type: 'add_to_cart', productId, variationIds: [], quantity })),
    );
    expect(r.intent).toBe('add_to_cart');
  });

  it('asks which one when a word names several dishes', () => {
    const r = ask(menu, 'en', "I'd like a pizza");
    expect(r.actions).toEqual([]);
    expect(r.products.sort()).toEqual(['diavola', 'margherita', 'ortolana']);
  });

  const choiceQuestions: [Language, string, string][] = [
    ['en', "I can't have dairy, what pizza can I get?", 'marinara'],
    ['en', 'which dessert can I have?', 'panna-cotta'],
    ['fr', 'quelle pizza je peux prendre sans lactose ?', 'marinara'],
    ['it', 'quale pizza posso prendere senza lattosio?', 'marinara'],
    ['de', 'welche Pizza kann ich ohne Laktose nehmen?', 'marinara'],
  ];
  it.each(choiceQuestions)('[%s] %s -> a list to choose from, nothing added', (lang, message, shown) => {
    const r = ask(luca, lang, message);
    expect(r.actions).toEqual([]);
    expect(r.products.map((id) => luca.products.find((x) => x.id === id)?.name)).toContain(product(luca, shown).name);
  });

  it('does not add a product without a price', () => {
    const r = ask(menu, 'en', 'I will have the house red wine');
    expect(r.actions).toEqual([]);
    expect(text(r)).toContain('Please ask our staff for the price.');
  });

  it('never adds a dish with what the guest asked to leave out, unless an option takes it out', () => {
    const r = ask(luca, 'en', 'can I have the carbonara without egg?');
    expect(r.actions).toEqual([]);
    expect(text(r)).toContain('Spaghetti carbonara lists eggs among its allergens.');
    const noPeanuts = product(baan, 'pad-thai').variations.find((v) => /no peanuts/i.test(v.name))!.id;
    for (const [lang, message] of [
      ['en', 'pad thai without peanuts please'],
      ['th', 'ขอผัดไทยไม่ใส่ถั่วลิสง'],
    ] as [Language, string][]) {
      expect(ask(baan, lang, message).actions).toEqual([
        { type: 'add_to_cart', productId: 'pad-thai', variationIds: [noPeanuts], quantity: 1 },
      ]);
    }
    // "ถั่ว" is nuts, peanuts and tree nuts: the "No peanuts" option leaves the tree nuts the dish lists.
    const nuts = ask(baan, 'th', 'ขอผัดไทยไม่ใส่ถั่ว');
    expect(nuts.actions).toEqual([]);
    expect(text(nuts)).toContain('ถั่วเปลือกแข็ง');
    expect(ask(luca, 'en', 'a vegan tiramisu please').actions).toEqual([]);
  });

  it('adds dishes of the demo venues by their guest-language names', () => {
    expect(ask(baan, 'th', 'ขอผัดไทย 2 จาน').actions).toEqual([
      { type: 'add_to_cart', productId: 'pad-thai', variationIds: [], quantity: 2 },
    ]);
    // The tofu is chosen; the spice level is still to choose, so it asks before adding.
    const curry = ask(baan, 'fr', 'un curry vert au tofu s’il vous plaît');
    expect(curry.actions).toEqual([]);
    expect(text(curry)).toContain('Quel choix pour « Spice level » de Green curry (Gaeng keow wan) ?');
    const answered = ask(baan, 'fr', 'moyen', [
      { role: 'user', text: 'un curry vert au tofu s’il vous plaît' },
      { role: 'assistant', text: text(curry), productIds: curry.products },
    ]);
    expect(answered.actions).toEqual([
      { type: 'add_to_cart', productId: 'green-curry', variationIds: ['tofu', 'medium'], quantity: 1 },
    ]);
    expect(ask(luca, 'de', 'einen Cappuccino mit Hafermilch').actions).toEqual([
      {
        type: 'add_to_cart',
        productId: 'cappuccino',
        variationIds: [product(luca, 'cappuccino').variations.find((v) => /oat/i.test(v.name))!.id],
        quantity: 1,
      },
    ]);
  });
});

describe('follow-ups lean on the last assistant message', () => {
  const shown: HistoryMessage[] = [
    { role: 'user', text: 'carbonara?' },
    { role: 'assistant', text: 'Spaghetti Carbonara — €13.00', productIds: ['carbonara'] },
  ];
  const cases: [Language, string][] = [
    ['en', "I'll take two"],
    ['fr', "j'en prends deux"],
    ['it', 'ne prendo due'],
    ['de', 'ich nehme zwei davon'],
    ['th', 'เอาสองจาน'],
  ];
  it.each(cases)('[%s] %s adds two of the dish shown', (lang, message) => {
    expect(ask(menu, lang, message, shown).actions).toEqual([
      { type: 'add_to_cart', productId: 'carbonara', variationIds: [], quantity: 2 },
    ]);
  });

  it('finds the dish by its name when the history has no product ids', () => {
    const r = ask(menu, 'en', "I'll take two", [
      { role: 'assistant', text: 'Here is what I found: Pad Thai with shrimp — €14.00' },
    ]);
    expect(r.actions).toEqual([{ type: 'add_to_cart', productId: 'padthai', variationIds: [], quantity: 2 }]);
  });

  it('answers "does it have nuts?" about the dish shown', () => {
    const r = ask(menu, 'en', 'does it have nuts?', [{ role: 'assistant', text: 'x', productIds: ['padthai'] }]);
    expect(r.intent).toBe('product_info');
    expect(text(r)).toContain('Pad Thai with shrimp lists peanuts among its allergens.');
    const r2 = ask(menu, 'de', 'sind da Nüsse drin?', [{ role: 'assistant', text: 'x', productIds: ['carbonara'] }]);
    expect(text(r2)).toContain('Spaghetti Carbonara führt Erdnüsse nicht unter seinen Allergenen.');
  });

  it('picks the second of several dishes shown', () => {
    const r = ask(menu, 'en', 'the second one please', [
      { role: 'assistant', text: 'x', productIds: ['margherita', 'diavola'] },
    ]);
    expect(r.actions).toEqual([{ type: 'add_to_cart', productId: 'diavola', variationIds: [], quantity: 1 }]);
  });
});

describe('cart questions and changes', () => {
  const cart: CartLine[] = [
    { productId: 'espresso', variationIds: ['double'], quantity: 2 },
    { productId: 'tiramisu', variationIds: [], quantity: 1 },
  ];
  const totals: [Language, string][] = [
    ['en', "what's in my cart?"],
    ['fr', 'ça fait combien en tout ?'],
    ['it', 'quanto è il totale?'],
    ['de', 'was kostet das insgesamt?'],
    ['th', 'ทั้งหมดเท่าไหร่'],
  ];
  it.each(totals)('[%s] %s -> lines and total from menu prices', (lang, message) => {
    const r = ask(menu, lang, message, [], cart);
    expect(r.intent).toBe('view_cart');
    // (2.50 + 1.00) x 2 + 7.00 = 14.00
    expect(text(r)).toContain(EUR_14[lang]);
    expect(text(r)).toContain('2 × Espresso (Double)');
  });

  it('removes and changes quantities on the given lines', () => {
    expect(ask(menu, 'en', 'remove the tiramisu', [], cart).actions).toEqual([
      { type: 'remove_from_cart', productId: 'tiramisu', variationIds: [], quantity: 1 },
    ]);
    expect(ask(menu, 'fr', 'enlève un espresso', [], cart).actions).toEqual([
      { type: 'remove_from_cart', productId: 'espresso', variationIds: ['double'], quantity: 1 },
    ]);
    expect(ask(menu, 'en', 'make it 3 espressos', [], cart).actions).toEqual([
      { type: 'add_to_cart', productId: 'espresso', variationIds: ['double'], quantity: 1 },
    ]);
    expect(ask(menu, 'de', 'nur ein Espresso', [], cart).actions).toEqual([
      { type: 'remove_from_cart', productId: 'espresso', variationIds: ['double'], quantity: 1 },
    ]);
    expect(ask(menu, 'it', 'svuota il carrello', [], cart).actions).toHaveLength(2);
    const missing = ask(menu, 'en', 'remove the burrata', [], cart);
    expect(missing.actions).toEqual([]);
    expect(text(missing)).toContain('Product not found in the cart.');
  });

  const ready: [Language, string][] = [
    ['en', "I'm ready to order"],
    ['fr', 'je suis prêt à commander'],
    ['it', 'sono pronto per ordinare'],
    ['de', 'wir möchten jetzt bestellen'],
    ['th', 'พร้อมสั่งแล้ว'],
  ];
  it.each(ready)('[%s] %s -> open_cart', (lang, message) => {
    expect(ask(menu, lang, message, [], cart).actions).toEqual([{ type: 'open_cart' }]);
    expect(ask(menu, lang, message, [], []).actions).toEqual([]);
  });
});

describe('product questions', () => {
  it('answers price, contents and labels from the menu data', () => {
    expect(text(ask(menu, 'en', 'how much is the burrata?'))).toContain('Burrata costs €11.50.');
    expect(text(ask(menu, 'it', 'cosa c’è nella carbonara?'))).toContain(
      'Egg yolk, guanciale, pecorino and black pepper',
    );
    expect(text(ask(menu, 'fr', 'le tiramisu est-il végan ?'))).toContain("Tiramisù n'est pas indiqué végan.");
    expect(text(ask(menu, 'en', 'what does the house red wine cost?'))).toContain('no price on the menu');
  });

  it('states listed allergens with a reminder to confirm with staff', () => {
    const r = ask(menu, 'en', 'does the carbonara contain egg?');
    expect(text(r)).toContain('Spaghetti Carbonara lists eggs among its allergens.');
    expect(text(r)).toContain('Allergens listed: gluten, eggs, milk.');
    expect(r.blocks.at(-1)).toEqual({ type: 'note', text: expect.stringContaining('confirm with our staff') });
  });

  it('cheapest and most expensive come from the menu prices', () => {
    expect(ask(menu, 'en', 'cheapest dessert').products[0]).toBe('sorbet');
    expect(ask(menu, 'de', 'teuerste Pizza').products[0]).toBe('diavola');
    expect(ask(luca, 'it', 'qual è il primo più caro?').products[0]).toBe('spaghetti-vongole');
  });
});

describe('fallback', () => {
  it.each(Object.entries(FALLBACK) as [Language, string][])(
    '[%s] says the spec sentence when nothing matches',
    (lang, sentence) => {
      const r = ask(menu, lang, 'xqzt vbnm');
      expect(r.intent).toBe('fallback');
      expect(r.products).toEqual([]);
      expect(r.actions).toEqual([]);
      expect(text(r)).toContain(sentence);
    },
  );

  it('does not invent a dish the menu does not have', () => {
    const r = ask(luca, 'en', 'do you have sushi?');
    expect(r.products).toEqual([]);
    expect(text(r)).toContain(FALLBACK.en);
  });
});

describe('text menus', () => {
  const textMenu: AssistantMenu = {
    venueName: 'Osteria',
    currency: 'eur',
    useTextMenu: true,
    textMenu: TEXT_MENU,
    products: [],
  };

  it('quotes matching lines and never acts on the cart', () => {
    const r = ask(textMenu, 'en', 'desserts?');
    expect(text(r)).toContain('DOLCI: Tiramisù della casa 7');
    expect(r.products).toEqual([]);
    const add = ask(textMenu, 'fr', 'deux tiramisus svp');
    expect(add.actions).toEqual([]);
    expect(text(add)).toContain('carte en texte');
  });

  it('answers the demo pub from its text menu', () => {
    expect(text(ask(anchor, 'en', 'how much is the fish and chips'))).toContain('16.50');
    const vegan = ask(anchor, 'de', 'was ist vegan?');
    expect(text(vegan)).toContain('Side salad (vg, gf)');
    expect(text(vegan)).not.toContain('Scotch egg');
  });
});

describe('rendering and the provider', () => {
  it('escapes every piece of text', () => {
    const html = renderReplyHtml({
      blocks: [
        { type: 'paragraph', text: '<script>alert(1)</script>' },
        { type: 'list', items: [[{ text: '<img src=x onerror=alert(1)>', strong: true }, { text: ' & "q"' }]] },
        { type: 'note', text: "it's" },
      ],
    });
    expect(html).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p><ul><li><strong>&lt;img src=x onerror=alert(1)&gt;</strong> &amp; &quot;q&quot;</li></ul><p class="note">it&#39;s</p>',
    );
  });

  it('escapes a menu name that holds markup', () => {
    const evil: AssistantMenu = {
      ...menu,
      products: [{ ...menu.products[0]!, name: '<b onmouseover=x>Bruschetta</b>' }],
    };
    const html = renderReplyHtml(ask(evil, 'en', 'bruschetta'));
    expect(html).not.toContain('<b ');
    expect(html).toContain('&lt;b onmouseover=x&gt;');
  });

  it('createOfflineAssistant answers through the provider interface', async () => {
    const r = await createOfflineAssistant().reply({ menu, language: 'en', message: 'hello', history: [], cart: [] });
    expect(r.intent).toBe('greeting');
  });

  it('reuses the index of a menu rebuilt with the same content', () => {
    expect(menuIndex(fixtureMenu())).toBe(menuIndex(fixtureMenu()));
  });
});

describe('cart questions without the word "cart"', () => {
  const cart: CartLine[] = [
    { productId: 'espresso', variationIds: ['double'], quantity: 2 },
    { productId: 'tiramisu', variationIds: [], quantity: 1 },
  ];
  const phrasings: [Language, string][] = [
    ['en', 'how much is it so far?'],
    ['en', "what's our total"],
    ['en', 'what have we ordered'],
    ['en', 'what did I order'],
    ['en', 'how much do we owe you now?'],
    ['en', "what's in our order so far?"],
    ['fr', "qu'est-ce que j'ai commandé ?"],
    ['fr', 'ça fait combien en tout ?'],
    ['fr', "qu'est-ce qu'on a pris déjà ?"],
    ['fr', "ça nous fait combien pour l'instant ?"],
    ['it', 'quanto viene in tutto?'],
    ['it', 'cosa ho ordinato?'],
    ['it', 'cosa abbiamo preso finora?'],
    ['it', 'cosa c’è nel nostro ordine?'],
    ['de', 'Was habe ich schon bestellt?'],
    ['de', 'Was macht das zusammen?'],
    ['de', 'was haben wir bisher?'],
    ['de', 'wie viel kostet das bis jetzt?'],
    ['th', 'ทั้งหมดเท่าไหร่'],
    ['th', 'สั่งอะไรไปแล้วบ้าง'],
    ['th', 'ตอนนี้ยอดเท่าไหร่คะ'],
    ['th', 'เราสั่งอะไรไปบ้างครับ'],
    ['de', 'Können Sie mir sagen, was wir bisher haben?'],
    ['th', 'เช็คบิลครับพี่'],
  ];
  it.each(phrasings)('[%s] %s -> the cart lines and total', (lang, message) => {
    const r = ask(menu, lang, message, [], cart);
    expect(r.intent).toBe('view_cart');
    expect(text(r)).toContain(EUR_14[lang]);
    expect(text(r)).not.toContain(FALLBACK[lang]);
  });
  it.each(phrasings.filter((_, i) => i % 3 === 0))(
    '[%s] %s with an empty cart -> says it is empty',
    (lang, message) => {
      const r = ask(menu, lang, message);
      expect(r.intent).toBe('view_cart');
      expect(r.products).toEqual([]);
      expect(text(r)).not.toContain(FALLBACK[lang]);
    },
  );

  it('a dish named or shown keeps its own price question', () => {
    expect(ask(menu, 'en', 'how much is the tiramisu?', [], cart).intent).toBe('product_info');
    expect(ask(menu, 'de', 'was kostet die Carbonara?', [], cart).intent).toBe('product_info');
    expect(ask(menu, 'de', 'hallo zusammen').intent).toBe('greeting');
    expect(ask(menu, 'en', 'hi guys').intent).toBe('greeting');
    expect(ask(menu, 'en', 'hello hello my friend').intent).toBe('greeting');
    expect(ask(menu, 'it', 'ciao amici').intent).toBe('greeting');
  });
});

describe('a dish already ordered is not ordered again', () => {
  it.each([
    ['en', 'I already ordered a carbonara, can I add a tiramisu?'],
    ['fr', "j'ai déjà commandé une carbonara, ajoutez un tiramisu"],
    ['it', 'ho già ordinato una carbonara, aggiungi un tiramisù'],
    ['de', 'ich habe schon eine Carbonara bestellt, noch ein Tiramisu bitte'],
    ['th', 'สั่งคาโบนาร่าไปแล้ว ขอเพิ่มทีรามิสุค่ะ'],
  ] as [Language, string][])('[%s] %s -> only the new dish', (lang, message) => {
    expect(ask(menu, lang, message).actions).toEqual([
      { type: 'add_to_cart', productId: 'tiramisu', variationIds: [], quantity: 1 },
    ]);
  });
});

describe('checkout phrasings', () => {
  const cart: CartLine[] = [{ productId: 'tiramisu', variationIds: [], quantity: 2 }];
  const phrasings: [Language, string][] = [
    ['en', "ok that's everything, we'd like to order now"],
    ['en', "that's all for us"],
    ['en', "we're done, please send the order"],
    ['en', 'nothing else, thanks'],
    ['fr', "c'est tout, on peut commander"],
    ['fr', 'ce sera tout, merci'],
    ['fr', "rien d'autre, on peut passer commande"],
    ['it', 'è tutto, possiamo ordinare'],
    ['it', 'basta così, grazie'],
    ['it', "nient'altro, possiamo ordinare adesso"],
    ['de', 'das wäre alles'],
    ['de', "das war's, danke"],
    ['de', 'zahlen bitte'],
    ['de', 'sonst nichts, wir möchten jetzt bestellen'],
    ['th', 'สั่งเลย'],
    ['th', 'เท่านี้ค่ะ'],
    ['th', 'แค่นี้ก่อนครับ'],
    ['th', 'พอแล้วค่ะ'],
    ['fr', 'ça ira pour le moment, merci'],
    ['de', 'das reicht erstmal, danke'],
    ['en', "I think that's it, we're ready to order"],
  ];
  it.each(phrasings)('[%s] %s -> open the cart', (lang, message) => {
    const r = ask(menu, lang, message, [], cart);
    expect(r.actions).toEqual([{ type: 'open_cart' }]);
    expect(text(r)).toContain(EUR_14[lang]);
  });
  it.each(phrasings)('[%s] %s with an empty cart -> no action, the cart is empty', (lang, message) => {
    const r = ask(menu, lang, message);
    expect(r.actions).toEqual([]);
    expect(r.intent).toBe('checkout');
    expect(text(r)).not.toContain(FALLBACK[lang]);
  });
});

describe('allergy and intolerance: only what fits, option dishes last and named', () => {
  const gluten: [Language, string][] = [
    ['fr', "je suis cœliaque, qu'est-ce que je peux manger ?"],
    ['en', "I'm coeliac, what can I eat?"],
    ['it', 'sono celiaco, cosa posso mangiare?'],
    ['de', 'Ich habe Zöliakie, was kann ich essen?'],
    ['de', 'ich vertrage kein Gluten'],
    ['th', 'แพ้กลูเตน มีอะไรกินได้บ้าง'],
    ['en', "I can't have gluten, which pasta dishes work?"],
    ['it', "ho un'intolleranza al glutine, che antipasti ci sono?"],
    ['th', 'แพ้แป้งสาลี กินอะไรได้บ้าง'],
  ];
  const lactose: [Language, string][] = [
    ['fr', 'intolérant au lactose'],
    ['it', 'sono intollerante al lattosio, cosa posso mangiare?'],
    ['de', 'ich bin laktoseintolerant'],
    ['en', 'lactose intolerant here, any desserts?'],
    ['th', 'แพ้นมวัว กินอะไรได้บ้าง'],
    ['de', 'Ich habe eine Laktoseintoleranz'],
    ['fr', 'je ne supporte pas le lactose, quels desserts ?'],
    ['en', 'allergic to milk, any desserts?'],
  ];
  const peanuts: [Language, string][] = [
    ['en', 'peanut allergy, what can I eat?'],
    ['fr', 'allergique aux arachides'],
    ['it', 'allergico alle arachidi'],
    ['de', 'Erdnussallergie, was kann ich essen?'],
    ['th', 'แพ้ถั่วลิสง กินอะไรได้บ้าง'],
    ['de', 'Erdnüsse vertrage ich nicht, welche Desserts?'],
    ['fr', "pas d'arachides pour moi, qu'est-ce que vous avez ?"],
    ['en', "can't eat peanuts, what do you suggest?"],
  ];
  const check = (m: AssistantMenu, lang: Language, message: string, tag: string) => {
    const r = ask(m, lang, message);
    expect(r.products.length).toBeGreaterThan(0);
    let optionSeen = false;
    for (const id of r.products) {
      const p = product(m, id);
      const lists = p.allergenes.includes(tag) || (tag === 'nuts' && p.allergenes.includes('tree nuts'));
      const option = p.variations.find((v) => new RegExp(`${tag}-free`, 'i').test(v.name));
      if (lists) {
        // Listed only with its "-free" option, after every dish naturally free of it, the option named.
        expect(option, `${p.name} lists ${tag}`).toBeDefined();
        expect(text(r)).toContain(option!.name);
        optionSeen = true;
      } else expect(optionSeen, `${p.name} comes after an option dish`).toBe(false);
    }
  };
  it.each(gluten)('[%s] %s -> no dish listing gluten unless its option is named', (lang, message) => {
    for (const m of [menu, luca, baan]) check(m, lang, message, 'gluten');
  });
  it.each(lactose)('[%s] %s -> no dish listing dairy', (lang, message) => {
    for (const m of [menu, luca, baan]) check(m, lang, message, 'dairy');
  });
  it.each(peanuts)('[%s] %s -> no dish listing nuts', (lang, message) => {
    for (const m of [menu, luca, baan]) check(m, lang, message, 'nuts');
  });
  it('says to choose the gluten-free option in the guest language', () => {
    const r = ask(menu, 'fr', 'des pizzas sans gluten ?');
    expect(r.products).toContain('margherita');
    expect(text(r)).toContain("Seulement avec l'option « Gluten-free base »");
  });
});

describe('search generalisation: category words in any language, singular or plural', () => {
  const ids = (m: AssistantMenu, category: string) =>
    m.products.filter((p) => p.categories.some((c) => c.id === category)).map((p) => p.id);
  const cases: [Language, 'luca' | 'baan', string, string][] = [
    ['it', 'luca', 'che vini avete?', 'vini'],
    ['fr', 'luca', 'quels vins proposez-vous ?', 'vini'],
    ['de', 'luca', 'welche Weine gibt es?', 'vini'],
    ['th', 'luca', 'มีไวน์อะไรบ้าง', 'vini'],
    ['en', 'luca', 'which wines have you got?', 'vini'],
    ['it', 'baan', 'che birre avete?', 'drinks'],
    ['de', 'baan', 'habt ihr Biere?', 'drinks'],
    ['fr', 'baan', 'vous avez des bières ?', 'drinks'],
    ['en', 'baan', 'what soups do you have', 'soups'],
    ['it', 'baan', 'avete zuppe?', 'soups'],
    ['de', 'baan', 'welche Suppen gibt es?', 'soups'],
    ['th', 'baan', 'มีแกงอะไรบ้าง', 'curries'],
    ['fr', 'baan', 'quels currys avez-vous ?', 'curries'],
    ['en', 'baan', 'what salads are there', 'salads'],
    ['de', 'baan', 'welche Salate habt ihr?', 'salads'],
    ['it', 'luca', 'che dolci avete?', 'dolci'],
    ['de', 'luca', 'welche Nachspeisen gibt es?', 'dolci'],
    ['fr', 'luca', 'quelles entrées avez-vous ?', 'antipasti'],
    ['th', 'luca', 'มีพิซซ่าอะไรบ้าง', 'pizze'],
    ['de', 'luca', 'welche Pizzen habt ihr?', 'pizze'],
    ['fr', 'luca', 'quels cafés avez-vous ?', 'caffe'],
  ];
  it.each(cases)('[%s] %s: %s -> the dishes of that section', (lang, venue, message, category) => {
    const m = venue === 'luca' ? luca : baan;
    const r = ask(m, lang, message);
    const want = ids(m, category);
    // Only one beer on Baan Suan: its card; otherwise every dish of the section, and only those.
    if (category === 'drinks') expect(r.products).toEqual(['singha']);
    else {
      for (const id of want) expect(r.products).toContain(id);
      for (const id of r.products) expect(want).toContain(id);
    }
    expect(text(r)).not.toContain(FALLBACK[lang]);
  });

  const drinks: [Language, string][] = [
    ['en', 'what drinks do you have'],
    ['fr', "qu'avez-vous comme boissons ?"],
    ['it', 'che bevande avete?'],
    ['de', 'welche Getränke habt ihr?'],
    ['th', 'มีเครื่องดื่มอะไรบ้าง'],
  ];
  it.each(drinks)('[%s] %s -> wine, coffee and soft drinks sections all count as drinks', (lang, message) => {
    const r = ask(luca, lang, message);
    const sections = new Set(r.products.flatMap((id) => product(luca, id).categories.map((c) => c.id)));
    expect(sections.has('vini') && sections.has('bibite') && sections.has('caffe')).toBe(true);
    for (const id of r.products)
      expect(product(luca, id).categories.some((c) => ['vini', 'bibite', 'caffe'].includes(c.id))).toBe(true);
  });
});

describe('search generalisation: an ingredient also in one dish name searches every dish', () => {
  const prawnDishes = ['prawns-in-blanket', 'garlic-pepper-prawns', 'tom-yum-goong', 'pad-thai', 'green-curry'];
  const cases: [Language, string][] = [
    ['en', 'which prawn dishes do you have?'],
    ['en', 'do you have shrimp?'],
    ['en', 'anything with prawns?'],
    ['fr', 'avez-vous des crevettes ?'],
    ['fr', 'quels plats avec des crevettes ?'],
    ['it', 'avete gamberi?'],
    ['it', 'quali piatti con gamberi avete?'],
    ['de', 'welche Gerichte mit Garnelen gibt es?'],
    ['de', 'habt ihr Garnelen?'],
    ['th', 'มีกุ้งอะไรบ้าง'],
    ['th', 'มีเมนูกุ้งไหม'],
  ];
  it.each(cases)('[%s] %s -> every prawn dish, named ones first, no fish-only dish', (lang, message) => {
    const r = ask(baan, lang, message);
    for (const id of prawnDishes.slice(0, 3)) expect(r.products).toContain(id);
    expect(r.products.length).toBeGreaterThanOrEqual(5);
    expect(r.products.slice(0, 2).sort()).toEqual(['garlic-pepper-prawns', 'prawns-in-blanket']);
    expect(r.products).not.toContain('fish-cakes');
    expect(r.products).not.toContain('steamed-sea-bass');
  });
  it('naming one dish still answers about it', () => {
    expect(ask(baan, 'en', 'what is in the goong sarong?').products).toEqual(['prawns-in-blanket']);
    expect(ask(baan, 'en', 'is there any egg in the green curry').products).toEqual(['green-curry']);
  });
});

describe('search generalisation: a diet or allergen filter applies to the category asked for', () => {
  const glutenPasta: [Language, string][] = [
    ['en', 'any gluten free pasta dishes?'],
    ['en', 'do you have gluten-free pasta'],
    ['fr', 'des pâtes sans gluten ?'],
    ['it', 'avete pasta senza glutine?'],
    ['de', 'habt ihr glutenfreie Pasta?'],
    ['th', 'มีพาสต้าที่ไม่มีกลูเตนไหม'],
  ];
  it.each(glutenPasta)('[%s] %s -> says none as listed, offers risotto then pastas with the option', (lang, m) => {
    const r = ask(luca, lang, m);
    expect(r.products).not.toContain('pasta-e-fagioli');
    expect(r.products[0]).toBe('risotto-porcini');
    expect(r.products).toContain('carbonara');
    expect(r.products).toContain('spaghetti-vongole');
    expect(text(r)).toContain('Gluten-free spaghetti');
    expect(text(r)).toContain(
      {
        en: 'nothing on the menu matches',
        fr: 'rien sur la carte ne correspond',
        it: "nel menu non c'è nulla",
        de: 'passt nichts auf der Karte',
        th: 'ไม่มีเมนูที่ตรงกับ',
      }[lang],
    );
  });

  const filtered: [Language, 'luca' | 'baan', string, string[]][] = [
    ['en', 'luca', 'vegetarian pizzas', ['margherita', 'marinara', 'quattro-formaggi', 'ortolana']],
    ['fr', 'luca', 'des pizzas végétariennes ?', ['margherita', 'marinara', 'quattro-formaggi', 'ortolana']],
    ['de', 'luca', 'vegetarische Pizzen', ['margherita', 'marinara', 'quattro-formaggi', 'ortolana']],
    ['th', 'luca', 'พิซซ่ามังสวิรัติมีไหม', ['margherita', 'marinara', 'quattro-formaggi', 'ortolana']],
    ['fr', 'luca', 'des desserts sans lactose', ['lemon-sorbet']],
    ['it', 'luca', 'dolci senza lattosio?', ['lemon-sorbet']],
    ['de', 'baan', 'vegane Currys', ['jungle-curry']],
    ['en', 'baan', 'vegan curries', ['jungle-curry']],
    ['th', 'baan', 'แกงมังสวิรัติ', ['jungle-curry']],
    ['th', 'baan', 'ของหวานที่ไม่มีนม', ['mango-sticky-rice', 'coconut-ice-cream', 'bua-loy', 'sangkaya']],
    ['en', 'baan', 'nut free desserts', ['mango-sticky-rice', 'bua-loy', 'sangkaya']],
    ['en', 'luca', 'vegan pasta', ['pasta-e-fagioli']],
    // Coconut milk is not milk; a German compound names the dish type.
    ['th', 'baan', 'ขนมหวานที่ไม่ใส่นมมีอะไรบ้าง', ['mango-sticky-rice', 'coconut-ice-cream', 'bua-loy', 'sangkaya']],
    ['en', 'baan', 'desserts without milk', ['mango-sticky-rice', 'coconut-ice-cream', 'bua-loy', 'sangkaya']],
    [
      'de',
      'baan',
      'welche Nudelgerichte sind glutenfrei?',
      ['pad-thai', 'yum-woon-sen', 'pineapple-fried-rice', 'jasmine-rice'],
    ],
  ];
  it.each(filtered)('[%s] %s: %s -> exactly the matching dishes of the category', (lang, venue, message, want) => {
    const r = ask(venue === 'luca' ? luca : baan, lang, message);
    expect([...r.products].sort()).toEqual([...want].sort());
  });

  it('a gluten-free pizza is one with the gluten-free base, not a near miss', () => {
    const r = ask(luca, 'en', 'gluten free pizza?');
    expect(r.products).toContain('margherita');
    expect(text(r)).toContain('Here is what I found');
    expect(text(r)).toContain('Gluten-free base');
  });
  it('a question about the one risotto stays a question about it', () => {
    expect(ask(luca, 'en', 'is the risotto gluten free?').products).toEqual(['risotto-porcini']);
  });
});

describe('option groups: sizes, doneness, spice levels', () => {
  /** A conversation: each message answered with the history of the ones before, as the client sends it. */
  function chat(m: AssistantMenu, lang: Language, messages: string[], cart: CartLine[] = []) {
    const history: HistoryMessage[] = [];
    const replies: ReturnType<typeof ask>[] = [];
    for (const message of messages) {
      const r = ask(m, lang, message, [...history], cart);
      replies.push(r);
      history.push({ role: 'user', text: message }, { role: 'assistant', text: text(r), productIds: r.products });
    }
    return replies;
  }

  it.each([
    [luca, 'en', 'a large margherita', 'margherita', ['large']],
    [luca, 'en', '2 small diavola please', 'diavola', ['small']],
    [luca, 'fr', 'une margherita large s’il vous plaît', 'margherita', ['large']],
    [luca, 'it', 'una margherita piccola per favore', 'margherita', ['small']],
    [luca, 'de', 'eine kleine Margherita bitte', 'margherita', ['small']],
    [luca, 'en', 'medium rare tagliata please', 'tagliata', ['medium-rare']],
    [luca, 'en', 'a tagliata well done please', 'tagliata', ['well-done']],
    [luca, 'en', 'a large margherita with anchovies and olives', 'margherita', ['large', 'anchovies', 'olives']],
    [baan, 'en', 'a green curry with tofu, mild please', 'green-curry', ['tofu', 'mild']],
  ] as [AssistantMenu, Language, string, string, string[]][])(
    '[%#] %s / %s: the options named, one per one-choice group',
    (m, lang, message, productId, variationIds) => {
      const r = ask(m, lang, message);
      expect(r.actions).toHaveLength(1);
      expect(r.actions[0]).toMatchObject({ type: 'add_to_cart', productId });
      expect([...(r.actions[0] as { variationIds: string[] }).variationIds].sort()).toEqual([...variationIds].sort());
    },
  );

  it.each([
    [
      'en',
      'a margherita please',
      'Which “Size” would you like for Pizza Margherita? Please choose exactly 1:',
      'large',
    ],
    [
      'fr',
      'une margherita s’il vous plaît',
      'Quel choix pour « Size » de Pizza Margherita ? Choisissez-en exactement 1 :',
      'large',
    ],
    [
      'it',
      'una margherita per favore',
      'Quale scelta per «Size» di Pizza Margherita? Scegline esattamente 1:',
      'large',
    ],
    [
      'de',
      'eine Margherita bitte',
      'Welche Auswahl bei „Size“ für Pizza Margherita? Bitte wählen Sie genau 1:',
      'large',
    ],
    ['th', 'ขอพิซซ่ามาร์เกอริต้า 1 ที่', 'ต้องการ "Size" แบบไหนสำหรับPizza Margherita กรุณาเลือก 1 อย่าง:', 'large'],
  ] as [Language, string, string, string][])(
    '[%s] a required group left open is asked, with prices, then the answer adds',
    (lang, message, question, answer) => {
      const [asked, added] = chat(luca, lang, [message, answer]);
      expect(asked!.actions).toEqual([]);
      expect(asked!.products).toEqual(['margherita']);
      expect(text(asked!)).toContain(question);
      // Each option with its price difference in the guest's language.
      expect(text(asked!)).toContain(lang === 'en' || lang === 'th' ? 'Small (-€1.50)' : 'Small (-1,50 €)');
      expect(text(asked!)).toContain(lang === 'en' || lang === 'th' ? 'Large (+€3.50)' : 'Large (+3,50 €)');
      expect(added!.actions).toEqual([
        { type: 'add_to_cart', productId: 'margherita', variationIds: ['large'], quantity: 1 },
      ]);
    },
  );

  it('keeps the quantity and the options already named while it asks, and asks each open group', () => {
    const [asked, half, done] = chat(baan, 'en', ['2 green curries with prawns please', 'hmm, medium', 'thanks']);
    expect(asked!.actions).toEqual([]);
    expect(text(asked!)).toContain('Which “Spice level” would you like for Green curry (Gaeng keow wan)?');
    expect(text(asked!)).not.toContain('“Protein”');
    expect(half!.actions).toEqual([
      { type: 'add_to_cart', productId: 'green-curry', variationIds: ['prawns', 'medium'], quantity: 2 },
    ]);
    expect(done!.actions).toEqual([]);
    const [both, protein, spice] = chat(baan, 'en', ['a green curry please', 'tofu', 'thai hot']);
    expect(text(both!)).toContain('“Protein”');
    expect(text(both!)).toContain('Tofu (-฿20.00)');
    expect(text(both!)).toContain('“Spice level”');
    expect(protein!.actions).toEqual([]);
    expect(text(protein!)).toContain('“Spice level”');
    expect(spice!.actions).toEqual([
      { type: 'add_to_cart', productId: 'green-curry', variationIds: ['tofu', 'thai-hot'], quantity: 1 },
    ]);
  });

  it('a dish ordered twice, one with its size: the sized one is added, the other asked, then added', () => {
    const [first, second] = chat(luca, 'en', ['two margheritas, one of them large', 'small']);
    expect(first!.actions).toEqual([
      { type: 'add_to_cart', productId: 'margherita', variationIds: ['large'], quantity: 1 },
    ]);
    expect(text(first!)).toContain('Which “Size” would you like for Pizza Margherita?');
    expect(second!.actions).toEqual([
      { type: 'add_to_cart', productId: 'margherita', variationIds: ['small'], quantity: 1 },
    ]);
  });

  it('product answers list the options group by group, with the rule and the price differences', () => {
    expect(text(ask(luca, 'en', 'tell me about the margherita'))).toContain(
      'Options: Size (exactly 1): Small (-€1.50), Regular (+€0.00), Large (+€3.50); Extra toppings (up to 3): Extra mozzarella (+€1.50)',
    );
    expect(text(ask(luca, 'fr', 'combien coûte la tagliata ?'))).toContain(
      'Options : Doneness (exactement 1) : Rare (+0,00 €), Medium rare (+0,00 €)',
    );
  });

  it('an answer that names no option is not taken as one; another dish is a new order', () => {
    const [, other] = chat(luca, 'en', ['a margherita please', 'a tiramisu please']);
    expect(other!.actions).toEqual([{ type: 'add_to_cart', productId: 'tiramisu', variationIds: [], quantity: 1 }]);
    const [, question] = chat(luca, 'en', ['a margherita please', 'what is in it?']);
    expect(question!.actions).toEqual([]);
  });

  it('never adds two options of a one-choice group: the first named is kept and the guest is told', () => {
    const r = ask(luca, 'en', 'a small large margherita please');
    expect(r.actions).toEqual([{ type: 'add_to_cart', productId: 'margherita', variationIds: ['small'], quantity: 1 }]);
    expect(text(r)).toContain('Only one “Size” can be chosen for Pizza Margherita: I took “Small”.');
    const steak = ask(luca, 'en', 'a tagliata rare and well done');
    expect((steak.actions[0] as { variationIds: string[] }).variationIds).toHaveLength(1);
  });

  it('the helper catches what the engine must never emit', () => {
    const margherita = { type: 'add_to_cart' as const, productId: 'margherita', quantity: 1 };
    expect(actionProblems(luca, [{ ...margherita, variationIds: [] }])).toEqual([
      'margherita: Size: choose exactly 1 (0 chosen)',
    ]);
    expect(actionProblems(luca, [{ ...margherita, variationIds: ['small', 'large'] }])).toEqual([
      'margherita: Size: choose exactly 1 (2 chosen)',
    ]);
    expect(actionProblems(luca, [{ ...margherita, variationIds: ['large', 'large'] }])).toEqual([
      'margherita: variation large is chosen more than once',
    ]);
    expect(
      actionProblems(luca, [
        { ...margherita, variationIds: ['large', 'anchovies', 'olives', 'nduja', 'extra-mozzarella'] },
      ]),
    ).toEqual(['margherita: Extra toppings: choose up to 3 (4 chosen)']);
  });

  it.each([
    ['en', 'does the margherita contain fish?', 'Pizza Margherita contains fish only with “Anchovies”.'],
    ['fr', 'la margherita contient du poisson ?', 'Pizza Margherita contient poisson seulement avec « Anchovies ».'],
    ['it', 'la margherita contiene pesce?', 'Pizza Margherita contiene pesce solo con «Anchovies».'],
    ['de', 'enthält die Margherita Fisch?', 'Pizza Margherita enthält Fisch nur mit „Anchovies“.'],
  ] as [Language, string, string][])('[%s] option allergens count in allergen answers', (lang, message, expected) => {
    const r = ask(luca, lang, message);
    expect(text(r)).toContain(expected);
    expect(text(r)).not.toMatch(/lists fish|indique poisson|indica pesce|führt Fisch/);
  });

  it('option labels count in diet answers, both ways', () => {
    expect(text(ask(baan, 'en', 'is the pad see ew vegetarian?'))).toContain(
      'Pad see ew is vegetarian only with “Tofu”.',
    );
    expect(text(ask(luca, 'en', 'is the margherita vegetarian?'))).toContain(
      'Pizza Margherita is labelled vegetarian, except with “Anchovies”.',
    );
  });

  it('an option that brings what the guest leaves out is not added', () => {
    const r = ask(luca, 'en', 'a large margherita with anchovies, no fish please');
    expect(r.actions).toEqual([]);
    expect(text(r)).toContain('Pizza Margherita contains fish only with “Anchovies”.');
  });
});
