import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
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
/** The owner prints a new QR code for the table; its link, on the menu page, is what a phone opens. */
async function tableLink(request: APIRequestContext, table: string): Promise<string> {
  const login = await request.post('/api/auth/login', { data: { email, password, mode: 'json' } });
  expect(login.status(), await login.text()).toBe(200);
  const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  const venue = (await (await request.get(`/api/public/venue?venue=${slug}`)).json()) as {
    data: { venue: { id: string } };
  };
  const code = await request.post('/api/venue/table/code', {
    headers: { authorization: `Bearer ${token}` },
    data: { venueId: venue.data.venue.id, spot: table },
  });
  expect(code.status(), await code.text()).toBe(200);
  const link = new URL(((await code.json()) as { data: { url: string } }).data.url);
  return `${link.pathname.replace(/\/$/, '')}/menu${link.search}`;
}

test('two guests at one table order together through its QR code', async ({ browser, request }) => {
  const path = await tableLink(request, spot);

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

/** A guest at the table: their phone, the table's region on it, and their name. */
interface Guest {
  name: string;
  page: Page;
  table: Locator;
}

async function join(browser: Browser, path: string, table: string, name: string): Promise<Guest> {
  const page = await phone(browser);
  await page.goto(path);
  const region = page.getByRole('region', { name: `Table ${table}` });
  await region.getByLabel('Your name (optional)').fill(name);
  await region.getByRole('button', { name: 'Join the table' }).click();
  await expect(
    region.getByRole('list', { name: "The table's cart" }).or(region.getByText(/Nothing in the table's cart yet/)),
  ).toBeVisible();
  return { name, page, table: region };
}

/** The guest adds a dish from the menu to their own cart, then puts it in the table's cart. */
async function addToTable(guest: Guest, dish: string) {
  await guest.page.getByRole('button', { name: `Add ${dish} to the order` }).click();
  await guest.table.getByRole('button', { name: "Add my 1 dish to the table's cart" }).click();
  await expect(
    guest.table.getByRole('list', { name: "The table's cart" }).getByRole('listitem').filter({ hasText: dish }),
  ).toContainText(`Added by ${guest.name}`);
}

/** The guest pays their dishes of the bill by card with a tip, against the fake Stripe. */
async function payMyDishes(guest: Guest, table: string, dishes: string[], part: string, tip: string, paid: string) {
  for (const dish of dishes) await guest.table.getByRole('checkbox', { name: new RegExp(`1 × ${dish}`) }).check();
  await guest.table.getByRole('button', { name: `Pay my part: ${part}` }).click();
  const sheet = guest.page.getByRole('dialog', { name: `Your part of table ${table}'s bill` });
  await sheet.getByText(tip, { exact: true }).click();
  await expect(sheet.getByRole('radio', { name: new RegExp(`^${tip}`) })).toBeChecked();
  await sheet.getByRole('button', { name: `Continue · ${paid}` }).click();
  await sheet.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
  await sheet.getByRole('button', { name: `Pay ${paid}` }).click();
  await expect(sheet).toBeHidden();
}

/**
 * Issue 20's journey: three guests at one table join by its QR link, order two rounds on one bill,
 * split it by items and each pays their dishes with a tip against the fake Stripe; the board shows the
 * table's bill paid.
 */
test('three guests at one table order two rounds, each pays their dishes with a tip, the board shows it paid', async ({
  browser,
  request,
}) => {
  const table = '8';
  const path = await tableLink(request, table);

  // The pass: a landscape tablet, signed in on the board with its table view.
  const staff = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const board = await staff.newPage();
  await board.goto(`/admin/login?redirect=%2Fadmin%2F${slug}%2Forders`);
  await board.getByLabel('Email').fill(email);
  await board.getByLabel('Password').fill(password);
  await board.getByRole('button', { name: 'Sign in' }).click();
  await expect(board).toHaveURL(new RegExp(`/admin/${slug}/orders$`));
  await expect(board.getByRole('heading', { name: 'Tables', exact: true })).toBeVisible();

  const anna = await join(browser, path, table, 'Anna');
  const ben = await join(browser, path, table, 'Ben');
  const chiara = await join(browser, path, table, 'Chiara');
  await expect(anna.table.getByText('3 people at the table: Anna (you), Ben, Chiara')).toBeVisible();

  // Round one: a starter each, sent by Anna.
  await addToTable(anna, 'Bruschetta al pomodoro');
  await addToTable(ben, 'Vitello tonnato');
  await addToTable(chiara, 'Arancini');
  await expect(anna.table.getByRole('list', { name: "The table's cart" }).getByRole('listitem')).toHaveCount(3);
  await anna.table.getByRole('button', { name: 'Send to the kitchen' }).click();
  for (const guest of [anna, ben, chiara]) {
    await expect(guest.table.getByRole('list', { name: "The table's bill" }).getByText('1 × Arancini')).toBeVisible();
  }

  // Round two on the same bill: desserts for Ben and Chiara, sent by Ben.
  await addToTable(ben, 'Tiramisù');
  await addToTable(chiara, 'Panna cotta');
  await ben.table.getByRole('button', { name: 'Send to the kitchen' }).click();
  const annaBill = anna.table.getByRole('list', { name: "The table's bill" });
  await expect(annaBill.getByText('1 × Panna cotta')).toBeVisible();
  await expect(annaBill.getByText('1 × Bruschetta al pomodoro')).toBeVisible();
  await expect(anna.table.getByText('€42.50').first()).toBeVisible();
  await screenshot(anna.page, 'table-three-guests-bill-390');

  // Split by items: each pays their own dishes with their own tip.
  await payMyDishes(anna, table, ['Bruschetta al pomodoro'], '€7.50', '10%', '€8.25');
  await expect(ben.table.getByRole('checkbox', { name: /1 × Bruschetta al pomodoro/ })).toBeDisabled();
  await payMyDishes(ben, table, ['Vitello tonnato', 'Tiramisù'], '€20.00', '5%', '€21.00');
  await payMyDishes(chiara, table, ['Arancini', 'Panna cotta'], '€15.00', '15%', '€17.25');

  // Nothing remains: the session ends on every phone, and the board shows the table's bill paid.
  for (const guest of [anna, ben, chiara]) {
    await expect(guest.table.getByText("This table's session has ended.", { exact: false })).toBeVisible();
  }
  const bill = board
    .getByRole('article')
    .filter({ hasText: `Table ${table}` })
    .filter({ hasText: 'Tip €4.00' });
  await expect(bill).toContainText('Paid');
  await expect(bill).not.toContainText('Unpaid');
  await screenshot(board, 'table-three-guests-board-paid-1280');
  for (const context of [staff, anna.page.context(), ben.page.context(), chiara.page.context()]) await context.close();
});
