import { describe, expect, it } from 'vitest';
import { loadDemoMenu } from '../offline/test/demo-menus.ts';
import { expectValidActions } from '../test-support/valid-actions.ts';
import { buildSystemPrompt } from './prompt.ts';
import { ToolSession } from './menu-tools.ts';

const luca = loadDemoMenu('trattoria-da-luca');
const session = (language: 'en' | 'fr' = 'en') => new ToolSession(luca, [], undefined, language);
const add = (s: ToolSession, variationIds: string[], productId = 'margherita') =>
  s.run('add_to_cart', JSON.stringify({ productId, variationIds, quantity: 1 }));

describe('model tools and option groups', () => {
  it('get_product shows the groups, each option with its price difference and its own allergens', () => {
    const result = session('fr').run('get_product', JSON.stringify({ productId: 'margherita' }));
    expect(result.option_groups).toEqual([
      {
        name: 'Size',
        rule: 'choose exactly 1',
        required: true,
        min: 1,
        max: 1,
        variationIds: ['small', 'regular', 'large'],
      },
      {
        name: 'Extra toppings',
        rule: 'choose up to 3',
        required: false,
        min: 0,
        max: 3,
        variationIds: ['extra-mozzarella', 'anchovies', 'olives', 'nduja'],
      },
    ]);
    const variations = result.variations as { id: string; price_difference: string; allergens?: string[] }[];
    expect(variations.find((v) => v.id === 'small')?.price_difference.replace(/\u00a0|\u202f/g, ' ')).toBe('-1,50 €');
    expect(variations.find((v) => v.id === 'anchovies')?.allergens).toEqual(['fish']);
    // Search results carry the same.
    const found = session().run('search_menu', JSON.stringify({ query: 'tagliata' }));
    expect((found.results as { option_groups?: { name: string }[] }[])[0]?.option_groups?.[0]?.name).toBe('Doneness');
  });

  it('add_to_cart refuses a choice the groups do not allow, adds nothing, and says what to ask', () => {
    const s = session();
    const open = add(s, []);
    expect(open.error).toMatch(/^Pizza Margherita was not added: Size: choose exactly 1 \(0 chosen\)\..*Ask the guest/);
    expect(open.option_groups).toBeDefined();
    expect(add(s, ['small', 'large']).error).toMatch(/Size: choose exactly 1 \(2 chosen\)/);
    expect(add(s, ['large', 'anchovies', 'olives', 'nduja', 'extra-mozzarella']).error).toMatch(
      /Extra toppings: choose up to 3 \(4 chosen\)/,
    );
    expect(add(s, [], 'tagliata').error).toMatch(/Doneness: choose exactly 1/);
    expect(s.actions).toEqual([]);
    expect(add(s, ['large', 'anchovies'])).toMatchObject({ ok: true, added: 1 });
    expect(s.actions).toEqual([
      { type: 'add_to_cart', productId: 'margherita', variationIds: ['large', 'anchovies'], quantity: 1 },
    ]);
    expectValidActions(luca, s);
  });

  it('the system prompt states each group and the rule to ask', () => {
    const prompt = buildSystemPrompt(luca, 'en');
    expect(prompt).toContain('group Size: choose exactly 1 of small/regular/large');
    expect(prompt).toContain('anchovies=Anchovies (allergens: fish)');
    expect(prompt).toMatch(/When the guest has not said which option of a required group they want, ask/);
  });
});

describe('the tools keep to the guest’s allergies (the safety gate on tool results)', () => {
  const milk = () => new ToolSession(luca, [], undefined, 'en', { allergens: ['milk'], diets: [] });

  it('search_menu never returns a dish with the allergen, and says how many it left out', () => {
    const r = milk().run('search_menu', JSON.stringify({ query: 'pizza' })) as {
      results: { id: string }[];
      left_out_for_the_guest_allergies?: number;
    };
    expect(r.results.map((p) => p.id)).not.toContain('margherita');
    expect(r.results.map((p) => p.id)).toContain('marinara');
    expect(r.left_out_for_the_guest_allergies).toBeGreaterThan(0);
  });

  it('add_to_cart refuses a dish with the allergen and changes nothing', () => {
    const s = milk();
    const r = add(s, ['regular']);
    expect(r.error).toMatch(/Margherita was not added: .*allergen the guest stated/);
    expect(s.actions).toEqual([]);
    expect(add(s, ['regular'], 'marinara').error).toBeUndefined();
  });

  it('get_product says when a dish does not suit the guest', () => {
    expect(milk().run('get_product', JSON.stringify({ productId: 'margherita' })).unsafe_for_the_guest).toMatch(
      /does not suit/,
    );
  });
});
