import { expect, test, type APIRequestContext } from '@playwright/test';
import { screenshot } from './support.ts';
import { parseCsv } from '@carte/domain/reports';

// Baan Suan: the receipt journey may have paid an order there today too; the day's orders are read
// from the export (a listing, not the report's aggregation) and must include this journey's three.
const VENUE = 'baan-suan';
const OWNER = { email: 'owner@carte.demo', password: 'carte-demo' };

async function ownerToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { ...OWNER, mode: 'json' } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: { access_token: string } }).data.access_token;
}

const shift = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

test("an owner closes the day and the Z report's totals equal the day's orders", async ({ page, request }) => {
  const token = await ownerToken(request);
  const auth = { authorization: `Bearer ${token}` };
  const venue = (await (await request.get(`/api/public/venue?venue=${VENUE}`)).json()) as {
    data: { venue: { id: string } };
  };
  const venueId = venue.data.venue.id;
  const products = (await (
    await request.get(`/api/product?venueId=${venueId}&owner=true`, { headers: auth })
  ).json()) as {
    data: { id: string; name: string; status: string; price: number | null }[];
  };
  const dishes = products.data.filter((p) => p.status === 'available' && p.price);
  expect(dishes.length).toBeGreaterThan(2);

  // Three orders taken by staff and paid at the venue: cash, card terminal, cash.
  const placed: { id: string; total: number }[] = [];
  for (const [i, method] of (['cash', 'card_terminal', 'cash'] as const).entries()) {
    const res = await request.post('/api/venue/order', {
      headers: auth,
      data: {
        venueId,
        spot: `A${i + 1}`,
        items: [
          { productId: dishes[i]!.id, variationIds: [], quantity: 1 + i },
          { productId: dishes[i + 1]!.id, variationIds: [], quantity: 1 },
        ],
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const order = ((await res.json()) as { data: { id: string; total: number } }).data;
    const paid = await request.post('/api/order/paid', { headers: auth, data: { orderId: order.id, method } });
    expect(paid.status(), await paid.text()).toBe(200);
    placed.push({ id: order.id, total: Math.round(order.total * 100) });
  }

  // The venue's local day of those payments, as the export writes it (Baan Suan is in Asia/Bangkok).
  const now = new Date().toISOString().slice(0, 10);
  const csv = await request.get(
    `/api/venue/reports/sales?venueId=${venueId}&from=${shift(now, -1)}&to=${shift(now, 1)}&format=csv`,
    { headers: auth },
  );
  const [header, ...rows] = parseCsv(await csv.text());
  const mine = rows.filter((r) => placed.some((o) => o.id === r[header!.indexOf('order_id')]));
  expect(mine).toHaveLength(3);
  const day = mine[0]![header!.indexOf('date')]!;
  expect(mine.every((r) => r[header!.indexOf('date')] === day)).toBe(true);
  for (const o of placed) {
    const row = mine.find((r) => r[header!.indexOf('order_id')] === o.id)!;
    expect(Math.round(Number(row[header!.indexOf('total')]) * 100)).toBe(o.total);
  }

  // Every order paid that day, as the export lists them: what the Z report must add up.
  const dayCsv = await request.get(`/api/venue/reports/sales?venueId=${venueId}&from=${day}&to=${day}&format=csv`, {
    headers: auth,
  });
  const [dayHeader, ...dayRows] = parseCsv(await dayCsv.text());
  const col = (name: string) => dayHeader!.indexOf(name);
  expect(dayRows.filter((r) => placed.some((o) => o.id === r[col('order_id')]))).toHaveLength(3);
  const expectedOrders = dayRows.length;
  const expectedGross = dayRows.reduce((s, r) => s + Math.round(Number(r[col('total')]) * 100), 0);
  const expectedMethods: Record<string, number> = {};
  for (const r of dayRows) expectedMethods[r[col('method')]!] = (expectedMethods[r[col('method')]!] ?? 0) + 1;
  expect(expectedMethods.cash).toBeGreaterThanOrEqual(2);

  // The owner opens Sales in the back office.
  await page.goto(`/admin/login?redirect=${encodeURIComponent(`/admin/${VENUE}/sales`)}`);
  await page.getByLabel('Email').fill(OWNER.email);
  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/${VENUE}/sales$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Sales' })).toBeVisible();
  // The server's today (its clock is ahead in this run) cannot be closed yet.
  await expect(page.getByText(/^This day can be closed once it is over/)).toBeVisible();

  await page.getByLabel('Day', { exact: true }).fill(day);
  const totals = page.getByRole('region', { name: `Totals for ${day}` });
  await expect(totals).toBeVisible();
  await expect(totals.getByRole('definition').first()).toHaveText(String(expectedOrders));
  await expect(page.getByRole('region', { name: 'By payment method' })).toContainText('Card terminal');
  await expect(page.getByRole('img', { name: /^Busiest hour: / })).toBeVisible();
  await screenshot(page, 'sales-day-360');

  await totals.getByRole('button', { name: 'Close the day' }).click();
  const dialog = page.getByRole('alertdialog', { name: `Close ${day}?` });
  await expect(dialog).toContainText('will never change');
  await dialog.getByRole('button', { name: 'Close the day' }).press('Enter');
  await expect(dialog).toBeHidden();
  const pdfLink = totals.getByRole('link', { name: /^Z report no\. \d+ \(PDF\)$/ });
  await expect(pdfLink).toBeVisible();
  await expect(totals).toContainText('This day is closed');
  const number = Number(/no\. (\d+)/.exec((await pdfLink.textContent())!)![1]);
  await expect(page.getByRole('region', { name: 'Z reports' })).toContainText(`No. ${number} · ${day}`);
  await screenshot(page, 'sales-closed-360');

  // The Z report's totals are the day's orders.
  const z = (await (
    await request.get(`/api/venue/reports/z?venueId=${venueId}&number=${number}`, { headers: auth })
  ).json()) as {
    data: { date: string; figures: { orders: number; gross: number; by_method: { method: string; orders: number }[] } };
  };
  expect(z.data.date).toBe(day);
  expect(z.data.figures.orders).toBe(expectedOrders);
  expect(z.data.figures.gross).toBe(expectedGross);
  expect(Object.fromEntries(z.data.figures.by_method.map((m) => [m.method, m.orders]))).toEqual(expectedMethods);
  const pdf = await page.request.get((await pdfLink.getAttribute('href'))!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // Closing it again is refused.
  const again = await request.post('/api/venue/reports/close-day', { headers: auth, data: { venueId, date: day } });
  expect(again.status()).toBe(409);
  expect(((await again.json()) as { code: string }).code).toBe('DAY_ALREADY_CLOSED');
});
