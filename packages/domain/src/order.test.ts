import { describe, expect, it } from 'vitest';
import {
  canonicalOrderText,
  checkOrderSpot,
  orderTotalMinor,
  priceOrder,
  type MenuProduct,
} from './order.ts';
import { orderBodySchema, parseOrderRequest, type OrderItemRequest } from './contracts/orders.ts';

const base = {
  venueUrl: 'casa-verde',
  venueId: '6f1c1a52-5d0e-4a39-9b43-0d6c7a0b5a11',
  items: [{ productId: 'p1', variationIds: [], quantity: 1 }],
  spot: '1',
};
const deliveryInfo = { fullName: 'Ada Lovelace', email: 'ada@example.com', fullAddress: 'Via Roma 12, Roma' };

describe('parseOrderRequest', () => {
  it.each<[string, unknown, string]>([
    ['no body', null, 'ORDER_MISSING_FIELDS'],
    ['an array body', [], 'ORDER_MISSING_FIELDS'],
    ['no venueUrl', { ...base, venueUrl: undefined }, 'ORDER_MISSING_FIELDS'],
    ['empty venueUrl', { ...base, venueUrl: ' ' }, 'ORDER_MISSING_FIELDS'],
    ['no venueId', { ...base, venueId: undefined }, 'ORDER_MISSING_FIELDS'],
    ['no items', { ...base, items: undefined }, 'ORDER_MISSING_FIELDS'],
    ['empty cart', { ...base, items: [] }, 'ORDER_MISSING_FIELDS'],
    ['no spot', { ...base, spot: undefined }, 'ORDER_MISSING_FIELDS'],
    ['quantity 0', { ...base, items: [{ productId: 'p1', quantity: 0 }] }, 'INVALID_QUANTITY'],
    ['negative quantity', { ...base, items: [{ productId: 'p1', quantity: -2 }] }, 'INVALID_QUANTITY'],
    ['fractional quantity', { ...base, items: [{ productId: 'p1', quantity: 1.5 }] }, 'INVALID_QUANTITY'],
    ['absurd quantity', { ...base, items: [{ productId: 'p1', quantity: 1e12 }] }, 'INVALID_QUANTITY'],
    ['100 of a line', { ...base, items: [{ productId: 'p1', quantity: 100 }] }, 'INVALID_QUANTITY'],
    ['quantity as text', { ...base, items: [{ productId: 'p1', quantity: '2' }] }, 'INVALID_QUANTITY'],
    ['missing quantity', { ...base, items: [{ productId: 'p1' }] }, 'INVALID_QUANTITY'],
    ['item not an object', { ...base, items: ['p1'] }, 'VALIDATION'],
    ['productId missing', { ...base, items: [{ quantity: 1 }] }, 'VALIDATION'],
    [
      'variationIds not a list',
      { ...base, items: [{ productId: 'p1', variationIds: 'v1', quantity: 1 }] },
      'VALIDATION',
    ],
    ['delivery not a boolean', { ...base, delivery: 'yes' }, 'VALIDATION'],
    ['too many lines', { ...base, items: Array.from({ length: 101 }, () => base.items[0]) }, 'VALIDATION'],
    [
      'delivery without deliveryInfo',
      { ...base, spot: 'delivery', delivery: true, deliveryCost: 4 },
      'MISSING_DELIVERY_DATA',
    ],
    [
      'delivery with a short address',
      {
        ...base,
        spot: 'delivery',
        delivery: true,
        deliveryCost: 4,
        deliveryInfo: { ...deliveryInfo, fullAddress: 'Roma' },
      },
      'MISSING_DELIVERY_DATA',
    ],
    [
      'delivery with a bad phone',
      { ...base, spot: 'delivery', delivery: true, deliveryCost: 4, deliveryInfo: { ...deliveryInfo, phone: '12' } },
      'MISSING_DELIVERY_DATA',
    ],
    ['delivery without a cost', { ...base, spot: 'delivery', delivery: true, deliveryInfo }, 'DELIVERY_QUOTE_INVALID'],
    [
      'delivery with a negative cost',
      { ...base, spot: 'delivery', delivery: true, deliveryInfo, deliveryCost: -1 },
      'DELIVERY_QUOTE_INVALID',
    ],
    [
      'delivery with a text cost',
      { ...base, spot: 'delivery', delivery: true, deliveryInfo, deliveryCost: '4' },
      'DELIVERY_QUOTE_INVALID',
    ],
  ])('refuses %s', (_name, body, code) => {
    expect(() => parseOrderRequest(body)).toThrow(expect.objectContaining({ code }));
  });

  it.each<[string, unknown, string | null]>([
    ['a note per item, trimmed', '  no onions ', 'no onions'],
    ['an empty note is none', '   ', null],
    ['200 characters', 'x'.repeat(200), 'x'.repeat(200)],
    ['200 emoji are 200 characters', '🌶'.repeat(200), '🌶'.repeat(200)],
  ])('item notes: %s', (_name, notes, expected) => {
    const r = parseOrderRequest({ ...base, items: [{ productId: 'p1', quantity: 1, notes }] });
    expect(r.items[0]!.notes).toBe(expected);
  });

  it.each<[string, unknown, string]>([
    ['201 characters', 'x'.repeat(201), 'ITEM_NOTES_TOO_LONG'],
    ['a number', 42, 'VALIDATION'],
  ])('refuses item notes: %s', (_name, notes, code) => {
    expect(() => parseOrderRequest({ ...base, items: [{ productId: 'p1', quantity: 1, notes }] })).toThrow(
      expect.objectContaining({ code, issues: [expect.objectContaining({ path: 'items[0].notes' })] }),
    );
  });

  it('reads a table order: the delivery fields of a table order are not kept', () => {
    const r = parseOrderRequest({ ...base, items: [{ productId: 'p1', quantity: 2 }], deliveryCost: 99, deliveryInfo });
    expect(r).toEqual({
      venueUrl: 'casa-verde',
      venueId: base.venueId,
      items: [{ productId: 'p1', variationIds: [], quantity: 2, notes: null }],
      spot: '1',
      delivery: false,
      deliveryCostMinor: null,
      deliveryQuoteId: null,
      deliveryInfo: null,
      notes: null,
      allergyProfile: null,
      pickupAt: null,
    });
  });

  it.each<[string, unknown, string]>([
    ['a price on a line', { ...base, items: [{ productId: 'p1', quantity: 2, price: 0.01 }] }, 'items[0]'],
    ['a total', { ...base, total: 0.02 }, '(root)'],
  ])('refuses a field it does not name (%s): prices are never sent', (_name, body, path) => {
    expect(() => parseOrderRequest(body)).toThrow(
      expect.objectContaining({ code: 'VALIDATION', issues: [expect.objectContaining({ path, code: 'unrecognized_keys' })] }),
    );
  });

  it('accepts the example the API reference shows', () => {
    const [example] = (orderBodySchema.meta()?.examples ?? []) as unknown[];
    expect(orderBodySchema.safeParse(example).success).toBe(true);
  });

  it('reads the guest allergy profile in the product identifiers; an empty one is none, an unknown entry a 400 naming it', () => {
    expect(parseOrderRequest({ ...base, allergyProfile: { allergens: ['Dairy', 'nuts'] } }).allergyProfile).toEqual({
      allergens: ['peanuts', 'milk', 'tree-nuts'],
      diets: [],
    });
    expect(parseOrderRequest({ ...base, allergyProfile: { allergens: [], diets: [] } }).allergyProfile).toBeNull();
    expect(parseOrderRequest({ ...base, allergyProfile: null }).allergyProfile).toBeNull();
    expect(() => parseOrderRequest({ ...base, allergyProfile: { diets: ['paleo'] } })).toThrow(
      expect.objectContaining({
        code: 'VALIDATION',
        issues: [expect.objectContaining({ path: 'allergyProfile.diets[0]' })],
      }),
    );
  });

  it('reads a delivery order with its fee in minor units and the notes of the address form', () => {
    const r = parseOrderRequest({
      ...base,
      spot: 'delivery',
      delivery: true,
      deliveryCost: 4.1,
      deliveryQuoteId: 'q1',
      deliveryInfo: { ...deliveryInfo, phone: '', notes: 'Gate code 12' },
    });
    expect(r.deliveryCostMinor).toBe(410);
    expect(r.deliveryQuoteId).toBe('q1');
    expect(r.deliveryInfo).toEqual({ ...deliveryInfo, notes: 'Gate code 12' });
    expect(r.notes).toBe('Gate code 12');
  });
});

describe('checkOrderSpot', () => {
  const venue = { spots: ['1', '2'], enable_uber_direct: true };
  const noDelivery = { spots: ['1', '2'], enable_uber_direct: false };
  it.each<[string, typeof venue, string, boolean, string | null]>([
    ['a table', venue, '1', false, null],
    ['an unknown table', venue, '9', false, 'INVALID_SPOT'],
    ['"delivery" as a table order', venue, 'delivery', false, 'INVALID_SPOT'],
    ['delivery', venue, 'delivery', true, null],
    ['delivery to a table spot', venue, '1', true, 'INVALID_SPOT'],
    ['delivery at a venue without it', noDelivery, 'delivery', true, 'DELIVERY_NOT_AVAILABLE'],
  ])('%s', (_name, v, spot, delivery, code) => {
    if (code === null) expect(() => checkOrderSpot(v, { spot, delivery })).not.toThrow();
    else expect(() => checkOrderSpot(v, { spot, delivery })).toThrow(expect.objectContaining({ code }));
  });
});

describe('priceOrder', () => {
  const menu = new Map<string, MenuProduct>(
    [
      {
        id: 'pizza',
        name: 'Margherita',
        priceMinor: 1010,
        variations: [
          { id: 'extra', name: 'Extra cheese', priceVariationMinor: 20 },
          { id: 'small', name: 'Small', priceVariationMinor: -150 },
          { id: 'basil', name: 'Basil', priceVariationMinor: 0 },
        ],
      },
      { id: 'water', name: 'Water', priceMinor: 250, variations: [] },
      {
        id: 'steak',
        name: 'Tagliata',
        priceMinor: 2200,
        variations: [
          { id: 'rare', name: 'Rare', priceVariationMinor: 0 },
          { id: 'medium', name: 'Medium', priceVariationMinor: 0 },
          { id: 'well', name: 'Well done', priceVariationMinor: 0 },
          { id: 'fries', name: 'Fries', priceVariationMinor: 300 },
          { id: 'salad', name: 'Salad', priceVariationMinor: 250 },
          { id: 'pepper', name: 'Pepper sauce', priceVariationMinor: 150 },
        ],
        variationGroups: [
          { id: 'doneness', name: 'Doneness', min: 1, max: 1, variationIds: ['rare', 'medium', 'well'] },
          { id: 'side', name: 'Sides', min: 0, max: 2, variationIds: ['fries', 'salad'] },
        ],
      },
      {
        id: 'cheap',
        name: 'Bread',
        priceMinor: 100,
        variations: [
          { id: 'a', name: 'Half', priceVariationMinor: -80 },
          { id: 'b', name: 'No butter', priceVariationMinor: -50 },
        ],
      },
      { id: 'fish', name: 'Catch of the day', priceMinor: null, variations: [] },
      { id: 'old', name: 'Old dish', priceMinor: 900, status: 'unavailable', variations: [] },
      {
        id: 'tiramisu',
        name: 'Tiramisu',
        priceMinor: 600,
        status: 'available',
        variations: [{ id: 'cream', name: 'Cream', priceVariationMinor: 100 }],
      },
    ].map((p) => [p.id, p]),
  );
  const item = (productId: string, quantity = 1, variationIds: string[] = [], notes?: string): OrderItemRequest => ({
    productId,
    variationIds,
    quantity,
    ...(notes === undefined ? {} : { notes }),
  });

  it.each<[string, OrderItemRequest[], [string, string[], number, number, number][], number]>([
    ['one line', [item('water', 2)], [['water', [], 2, 250, 500]], 500],
    ['10.10 + 0.20', [item('pizza', 1, ['extra'])], [['pizza', ['extra'], 1, 1030, 1030]], 1030],
    ['negative variation', [item('pizza', 3, ['small'])], [['pizza', ['small'], 3, 860, 2580]], 2580],
    ['zero variation', [item('pizza', 1, ['basil'])], [['pizza', ['basil'], 1, 1010, 1010]], 1010],
    [
      'identical lines merged, variation order ignored',
      [item('pizza', 1, ['extra', 'small']), item('water'), item('pizza', 2, ['small', 'extra'])],
      [
        ['pizza', ['extra', 'small'], 3, 880, 2640],
        ['water', [], 1, 250, 250],
      ],
      2890,
    ],
    ['exactly one doneness', [item('steak', 1, ['medium'])], [['steak', ['medium'], 1, 2200, 2200]], 2200],
    [
      'one doneness, two sides and a free extra',
      [item('steak', 2, ['rare', 'fries', 'salad', 'pepper'])],
      [['steak', ['rare', 'fries', 'salad', 'pepper'], 2, 2900, 5800]],
      5800,
    ],
    [
      'lines that differ only by their notes stay two lines',
      [item('steak', 1, ['rare'], 'no salt'), item('steak', 1, ['rare']), item('steak', 1, ['rare'], ' no salt ')],
      [
        ['steak', ['rare'], 2, 2200, 4400],
        ['steak', ['rare'], 1, 2200, 2200],
      ],
      6600,
    ],
    [
      'different variation sets stay apart',
      [item('pizza', 1, ['extra']), item('pizza', 1)],
      [
        ['pizza', ['extra'], 1, 1030, 1030],
        ['pizza', [], 1, 1010, 1010],
      ],
      2040,
    ],
  ])('%s', (_name, items, expected, subtotal) => {
    const priced = priceOrder(menu, items);
    expect(
      priced.lines.map((l) => [
        l.productId,
        l.variations.map((v) => v.id),
        l.quantity,
        l.unitPriceMinor,
        l.lineTotalMinor,
      ]),
    ).toEqual(expected);
    expect(priced.subtotalMinor).toBe(subtotal);
  });

  it.each<[string, OrderItemRequest[], string, string]>([
    ['an unknown product', [item('nope')], 'PRODUCT_NOT_IN_MENU', 'The product is not in the menu!'],
    ['an unavailable product', [item('old')], 'PRODUCT_NOT_IN_MENU', 'The product is not in the menu!'],
    [
      'a variation of another product',
      [item('pizza', 1, ['cream'])],
      'VARIATION_NOT_OF_PRODUCT',
      'The product is not in the menu!',
    ],
    [
      'an unknown variation',
      [item('water', 1, ['extra'])],
      'VARIATION_NOT_OF_PRODUCT',
      'The product is not in the menu!',
    ],
    ['a product without price', [item('fish')], 'PRODUCT_WITHOUT_PRICE', 'The product is not in the menu!'],
    [
      'a required group left open',
      [item('steak', 1, ['fries'])],
      'INVALID_VARIATIONS',
      'Tagliata: Doneness: choose exactly 1 (0 chosen)',
    ],
    [
      'two options of a one-choice group',
      [item('steak', 1, ['rare', 'well'])],
      'INVALID_VARIATIONS',
      'Tagliata: Doneness: choose exactly 1 (2 chosen)',
    ],
    [
      'an option twice',
      [item('pizza', 1, ['extra', 'extra'])],
      'INVALID_VARIATIONS',
      'Margherita: variation extra is chosen more than once',
    ],
    [
      'a group over its max',
      [item('steak', 1, ['rare', 'fries', 'salad', 'fries'])],
      'INVALID_VARIATIONS',
      'Tagliata: variation fries is chosen more than once',
    ],
    ['a unit price below zero', [item('cheap', 1, ['a', 'b'])], 'NEGATIVE_PRICE', 'A price may not be below 0.'],
    [
      'more than 99 after merging',
      [item('water', 60), item('water', 40)],
      'INVALID_QUANTITY',
      'Invalid cart item: quantity must be a whole number from 1 to 99',
    ],
  ])('refuses %s', (_name, items, code, message) => {
    expect(() => priceOrder(menu, items)).toThrow(expect.objectContaining({ code, message }));
  });

  it('total is the items plus the delivery cost', () => {
    expect(orderTotalMinor(2890, 450)).toBe(3340);
    expect(orderTotalMinor(1030, 0)).toBe(1030);
  });

  it('the canonical text ignores line and variation order and split lines, and tells different orders apart', () => {
    const req = parseOrderRequest({ ...base, items: [item('water'), item('pizza', 1, ['extra', 'small'])] });
    const a = canonicalOrderText(req);
    expect(canonicalOrderText({ ...req, items: [item('pizza', 1, ['small', 'extra']), item('water')] })).toBe(a);
    const split = parseOrderRequest({ ...base, items: [item('water', 2)] });
    expect(canonicalOrderText({ ...split, items: [item('water'), item('water')] })).toBe(canonicalOrderText(split));
    expect(canonicalOrderText({ ...req, items: [item('water', 2), item('pizza', 1, ['extra', 'small'])] })).not.toBe(a);
    expect(canonicalOrderText({ ...req, items: [item('water'), item('pizza', 1, ['extra'])] })).not.toBe(a);
    expect(canonicalOrderText({ ...req, spot: '2' })).not.toBe(a);
    expect(canonicalOrderText({ ...req, notes: 'No onions' })).not.toBe(a);
    expect(
      canonicalOrderText({ ...req, items: [item('water', 1, [], 'cold'), item('pizza', 1, ['extra', 'small'])] }),
    ).not.toBe(a);
  });
});
