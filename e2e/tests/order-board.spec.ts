import { expect, test, type Page } from '@playwright/test';
import { screenshot } from './support.ts';

// The demo owner of the seeded venues (README, "Demo data").
const email = 'owner@carte.demo';
const password = 'carte-demo';

const card = (page: Page, number: string) => page.getByRole('article', { name: new RegExp(`^#${number}\\b`) });
const column = (page: Page, name: string) => page.getByRole('region', { name: new RegExp(`^${name}`) });
async function signInToBoard(page: Page) {
  await page.goto('/admin/login?redirect=%2Fadmin%2Ftrattoria-da-luca%2Forders');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Signed in, the login page goes back to the board that sent there.
  await expect(page).toHaveURL(/\/admin\/trattoria-da-luca\/orders$/);
  await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
}

const currentStep = (page: Page) => page.getByRole('list', { name: 'Order progress' }).locator('[aria-current="step"]');

test('a table order appears live on the board and the guest follows each state live', async ({ browser }) => {
  // The pass: a landscape tablet.
  const staffContext = await browser.newContext({ viewport: { width: 1280, height: 800 }, hasTouch: true });
  const board = await staffContext.newPage();
  await signInToBoard(board);
  await expect(board.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  // Other journeys of the same run may have left orders waiting: the badge counts from there.
  await expect(board).toHaveTitle(/Orders — Trattoria da Luca$/);
  const waiting = Number(/^\((\d+)\)/.exec(await board.title())?.[1] ?? 0);
  const titleWith = (n: number) => (n > 0 ? `(${n}) Orders — Trattoria da Luca` : 'Orders — Trattoria da Luca');
  // A tap on the page allows the chime (browsers start audio after a gesture).
  await board.getByRole('heading', { level: 1, name: 'Orders' }).click();

  // A guest at table 4, on a phone, in another browser context.
  const guestContext = await browser.newContext({ viewport: { width: 360, height: 780 }, hasTouch: true });
  const guest = await guestContext.newPage();
  await guest.goto('/trattoria-da-luca/menu?spot=4');
  await guest.getByRole('button', { name: 'Add Bruschetta al pomodoro to the order' }).click();
  await guest.getByRole('button', { name: 'Add Bruschetta al pomodoro to the order' }).click();
  await guest.getByRole('button', { name: /^Cart/ }).click();
  const recap = guest.getByRole('dialog', { name: /^Your order/ });
  await expect(recap).toContainText('Table 4');
  await recap.getByRole('button', { name: /Place order/ }).click();
  await expect(guest).toHaveURL(/\/trattoria-da-luca\/order\?orderId=[0-9a-f-]{36}$/);
  const heading = guest.getByRole('heading', { level: 1, name: /^Order #\d+$/ });
  await expect(heading).toBeVisible();
  const number = (await heading.textContent())!.replace(/\D/g, '');
  await expect(currentStep(guest)).toHaveText('Placed');

  // The board shows it without a reload: in New, with its badge, counted in the tab title.
  const order = card(board, number);
  await expect(column(board, 'New').getByRole('article', { name: new RegExp(`^#${number}\\b`) })).toBeVisible();
  await expect(order).toContainText('New');
  await expect(order).toContainText('Table 4');
  await expect(order).toContainText('2 × Bruschetta al pomodoro');
  await expect(order).toContainText('Unpaid');
  await expect(board).toHaveTitle(titleWith(waiting + 1));
  await screenshot(board, 'order-board-1280');
  // The pass tablet's usual mode: the board alone on the screen.
  await board.getByRole('button', { name: 'Full-screen board' }).click();
  await screenshot(board, 'order-board-full-1280');
  await screenshot(guest, 'order-live-placed-360');

  const steps: [string, string, string][] = [
    ['Accept', 'Accepted', 'Accepted'],
    ['Start preparing', 'Preparing', 'Being prepared'],
    ['Ready', 'Ready', 'Ready'],
  ];
  for (const [button, boardColumn, guestState] of steps) {
    await order.getByRole('button', { name: button, exact: true }).click();
    await expect(column(board, boardColumn).getByRole('article', { name: new RegExp(`^#${number}\\b`) })).toBeVisible();
    await expect(currentStep(guest)).toHaveText(guestState);
    await expect(guest.getByRole('heading', { level: 1, name: `Order #${number}` })).toBeVisible();
  }
  await expect(board).toHaveTitle(titleWith(waiting));
  await screenshot(guest, 'order-live-ready-360');

  await order.getByRole('button', { name: 'Served', exact: true }).click();
  await expect(order).toHaveCount(0);
  // Served is the last step: ticked, and still the current one.
  await expect(currentStep(guest)).toHaveText(/^Served/);
  await board.getByRole('button', { name: 'Done today' }).click();
  await expect(card(board, number)).toContainText('Served');
  await screenshot(guest, 'order-live-served-360');

  // The same board on a phone: one state at a time, chosen with the filter.
  await board.setViewportSize({ width: 360, height: 780 });
  await board.getByRole('button', { name: /^Done/ }).first().click();
  await expect(card(board, number)).toBeVisible();
  const overflow = await board.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await screenshot(board, 'order-board-done-360');

  await staffContext.close();
  await guestContext.close();
});

/** A guest at `spot` orders one bruschetta and pays it by card (the fake Stripe's card form). */
async function placeAndPayByCard(guest: Page, spot: string, tip: string | null) {
  await guest.goto(`/trattoria-da-luca/menu?spot=${spot}`);
  await guest.getByRole('button', { name: 'Add Bruschetta al pomodoro to the order' }).click();
  await guest.getByRole('button', { name: /^Cart/ }).click();
  await guest
    .getByRole('dialog', { name: /^Your order/ })
    .getByRole('button', { name: /Place order/ })
    .click();
  const heading = guest.getByRole('heading', { level: 1, name: /^Order #\d+$/ });
  await expect(heading).toBeVisible();
  const number = (await heading.textContent())!.replace(/\D/g, '');
  return {
    number,
    pay: async () => {
      // The fake Stripe's stand-in card form: 4242 4242 4242 4242 succeeds.
      await guest.getByRole('button', { name: /^Pay now/ }).click();
      const sheet = guest.getByRole('dialog', { name: /^Pay for order #\d+$/ });
      if (tip) {
        await sheet.getByText(tip, { exact: true }).click();
        await expect(sheet.getByRole('radio', { name: new RegExp(`^${tip}`) })).toBeChecked();
      }
      await sheet.getByRole('button', { name: /^Continue/ }).click();
      await sheet.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
      await sheet.getByRole('textbox', { name: 'Expiration date' }).fill('12 / 34');
      await sheet.getByRole('textbox', { name: 'Security code' }).fill('123');
      await sheet.getByRole('button', { name: /^Pay / }).click();
      await expect(sheet).toBeHidden();
    },
  };
}

const guestPayment = (guest: Page) =>
  guest.getByRole('main').getByText('Payment', { exact: true }).locator('xpath=following-sibling::dd[1]');

test('a table order paid by card moves on the board and on the guest page, live', async ({ browser, request }) => {
  const venue = await (await request.get('/api/public/venue?venue=trattoria-da-luca')).json();
  test.skip(!venue.data.venue.cardPayment, 'Card payment needs the fake Stripe of the Playwright config');
  const staffContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const board = await staffContext.newPage();
  await signInToBoard(board);

  const guestContext = await browser.newContext({ viewport: { width: 360, height: 780 }, hasTouch: true });
  const guest = await guestContext.newPage();
  const { number, pay } = await placeAndPayByCard(guest, '7', '10%');
  const order = card(board, number);
  await expect(order).toContainText('Unpaid');
  await pay();

  // The webhook's word reaches the board without a reload, with the tip (10 % of 7.50).
  await expect(order).toContainText('Paid');
  await expect(order).not.toContainText('Unpaid');
  await expect(order).toContainText('Tip €0.75');
  await expect(guestPayment(guest)).toHaveText('Paid');
  await screenshot(board, 'order-board-paid-1280');

  // The paid order goes through the kitchen; the guest's page follows each move.
  for (const [button, boardColumn, guestState] of [
    ['Accept', 'Accepted', 'Accepted'],
    ['Start preparing', 'Preparing', 'Being prepared'],
    ['Ready', 'Ready', 'Ready'],
  ] as const) {
    await order.getByRole('button', { name: button, exact: true }).click();
    await expect(column(board, boardColumn).getByRole('article', { name: new RegExp(`^#${number}\\b`) })).toBeVisible();
    await expect(currentStep(guest)).toHaveText(guestState);
  }
  await order.getByRole('button', { name: 'Served', exact: true }).click();
  await expect(currentStep(guest)).toHaveText(/^Served/);
  await expect(guestPayment(guest)).toHaveText('Paid');
  await screenshot(guest, 'order-live-paid-served-360');
  await staffContext.close();
  await guestContext.close();
});

test('a paid order cancelled on the board is refunded there; the guest page says Refunded', async ({
  browser,
  request,
}) => {
  const venue = await (await request.get('/api/public/venue?venue=trattoria-da-luca')).json();
  test.skip(!venue.data.venue.cardPayment, 'Card payment needs the fake Stripe of the Playwright config');
  const staffContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const board = await staffContext.newPage();
  await signInToBoard(board);
  const guestContext = await browser.newContext({ viewport: { width: 360, height: 780 }, hasTouch: true });
  const guest = await guestContext.newPage();
  const { number, pay } = await placeAndPayByCard(guest, '8', null);
  await pay();
  const order = card(board, number);
  await expect(order).toContainText('Paid');

  await order.getByRole('button', { name: 'Cancel', exact: true }).click();
  const dialog = board.getByRole('dialog', { name: `Cancel order #${number}?` });
  await dialog.getByRole('radio', { name: 'Out of stock' }).check();
  await dialog.getByRole('button', { name: 'Cancel the order' }).click();
  await expect(dialog).toBeHidden();
  await expect(guest.getByText(/Your order was cancelled/)).toBeVisible();

  await board.getByRole('button', { name: 'Done today' }).click();
  await card(board, number).getByRole('button', { name: 'Refund' }).click();
  await expect(board.getByText(`Order #${number}: refund sent.`)).toBeVisible();
  await expect(card(board, number)).toContainText('Refunded');
  // The cancelled page still listens while a refund may come, and shows it.
  await expect(guestPayment(guest)).toHaveText('Refunded');
  await screenshot(guest, 'order-live-refunded-360');
  const orderId = new URL(guest.url()).searchParams.get('orderId');
  const stored = await (await request.get(`/api/order?orderId=${orderId}`)).json();
  expect(stored.data).toMatchObject({ status: 'cancelled', payment_status: 'refunded' });
  await staffContext.close();
  await guestContext.close();
});

test('the board catches up on what it missed while offline, without doubles', async ({ browser }) => {
  const staffContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const board = await staffContext.newPage();
  const errors: string[] = [];
  board.on('pageerror', (error) => errors.push(error.message));
  await signInToBoard(board);

  await staffContext.setOffline(true);
  await expect(board.getByRole('status').filter({ hasText: 'Reconnecting…' })).toBeVisible();

  // Meanwhile a guest orders.
  const guestContext = await browser.newContext({ viewport: { width: 360, height: 780 }, hasTouch: true });
  const guest = await guestContext.newPage();
  await guest.goto('/trattoria-da-luca/menu?spot=9');
  await guest.getByRole('button', { name: 'Add Bruschetta al pomodoro to the order' }).click();
  await guest.getByRole('button', { name: /^Cart/ }).click();
  await guest
    .getByRole('dialog', { name: /^Your order/ })
    .getByRole('button', { name: /Place order/ })
    .click();
  const heading = guest.getByRole('heading', { level: 1, name: /^Order #\d+$/ });
  await expect(heading).toBeVisible();
  const number = (await heading.textContent())!.replace(/\D/g, '');

  await staffContext.setOffline(false);
  await expect(board.getByRole('status').filter({ hasText: 'Live' })).toBeVisible({ timeout: 20_000 });
  await expect(card(board, number)).toHaveCount(1);
  await expect(card(board, number)).toContainText('Table 9');
  // Live again: the next change arrives over the stream, still one card.
  await card(board, number).getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(column(board, 'Accepted').getByRole('article', { name: new RegExp(`^#${number}\\b`) })).toBeVisible();
  await expect(card(board, number)).toHaveCount(1);
  // The same board on a phone: one state at a time.
  await board.setViewportSize({ width: 360, height: 780 });
  await board.getByRole('button', { name: /^Accepted/ }).click();
  await expect(card(board, number)).toBeVisible();
  expect(await board.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await screenshot(board, 'order-board-accepted-360');
  expect(errors).toEqual([]);
  await staffContext.close();
  await guestContext.close();
});
