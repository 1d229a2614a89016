import { expect, test } from '@playwright/test';
import { screenshot } from './support.ts';

// The order page of an order id that is malformed or unknown, and a page that does not exist.

test('a malformed or unknown order id is the not-found page, with no delivery-or-table question', async ({ page }) => {
  for (const id of ['garbage', '00000000-0000-4000-8000-000000000000']) {
    await page.goto(`/trattoria-da-luca/order?orderId=${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByText('Internal Server Error')).toHaveCount(0);
  }
  await page.goto('/trattoria-da-luca/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.waitForTimeout(500);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await screenshot(page, 'fixes-not-found-360');
});
