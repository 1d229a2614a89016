import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { pdfText } from '../../apps/server/test/pdf-text.ts';
import { screenshot } from './support.ts';

/**
 * Issue 19: a guest at Baan Suan (prices include 7 % VAT) orders satay and spring rolls, pays by
 * card with a 10 % tip against the fake Stripe, downloads the receipt PDF from the order page, and the
 * PDF's text carries the receipt number, the VAT breakdown, the tip and the total; then has it
 * e-mailed (kept in the venue's outbox: the run has no SMTP server).
 */
test('a guest pays, downloads the receipt PDF with the VAT breakdown, and has it e-mailed', async ({ page }) => {
  await page.goto('/baan-suan/menu?spot=A1');
  for (const dish of ['Chicken satay', 'Vegetable spring rolls (Por pia tod)']) {
    await page.getByRole('button', { name: `Add ${dish} to the order` }).click();
    const chooser = page.getByRole('dialog', { name: dish });
    if (await chooser.isVisible().catch(() => false)) await chooser.getByRole('button', { name: /^Add · / }).click();
  }
  await page.getByRole('button', { name: /^Cart/ }).click();
  await page
    .getByRole('dialog', { name: /^Your order/ })
    .getByRole('button', { name: /Place order.*฿280\.00/ })
    .click();
  await expect(page).toHaveURL(/\/baan-suan\/order\?orderId=[0-9a-f-]{36}$/);
  // No receipt before the payment.
  await expect(page.getByRole('heading', { level: 1, name: /^Order #\d+$/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download receipt (PDF)' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Pay now · ฿280.00' }).click();
  const sheet = page.getByRole('dialog', { name: /^Pay for order #\d+$/ });
  await sheet.getByText('10%').click();
  await expect(sheet.getByTestId('pay-amount')).toHaveText('฿308.00');
  await sheet.getByRole('button', { name: 'Continue · ฿308.00' }).click();
  await sheet.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
  await sheet.getByRole('textbox', { name: 'Expiration date' }).fill('12 / 34');
  await sheet.getByRole('textbox', { name: 'Security code' }).fill('123');
  await sheet.getByRole('button', { name: 'Pay ฿308.00' }).click();
  await expect(sheet).toBeHidden();

  const orderId = new URL(page.url()).searchParams.get('orderId');
  const order = (await (await page.request.get(`/api/order?orderId=${orderId}`)).json()).data;
  expect(order.receipt_number).toEqual(expect.any(Number));
  const heading = page.getByRole('heading', { level: 2, name: `Receipt no. ${order.receipt_number}` });
  await expect(heading).toBeVisible();
  await screenshot(page, 'order-receipt-360');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download receipt (PDF)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`receipt-${order.receipt_number}.pdf`);
  const [text] = await pdfText(await readFile((await download.path())!));
  const lines = text!.split('\n');
  expect(lines).toContain('Baan Suan Co., Ltd.');
  expect(lines).toContain('Tax number: 0105561234567');
  expect(lines).toContain(`Receipt no. ${order.receipt_number}`);
  expect(lines).toContain('1 × Chicken satay ฿160.00');
  expect(lines).toContain('Prices include taxes');
  expect(lines).toContain('Rate Net Tax');
  // 280.00 x 7/107 = 18.317... -> 18.32 of VAT on 261.68.
  expect(lines).toContain('VAT 7% ฿261.68 ฿18.32');
  expect(lines).toContain('Tip ฿28.00');
  expect(lines).toContain('Total ฿308.00');
  expect(lines).toContain('Paid by: Card (online)');
  expect(lines.some((l) => /^Date .*\(Asia\/Bangkok\)$/.test(l))).toBe(true);

  await page.getByRole('button', { name: 'E-mail me the receipt' }).click();
  await page.getByRole('textbox', { name: 'Your e-mail address' }).fill('guest@example.com');
  await page.getByRole('button', { name: 'Send the receipt' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'guest@example.com' })).toContainText(
    "Your receipt for guest@example.com is waiting in the venue's outbox",
  );
});
