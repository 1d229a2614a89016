import { expect, test, type Page } from '@playwright/test';
import { screenshot } from './support.ts';

// At a table (a QR code with ?spot=4), so the delivery-or-table question does not come first.
const chatUrl = '/trattoria-da-luca?spot=4';
const cartButton = (page: Page) => page.getByRole('button', { name: /^Cart/ });

/** Waits until the page has stopped scrolling (the chat scrolls smoothly to the latest message). */
async function settle(page: Page) {
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const y = window.scrollY;
        setTimeout(() => resolve(window.scrollY === y), 300);
      }),
  );
}

async function ask(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Ask about the menu' }).fill(text);
  await page.getByRole('button', { name: 'Ask', exact: true }).click();
}

test('ask in English for vegan dishes and add one from its card; the conversation is still there after a reload', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(chatUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Trattoria da Luca' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'What do you recommend?' })).toBeVisible();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, empty');
  await screenshot(page, 'chat-empty-360');

  await ask(page, 'Anything vegan?');
  const log = page.getByRole('log', { name: 'Conversation' });
  await expect(log.getByText('Anything vegan?')).toBeVisible();
  const card = log.getByRole('article', { name: 'Bruschetta al pomodoro' });
  await expect(card).toBeVisible();
  await expect(card).toContainText('€7.50');
  // Only vegan dishes are offered.
  await expect(log.getByRole('article', { name: 'Spaghetti carbonara' })).toHaveCount(0);
  // The chips are for first-time guests.
  await expect(page.getByRole('button', { name: 'What do you recommend?' })).toBeHidden();
  // The answer reads from its start: the guest's question is still on screen.
  await settle(page);
  await expect(log.getByText('Anything vegan?')).toBeInViewport();
  await screenshot(page, 'chat-vegan-360');
  await log.getByRole('button', { name: /^Show all dishes/ }).click();
  await expect(log.getByRole('article', { name: 'Lemon sorbet' })).toBeVisible();

  await card.getByRole('button', { name: 'Add Bruschetta al pomodoro to the order' }).click();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');
  await expect(page.getByText('Bruschetta al pomodoro added to the order')).toBeVisible();
  // No horizontal scrolling on a 360 px phone.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  await page.reload();
  await expect(log.getByText('Anything vegan?')).toBeVisible();
  await expect(log.getByRole('article', { name: 'Bruschetta al pomodoro' })).toBeVisible();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');
});

test('the chat on a desktop (1280x800): a question, a streamed answer with cards, a follow-up', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(chatUrl);
  await ask(page, 'What do you recommend?');
  const log = page.getByRole('log', { name: 'Conversation' });
  await expect(log.getByRole('article').first()).toBeVisible();
  await ask(page, 'Is the tiramisù vegetarian?');
  await expect(log.getByText('Is the tiramisù vegetarian?')).toBeVisible();
  await expect(log).toHaveAttribute('aria-busy', 'false');
  await expect(log.getByRole('article', { name: 'Tiramisù' })).toBeVisible();
  await settle(page);
  await screenshot(page, 'chat-1280');
});

test("the replies' sanitiser and the sending code are not part of a first visit's load; a failed sanitiser download leaves the reply readable as text, and the next message brings it", async ({
  page,
}) => {
  // The sanitiser (DOMPurify and the allow-list) is a chunk of its own: its downloads fail until the
  // second question.
  const downloads: string[] = [];
  let failing = true;
  await page.route(/\/assets\/sanitize-html-[\w-]+\.js$/, (route) => {
    downloads.push(route.request().url());
    return failing ? route.abort('failed') : route.continue();
  });
  // Neither it nor the code that sends a message is part of the first visit's load.
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(chatUrl);
  const log = page.getByRole('log', { name: 'Conversation' });
  await expect(log).toBeAttached();
  await expect(page.getByRole('searchbox', { name: 'Ask about the menu' })).toBeEnabled();
  await page.waitForLoadState('networkidle');
  expect(scripts.some((s) => /\/chat-[\w-]+\.js$/.test(s))).toBe(true);
  expect(scripts.filter((s) => /\/(sanitize-html|post-chat)-/.test(s))).toEqual([]);
  expect(downloads).toEqual([]);

  await ask(page, 'Anything vegan?');
  await expect(log.getByRole('article', { name: 'Bruschetta al pomodoro' })).toBeVisible();
  await expect(log).toHaveAttribute('aria-busy', 'false');
  expect(downloads.length).toBeGreaterThan(0);
  // The reply's text, a paragraph per line, without its markup.
  const reply = log.locator('div[dir="auto"]').first();
  await expect(reply.getByText(/^Bruschetta al pomodoro — €7\.50/)).toBeVisible();
  await expect(reply.locator('ul, li, strong, .note')).toHaveCount(0);
  await screenshot(page, 'chat-reply-as-text-360');

  failing = false;
  const failed = downloads.length;
  await ask(page, 'Is the tiramisù vegetarian?');
  await expect(log.getByRole('article', { name: 'Tiramisù' })).toBeVisible();
  expect(downloads.length).toBeGreaterThan(failed);
  // Now formatted: the list of dishes with their names in bold, the allergen note.
  await expect(reply.locator('li strong').first()).toHaveText('Bruschetta al pomodoro');
  await expect(reply.locator('p.note')).toHaveCount(1);
});
