import { expect, test, type APIRequestContext } from '@playwright/test';
import { screenshot } from './support.ts';

const VENUE = 'trattoria-da-luca';

async function ownerToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/auth/login', {
    data: { email: 'owner@carte.demo', password: 'carte-demo', mode: 'json' },
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: { access_token: string } }).data.access_token;
}

async function patchVenue(request: APIRequestContext, token: string, body: Record<string, unknown>) {
  const venue = await request.get(`/api/public/venue?venue=${VENUE}`);
  const id = ((await venue.json()) as { data: { venue: { id: string } } }).data.venue.id;
  const res = await request.patch('/api/venue', {
    data: { id, ...body },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Click and collect (issue 18 item 6, decision 032): the owner turns pickup on; a guest chooses
 * "I will pick it up", picks a time among the slots the server offers (the demo venue has no hours:
 * always open, slots from now on), orders and pays by card against the fake Stripe; the order page
 * says when to come and the kitchen's board shows the pickup time.
 */
test('a guest orders for pickup at a chosen time and pays by card', async ({ page, request }) => {
  const token = await ownerToken(request);
  await patchVenue(request, token, { pickup: { enabled: true, slotMinutes: 15 } });
  try {
    await page.goto(`/${VENUE}/menu`);
    // The venue delivers too: the guest is asked how at once, and pickup is the third choice.
    const method = page.getByRole('dialog', { name: 'How would you like your order?' });
    await expect(method).toBeVisible();
    await screenshot(page, 'pickup-method-360');
    await method.getByRole('button', { name: 'I will pick it up' }).click();
    await expect(method).toBeHidden();

    await page.getByRole('button', { name: 'Add Spaghetti carbonara to the order' }).click();
    const chooser = page.getByRole('dialog', { name: 'Spaghetti carbonara' });
    await chooser.getByRole('button', { name: /Add · €14\.00/ }).click();
    await expect(chooser).toBeHidden();
    await page.getByRole('button', { name: /^Cart/ }).click();

    const recap = page.getByRole('dialog', { name: /^Your order/ });
    await expect(recap).toContainText('Pickup');
    const place = recap.getByRole('button', { name: /Place order.*€14\.00/ });
    await expect(place).toBeDisabled();
    await expect(recap.getByText('Choose a pickup time to place your order.')).toBeVisible();
    const time = recap.getByRole('combobox', { name: 'Pickup time' });
    await expect(time).toBeVisible();
    // The first offered time (the option after the prompt), as the guest reads it.
    const first = time.getByRole('option').nth(1);
    const label = (await first.textContent())!.trim();
    const slot = (await first.getAttribute('value'))!;
    await time.selectOption(slot);
    await screenshot(page, 'pickup-recap-360');
    await expect(place).toBeEnabled();
    await place.click();

    await expect(page).toHaveURL(/\/trattoria-da-luca\/order\?orderId=[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: /^Order #\d+$/ })).toBeVisible();
    await expect(page.getByText(`Pickup at ${label}`)).toBeVisible();
    const orderId = new URL(page.url()).searchParams.get('orderId');
    const placed = await (await request.get(`/api/order?orderId=${orderId}`)).json();
    expect(placed.data).toMatchObject({ spot: 'pickup', delivery: false, total: 14 });
    expect(Date.parse(placed.data.pickup_at)).toBe(Date.parse(slot));

    await page.getByRole('button', { name: 'Pay now · €14.00' }).click();
    const sheet = page.getByRole('dialog', { name: /^Pay for order #\d+$/ });
    await expect(sheet).toBeVisible();
    await sheet.getByRole('button', { name: 'Continue · €14.00' }).click();
    const cardNumber = sheet.getByRole('textbox', { name: 'Card number' });
    await cardNumber.fill('4242 4242 4242 4242');
    await sheet.getByRole('textbox', { name: 'Expiration date' }).fill('12 / 34');
    await sheet.getByRole('textbox', { name: 'Security code' }).fill('123');
    await sheet.getByRole('button', { name: 'Pay €14.00' }).click();
    await expect(sheet).toBeHidden();
    await expect(page.getByRole('main').getByText('Paid', { exact: true })).toBeVisible();
    await expect(page.getByText(`Pickup at ${label}`)).toBeVisible();
    await screenshot(page, 'pickup-order-paid-360');
    const paid = await (await request.get(`/api/order?orderId=${orderId}`)).json();
    expect(paid.data).toMatchObject({ payment_status: 'paid', spot: 'pickup' });
  } finally {
    await patchVenue(request, token, { pickup: null });
  }
});

test('the owner turns pickup on and sets a delivery minimum in the settings; guests see the minimum', async ({
  page,
  request,
}) => {
  const token = await ownerToken(request);
  try {
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill('owner@carte.demo');
    await page.getByLabel('Password').fill('carte-demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/admin\/select-venue|\/admin\/trattoria-da-luca/);
    await page.goto(`/admin/${VENUE}/settings`);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

    // A radius without the pickup address's coordinates is refused by the form, naming the fields.
    await page.getByLabel('Radius (km)').fill('5');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Enter the latitude of the pickup address, from -90 to 90.')).toBeVisible();
    await page.getByLabel('Radius (km)').fill('');
    // No radius, no centre needed: the fields' errors go with it.
    await expect(page.getByText('Enter the latitude of the pickup address, from -90 to 90.')).toBeHidden();

    await page.getByLabel('Minimum order for delivery (€)').fill('20');
    await page.getByRole('switch', { name: /Pickup \(click and collect\)/ }).click();
    await page.getByLabel('Time between pickup slots').selectOption('30');
    await page.getByLabel('Minimum order for delivery (€)').scrollIntoViewIfNeeded();
    await screenshot(page, 'pickup-settings-360');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByLabel('Radius (km)').scrollIntoViewIfNeeded();
    await screenshot(page, 'pickup-settings-desktop');
    await page.setViewportSize({ width: 360, height: 780 });
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved. Guests see them now.')).toBeVisible();

    const pub = await (await request.get(`/api/public/venue?venue=${VENUE}`)).json();
    expect(pub.data.venue).toMatchObject({
      pickup: { enabled: true, slotMinutes: 30 },
      deliveryRules: { minimumOrder: 20 },
    });

    // A guest ordering for delivery sees the minimum before giving an address.
    await page.goto(`/${VENUE}/menu?spot=delivery`);
    await page.getByRole('button', { name: 'Add Spaghetti carbonara to the order' }).click();
    await page
      .getByRole('dialog', { name: 'Spaghetti carbonara' })
      .getByRole('button', { name: /Add · €14\.00/ })
      .click();
    await page.getByRole('button', { name: /^Cart/ }).click();
    const recap = page.getByRole('dialog', { name: /^Your order/ });
    await expect(recap.getByRole('button', { name: 'Choose address' })).toBeDisabled();
    await expect(recap.getByText('Delivery from €20.00: add €6.00 more to order.')).toBeVisible();
    await screenshot(page, 'delivery-minimum-360');
  } finally {
    await patchVenue(request, token, { pickup: null, deliveryRules: null });
  }
});
