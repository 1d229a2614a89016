import { expect, test } from '@playwright/test';
import { screenshot } from './support.ts';

/**
 * A guest at table 4 places an order and pays it by card with a 10 % tip, against the fake Stripe
 * the Playwright config starts (its stand-in Stripe.js draws a plain card form; 4000 0000 0000 0002
 * is declined, 4242 4242 4242 4242 succeeds). The server checks the payment with the fake Stripe,
 * which also sends its signed webhook; the order page says "Paid".
 */
test('a table order paid by card with a 10 % tip; a declined card first says so', async ({ page }) => {
  await page.goto('/trattoria-da-luca/menu?spot=4');
  // Spaghetti carbonara without its option: 14.00
  await page.getByRole('button', { name: 'Add Spaghetti carbonara to the order' }).click();
  const chooser = page.getByRole('dialog', { name: 'Spaghetti carbonara' });
  await chooser.getByRole('button', { name: /Add · €14\.00/ }).click();
  await expect(chooser).toBeHidden();
  await page.getByRole('button', { name: /^Cart/ }).click();
  await page
    .getByRole('dialog', { name: /^Your order/ })
    .getByRole('button', { name: /Place order.*€14\.00/ })
    .click();
  await expect(page).toHaveURL(/\/trattoria-da-luca\/order\?orderId=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Order #\d+$/ })).toBeVisible();

  await page.getByRole('button', { name: 'Pay now · €14.00' }).click();
  const sheet = page.getByRole('dialog', { name: /^Pay for order #\d+$/ });
  await expect(sheet).toBeVisible();
  await sheet.getByText('10%').click();
  await expect(sheet.getByRole('radio', { name: /^10%/ })).toBeChecked();
  // 14.00 + 10 % = 15.40, on the button and in the summary.
  await expect(sheet.getByTestId('pay-amount')).toHaveText('€15.40');
  await screenshot(page, 'pay-sheet-tip-360');
  await sheet.getByRole('button', { name: 'Continue · €15.40' }).click();

  const cardNumber = sheet.getByRole('textbox', { name: 'Card number' });
  await expect(cardNumber).toBeVisible();
  await cardNumber.fill('4000 0000 0000 0002');
  await sheet.getByRole('textbox', { name: 'Expiration date' }).fill('12 / 34');
  await sheet.getByRole('textbox', { name: 'Security code' }).fill('123');
  await sheet.getByRole('button', { name: 'Pay €15.40' }).click();
  await expect(sheet.getByRole('alert')).toContainText('Payment failed. Try again.');
  await expect(sheet.getByRole('alert')).toContainText('Your card was declined.');
  await screenshot(page, 'pay-sheet-declined-360');

  await cardNumber.fill('4242 4242 4242 4242');
  await sheet.getByRole('button', { name: 'Pay €15.40' }).click();
  await expect(sheet).toBeHidden();
  await expect(page.getByText('Payment received. Thank you!')).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByText('Paid', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pay now/ })).toBeHidden();
  await screenshot(page, 'order-paid-360');

  // The server's word, not the page's: the order as the API gives it.
  const orderId = new URL(page.url()).searchParams.get('orderId');
  const order = await (await page.request.get(`/api/order?orderId=${orderId}`)).json();
  expect(order.data).toMatchObject({ payment_status: 'paid', tip: 1.4, total: 14 });

  // After a reload the order is still paid and nothing offers to pay again.
  await page.reload();
  await expect(page.getByRole('main').getByText('Paid', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pay now/ })).toBeHidden();
});
