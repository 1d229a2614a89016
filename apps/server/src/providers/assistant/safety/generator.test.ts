import { describe, expect, it } from 'vitest';
import { replyOfflineGuarded } from '../index.ts';
import { DEMO_VENUES, loadDemoMenu, storedMenu } from '../offline/test/demo-menus.ts';
import type { AssistantInput, AssistantReply } from '../types.ts';
import { generateAllergyMessages, menuConstraints, runAllergyGenerator } from './generator.ts';

const GUARDED = (input: AssistantInput) => Promise.resolve(replyOfflineGuarded(input));

describe('allergy-safety generator', () => {
  for (const venue of DEMO_VENUES) {
    it(`${venue}: no reply lists or adds a dish unsafe for what the guest said`, { timeout: 120_000 }, async () => {
      // As the database holds it: the 14 identifiers, whatever the seed file spells.
      const menu = storedMenu(loadDemoMenu(venue));
      const result = await runAllergyGenerator(menu, GUARDED);
      if (menu.useTextMenu) {
        expect(result.messages).toBe(0);
        return;
      }
      expect(result.messages).toBeGreaterThan(300);
      expect(result.examples).toEqual([]);
      expect(result.unsafe).toBe(0);
      // Safe by hiding everything would not do: most replies still offer a dish.
      expect(result.helpful / result.messages).toBeGreaterThan(0.8);
    });
  }

  it('covers every allergen and diet the menu uses, in five languages, several at once and said earlier', () => {
    const menu = loadDemoMenu('baan-suan');
    const messages = generateAllergyMessages(menu);
    const { allergens } = menuConstraints(menu);
    expect(allergens.length).toBeGreaterThan(4);
    for (const a of allergens) expect(messages.some((m) => m.profile.allergens.includes(a))).toBe(true);
    expect(new Set(messages.map((m) => m.language))).toEqual(new Set(['en', 'fr', 'it', 'de', 'th']));
    expect(new Set(messages.map((m) => m.kind))).toEqual(
      new Set(['statement', 'category', 'several', 'follow_up', 'add', 'diet', 'question']),
    );
    expect(messages.filter((m) => m.kind === 'several').some((m) => m.profile.allergens.length === 3)).toBe(true);
  });

  it('counts an unsafe reply: an assistant that lists and adds every dish fails', async () => {
    const menu = loadDemoMenu('trattoria-da-luca');
    const reckless = (input: AssistantInput): Promise<AssistantReply> =>
      Promise.resolve({
        blocks: [],
        products: input.menu.products.map((p) => p.id),
        actions: [],
        intent: 'search',
      });
    const result = await runAllergyGenerator(menu, reckless);
    // Every message that states a constraint (the questions state none: they are counted below).
    expect(result.unsafe).toBe(result.messages - result.byKind.question!.messages);
    expect(result.byKind.question!.messages).toBeGreaterThan(20);
    expect(result.examples[0]!.problems[0]).toMatch(/^lists /);
  });

  it.each(['en', 'fr', 'it', 'de', 'th'] as const)(
    'counts a denial [%s]: an assistant that says a dish does not hold the allergen it lists fails',
    async (language) => {
      const menu = loadDemoMenu('trattoria-da-luca');
      const denial = {
        en: 'does not list it among its allergens.',
        fr: "n'indique pas cela parmi ses allergènes.",
        it: 'non indica questo tra i suoi allergeni.',
        de: 'führt das nicht unter seinen Allergenen.',
        th: 'ไม่ได้ระบุในสารก่อภูมิแพ้',
      }[language];
      // Of the dish the message names (any dish, for the other messages): "<dish> does not list it".
      const denies = (input: AssistantInput): Promise<AssistantReply> =>
        Promise.resolve({
          blocks: [
            {
              type: 'paragraph',
              text: `${(input.menu.products.find((p) => input.message.includes(p.name)) ?? input.menu.products[0]!).name} ${denial}`,
            },
          ],
          products: [],
          actions: [],
          intent: 'product_info',
        });
      const result = await runAllergyGenerator(menu, denies);
      const questions = result.byKind.question!;
      expect(questions.unsafe).toBe(questions.messages / 5);
      expect(result.byLanguage[language]!.unsafe).toBe(questions.messages / 5);
    },
  );

  it('counts an unsafe option: adding a dish with an option that holds the allergen fails', async () => {
    const menu = loadDemoMenu('baan-suan');
    const withOption = menu.products.find((p) => p.variations.some((v) => (v.allergenes ?? []).length > 0))!;
    const option = withOption.variations.find((v) => (v.allergenes ?? []).length > 0)!;
    const addsIt = (): Promise<AssistantReply> =>
      Promise.resolve({
        blocks: [],
        products: [],
        actions: [{ type: 'add_to_cart', productId: withOption.id, variationIds: [option.id], quantity: 1 }],
        intent: 'add_to_cart',
      });
    const result = await runAllergyGenerator(menu, addsIt);
    expect(result.unsafe).toBeGreaterThan(0);
    expect(result.examples.some((e) => e.problems.some((p) => p.includes(option.name)))).toBe(true);
  });
});
