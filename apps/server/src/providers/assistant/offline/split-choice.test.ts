import { describe, expect, it } from 'vitest';
import { replyOfflineGuarded } from '../index.ts';
import type { Language } from '../types.ts';
import { loadMenuFile, storedMenu } from './test/demo-menus.ts';
import { splitByChoice } from './split-choice.ts';

const venue = (name: string) =>
  storedMenu(
    loadMenuFile(new URL(`../../../../../../scripts/eval-assistant/venues/${name}.json`, import.meta.url).pathname),
  );
const masala = venue('masala-lane');
const mezze = venue('mezze-beirut');

/** Issue 17 item 4: every option named is applied; two options of a one-choice group make two lines. */
describe('several options of a one-choice group, for several dishes', () => {
  it.each<[string, ReturnType<typeof venue>, Language, string, [string, string[], number][]]>([
    [
      'fr, one and one',
      masala,
      'fr',
      '2 chicken tikka masala, un doux et un moyen',
      [
        ['tikka-masala', ['medium'], 1],
        ['tikka-masala', ['mild'], 1],
      ],
    ],
    [
      'it, one with and one with',
      mezze,
      'it',
      'due shish taouk, uno con riso e uno con patatine',
      [
        ['shish-taouk', ['rice'], 1],
        ['shish-taouk', ['fries'], 1],
      ],
    ],
    [
      'en',
      masala,
      'en',
      '2 tikka masala, one mild one hot',
      [
        ['tikka-masala', ['hot'], 1],
        ['tikka-masala', ['mild'], 1],
      ],
    ],
  ])('%s: one line per option, nothing chosen for the guest', (_case, menu, language, message, lines) => {
    const r = replyOfflineGuarded({ menu, language, message, history: [], cart: [] });
    const added = r.actions
      .filter((a) => a.type === 'add_to_cart')
      .map((a) => [a.productId, a.variationIds, a.quantity]);
    expect(added.sort()).toEqual([...lines].sort());
  });
});

describe('splitByChoice', () => {
  const tikka = masala.products.find((p) => p.id === 'tikka-masala')!;
  const item = (quantity: number, variationIds: string[]) => ({ ip: { p: tikka }, quantity, variationIds });
  it.each<[string, ReturnType<typeof item>[], [number, string[]][]]>([
    [
      'one line, as many dishes as options: one line each',
      [item(2, ['mild', 'hot'])],
      [
        [1, ['mild']],
        [1, ['hot']],
      ],
    ],
    [
      'the options go to the other line of the same dish',
      [item(1, []), item(1, ['mild', 'hot'])],
      [
        [1, ['hot']],
        [1, ['mild']],
      ],
    ],
    [
      'more dishes than options: left for the reply to settle and say',
      [item(3, ['mild', 'hot'])],
      [[3, ['mild', 'hot']]],
    ],
    ['one option: nothing to split', [item(2, ['mild'])], [[2, ['mild']]]],
    ['no option: nothing to split', [item(1, [])], [[1, []]]],
  ])('%s', (_case, items, expected) => {
    expect(splitByChoice(items).map((i) => [i.quantity, i.variationIds])).toEqual(expected);
  });
});
