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
  await expect(page).toHaveURL(/\/admin\/trattoria-da-luca\/orders$/);
  await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
}

test('a guest sets "no gluten" on the menu, unsafe dishes are marked, the order carries it and the board asks to read it before preparing', async ({
  browser,
}) => {
  const guestContext = await browser.newContext({ viewport: { width: 360, height: 780 }, hasTouch: true });
  const guest = await guestContext.newPage();
  await guest.goto('/trattoria-da-luca/menu?spot=5');

  // The filter above the menu: its toggles load when asked for.
  await guest.getByRole('button', { name: 'Allergies and diets' }).click();
  const filter = guest.getByRole('region', { name: 'Allergies and diets' });
  await filter.getByRole('button', { name: 'Gluten', exact: true }).click();
  await expect(filter.getByRole('button', { name: 'Gluten', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await screenshot(guest, 'allergy-filter-360');
  await filter.getByRole('button', { name: 'Done' }).click();
  await expect(guest.getByRole('button', { name: 'Allergies and diets: 1 set' })).toBeVisible();

  // Bruschetta lists gluten: marked with the reason. The parmigiana is marked gluten-free: no mark.
  const bruschetta = guest.getByRole('article', { name: 'Bruschetta al pomodoro' });
  await expect(bruschetta).toContainText('Not for you: Contains gluten');
  await expect(bruschetta).toHaveAttribute('data-safety', 'unsafe');
  const parmigiana = guest.getByRole('article', { name: 'Melanzane alla parmigiana' });
  await expect(parmigiana).toHaveAttribute('data-safety', 'safe');
  await expect(parmigiana).not.toContainText('Not for you');
  // The overflow check of a phone: the marks wrap inside the card.
  expect(await guest.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await screenshot(guest, 'allergy-menu-marked-360');

  await parmigiana.getByRole('button', { name: 'Add Melanzane alla parmigiana to the order' }).click();
  await guest.getByRole('button', { name: /^Cart/ }).click();
  await guest
    .getByRole('dialog', { name: /^Your order/ })
    .getByRole('button', { name: /Place order/ })
    .click();
  await expect(guest).toHaveURL(/\/trattoria-da-luca\/order\?orderId=[0-9a-f-]{36}$/);
  const orderId = new URL(guest.url()).searchParams.get('orderId')!;
  const heading = guest.getByRole('heading', { level: 1, name: /^Order #\d+$/ });
  await expect(heading).toBeVisible();
  const number = (await heading.textContent())!.replace(/\D/g, '');
  const guestBanner = guest.getByRole('group', { name: 'Your allergies and diets' });
  await expect(guestBanner).toContainText('Your allergies and diets: Gluten');
  await expect(guestBanner).toContainText('Sent to the staff with your order.');

  // The pass.
  const staffContext = await browser.newContext({ viewport: { width: 1280, height: 800 }, hasTouch: true });
  const board = await staffContext.newPage();
  await signInToBoard(board);
  const order = card(board, number);
  await expect(order).toBeVisible();
  const banner = order.getByRole('group', { name: 'Allergies' });
  await expect(banner).toContainText('Allergies: Gluten');
  await order.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(column(board, 'Accepted').getByRole('article', { name: new RegExp(`^#${number}\\b`) })).toBeVisible();

  // "Start preparing" waits for someone to read the allergies; the server refuses it too.
  const prepare = order.getByRole('button', { name: 'Start preparing', exact: true });
  await expect(prepare).toHaveAttribute('aria-disabled', 'true');
  await expect(order).toContainText('Read the allergies before preparing');
  await prepare.click({ force: true }); // a tap on the waiting button does nothing
  const refused = await board.evaluate(async (id) => {
    const res = await fetch('/api/order/status', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ orderId: id, status: 'preparing' }),
    });
    return { status: res.status, code: ((await res.json()) as { code?: string }).code };
  }, orderId);
  expect(refused).toEqual({ status: 409, code: 'ALLERGY_NOT_ACKNOWLEDGED' });
  await expect(column(board, 'Accepted').getByRole('article', { name: new RegExp(`^#${number}\\b`) })).toBeVisible();
  await screenshot(board, 'allergy-board-1280');

  await banner.getByRole('button', { name: 'I have read the allergies' }).click();
  await expect(banner).toContainText(/Read at/);
  await expect(prepare).not.toHaveAttribute('aria-disabled', 'true');
  await prepare.click();
  await expect(column(board, 'Preparing').getByRole('article', { name: new RegExp(`^#${number}\\b`) })).toBeVisible();
  // The guest's page follows: the staff have read the allergies.
  await expect(guestBanner).toContainText('The staff have read them.');

  await staffContext.close();
  await guestContext.close();
});
