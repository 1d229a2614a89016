import { describe, expect, it } from 'vitest';
import { parseTextMenu, type TextMenuBlock } from './parse-text-menu.ts';

const dish = (
  name: string,
  price: string,
  extra: Partial<{ note: string; description: string[]; nested: boolean }> = {},
) => ({
  name,
  price,
  note: extra.note ?? null,
  description: extra.description ?? [],
  nested: extra.nested ?? false,
});

describe('parseTextMenu', () => {
  it.each<[string, string, TextMenuBlock[]]>([
    ['an empty text', '  \n\n ', []],
    ['a capitalised heading', 'STARTERS', [{ kind: 'heading', text: 'STARTERS' }]],
    ['a markdown heading', '## Antipasti', [{ kind: 'heading', text: 'Antipasti' }]],
    ['a heading with a colon', 'Desserts:', [{ kind: 'heading', text: 'Desserts' }]],
    [
      'a dish with a dash and pounds',
      'Scotch egg - £7.00',
      [{ kind: 'dishes', dishes: [dish('Scotch egg', '£7.00')] }],
    ],
    [
      'a dish in euros after the amount',
      'Tiramisù – 6,50 €',
      [{ kind: 'dishes', dishes: [dish('Tiramisù', '6,50 €')] }],
    ],
    ['a dish in baht', 'Pad thai - 180 บาท', [{ kind: 'dishes', dishes: [dish('Pad thai', '180 บาท')] }]],
    [
      'two prices',
      'Guinness 4.2% - £6.00 / £3.20',
      [{ kind: 'dishes', dishes: [dish('Guinness 4.2%', '£6.00 / £3.20')] }],
    ],
    [
      'a price "from"',
      'Single malt whisky - from £5.50',
      [{ kind: 'dishes', dishes: [dish('Single malt whisky', 'from £5.50')] }],
    ],
    ['dot leaders and a bare number', 'Margherita ..... 9', [{ kind: 'dishes', dishes: [dish('Margherita', '9')] }]],
    [
      'a note after the price',
      'Cheesy chips (v) - £5.00   Contains: dairy.',
      [{ kind: 'dishes', dishes: [dish('Cheesy chips (v)', '£5.00', { note: 'Contains: dairy.' })] }],
    ],
    [
      'an indented description',
      'Soup (v) - £6.50\n  With bread.\n  Contains: gluten.',
      [{ kind: 'dishes', dishes: [dish('Soup (v)', '£6.50', { description: ['With bread.', 'Contains: gluten.'] })] }],
    ],
    [
      'a group of indented dishes, then a note',
      'Wine (glass / bottle)\n  House red - £6.50 / £24.00\n  Rosé - £7.50 / £29.00\nService is not included.',
      [
        { kind: 'group', text: 'Wine (glass / bottle)' },
        {
          kind: 'dishes',
          dishes: [
            dish('House red', '£6.50 / £24.00', { nested: true }),
            dish('Rosé', '£7.50 / £29.00', { nested: true }),
          ],
        },
        { kind: 'paragraph', text: 'Service is not included.' },
      ],
    ],
    [
      'a dash that is not a price',
      'Wine - contains sulphites',
      [{ kind: 'paragraph', text: 'Wine - contains sulphites' }],
    ],
    ['hours are not a price', 'Served 12:00-21:30 daily.', [{ kind: 'paragraph', text: 'Served 12:00-21:30 daily.' }]],
    [
      'a number without decimals is no price after a dash',
      'Table - 4 people',
      [{ kind: 'paragraph', text: 'Table - 4 people' }],
    ],
    ['Thai text is a paragraph, not a heading', 'อาหารจานหลัก', [{ kind: 'paragraph', text: 'อาหารจานหลัก' }]],
  ])('%s', (_name, text, blocks) => {
    expect(parseTextMenu(text)).toEqual(blocks);
  });

  it('keeps consecutive dishes in one list and starts a new one after a heading', () => {
    const blocks = parseTextMenu('MAINS\nPie - £17.00\nBurger - £16.00\n\nSIDES\nChips - £4.00');
    expect(blocks.map((b) => (b.kind === 'dishes' ? b.dishes.length : b.kind))).toEqual(['heading', 2, 'heading', 1]);
  });
});
