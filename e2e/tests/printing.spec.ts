import { expect, test, type APIRequestContext } from '@playwright/test';
import { fakePrinter, screenshot } from './support.ts';

// The demo owner of the seeded venues (README, "Demo data").
const email = 'owner@carte.demo';
const password = 'carte-demo';
const slug = 'trattoria-da-luca';

/** Puts the demo venue back as the other journeys expect it: one kitchen printed from the browser. */
async function resetPrinting(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', { data: { email, password, mode: 'json' } });
  const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  const headers = { authorization: `Bearer ${token}` };
  const venue = (await (await request.get(`/api/public/venue?venue=${slug}`)).json()) as {
    data: { venue: { id: string } };
  };
  const id = venue.data.venue.id;
  const settings = (await (await request.get(`/api/venue?venueId=${id}`, { headers })).json()) as {
    data: { categories: { id: string; station: string | null }[] };
  };
  for (const c of settings.data.categories.filter((x) => x.station !== null)) {
    await request.patch('/api/category', { headers, data: { id: c.id, station: null } });
  }
  const res = await request.patch('/api/venue', { headers, data: { id, stations: [], printOn: 'accepted' } });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Issue 18 items 3 and 8: an owner on a tablet names a bar station with its network printer and
 * sends the wines to it from the back office's Printing page; after a reload the page shows it all.
 */
test('an owner adds a bar printer and sends the wines to it; a reload keeps both', async ({ browser, request }) => {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true });
  const page = await context.newPage();
  try {
    await page.goto(`/admin/login?redirect=${encodeURIComponent(`/admin/${slug}/printing`)}`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/${slug}/printing$`));

    await page.getByRole('button', { name: 'Add a station' }).click();
    await page.getByRole('group', { name: 'Station 2' }).getByRole('textbox', { name: 'Name' }).fill('Bar');
    const bar = page.getByRole('group', { name: 'Bar' });
    await bar.getByRole('textbox', { name: /Printer address/ }).fill(fakePrinter().address);
    await bar.getByRole('combobox', { name: 'Paper width' }).selectOption({ label: '58 mm (narrow)' });
    await page.getByRole('combobox', { name: 'Station for Wine' }).selectOption({ label: 'Bar' });
    await screenshot(page, 'printing-bar-1024');
    await page.getByRole('button', { name: 'Save printing' }).click();
    await expect(page.getByText('Printing saved.')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Station for Wine' })).toHaveValue('bar');
    const kept = page.getByRole('group', { name: 'Bar' });
    await expect(kept.getByRole('textbox', { name: /Printer address/ })).toHaveValue(fakePrinter().address);
    await expect(kept.getByRole('combobox', { name: 'Paper width' })).toHaveValue('58');
  } finally {
    await context.close();
    await resetPrinting(request);
  }
});
