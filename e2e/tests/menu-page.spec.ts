import { expect, test, type Page } from '@playwright/test';
import { screenshot } from './support.ts';

// The menu page: a long description, and a venue whose menu is text.

const cartButton = (page: Page) => page.getByRole('button', { name: /^Cart/ });

test('a long description opens in full', async ({ page }) => {
  await page.goto('/trattoria-da-luca/menu?spot=4');
  const more = page.getByRole('button', { name: 'More', exact: true }).first();
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await more.click();
  await expect(page.getByRole('button', { name: 'Less', exact: true }).first()).toHaveAttribute(
    'aria-expanded',
    'true',
  );
});

for (const width of [360, 1280]) {
  test(`the text-menu venue at ${width} px: laid out, with no cart or table controls`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/the-anchor/menu?spot=1');
    await expect(page.getByRole('heading', { name: 'STARTERS' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'PUDDINGS' })).toBeVisible();
    const soup = page.getByRole('listitem').filter({ hasText: 'Soup of the day' });
    await expect(soup).toContainText('£6.50');
    // The prices line up in one column on the right.
    const prices = await page
      .getByRole('listitem')
      .filter({ hasText: '£' })
      .evaluateAll((items) =>
        items.slice(0, 6).map((li) => {
          const price = li.querySelector('div > span:last-child');
          return price ? Math.round(price.getBoundingClientRect().right) : -1;
        }),
      );
    expect(new Set(prices).size).toBe(1);
    await expect(cartButton(page)).toHaveCount(0);
    await page.waitForTimeout(500);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await screenshot(page, `fixes-text-menu-${width}`);
  });
}
