import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { fakePrinter, screenshot } from './support.ts';

// The demo owner of the seeded venues (README, "Demo data"), here working the floor as a waiter.
const email = 'owner@carte.demo';
const password = 'carte-demo';
const slug = 'trattoria-da-luca';

async function signInToBoard(page: Page) {
  await page.goto(`/admin/login?redirect=%2Fadmin%2F${slug}%2Forders`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/${slug}/orders$`));
  await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
}

/** The owner's API token and the venue's id, to point its kitchen station at the fake printer and back. */
async function ownerApi(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', { data: { email, password, mode: 'json' } });
  expect(login.status(), await login.text()).toBe(200);
  const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  const venue = (await (await request.get(`/api/public/venue?venue=${slug}`)).json()) as {
    data: { venue: { id: string; venueUrl: string }; menu: { id: string; name: string }[] };
  };
  const patchVenue = async (data: Record<string, unknown>) => {
    const res = await request.patch('/api/venue', {
      headers: { authorization: `Bearer ${token}` },
      data: { id: venue.data.venue.id, ...data },
    });
    expect(res.status(), await res.text()).toBe(200);
  };
  return { venue: venue.data.venue, menu: venue.data.menu, patchVenue };
}

type PrintedTicket = { text: string; cut: boolean };
async function printedTickets(request: APIRequestContext): Promise<PrintedTicket[]> {
  const res = await request.get(fakePrinter().ticketsUrl);
  return ((await res.json()) as { tickets: PrintedTicket[] }).tickets;
}

/** Whether two boxes share any area. */
function overlap(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test('a waiter on a tablet enters an order for table 5 and the kitchen printer prints its ticket', async ({
  browser,
  request,
}) => {
  const api = await ownerApi(request);
  // The demo venue prints from the pass's browser; for this journey its kitchen has a network printer.
  await api.patchVenue({ stations: [{ id: 'kitchen', name: 'Kitchen', printer: fakePrinter().address }] });
  try {
    const before = (await printedTickets(request)).length;
    const staff = await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true });
    const board = await staff.newPage();
    await signInToBoard(board);

    // The board's table view: calls from the tables and the button to enter an order.
    const tables = board.getByRole('region', { name: 'Tables' });
    await expect(tables).toBeVisible();
    await tables.getByRole('button', { name: 'Enter an order' }).click();
    const dialog = board.getByRole('dialog', { name: 'Enter an order' });
    await dialog.getByRole('combobox', { name: 'Table' }).selectOption('5');
    await dialog.getByRole('button', { name: 'One more Bruschetta al pomodoro' }).click();
    await dialog.getByRole('button', { name: 'One more Bruschetta al pomodoro' }).click();
    await dialog.getByRole('button', { name: 'One more Tiramisù' }).click();
    await expect(dialog.getByRole('status', { name: 'Bruschetta al pomodoro: how many' })).toHaveText('2');
    await dialog.getByRole('button', { name: 'Send the order (3)' }).click();
    await expect(dialog).toBeHidden();

    // On the board at once, priced by the server...
    const card = board.getByRole('article').filter({ hasText: 'Table 5' }).filter({ hasText: 'Bruschetta' });
    await expect(card).toBeVisible();
    await expect(card).toContainText('2 × Bruschetta al pomodoro');
    await expect(card).toContainText('€22.00');
    // ...and on the kitchen's paper: a waiter's order prints at once, one ticket for the station.
    await expect
      .poll(async () => (await printedTickets(request)).slice(before).find((t) => t.text.includes('Table 5'))?.text)
      .toMatch(/KITCHEN[\s\S]*#\d+ Table 5[\s\S]*Waiter[\s\S]*2 x Bruschetta al\s+pomodoro[\s\S]*1 x Tiramis/);
    const ticket = (await printedTickets(request)).slice(before).find((t) => t.text.includes('Table 5'))!;
    expect(ticket.cut).toBe(true);
    await expect(card.getByRole('list', { name: 'Kitchen tickets' })).toContainText('Kitchen');
    await screenshot(board, 'service-board-staff-order-1024');
    await staff.close();
  } finally {
    // Back to the browser's ticket page, as the other journeys expect.
    await api.patchVenue({ stations: [] });
  }
});

test('a guest calls the waiter; the board shows it, staff acknowledge it, the guest sees someone is coming', async ({
  browser,
}) => {
  const staff = await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true });
  const board = await staff.newPage();
  await signInToBoard(board);

  // The guest at table 6, on a phone: an order first (the call buttons are on the order page).
  const guestContext = await browser.newContext({ viewport: { width: 360, height: 780 }, hasTouch: true });
  const guest = await guestContext.newPage();
  await guest.goto(`/${slug}/menu?spot=6`);
  await guest.getByRole('button', { name: 'Add Bruschetta al pomodoro to the order' }).click();
  await guest.getByRole('button', { name: /^Cart/ }).click();
  await guest
    .getByRole('dialog', { name: /^Your order/ })
    .getByRole('button', { name: /Place order/ })
    .click();
  const heading = guest.getByRole('heading', { level: 1, name: /^Order #\d+$/ });
  await expect(heading).toBeVisible();

  // The "order placed" toast never covers the order page's heading (nor the Chat | Menu bar).
  const toast = guest.getByRole('listitem').filter({ hasText: 'Order placed successfully!' });
  await expect(toast).toBeVisible();
  const toastBox = (await toast.boundingBox())!;
  const headingBox = (await heading.boundingBox())!;
  expect(overlap(toastBox, headingBox)).toBe(false);
  // Nor does any other toast (the cart's "added" ones go when the order page comes).
  for (const other of await guest
    .getByRole('region', { name: /Notifications/ })
    .getByRole('listitem')
    .all())
    expect(overlap((await other.boundingBox())!, headingBox)).toBe(false);
  const bar = guest.getByRole('navigation', { name: 'Chat or menu' });
  await expect(bar).toBeVisible();
  expect(overlap(toastBox, (await bar.boundingBox())!)).toBe(false);
  await screenshot(guest, 'service-board-order-placed-toast-360');

  await guest.getByRole('button', { name: 'Call the waiter' }).click();
  await expect(guest.getByText('Your call is waiting for the staff.')).toBeVisible();

  // The board shows the call without a reload.
  const calls = board.getByRole('list', { name: 'Calls from the tables' });
  const call = calls.getByRole('listitem').filter({ hasText: 'Table 6 calls the waiter' });
  await expect(call).toBeVisible();
  await expect(call).toContainText('waiting');
  await screenshot(board, 'service-board-call-1024');
  await call.getByRole('button', { name: 'On my way to table 6' }).click();
  await expect(call).toContainText('someone is going');

  // The guest learns that someone is coming (the page asks every few seconds).
  await expect(guest.getByText('Someone is coming.')).toBeVisible({ timeout: 15_000 });
  await expect(guest.getByRole('button', { name: 'Call the waiter' })).toBeDisabled();
  await screenshot(guest, 'service-board-call-answered-360');

  // Served: the call leaves the board.
  await call.getByRole('button', { name: 'Table 6 served' }).click();
  await expect(calls.getByRole('listitem').filter({ hasText: 'Table 6 calls the waiter' })).toHaveCount(0);
  await staff.close();
  await guestContext.close();
});

/** How much of an element shows in the viewport, from 0 to 1. */
async function shownFraction(locator: Locator): Promise<number> {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const seen = Math.max(0, Math.min(r.bottom, window.innerHeight) - Math.max(r.top, 0));
    const wide = Math.max(0, Math.min(r.right, window.innerWidth) - Math.max(r.left, 0));
    return r.height && r.width ? (seen / r.height) * (wide / r.width) : 0;
  });
}

test('a 1024 px tablet shows several orders at once; its tab counts are right after a reload', async ({
  browser,
  request,
}) => {
  const api = await ownerApi(request);
  const dish = (name: string) => api.menu.find((p) => p.name === name)!.id;
  // A few table orders with one to three lines; the first is cancelled (Done today).
  const ids: string[] = [];
  for (const [spot, lines] of [
    ['10', [['Burrata', 1]]],
    [
      '11',
      [
        ['Arancini', 2],
        ['Coca-Cola', 2],
      ],
    ],
    [
      '12',
      [
        ['Spaghetti carbonara', 1],
        ['Tiramisù', 1],
        ['Espresso', 1],
      ],
    ],
    [
      'Terrace A',
      [
        ['Vitello tonnato', 1],
        ['Mineral water', 1],
      ],
    ],
  ] as const) {
    const res = await request.post('/api/order', {
      data: {
        venueUrl: api.venue.venueUrl,
        venueId: api.venue.id,
        spot,
        delivery: false,
        items: lines.map(([name, quantity]) => ({ productId: dish(name), variationIds: [], quantity })),
      },
    });
    expect(res.status(), await res.text()).toBe(200);
    ids.push(((await res.json()) as { data: { id: string } }).data.id);
  }
  const bearer = { authorization: `Bearer ${await token(request)}` };
  const cancel = await request.patch('/api/order/status', {
    headers: bearer,
    data: { orderId: ids[0], status: 'cancelled', reason: 'Out of burrata' },
  });
  expect(cancel.status(), await cancel.text()).toBe(200);
  // A busy pass has orders in several columns: table 11's accepted, table 12's being prepared.
  for (const [orderId, status] of [
    [ids[1], 'accepted'],
    [ids[2], 'accepted'],
    [ids[2], 'preparing'],
  ] as const) {
    const moved = await request.patch('/api/order/status', { headers: bearer, data: { orderId, status } });
    expect(moved.status(), await moved.text()).toBe(200);
  }

  const staff = await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true });
  const board = await staff.newPage();
  await signInToBoard(board);
  const cards = board.getByRole('article');
  await expect(cards.filter({ hasText: 'Table 12' })).toBeVisible();
  await screenshot(board, 'service-board-dense-1024');
  // The pass's usual mode: the board alone on the tablet's screen.
  await board.getByRole('button', { name: 'Full-screen board' }).click();
  await expect(cards.filter({ hasText: 'Table 12' })).toBeVisible();
  const fractions = await Promise.all((await cards.all()).map(shownFraction));
  // At least three orders on the screen at once, each whole or nearly so.
  expect(fractions.filter((f) => f >= 0.75).length).toBeGreaterThanOrEqual(3);
  await screenshot(board, 'service-board-dense-full-1024');
  await board.getByRole('button', { name: 'Full-screen board' }).click();
  await board.setViewportSize({ width: 1280, height: 800 });
  await screenshot(board, 'service-board-dense-1280');

  // On a phone: one state at a time, its tabs counting what the server has, Done included.
  await board.setViewportSize({ width: 360, height: 780 });
  const filter = board.getByRole('group', { name: 'Show orders in state' });
  const count = async (name: string) =>
    Number((await filter.getByRole('button', { name: new RegExp(`^${name}`) }).textContent())!.replace(/\D/g, ''));
  const open = (await (
    await request.get(`/api/venue/orders?venueId=${api.venue.id}&status=open`, { headers: bearer })
  ).json()) as { data: { orders: { status: string }[] } };
  const placed = open.data.orders.filter((o) => o.status === 'placed').length;
  await expect.poll(() => count('New')).toBe(placed);
  expect(await count('Done')).toBeGreaterThan(0);
  const counts = { New: await count('New'), Done: await count('Done') };
  expect(await board.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await screenshot(board, 'service-board-dense-360');

  // A reload: the same counts, from the server (not from what the page saw happen).
  await board.reload();
  await expect(board.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
  await expect.poll(() => count('Done')).toBe(counts.Done);
  expect(await count('New')).toBe(counts.New);
  await staff.close();
});

async function token(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/auth/login', { data: { email, password, mode: 'json' } });
  return ((await login.json()) as { data: { access_token: string } }).data.access_token;
}
