import { expect, test, type Page } from '@playwright/test';
import { screenshot } from './support.ts';

// The demo owner of the seeded venues (README, "Demo data").
const OWNER = { email: 'owner@carte.demo', password: 'carte-demo' };
const run = Date.now().toString(36);
const ADDED = `Smash Burger ${run}`;
const DOOMED = `Daily Soup ${run}`;

async function signIn(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(OWNER.email);
  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a venue' })).toBeVisible();
}

async function tell(page: Page, message: string) {
  const input = page.getByLabel('Message to the menu assistant');
  await input.fill(message);
  await input.press('Enter');
}

test('the owner adds a dish by chat, deletes another after confirming, and a guest page shows the result', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  const session = (await (await page.request.get('/api/_auth/session')).json()) as {
    data: { venues: { id: string; venueUrl: string }[] };
  };
  const venueId = session.data.venues.find((v) => v.venueUrl === 'trattoria-da-luca')!.id;
  // The dish to delete exists before the chat starts (made with the back office's own call).
  const settings = (await (await page.request.get(`/api/venue?venueId=${venueId}`)).json()) as {
    data: { categories: { id: string; name: string }[] };
  };
  const pizza = settings.data.categories.find((c) => c.name === 'Pizza')!.id;
  const made = await page.request.post('/api/product', {
    data: { venue: venueId, name: DOOMED, price: 6, categories: [pizza] },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(made.status()).toBe(201);

  await page.getByRole('link', { name: /Trattoria da Luca/ }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Menu assistant' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'What is sold out?' })).toBeVisible();

  // 1. Add a dish by chat: the card says so, with the option.
  await tell(page, `add ${ADDED} at 13.50 with fries as a +2 option in Pizza`);
  const log = page.getByRole('log');
  await expect(log.getByText('Product created').last()).toBeVisible();
  await expect(log.getByText('Fries (+€2.00)').last()).toBeVisible();
  await expect(log.getByText('Pizza', { exact: true }).last()).toBeVisible();

  // 2. Delete another: the assistant asks first; nothing is deleted until "yes".
  await tell(page, `delete ${DOOMED}`);
  await expect(log.getByText(`Delete ${DOOMED} from the menu?`)).toBeVisible();
  const guestNow = await page.request.get('/api/public/venue?venue=trattoria-da-luca');
  expect(JSON.stringify(await guestNow.json())).toContain(DOOMED);
  await screenshot(page, 'staff-chat-confirm-360');
  await page.getByRole('button', { name: 'Yes, go ahead' }).click();
  await expect(log.getByText('Product deleted')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Yes, go ahead' })).toHaveCount(0);

  // 3. A guest, in a browser of their own, sees the new dish and not the deleted one.
  const guest = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const guestPage = await guest.newPage();
  // At table 4 (no table-or-delivery question).
  await guestPage.goto('/trattoria-da-luca/menu?spot=4');
  await expect(guestPage.getByRole('heading', { name: ADDED })).toBeVisible();
  await expect(guestPage.getByRole('heading', { name: DOOMED })).toHaveCount(0);
  await guest.close();

  // The conversation is the server's: it is there again after a reload.
  await page.reload();
  await expect(page.getByRole('log').getByText(`Delete ${DOOMED} from the menu?`)).toBeVisible();
  await expect(page.getByRole('log').getByText('Product deleted')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
