import { expect, test, type Locator, type Page } from '@playwright/test';
import { screenshot } from './support.ts';

// The cart's toasts and the cart dialog on a guest's phone and desktop.

const cartButton = (page: Page) => page.getByRole('button', { name: /^Cart/ });
const toast = (page: Page) => page.locator('[data-sonner-toast][data-visible="true"]');

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not visible');
  return b;
}

/** True when the two boxes share at least one pixel. */
function overlap(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

for (const [width, height] of [
  [360, 780],
  [1280, 800],
] as const) {
  test(`at ${width} px a toast never covers the header's cart button or a dialog's title`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.goto('/trattoria-da-luca/menu?spot=4');
    await page.getByRole('button', { name: 'Add Arancini to the order' }).click();
    const added = toast(page).filter({ hasText: 'Arancini added to the order' });
    await expect(added).toBeVisible();
    // From the first frame to the settled toast (the entry animation included).
    const header = await box(page.getByRole('banner'));
    for (let i = 0; i < 6; i++) {
      expect(overlap(await box(added), await box(cartButton(page)))).toBe(false);
      expect(overlap(await box(added), header)).toBe(false);
      await page.waitForTimeout(100);
    }
    // The card says how many are in the cart.
    await expect(page.getByRole('article', { name: 'Arancini' }).getByText('In the cart: 1')).toBeVisible();
    await screenshot(page, `fixes-menu-toast-${width}`);

    // The cart button takes the tap at once, toast or not.
    await cartButton(page).click({ timeout: 3000 });
    const recap = page.getByRole('dialog', { name: 'Your order (1)' });
    await expect(recap).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(recap).toBeHidden();
    await page.getByRole('button', { name: 'Add Vitello tonnato to the order' }).click();
    await cartButton(page).click({ timeout: 3000 });
    const recap2 = page.getByRole('dialog', { name: 'Your order (2)' });
    await recap2.getByRole('button', { name: 'Remove Vitello tonnato' }).click();
    const removed = toast(page).filter({ hasText: 'Vitello tonnato removed from the order' });
    await expect(removed).toBeVisible();
    const dialog = page.getByRole('dialog', { name: /^Your order/ });
    const title = dialog.getByRole('heading', { name: /^Your order/ });
    expect(overlap(await box(removed), await box(title))).toBe(false);
    expect(overlap(await box(removed), await box(dialog.getByRole('button', { name: 'Close' })))).toBe(false);
    expect(overlap(await box(removed), await box(dialog))).toBe(false);
    await screenshot(page, `fixes-recap-toast-${width}`);
    // Its Undo still works over the open dialog.
    await removed.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByRole('dialog', { name: 'Your order (2)' })).toBeVisible();
  });
}

test('an empty cart says so', async ({ page }) => {
  await page.goto('/trattoria-da-luca/menu?spot=4');
  await cartButton(page).click();
  const recap = page.getByRole('dialog', { name: 'Your order (0)' });
  await expect(recap.getByText('Your cart is empty.')).toBeVisible();
  await screenshot(page, 'fixes-empty-cart-360');
});
