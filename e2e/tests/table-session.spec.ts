import { expect, test, type Browser, type Page } from '@playwright/test';
import { screenshot } from './support.ts';

// The demo owner of the seeded venues (README, "Demo data") prints a new code for table 7.
const email = 'owner@carte.demo';
const password = 'carte-demo';
const slug = 'trattoria-da-luca';
const spot = '7';

async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  return context.newPage();
}

/**
 * Issue 20: two phones at one table join by its QR link, share one cart live, send a round to one bill
 * and split it: each pays their part by card against the fake Stripe, the table's session ends.
 */
test('two guests at one table order together through its QR code', async ({ browser, request }) => {
  const login = await request.post('/api/auth/login', { data: { email, password, mode: 'json' } });
  expect(login.status(), await login.text()).toBe(200);
  const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  const venue = (await (await request.get(`/api/public/venue?venue=${slug}`)).json()) as {
    data: { venue: { id: string } };
  };
  const code = await request.post('/api/venue/table/code', {
    headers: { authorization: `Bearer ${token}` },
    data: { venueId: venue.data.venue.id, spot },
  });
  expect(code.status(), await code.text()).toBe(200);
  const link = new URL(((await code.json()) as { data: { url: string } }).data.url);
  const path = `${link.pathname.replace(/\/$/, '')}/menu${link.search}`;

  const anna = await phone(browser);
  await anna.goto(path);
  const annaTable = anna.getByRole('region', { name: `Table ${spot}` });
  await expect(annaTable.getByRole('heading', { name: `Order together at table ${spot}` })).toBeVisible();
  await annaTable.getByLabel('Your name (optional)').fill('Anna');
  await annaTable.getByRole('button', { name: 'Join the table' }).click();
  await expect(annaTable.getByText('1 person at the table: Anna (you)')).toBeVisible();

  await anna.getByRole('button', { name: 'Add Bruschetta al pomodoro to the order' }).click();
  await annaTable.getByRole('button', { name: "Add my 1 dish to the table's cart" }).click();
  await expect(annaTable.getByRole('list', { name: "The table's cart" }).getByText('Added by Anna')).toBeVisible();

  const ben = await phone(browser);
  await ben.goto(path);
  const benTable = ben.getByRole('region', { name: `Table ${spot}` });
  await benTable.getByLabel('Your name (optional)').fill('Ben');
  await benTable.getByRole('button', { name: 'Join the table' }).click();
  const benCart = benTable.getByRole('list', { name: "The table's cart" });
  await expect(benCart.getByText('Bruschetta al pomodoro')).toBeVisible();
  await expect(benCart.getByText('Added by Anna')).toBeVisible();
  // Anna's phone hears Ben join, live.
  await expect(annaTable.getByText('2 people at the table: Anna (you), Ben')).toBeVisible();

  await benCart.getByRole('button', { name: 'One more Bruschetta al pomodoro' }).click();
  await expect(annaTable.getByRole('list', { name: "The table's cart" }).getByText('2', { exact: true })).toBeVisible();
  await screenshot(anna, 'table-session-cart-390');

  await benTable.getByRole('button', { name: 'Send to the kitchen' }).click();
  const annaBill = annaTable.getByRole('list', { name: "The table's bill" });
  await expect(annaBill.getByText('2 × Bruschetta al pomodoro')).toBeVisible();
  await expect(annaTable.getByText(/Nothing in the table's cart yet/)).toBeVisible();
  await screenshot(anna, 'table-session-bill-390');
  // The bill's id, read as Anna's phone reads its session (its member secret is in its storage).
  const kept = await anna.evaluate((key) => localStorage.getItem(key), `carte.table.${slug}`);
  const memberToken = (JSON.parse(kept ?? '{}') as { memberToken?: string }).memberToken ?? '';
  const mySession = await request.get('/api/table/session', { headers: { 'x-table-member': memberToken } });
  const billId = ((await mySession.json()) as { data: { bill: { id: string } } }).data.bill.id;

  // Each pays their part by card: Anna half of the shared bruschette, Ben the rest with a 10 % tip.
  await annaTable.getByRole('checkbox', { name: /2 × Bruschetta al pomodoro/ }).check();
  await annaTable.getByRole('combobox', { name: 'Shared by' }).selectOption('2');
  await annaTable.getByRole('button', { name: 'Pay my part: €7.50' }).click();
  const annaSheet = anna.getByRole('dialog', { name: `Your part of table ${spot}'s bill` });
  await annaSheet.getByRole('button', { name: 'Continue · €7.50' }).click();
  await annaSheet.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
  await annaSheet.getByRole('button', { name: 'Pay €7.50' }).click();
  await expect(annaSheet).toBeHidden();
  await expect(benTable.getByText('Left to pay')).toBeVisible();
  await expect(benTable.getByRole('checkbox', { name: /2 × Bruschetta al pomodoro/ })).toBeVisible();

  await benTable.getByRole('radio', { name: 'An amount' }).check();
  await benTable.getByLabel('Amount (up to €7.50)').fill('7.50');
  await benTable.getByRole('button', { name: 'Pay my part: €7.50' }).click();
  const benSheet = ben.getByRole('dialog', { name: `Your part of table ${spot}'s bill` });
  await benSheet.getByText('10%').click();
  await expect(benSheet.getByRole('radio', { name: /^10%/ })).toBeChecked();
  await benSheet.getByRole('button', { name: 'Continue · €8.25' }).click();
  await benSheet.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
  await benSheet.getByRole('button', { name: 'Pay €8.25' }).click();
  await expect(benSheet).toBeHidden();

  // Nothing remains: the bill is paid with both tips, and the table's session has ended on both phones.
  await expect(annaTable.getByText("This table's session has ended.", { exact: false })).toBeVisible();
  await expect(benTable.getByText("This table's session has ended.", { exact: false })).toBeVisible();
  expect(billId).toBeTruthy();
  const bill = (await (await request.get(`/api/order?orderId=${billId}`)).json()) as {
    data: { payment_status: string; tip: number; total: number };
  };
  expect(bill.data).toMatchObject({ payment_status: 'paid', tip: 0.75, total: 15 });
  await anna.context().close();
  await ben.context().close();
});
