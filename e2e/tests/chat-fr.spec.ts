import { expect, test } from '@playwright/test';
import { screenshot } from './support.ts';

test('ask in French (?l=fr) to add two of a dish: the cart count becomes 2', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/trattoria-da-luca?l=fr&spot=4');
  await expect(page.getByRole('heading', { level: 1, name: 'Bienvenue chez Trattoria da Luca' })).toBeVisible();
  const cart = page.getByRole('button', { name: /^Panier/ });
  await expect(cart).toHaveAccessibleName('Panier, vide');

  await page.getByRole('searchbox', { name: 'Poser une question sur la carte' }).fill('Ajoutez deux tiramisu, s’il vous plaît');
  await page.getByRole('button', { name: 'Demander', exact: true }).click();

  const log = page.getByRole('log', { name: 'Conversation' });
  await expect(log.getByText(/Ajoutez deux tiramisu/)).toBeVisible();
  await expect(log.getByText(/ajouté 2 × Tiramisù/)).toBeVisible();
  await expect(log.getByRole('article', { name: 'Tiramisù' })).toBeVisible();
  await expect(cart).toHaveAccessibleName('Panier, 2 articles');
  await page.waitForTimeout(400);
  await screenshot(page, 'chat-fr-360');
});
