import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { acceptInvitationLink, invitationLink, screenshot } from './support.ts';

// The demo owner of the three seeded venues (README, "Demo data").
const OWNER = { email: 'owner@carte.demo', password: 'carte-demo' };
const run = Date.now().toString(36);
const DISH = `Pizza Bufalina ${run}`;

// A small PNG made here (1x1, one pixel): the server reads its type from these bytes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

async function venueIds(page: Page): Promise<Record<string, string>> {
  const res = await page.request.get('/api/_auth/session');
  const body = (await res.json()) as { data: { venues: { id: string; venueUrl: string }[] } };
  return Object.fromEntries(body.data.venues.map((v) => [v.venueUrl, v.id]));
}

async function guestMenu(browser: Browser) {
  // A second browser context: a guest with no staff cookie, as on a phone at table 4.
  const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const page = await context.newPage();
  await page.goto('/trattoria-da-luca/menu?spot=4');
  await expect(
    page.getByRole('heading', { name: 'Burrata' }).or(page.getByRole('heading', { name: DISH })),
  ).toBeVisible();
  return { context, page };
}

test('the owner adds a dish with a photo and a size group and marks another sold out; guests see both; another venue’s manager is refused', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // Before: guests can order Burrata.
  const before = await guestMenu(browser);
  await expect(before.page.getByRole('heading', { name: 'Burrata', exact: true })).toBeVisible();

  await signIn(page, OWNER.email, OWNER.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a venue' })).toBeVisible();
  await page.getByRole('link', { name: /Trattoria da Luca/ }).click();
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Menu' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Menu' })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Sold out: Burrata' })).toBeVisible();
  await noSidewaysScroll(page);
  await screenshot(page, 'back-office-menu-360');
  await page.setViewportSize({ width: 1280, height: 860 });
  await screenshot(page, 'back-office-menu-1280');

  // A new dish: price, a required Size group (choose exactly 1), a photo.
  await page.getByRole('button', { name: 'Add dish' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New dish' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(DISH);
  await page.getByLabel('Description').fill('Buffalo mozzarella, San Marzano tomatoes, basil');
  await page.getByLabel('Price (€)').fill('12.50');
  await page.getByRole('button', { name: 'Add an option' }).click();
  await page.getByRole('textbox', { name: 'Option 1' }).fill('Small');
  await page.getByLabel('Price difference').nth(0).fill('-1.50');
  await page.getByRole('button', { name: 'Add an option' }).click();
  await page.getByRole('textbox', { name: 'Option 2' }).fill('Large');
  await page.getByLabel('Price difference').nth(1).fill('3');
  await page.getByRole('button', { name: 'Add a group' }).click();
  await page.getByLabel('Group 1 name').fill('Size');
  const members = page.getByRole('group', { name: 'Options in this group' });
  await members.getByRole('checkbox', { name: 'Small' }).check();
  await members.getByRole('checkbox', { name: 'Large' }).check();
  await page.getByRole('button', { name: 'Choose exactly 1' }).click();
  await expect(page.getByText('Required', { exact: true })).toBeVisible();
  await page.getByRole('region', { name: 'Dietary' }).getByRole('button', { name: 'Vegetarian' }).click();
  await page.getByRole('checkbox', { name: 'Pizza', exact: true }).check();
  await page.getByLabel('Choose a photo').setInputFiles({ name: 'bufalina.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByAltText('Photo preview')).toHaveAttribute('src', /\/media\//);
  const preview = page.getByRole('complementary', { name: 'What guests will see' });
  await expect(preview.getByRole('heading', { name: DISH })).toBeVisible();
  await expect(preview).toContainText('€12.50');
  await noSidewaysScroll(page);
  await screenshot(page, 'back-office-product-form-1280');
  await page.setViewportSize({ width: 360, height: 780 });
  await noSidewaysScroll(page);
  await screenshot(page, 'back-office-product-form-360');
  // The browser's Back button does not lose the unsaved dish: it asks first.
  await page.goBack();
  const leave = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(DISH);
  await page.getByRole('button', { name: 'Add to the menu' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Menu' })).toBeVisible();
  await expect(page.getByRole('switch', { name: `Sold out: ${DISH}` })).not.toBeChecked();

  // Another dish sold out, with one tap.
  const burrata = page.getByRole('switch', { name: 'Sold out: Burrata' });
  await burrata.click();
  await expect(burrata).toBeChecked();
  await expect(page.getByText('Burrata is sold out: guests no longer see it.')).toBeVisible();

  // The guest page, loaded before the changes, shows both after a reload (no server restart).
  await before.page.reload();
  const guest = before.page;
  await expect(guest.getByRole('heading', { name: DISH })).toBeVisible();
  await expect(guest.getByRole('heading', { name: 'Burrata', exact: true })).toHaveCount(0);
  await expect(guest.getByRole('button', { name: 'Add Burrata to the order' })).toHaveCount(0);
  await guest.getByRole('button', { name: `Add ${DISH} to the order` }).click();
  const chooser = guest.getByRole('dialog', { name: DISH });
  const size = chooser.getByRole('group', { name: /Size/ });
  await expect(size.getByRole('radio', { name: /Small/ })).toBeVisible();
  await expect(size.getByRole('radio', { name: /Large/ })).toBeVisible();
  await expect(chooser.getByText('Still to choose: Size')).toBeVisible();
  await size.getByRole('radio', { name: /Large/ }).check();
  await expect(chooser.getByText(/Still to choose/)).toBeHidden();
  await expect(chooser.getByRole('button', { name: /€15\.50/ })).toBeVisible();
  await before.context.close();

  // Settings, read by the owner at both widths.
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByLabel('Table names')).toHaveValue('1-12, Terrace A, Terrace B');
  await expect(page.getByRole('list', { name: 'Tables: 14' })).toBeVisible();
  await noSidewaysScroll(page);
  await screenshot(page, 'back-office-settings-360');
  await page.setViewportSize({ width: 1280, height: 860 });
  await screenshot(page, 'back-office-settings-1280');

  // The table QR codes as a PDF, one page per table.
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Tables & QR codes' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Tables: 14' })).toBeVisible();
  await noSidewaysScroll(page);
  // On a phone each table's guest address is cut short, never wider than the screen.
  await page.setViewportSize({ width: 360, height: 780 });
  await noSidewaysScroll(page);
  await screenshot(page, 'back-office-tables-360');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download: one page per table' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('trattoria-da-luca-qr-pages.pdf');
  const pdf = await readFile((await download.path())!);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // The owner invites a manager of The Anchor: a one-time link goes by e-mail, no password is shown.
  const managerEmail = `manager-${run}@example.com`;
  await page.goto('/admin/the-anchor/staff');
  await page.getByLabel('Email address').fill(managerEmail);
  await page.getByRole('button', { name: 'Invite' }).click();
  // The same answer whether or not the address has an account (issue 16): the invitation is sent.
  await expect(page.getByText(`Invitation sent to ${managerEmail}`)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: managerEmail })).not.toContainText(/password/i);
  await expect(page.getByRole('list', { name: 'Invitations not yet accepted' }).getByText(managerEmail)).toBeVisible();
  const ids = await venueIds(page);
  // No SMTP_URL here: the e-mail is kept in the venue's outbox, where the owner reads the link.
  const link = await invitationLink(page, ids['the-anchor']!, managerEmail);

  // That manager, in a browser of their own, opens the link, sets a name and a password, and is in.
  const other = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const manager = await other.newPage();
  await acceptInvitationLink(manager, link, 'Nico', `nico-${run}-pass`);
  await expect(manager).toHaveURL(/\/admin\/the-anchor$/);
  await expect(manager.getByRole('banner')).toContainText('The Anchor');
  await expect(manager.getByText(`Signed in as ${managerEmail}`)).toBeVisible();
  await manager.goto('/admin/trattoria-da-luca/menu');
  await expect(manager.getByRole('heading', { level: 1, name: 'No access to this venue' })).toBeVisible();
  const origin = new URL(manager.url()).origin;
  const list = await manager.request.get(`/api/product?venueId=${ids['trattoria-da-luca']}&owner=true`);
  expect(list.status()).toBe(403);
  const products = (await (
    await page.request.get(`/api/product?venueId=${ids['trattoria-da-luca']}&owner=true`)
  ).json()) as {
    data: { id: string; name: string; status: string }[];
  };
  const burrataId = products.data.find((p) => p.name === 'Burrata')!.id;
  const patch = await manager.request.patch('/api/product', {
    headers: { origin },
    data: { id: burrataId, status: 'available' },
  });
  expect(patch.status()).toBe(403);
  await other.close();

  // Clean up: the new dish deleted (with its confirmation), Burrata available again, the manager removed.
  await page.goto(`/admin/trattoria-da-luca/menu`);
  await page.getByRole('button', { name: new RegExp(DISH) }).click();
  await page.getByRole('button', { name: 'Delete dish' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Menu' })).toBeVisible();
  await expect(page.getByRole('switch', { name: `Sold out: ${DISH}` })).toHaveCount(0);
  await page.getByRole('switch', { name: 'Sold out: Burrata' }).click();
  await expect(page.getByRole('switch', { name: 'Sold out: Burrata' })).not.toBeChecked();
  await page.goto('/admin/the-anchor/staff');
  await page.getByRole('button', { name: `Remove ${managerEmail}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText(`${managerEmail} no longer manages this venue.`)).toBeVisible();
});

test('an owner gives a dish its own tax rate and a category another; both are kept after a reload', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // Baan Suan (VAT 7 % on everything) gains a zero rate for this journey; everything is put back after.
  const login = await request.post('/api/auth/login', { data: { ...OWNER, mode: 'json' } });
  const auth = {
    authorization: `Bearer ${((await login.json()) as { data: { access_token: string } }).data.access_token}`,
  };
  const venueId = (
    (await (await request.get('/api/public/venue?venue=baan-suan')).json()) as { data: { venue: { id: string } } }
  ).data.venue.id;
  const settings = (
    (await (await request.get(`/api/venue?venueId=${venueId}`, { headers: auth })).json()) as {
      data: {
        tax: { rates: { id: string; name: string; percent: number }[] };
        categories: { id: string; name: string }[];
      };
    }
  ).data;
  const tax = settings.tax;
  const withZero = { ...tax, rates: [...tax.rates, { id: 'zero', name: 'Zero-rated', percent: 0 }] };
  expect((await request.patch('/api/venue', { headers: auth, data: { id: venueId, tax: withZero } })).status()).toBe(
    200,
  );
  const drinks = settings.categories.find((c) => c.name === 'Drinks')!.id;
  const products = (
    (await (await request.get(`/api/product?venueId=${venueId}&owner=true`, { headers: auth })).json()) as {
      data: { id: string; name: string }[];
    }
  ).data;
  const satay = products.find((p) => p.name === 'Chicken satay')!.id;

  try {
    await signIn(page, OWNER.email, OWNER.password);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a venue' })).toBeVisible();
    await page.goto('/admin/baan-suan/menu');
    await expect(page.getByRole('heading', { level: 1, name: 'Menu' })).toBeVisible();

    await expect(page.getByRole('switch', { name: 'Sold out: Chicken satay' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Category tax rates' })).toBeVisible();
    await noSidewaysScroll(page);
    await screenshot(page, 'back-office-menu-taxes-360');
    // A category's rate, saved as soon as it is chosen.
    await page.getByRole('button', { name: 'Category tax rates' }).click();
    const dialog = page.getByRole('dialog', { name: 'Category tax rates' });
    await dialog.getByRole('combobox', { name: 'Tax rate of Drinks' }).selectOption('zero');
    await expect(page.getByText('Drinks: tax rate saved.')).toBeVisible();
    await noSidewaysScroll(page);
    await screenshot(page, 'back-office-category-taxes-360');
    await dialog.getByRole('button', { name: 'Close' }).click();

    // A dish's own rate, in its form.
    await page.getByRole('button', { name: /Chicken satay/ }).click();
    const rate = page.getByLabel('Tax rate');
    await expect(rate).toHaveValue('');
    await expect(rate.getByRole('option').first()).toHaveText("Category's rate (VAT 7%)");
    await rate.selectOption('zero');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Menu' })).toBeVisible();

    // Kept after a reload: the dish's form and the categories' dialog read them back from the server.
    await page.goto(`/admin/baan-suan/menu?product=${satay}`);
    await expect(page.getByLabel('Tax rate')).toHaveValue('zero');
    await page.getByLabel('Tax rate').scrollIntoViewIfNeeded();
    await noSidewaysScroll(page);
    await screenshot(page, 'back-office-product-tax-360');
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.getByLabel('Tax rate').scrollIntoViewIfNeeded();
    await screenshot(page, 'back-office-product-tax-1280');
    await page.goto('/admin/baan-suan/menu');
    await page.getByRole('button', { name: 'Category tax rates' }).click();
    await expect(
      page.getByRole('dialog', { name: 'Category tax rates' }).getByRole('combobox', { name: 'Tax rate of Drinks' }),
    ).toHaveValue('zero');
    await screenshot(page, 'back-office-category-taxes-1280');
  } finally {
    await request.patch('/api/product', { headers: auth, data: { id: satay, taxRate: null } });
    await request.patch('/api/category', { headers: auth, data: { id: drinks, taxRate: null } });
    await request.patch('/api/venue', { headers: auth, data: { id: venueId, tax } });
  }
});
