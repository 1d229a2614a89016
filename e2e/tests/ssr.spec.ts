import { expect, test, type Page } from '@playwright/test';
import { screenshot } from './support.ts';

/**
 * Server-rendered guest pages (issue 11): the first response holds the menu (or the chat's welcome),
 * readable without JavaScript; with JavaScript React takes over the server's markup (hydration)
 * without a warning and without rebuilding it, and the page works as before.
 */

/** Every console error and warning of the page, and every uncaught error. */
function watchConsole(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      messages.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  return messages;
}

/**
 * Before any script of the page runs (the document is parsed, module scripts wait), remember the
 * server's nodes: after hydration the same nodes must still be the page's.
 */
async function markServerNodes(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      const w = window as unknown as { __ssr?: { root: Element | null; main: Element | null; first: Element | null } };
      w.__ssr = {
        root: document.querySelector('#root > header'),
        main: document.querySelector('#root main'),
        first: document.querySelector('#root main article'),
      };
    });
  });
}

/** True once React has attached itself to the server's <main> (hydrated) and it is still the page's. */
const keptServerNodes = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __ssr?: { root: Element | null; main: Element | null; first: Element | null } };
    const marked = w.__ssr;
    if (!marked?.main || !marked.root) return 'not marked';
    const hydrated = Object.keys(marked.main).some((key) => key.startsWith('__reactFiber'));
    if (!hydrated) return 'not hydrated';
    const same =
      marked.main === document.querySelector('#root main') &&
      marked.root === document.querySelector('#root > header') &&
      (marked.first === null || marked.first === document.querySelector('#root main article'));
    return same ? 'kept' : 'remounted';
  });

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the menu shows its dishes and prices, the chat page its welcome', async ({ page }) => {
    await page.goto('/trattoria-da-luca/menu');
    await expect(page).toHaveTitle('Trattoria da Luca · Menu');
    const margherita = page.getByRole('article', { name: 'Pizza Margherita' });
    await expect(margherita).toBeVisible();
    await expect(margherita).toContainText('€9.50');
    await expect(page.getByRole('article', { name: 'Spaghetti carbonara' })).toContainText('€14.00');
    await expect(page.getByRole('navigation', { name: /categor/i })).toBeVisible();
    await screenshot(page, 'ssr-menu-nojs-360');
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, 'ssr-menu-nojs-1280');

    await page.goto('/trattoria-da-luca?l=fr');
    await expect(page.getByRole('heading', { level: 1, name: 'Bienvenue chez Trattoria da Luca' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');

    await page.goto('/no-such-venue/menu');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });
});

test('the menu hydrates without a warning, keeps the server markup, and the cart works at once', async ({ page }) => {
  const messages = watchConsole(page);
  await markServerNodes(page);
  await page.goto('/trattoria-da-luca/menu?spot=4');
  await expect.poll(() => keptServerNodes(page)).toBe('kept');
  await page.getByRole('button', { name: 'Add Bruschetta al pomodoro to the order' }).click();
  await expect(page.getByRole('button', { name: /^Cart/ })).toHaveAccessibleName('Cart, 1 item');
  await screenshot(page, 'ssr-menu-js-360');
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshot(page, 'ssr-menu-js-1280');

  // A reload with a cart in localStorage: the count comes after hydration, still without a warning.
  await page.reload();
  await expect.poll(() => keptServerNodes(page)).toBe('kept');
  await expect(page.getByRole('button', { name: /^Cart/ })).toHaveAccessibleName('Cart, 1 item');
  // Production React reports a mismatch as an uncaught 'Minified React error #418' (or #423, #425).
  expect(messages.filter((m) => /hydrat|did not match|mismatch|React error #4(18|19|20|21|22|23|25)/i.test(m))).toEqual(
    [],
  );
  expect(messages).toEqual([]);
});

test('the chat page hydrates in the language of ?l= and the conversation starts after it', async ({ page }) => {
  const messages = watchConsole(page);
  await markServerNodes(page);
  await page.goto('/trattoria-da-luca?l=de&spot=2');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect.poll(() => keptServerNodes(page)).toBe('kept');
  await expect(page.getByRole('heading', { level: 1, name: /Trattoria da Luca/ })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
  // The language stays chosen for the next page, rendered by the server in German too.
  await page.getByRole('link', { name: 'Speisekarte' }).click();
  await expect(page).toHaveURL(/\/trattoria-da-luca\/menu$/);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect.poll(() => keptServerNodes(page)).toBe('kept');
  expect(messages).toEqual([]);
});
