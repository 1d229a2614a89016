import { expect, test, type Page } from '@playwright/test';
import { screenshot } from './support.ts';

// The demo owner of the three seeded venues (README, "Demo data").
const email = 'owner@carte.demo';
const password = 'carte-demo';

async function signIn(page: Page, withPassword: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(withPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a wrong password shows the login error and signs nobody in', async ({ page }) => {
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
  await signIn(page, 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('Please check your credentials and try again.');
  await expect(page).toHaveURL(/\/admin\/login$/);
  // Still nobody: the venue choice sends back to the login page.
  await page.goto('/admin/select-venue');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
});

for (const width of [360, 1024]) {
  test(`the demo owner signs in, opens Trattoria da Luca's back office and signs out (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 768 });
    // /admin sends a visitor to the login page.
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
    await expect(page.getByRole('button', { name: /cart/i })).toHaveCount(0);
    await noSidewaysScroll(page);
    await screenshot(page, `staff-login-${width}`);

    await signIn(page, password);
    await expect(page).toHaveURL(/\/admin\/select-venue$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a venue' })).toBeVisible();
    const venues = page.getByRole('list').getByRole('link');
    await expect(venues).toHaveCount(3);
    for (const name of ['Trattoria da Luca', 'Baan Suan Thai Kitchen', 'The Anchor']) {
      await expect(page.getByRole('link', { name: new RegExp(`${name}\\s*Owner`) })).toBeVisible();
    }
    await noSidewaysScroll(page);
    await screenshot(page, `staff-select-venue-${width}`);

    await page.getByRole('link', { name: /Trattoria da Luca/ }).click();
    await expect(page).toHaveURL(/\/admin\/trattoria-da-luca$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Trattoria da Luca' })).toBeVisible();
    await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Back office' });
    for (const entry of ['Menu', 'Orders', 'Settings', 'Tables & QR codes', 'Staff']) {
      await expect(nav.getByRole('link', { name: entry })).toBeVisible();
    }
    await expect(page.getByRole('button', { name: /cart/i })).toHaveCount(0);
    await noSidewaysScroll(page);
    await screenshot(page, `staff-home-${width}`);

    // The session survives a reload (httpOnly cookies; the page asks GET /api/_auth/session).
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Trattoria da Luca' })).toBeVisible();

    await page.getByRole('link', { name: 'Sign out' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'You are signed out' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in again' })).toBeVisible();
    // Signed out for real: the back office asks to sign in again.
    await page.goto('/admin/trattoria-da-luca');
    await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
  });
}
