import { expect, test, type APIRequestContext } from '@playwright/test';
import { screenshot } from './support.ts';

const VENUE = 'trattoria-da-luca';
const email = 'owner@carte.demo';
const password = 'carte-demo';

/** `"HH:MM"` in UTC, `minutes` from now (wrapping around the day). */
function utcClock(minutes: number): string {
  const d = new Date(Date.now() + minutes * 60_000);
  return `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
}

async function ownerToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { email, password, mode: 'json' } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: { access_token: string } }).data.access_token;
}

async function venueId(request: APIRequestContext): Promise<string> {
  const res = await request.get(`/api/public/venue?venue=${VENUE}`);
  return ((await res.json()) as { data: { venue: { id: string } } }).data.venue.id;
}

async function patchVenue(request: APIRequestContext, token: string, body: Record<string, unknown>) {
  const res = await request.patch('/api/venue', { data: body, headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(200);
}

test('a guest tries to order while the venue is closed: told when it opens, the cart kept', async ({
  page,
  request,
}) => {
  const token = await ownerToken(request);
  const id = await venueId(request);
  // Opens in two hours, every day, in UTC: closed now whatever the date of the run.
  const range = [utcClock(120), utcClock(180)];
  const hours = Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [range]]));
  await patchVenue(request, token, { id, timezone: 'UTC', hours });
  try {
    await page.goto(`/${VENUE}/menu?spot=4`);
    const banner = page.getByRole('status', { name: 'Opening hours' });
    // The next opening in the venue's time (the guest's language writes it "01:04 PM" or "13:04").
    await expect(banner).toContainText('Closed now · opens');
    await expect(banner).toContainText(range[0]!.slice(2));
    await screenshot(page, 'opening-hours-closed-360');

    await page.getByRole('button', { name: 'Add Spaghetti carbonara to the order' }).click();
    const chooser = page.getByRole('dialog', { name: 'Spaghetti carbonara' });
    await chooser.getByRole('button', { name: /^Add · / }).click();
    await expect(page.getByRole('button', { name: /^Cart/ })).toHaveAccessibleName('Cart, 1 item');
    await page.getByRole('button', { name: /^Cart/ }).click();
    const recap = page.getByRole('dialog', { name: /^Your order/ });
    await recap.getByRole('button', { name: /Place order/ }).click();

    const refused = page.getByText(/^We are closed: orders open again at .+\. Your cart is kept\.$/);
    await expect(refused).toBeVisible();
    await expect(refused).toContainText(range[0]!.slice(2));
    await expect(page).toHaveURL(new RegExp(`/${VENUE}/menu`));
    // The recap stays open with the dish in it; closed, the cart still holds it.
    await expect(recap.getByRole('heading', { name: 'Spaghetti carbonara' })).toBeVisible();
    await screenshot(page, 'opening-hours-refused-360');
    await page.keyboard.press('Escape');
    await expect(recap).toBeHidden();
    await expect(page.getByRole('button', { name: /^Cart/ })).toHaveAccessibleName('Cart, 1 item');
  } finally {
    await patchVenue(request, token, { id, timezone: null, hours: null });
  }
});
