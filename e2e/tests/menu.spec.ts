import { expect, test, type Page } from '@playwright/test';
import { screenshot } from './support.ts';

const venue = 'trattoria-da-luca';

async function expectMenu(page: Page) {
  // The product card is an article named by the product.
  const carbonara = page.getByRole('article', { name: 'Spaghetti carbonara' });
  await expect(carbonara).toBeVisible();
  await expect(carbonara).toContainText('€14.00');
  // Its image loads (decorative: the article already carries the name).
  const image = carbonara.locator('img').first();
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  // A product without price shows 'ask for price'.
  await expect(page.getByRole('article', { name: 'Catch of the day' })).toContainText('Ask for price');
  // Categories of the venue are there as sections, with a way to jump to them.
  await expect(page.getByRole('link', { name: 'Desserts' }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Desserts' })).toBeVisible();
  // The chat-starter search box shows the venue's placeholder.
  await expect(page.getByPlaceholder('Ask me about our dishes, e.g. something vegetarian')).toBeVisible();
}

test('a demo venue menu on a phone (360x780)', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  const response = await page.goto(`/${venue}/menu?spot=1`);
  expect(response?.status()).toBe(200);
  await expectMenu(page);
  await expect(page.getByRole('banner')).toContainText('Trattoria da Luca');
  // No horizontal scrolling on a 360 px phone.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await screenshot(page, 'menu-360');
});

test('a demo venue menu on a desktop (1280x800)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/${venue}/menu?spot=1`);
  await expectMenu(page);
  await screenshot(page, 'menu-1280');
});

test('the language picker switches the interface to French and remembers it', async ({ page, context }) => {
  await page.goto(`/${venue}/menu?spot=1`);
  await expect(page.getByRole('link', { name: 'Menu' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Language' }).selectOption('fr');
  await expect(page.getByRole('link', { name: 'Carte' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Catch of the day' })).toContainText('Prix sur demande');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  const cookie = (await context.cookies()).find((c) => c.name === 'i18n_redirected');
  expect(cookie?.value).toBe('fr');
  expect(cookie?.sameSite).toBe('Lax');
  // Stored language wins on the next visit.
  await page.goto(`/${venue}/menu?spot=1`);
  await expect(page.getByRole('combobox', { name: 'Langue' })).toHaveValue('fr');
});

test('?l=th shows the Thai interface', async ({ page }) => {
  await page.goto(`/${venue}/menu?l=th&spot=1`);
  await expect(page.getByRole('link', { name: 'เมนู' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  await expect(page.getByRole('article', { name: 'Spaghetti carbonara' })).toBeVisible();
  await screenshot(page, 'menu-th-360');
});

test('an unknown path shows the 404 page with the path', async ({ page }) => {
  const response = await page.goto('/no-such-venue/menu');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('/no-such-venue/menu')).toBeVisible();
});
