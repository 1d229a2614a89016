import { describe, expect, it } from 'vitest';
import { replyOfflineGuarded } from '../index.ts';
import { expectValidActions } from '../test-support/valid-actions.ts';
import type { AssistantInput, AssistantMenu, AssistantReply, AssistantTable, Language, MenuProduct } from '../types.ts';
import { answerFromTable, readTableMessage } from './answer.ts';

const drinks = { id: 'cat-drinks', name: 'Drinks' };
const mains = { id: 'cat-mains', name: 'Mains' };
const product = (over: Partial<MenuProduct> & Pick<MenuProduct, 'id' | 'name'>): MenuProduct => ({
  description: '',
  priceMinor: 500,
  recommended: false,
  status: 'available',
  preferences: [],
  allergenes: [],
  categories: [mains],
  variations: [],
  ...over,
});
const menu: AssistantMenu = {
  venueName: 'Baan Suan',
  currency: 'eur',
  useTextMenu: false,
  textMenu: null,
  products: [
    product({ id: 'beer', name: 'Craft beer', priceMinor: 600, categories: [drinks], allergenes: ['gluten'] }),
    product({
      id: 'wine',
      name: 'House wine',
      priceMinor: 700,
      categories: [drinks],
      allergenes: ['sulphites'],
      variations: [
        { id: 'glass', name: 'Glass', priceVariationMinor: 0, allergenes: [], preferences: [] },
        { id: 'bottle', name: 'Bottle', priceVariationMinor: 1800, allergenes: [], preferences: [] },
      ],
      variationGroups: [{ id: 'size', name: 'Size', min: 1, max: 1, variationIds: ['glass', 'bottle'] }],
    }),
    product({ id: 'lemonade', name: 'Lemonade', priceMinor: 400, categories: [drinks] }),
    product({ id: 'padthai', name: 'Pad thai', priceMinor: 1200, allergenes: ['peanuts', 'eggs'] }),
    product({ id: 'curry', name: 'Green curry', priceMinor: 1300, allergenes: ['milk'] }),
    product({ id: 'gone', name: 'Spring rolls', priceMinor: 500, status: 'unavailable' }),
    product({ id: 'catch', name: 'Catch of the day', priceMinor: 1800, allergenes: ['fish'] }),
  ],
};

const line = (
  productId: string,
  name: string,
  quantity: number,
  round: number,
  variations: [string, string][] = [],
) => ({
  productId,
  name,
  variationIds: variations.map(([id]) => id),
  variationNames: variations.map(([, n]) => n),
  quantity,
  totalMinor: 100 * quantity,
  round,
});

const twoRounds: AssistantTable = {
  spot: '5',
  me: 'Anna',
  guests: 3,
  ordered: [
    line('padthai', 'Pad thai', 2, 1),
    line('beer', 'Craft beer', 2, 1),
    line('spring', 'Spring rolls', 1, 1),
    line('curry', 'Green curry', 1, 2),
    line('wine', 'House wine', 2, 2, [['glass', 'Glass']]),
    line('lemonade', 'Lemonade', 1, 2),
  ],
  cart: [{ name: 'Lemonade', quantity: 1, addedBy: 'Guest 2' }],
  bill: { totalMinor: 10000, paidMinor: 0, heldMinor: 0, remainingMinor: 10000, myPaidMinor: 0, myHeldMinor: 0 },
};

const input = (
  message: string,
  language: Language = 'en',
  table: AssistantTable | null = twoRounds,
): AssistantInput => ({
  menu,
  language,
  message,
  history: [],
  cart: [],
  ...(table ? { table } : {}),
});
const texts = (r: AssistantReply) =>
  r.blocks
    .flatMap((b) => (b.type === 'list' ? b.items : b.type === 'paragraph' ? [b.text] : []))
    .map((t) => (typeof t === 'string' ? t : t.map((x) => x.text).join('')))
    .join('\n')
    .replace(/[\u00a0\u202f]/g, ' ');
const adds = (r: AssistantReply) =>
  r.actions.flatMap((a) =>
    a.type === 'add_to_cart'
      ? [`${a.quantity}x${a.productId}${a.variationIds.length ? `[${a.variationIds.join(',')}]` : ''}`]
      : [],
  );

describe('what the guest asks about the table, in five languages', () => {
  const rows: [string, ('ordered' | 'owe' | 'repeat' | 'drinks')[]][] = [
    ['what did we order?', ['ordered']],
    ['hey what have we ordered so far', ['ordered']],
    ["qu'avons-nous commandé ?", ['ordered']],
    ['cosa abbiamo ordinato?', ['ordered']],
    ['Was haben wir bestellt?', ['ordered']],
    ['เราสั่งอะไรไปบ้าง', ['ordered']],
    ['what do I owe?', ['owe']],
    ['how much is left to pay', ['owe']],
    ['combien je dois ?', ['owe']],
    ['quanto devo?', ['owe']],
    ['Was schulde ich?', ['owe']],
    ['ต้องจ่ายเท่าไหร่', ['owe']],
    ['one more round of the same drinks', ['drinks', 'repeat']],
    ['same again please', ['repeat']],
    ['encore une tournée, les mêmes boissons', ['drinks', 'repeat']],
    ['un altro giro delle stesse bevande', ['drinks', 'repeat']],
    ['noch eine Runde, die gleichen Getränke', ['drinks', 'repeat']],
    ['เครื่องดื่มเหมือนเดิมอีกรอบ', ['drinks', 'repeat']],
    // the menu's own questions are not about the table
    ['anything vegan?', []],
    ['add a pad thai', []],
    ['what is in the green curry?', []],
  ];
  for (const [message, topics] of rows) {
    it(`"${message}" -> ${topics.join(', ') || 'the menu rules'}`, () =>
      expect([...readTableMessage(message).topics].sort()).toEqual(topics));
  }
});

describe('what did we order', () => {
  it('lists each round, the bill so far and the shared cart not sent yet', () => {
    const r = answerFromTable(input('what did we order?'))!;
    expect(r.intent).toBe('table_ordered');
    expect(texts(r)).toBe(
      [
        'Here is what table 5 has ordered so far:',
        'Round 1',
        '2 × Pad thai',
        '2 × Craft beer',
        '1 × Spring rolls',
        'Round 2',
        '1 × Green curry',
        '2 × House wine (Glass)',
        '1 × Lemonade',
        'The bill so far: €100.00.',
        'In the table’s cart, not sent yet:',
        '1 × Lemonade · Guest 2',
      ].join('\n'),
    );
    expect(r.actions).toEqual([]);
    expect(r.products).toEqual([]);
  });
  it('answers in the language the guest writes in', () => {
    expect(texts(answerFromTable(input("qu'avons-nous commandé ?", 'en'))!)).toContain(
      'Voici ce que la table 5 a commandé',
    );
    expect(texts(answerFromTable(input('Was haben wir bestellt?', 'en'))!)).toContain('Runde 2');
    expect(texts(answerFromTable(input('เราสั่งอะไรไปบ้าง', 'th'))!)).toContain('รอบที่ 1');
  });
  it('says nothing has gone to the kitchen before the first round', () => {
    const empty = { ...twoRounds, ordered: [], cart: [], bill: null };
    expect(texts(answerFromTable(input('what did we order?', 'en', empty))!)).toBe(
      'Nothing has been sent to the kitchen for table 5 yet.',
    );
  });
});

describe('what do I owe', () => {
  it('gives the bill, and an equal split before anyone pays (parts add up to the total)', () => {
    const r = answerFromTable(input('what do I owe?'))!;
    expect(r.intent).toBe('table_bill');
    expect(texts(r)).toBe(
      [
        'The table’s bill is €100.00: €0.00 paid, €100.00 left to pay.',
        'Split equally between the 3 of you, that is €33.33 to €33.34 each.',
        'To pay your part, open the table’s bill: by the dishes you had, in equal shares, or an amount.',
      ].join('\n'),
    );
  });
  it('says what this guest paid and what remains once parts are paid', () => {
    const paying = {
      ...twoRounds,
      bill: {
        totalMinor: 10000,
        paidMinor: 4000,
        heldMinor: 2500,
        remainingMinor: 3500,
        myPaidMinor: 4000,
        myHeldMinor: 0,
      },
    };
    const t = texts(answerFromTable(input('Was schulde ich?', 'de', paying))!);
    expect(t).toContain('Die Rechnung des Tisches beträgt 100,00 €: 40,00 € bezahlt, 35,00 € noch offen.');
    expect(t).toContain('25,00 € wird gerade bezahlt.');
    expect(t).toContain('Du hast 40,00 € bezahlt.');
    expect(t).not.toContain('pro Person');
  });
  it('a paid bill is paid; no bill, nothing to pay', () => {
    const paid = {
      ...twoRounds,
      bill: { totalMinor: 10000, paidMinor: 10000, heldMinor: 0, remainingMinor: 0, myPaidMinor: 0, myHeldMinor: 0 },
    };
    expect(texts(answerFromTable(input('quanto devo?', 'it', paid))!)).toBe(
      'Il conto del tavolo (100,00 €) è pagato. Grazie!',
    );
    expect(texts(answerFromTable(input('ต้องจ่ายเท่าไหร่', 'th', { ...twoRounds, ordered: [], bill: null }))!)).toBe(
      'ยังไม่มีการสั่งอาหารที่โต๊ะ 5 จึงยังไม่มียอดที่ต้องจ่าย',
    );
  });
});

describe('the same again', () => {
  const rows: { message: string; language: Language; adds: string[] }[] = [
    // the last round that had drinks, its drinks only, options kept
    { message: 'one more round of the same drinks', language: 'en', adds: ['2xwine[glass]', '1xlemonade'] },
    { message: 'un altro giro delle stesse bevande', language: 'it', adds: ['2xwine[glass]', '1xlemonade'] },
    { message: 'เครื่องดื่มเหมือนเดิมอีกรอบ', language: 'th', adds: ['2xwine[glass]', '1xlemonade'] },
    // the whole last round
    { message: 'same again please', language: 'en', adds: ['1xcurry', '2xwine[glass]', '1xlemonade'] },
    { message: 'noch eine Runde bitte', language: 'de', adds: ['1xcurry', '2xwine[glass]', '1xlemonade'] },
    // a dish named: that dish as last ordered
    { message: 'another round of craft beer', language: 'en', adds: ['2xbeer'] },
  ];
  for (const row of rows) {
    it(`"${row.message}" adds ${row.adds.join(', ')}`, () => {
      const r = replyOfflineGuarded(input(row.message, row.language));
      expect(r.intent).toBe('table_repeat');
      expect(adds(r)).toEqual(row.adds);
      expectValidActions(menu, r);
    });
  }
  it('"the", "for", "please" name no dish: "Catch of the day" is not read as the one asked again', () => {
    const withCatch = { ...twoRounds, ordered: [...twoRounds.ordered, line('catch', 'Catch of the day', 1, 2)] };
    const r = replyOfflineGuarded(input('same again for the table please', 'en', withCatch));
    expect(adds(r)).toEqual(['1xcurry', '2xwine[glass]', '1xlemonade', '1xcatch']);
  });
  it('says which dishes left the menu and adds the rest', () => {
    const r = replyOfflineGuarded(input('another round of pad thai and spring rolls'));
    expect(adds(r)).toEqual(['2xpadthai']);
    expect(texts(r)).toContain('No longer on the menu: Spring rolls.');
  });
  it('never adds a drink with an allergen the guest stated: the gate refuses it with the reason', () => {
    const r = replyOfflineGuarded({
      ...input('another round of craft beer'),
      allergyProfile: { allergens: ['gluten'], diets: [] },
    });
    expect(adds(r)).toEqual([]);
    expect(texts(r)).toContain('I have not added Craft beer');
  });
  it('keeps to an allergy said earlier in the conversation', () => {
    const r = replyOfflineGuarded({
      ...input('same again please'),
      history: [{ role: 'user', text: 'I am allergic to sulphites' }],
    });
    expect(adds(r)).toEqual(['1xcurry', '1xlemonade']);
    expect(texts(r)).not.toContain('House wine (Glass)');
  });
  it('a table with no drinks yet, or no round yet, says so', () => {
    const food = { ...twoRounds, ordered: [line('padthai', 'Pad thai', 1, 1)] };
    expect(texts(replyOfflineGuarded(input('les mêmes boissons, encore une tournée', 'fr', food)))).toBe(
      'La table n’a encore commandé aucune boisson.',
    );
    expect(adds(replyOfflineGuarded(input('same again', 'en', { ...twoRounds, ordered: [] })))).toEqual([]);
  });
});

describe('without a table', () => {
  it('the table answers nothing and the menu rules answer', () => {
    expect(answerFromTable(input('what did we order?', 'en', null))).toBeNull();
    expect(replyOfflineGuarded(input('same again please', 'en', null)).intent).not.toBe('table_repeat');
  });
  it('a message about the menu at a table is for the menu rules', () => {
    expect(answerFromTable(input('anything vegan?'))).toBeNull();
  });
});
