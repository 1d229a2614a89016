import { expect, test } from '@playwright/test';
import { screenshot } from './support.ts';

/** French money: "13,00 €" with the narrow no-break space Intl puts before the symbol. */
const euros = (amount: string) => new RegExp(`${amount.replace('.', ',')}\\s€`);

test('in French, a pizza with exactly one size and a note for the kitchen; both reach the order page with French money', async ({
  page,
}) => {
  await page.goto('/trattoria-da-luca/menu?spot=4&l=fr');
  await page.getByRole('button', { name: 'Ajouter Pizza Margherita à la commande' }).click();
  const chooser = page.getByRole('dialog', { name: 'Pizza Margherita' });
  await expect(chooser).toBeVisible();

  // The size group: required, one choice, as radio buttons.
  const size = chooser.getByRole('group', { name: /Size/ });
  await expect(size).toContainText('Obligatoire');
  await expect(size).toContainText('Choisissez-en 1');
  await expect(size.getByRole('checkbox')).toHaveCount(0);
  const add = chooser.getByRole('button', { name: /^Ajouter · / });
  await expect(add).toBeDisabled();
  await expect(chooser.getByText('Reste à choisir : Size')).toBeVisible();
  await screenshot(page, 'options-chooser-fr-360');

  await size.getByRole('radio', { name: 'Small' }).check();
  await expect(add).toBeEnabled();
  await size.getByRole('radio', { name: 'Large' }).check();
  await expect(size.getByRole('radio', { name: 'Small' })).not.toBeChecked();
  await expect(size.getByRole('radio', { name: 'Large' })).toBeChecked();
  await expect(chooser.getByText(/Reste à choisir/)).toBeHidden();

  // The toppings group stops at its max.
  const toppings = chooser.getByRole('group', { name: /toppings/i });
  await expect(toppings).not.toContainText('Obligatoire');
  await toppings.getByRole('checkbox', { name: 'Extra mozzarella' }).check();
  await toppings.getByRole('checkbox', { name: 'Anchovies' }).check();
  await toppings.getByRole('checkbox', { name: 'Black olives' }).check();
  await expect(toppings.getByRole('checkbox', { name: /nduja/ })).toBeDisabled();
  await toppings.getByRole('checkbox', { name: 'Extra mozzarella' }).uncheck();
  await toppings.getByRole('checkbox', { name: 'Anchovies' }).uncheck();
  await expect(toppings.getByRole('checkbox', { name: /nduja/ })).toBeEnabled();
  await toppings.getByRole('checkbox', { name: /nduja/ }).check();

  const note = chooser.getByRole('textbox', { name: /Note pour la cuisine/ });
  await note.fill('Sans basilic, bien cuite');
  await expect(chooser.getByText('24/200 caractères')).toBeVisible();
  // 9,50 + 3,50 (Large) + 1,00 (olives) + 2,50 ('nduja) = 16,50
  await expect(add).toHaveAccessibleName(euros('16.50'));
  await screenshot(page, 'options-chooser-filled-fr-360');
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshot(page, 'options-chooser-filled-fr-1280');
  await size.scrollIntoViewIfNeeded();
  await screenshot(page, 'options-chooser-groups-fr-1280');
  await page.setViewportSize({ width: 360, height: 780 });
  await add.click();
  await expect(chooser).toBeHidden();

  const cart = page.getByRole('button', { name: /^Panier/ });
  await expect(cart).toHaveAccessibleName('Panier, 1 article');
  await cart.click();
  const recap = page.getByRole('dialog', { name: 'Votre commande (1)' });
  await expect(recap).toContainText('Large');
  await expect(recap).toContainText('Black olives');
  await expect(recap.getByText('Note : Sans basilic, bien cuite')).toBeVisible();
  // The card's icons count the chosen options' tags (the 'nduja is spicy).
  await expect(recap.getByRole('button', { name: 'Épicé' })).toBeVisible();
  await screenshot(page, 'options-recap-fr-360');
  await recap.getByRole('button', { name: /^Commander · / }).click();

  await expect(page).toHaveURL(/\/trattoria-da-luca\/order\?orderId=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Commande n° \d+$/ })).toBeVisible();
  const line = page.getByRole('main').getByRole('listitem').filter({ hasText: 'Pizza Margherita' });
  await expect(line).toContainText('Large');
  await expect(line).toContainText('Black olives');
  await expect(line).not.toContainText('Small');
  await expect(line.getByText('Note : Sans basilic, bien cuite')).toBeVisible();
  await expect(line).toContainText(euros('16.50'));
  await expect(page.getByRole('main')).not.toContainText('16.50');
  await screenshot(page, 'options-order-page-fr-360');
});
