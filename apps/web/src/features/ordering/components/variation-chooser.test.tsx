import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ITEM_NOTES_MAX_LENGTH } from '@carte/domain/options';
import { makePizza, makeProduct, makeVariation, makeVariationGroup } from '../../../testing/data-generators.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { useCartStore } from '../store/cart-store.ts';
import { ProductAddControl } from './product-add-control.tsx';

const lines = () => useCartStore.getState().cart.lines;

beforeEach(() => {
  // A fresh cart for each test (the store lives on between tests; changing venue empties it).
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  useCartStore.getState().syncVenue('another-venue');
  useCartStore.getState().syncVenue('trattoria-da-luca');
});

async function openChooser(product = makePizza(), language: 'en' | 'fr' = 'en') {
  const user = userEvent.setup();
  await renderWithProviders(<ProductAddControl product={product} currency="eur" />, { language });
  await user.click(
    screen.getByRole('button', { name: language === 'fr' ? /Ajouter Pizza Margherita/ : /Add Pizza Margherita/ }),
  );
  const dialog = await screen.findByRole('dialog', { name: product.name });
  return { user, dialog };
}

describe('variation chooser', () => {
  it('shows each group with its rule, marks the required one, and keeps one size at a time (radio buttons)', async () => {
    const { user, dialog } = await openChooser();
    const size = within(dialog).getByRole('group', { name: /Size/ });
    const toppings = within(dialog).getByRole('group', { name: /Toppings/ });
    expect(size).toHaveAccessibleDescription('Choose 1');
    expect(within(size).getByText('Required')).toBeVisible();
    expect(toppings).toHaveAccessibleDescription('Choose up to 2');
    expect(within(toppings).queryByText('Required')).toBeNull();
    // The free extra is outside every group.
    const extras = within(dialog).getByRole('group', { name: 'Extras' });
    expect(within(extras).getByRole('checkbox', { name: 'Gluten-free base' })).not.toBeChecked();

    expect(within(size).getAllByRole('radio')).toHaveLength(3);
    expect(within(size).queryAllByRole('checkbox')).toHaveLength(0);
    await user.click(within(size).getByRole('radio', { name: 'Small' }));
    await user.click(within(size).getByRole('radio', { name: 'Large' }));
    expect(within(size).getByRole('radio', { name: 'Large' })).toBeChecked();
    expect(within(size).getByRole('radio', { name: 'Small' })).not.toBeChecked();
    // Arrow keys move within the group, and the choice follows.
    await user.keyboard('{ArrowUp}');
    expect(within(size).getByRole('radio', { name: 'Regular' })).toBeChecked();
    expect(
      within(size)
        .getAllByRole('radio')
        .filter((r) => (r as HTMLInputElement).checked),
    ).toHaveLength(1);
    // Each option shows its price difference in the interface language.
    expect(within(size).getByRole('radio', { name: 'Large' })).toHaveAccessibleDescription('+€3.50');
    expect(within(size).getByRole('radio', { name: 'Small' })).toHaveAccessibleDescription('-€1.50');
  });

  it('keeps "Add" disabled and says why until every required group is satisfied', async () => {
    const { user, dialog } = await openChooser();
    const add = within(dialog).getByRole('button', { name: /^Add · / });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription('Still to choose: Size');
    expect(within(dialog).getByText('Still to choose: Size')).toBeVisible();
    await user.click(within(dialog).getByRole('radio', { name: 'Large' }));
    expect(add).toBeEnabled();
    expect(add).not.toHaveAccessibleDescription();
    expect(within(dialog).queryByText(/Still to choose/)).toBeNull();
    // 9.50 + 3.50 = 13.00, then for two.
    expect(add).toHaveAccessibleName('Add · €13.00');
    await user.click(within(dialog).getByRole('button', { name: 'One more Pizza Margherita' }));
    expect(add).toHaveAccessibleName('Add · €26.00');
  });

  it('disables the other options of a group once it is full, and the header counts the chosen options’ tags', async () => {
    const { user, dialog } = await openChooser();
    const toppings = within(dialog).getByRole('group', { name: /Toppings/ });
    const header = () => within(dialog).getAllByRole('list', { name: 'Dietary information' })[0]!;
    expect(within(header()).queryByRole('button', { name: 'Contains fish' })).toBeNull();
    await user.click(within(toppings).getByRole('checkbox', { name: 'Olives' }));
    await user.click(within(toppings).getByRole('checkbox', { name: 'Anchovies' }));
    expect(within(toppings).getByRole('checkbox', { name: 'Nduja' })).toBeDisabled();
    expect(within(toppings).getByRole('checkbox', { name: 'Olives' })).toBeEnabled();
    expect(within(header()).getByRole('button', { name: 'Contains fish' })).toBeInTheDocument();
    await user.click(within(toppings).getByRole('checkbox', { name: 'Olives' }));
    expect(within(toppings).getByRole('checkbox', { name: 'Nduja' })).toBeEnabled();
    // The free extra is never limited by a group.
    expect(within(dialog).getByRole('checkbox', { name: 'Gluten-free base' })).toBeEnabled();
  });

  it('counts the note in characters and refuses more than 200', async () => {
    const { user, dialog } = await openChooser();
    const note = within(dialog).getByRole('textbox', { name: /Note for the kitchen/ });
    expect(note).toHaveAttribute('placeholder', 'e.g. no onions');
    expect(note).toHaveAccessibleDescription(`0/${ITEM_NOTES_MAX_LENGTH} characters`);
    await user.type(note, 'No onions');
    expect(note).toHaveAccessibleDescription(`9/${ITEM_NOTES_MAX_LENGTH} characters`);
    await user.clear(note);
    // 201 pizzas are 402 UTF-16 units: the limit counts characters, and keeps whole ones.
    await user.click(note);
    await user.paste('🍕'.repeat(ITEM_NOTES_MAX_LENGTH + 1));
    expect((note as HTMLTextAreaElement).value).toBe('🍕'.repeat(ITEM_NOTES_MAX_LENGTH));
    expect(note).toHaveAccessibleDescription(`${ITEM_NOTES_MAX_LENGTH}/${ITEM_NOTES_MAX_LENGTH} characters`);
    expect(within(dialog).getByRole('status')).toHaveTextContent(`At most ${ITEM_NOTES_MAX_LENGTH} characters.`);
    await user.type(note, 'x');
    expect((note as HTMLTextAreaElement).value).toBe('🍕'.repeat(ITEM_NOTES_MAX_LENGTH));
  });

  it('adds a line with the chosen options and the note; the same choice with another note is another line', async () => {
    const { user, dialog } = await openChooser();
    await user.click(within(dialog).getByRole('radio', { name: 'Large' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Nduja' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Note for the kitchen/ }), '  No onions, please ');
    await user.click(within(dialog).getByRole('button', { name: 'Add · €15.00' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(lines()).toHaveLength(1);
    expect(lines()[0]).toMatchObject({
      product: { id: 'margherita' },
      variations: [{ id: 'large' }, { id: 'nduja' }],
      quantity: 1,
      notes: 'No onions, please',
    });

    await user.click(screen.getByRole('button', { name: 'Add Pizza Margherita to the order' }));
    const again = await screen.findByRole('dialog', { name: 'Pizza Margherita' });
    await user.click(within(again).getByRole('radio', { name: 'Large' }));
    await user.click(within(again).getByRole('checkbox', { name: 'Nduja' }));
    await user.click(within(again).getByRole('button', { name: 'Add · €15.00' }));
    expect(lines().map((l) => [l.notes ?? null, l.quantity])).toEqual([
      ['No onions, please', 1],
      [null, 1],
    ]);
  });

  it('preselects the only option of a required group, and an optional one-choice group can be left at None', async () => {
    const product = makeProduct({
      id: 'espresso',
      name: 'Pizza Margherita',
      price: 2,
      variations: [
        makeVariation({ id: 'cup', name: 'Cup' }),
        makeVariation({ id: 'oat', name: 'Oat milk', price_variation: 0.5, preferences: ['vegan'] }),
        makeVariation({ id: 'soy', name: 'Soy milk', price_variation: 0.5 }),
      ],
      variationGroups: [
        makeVariationGroup({ id: 'serving', name: 'Serving', min: 1, max: 1, variationIds: ['cup'] }),
        makeVariationGroup({ id: 'milk', name: 'Milk', min: 0, max: 1, variationIds: ['oat', 'soy'] }),
      ],
    });
    const { user, dialog } = await openChooser(product);
    expect(within(dialog).getByRole('radio', { name: 'Cup' })).toBeChecked();
    const milk = within(dialog).getByRole('group', { name: 'Milk' });
    expect(within(milk).getByRole('radio', { name: 'None' })).toBeChecked();
    await user.click(within(milk).getByRole('radio', { name: 'Oat milk' }));
    await user.click(within(milk).getByRole('radio', { name: 'None' }));
    const add = within(dialog).getByRole('button', { name: 'Add · €2.00' });
    expect(add).toBeEnabled();
    await user.click(add);
    expect(lines()[0]?.variations.map((v) => v.id)).toEqual(['cup']);
  });

  it('speaks French: the rules, the mark and the money', async () => {
    const { user, dialog } = await openChooser(makePizza(), 'fr');
    const size = within(dialog).getByRole('group', { name: /Size/ });
    expect(size).toHaveAccessibleDescription('Choisissez-en 1');
    expect(within(size).getByText('Obligatoire')).toBeVisible();
    expect(within(size).getByRole('radio', { name: 'Large' })).toHaveAccessibleDescription(/^\+3,50\s€$/);
    await user.click(within(size).getByRole('radio', { name: 'Large' }));
    expect(within(dialog).getByRole('button', { name: /^Ajouter · 13,00/ })).toBeEnabled();
  });
});

describe('product add control', () => {
  it('adds a product without options in one tap', async () => {
    const user = userEvent.setup();
    await renderWithProviders(
      <ProductAddControl product={makeProduct({ id: 'arancini', name: 'Arancini', price: 8.5 })} currency="eur" />,
    );
    await user.click(screen.getByRole('button', { name: 'Add Arancini to the order' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(lines().map((l) => [l.product.id, l.quantity, l.notes ?? null])).toEqual([['arancini', 1, null]]);
  });
});
