import { expect, test, type Page } from '@playwright/test';
import { screenshot } from './support.ts';

/** The cart button's accessible name contains "Cart" and the count. */
const cartButton = (page: Page) => page.getByRole('button', { name: /^Cart/ });

async function addWithVariations(page: Page, product: string, variations: string[], addLabel: RegExp) {
  await page.getByRole('button', { name: `Add ${product} to the order` }).click();
  const chooser = page.getByRole('dialog', { name: product });
  await expect(chooser).toBeVisible();
  for (const v of variations) await chooser.getByRole('checkbox', { name: v }).check();
  await chooser.getByRole('button', { name: addLabel }).click();
  await expect(chooser).toBeHidden();
}

test('(a) table order from ?spot=4 with a variation, a quantity change and an undo; the order page totals match', async ({
  page,
}) => {
  await page.goto('/trattoria-da-luca/menu?spot=4');
  await expect(page.getByRole('article', { name: 'Pizza Margherita' })).toBeVisible();
  // Pizza Margherita 9.50 + Large 3.50 = 13.00
  await page.getByRole('button', { name: 'Add Pizza Margherita to the order' }).click();
  const chooser = page.getByRole('dialog', { name: 'Pizza Margherita' });
  await expect(chooser.getByText('+€3.50')).toBeVisible();
  // Size is a one-choice group: a radio button.
  await chooser.getByRole('radio', { name: 'Large' }).check();
  await screenshot(page, 'order-variation-chooser-360');
  await chooser.getByRole('button', { name: 'Add · €13.00' }).click();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');
  // Spaghetti carbonara without its option: 14.00
  await addWithVariations(page, 'Spaghetti carbonara', [], /Add · €14\.00/);
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 2 items');

  await cartButton(page).click();
  await expect(page.getByRole('dialog', { name: 'Your order (2)' })).toBeVisible();
  // The title follows the count.
  const recap = page.getByRole('dialog', { name: /^Your order/ });
  await expect(recap).toContainText('Table 4');
  await expect(recap).toContainText('Large');
  await recap.getByRole('button', { name: 'One more Pizza Margherita' }).click();
  await expect(page.getByRole('dialog', { name: 'Your order (3)' })).toBeVisible();
  // Remove the carbonara, then undo from the toast.
  await recap.getByRole('button', { name: 'Remove Spaghetti carbonara' }).click();
  await expect(recap.getByRole('heading', { name: 'Spaghetti carbonara' })).toBeHidden();
  await page
    .getByRole('listitem')
    .filter({ hasText: 'Spaghetti carbonara removed from the order' })
    .getByRole('button', { name: 'Undo' })
    .click();
  await expect(recap.getByRole('heading', { name: 'Spaghetti carbonara' })).toBeVisible();
  await screenshot(page, 'order-recap-360');

  // 2 x 13.00 + 14.00 = 40.00
  await recap.getByRole('button', { name: /Place order.*€40\.00/ }).click();
  await expect(page).toHaveURL(/\/trattoria-da-luca\/order\?orderId=[0-9a-f-]{36}$/);
  await expect(page.getByText('Order placed successfully!')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: /^Order #\d+$/ })).toBeVisible();
  await expect(page.getByText('Table 4')).toBeVisible();
  const lines = page.getByRole('main').getByRole('listitem');
  await expect(lines.filter({ hasText: 'Pizza Margherita' })).toContainText('€26.00');
  await expect(lines.filter({ hasText: 'Pizza Margherita' })).toContainText('Large');
  await expect(lines.filter({ hasText: 'Spaghetti carbonara' })).toContainText('€14.00');
  await expect(page.getByRole('main')).toContainText('€40.00');
  // The cart is cleared; the header links to the current order.
  await expect(cartButton(page)).toHaveAccessibleName('Cart, empty');
  await expect(page.getByRole('link', { name: /Your current order/ })).toBeVisible();
  await screenshot(page, 'order-page-360');
});

test('(b) a delivery order through the method dialog, the address form and the delivery recap', async ({ page }) => {
  await page.goto('/trattoria-da-luca/menu');
  // The order-bar rule: a venue with delivery and nothing chosen asks at once.
  const method = page.getByRole('dialog', { name: 'How would you like your order?' });
  await expect(method).toBeVisible();
  await screenshot(page, 'order-method-360');
  await method.getByRole('button', { name: 'Delivery to my address' }).click();
  await expect(method).toBeHidden();

  await page.getByRole('button', { name: 'Add Bruschetta al pomodoro to the order' }).click();
  await page.getByRole('button', { name: 'Add Bruschetta al pomodoro to the order' }).click();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 2 items');
  await cartButton(page).click();
  const recap = page.getByRole('dialog', { name: 'Your order (2)' });
  await expect(recap).toContainText('Delivery');
  await expect(recap.getByRole('button', { name: /Place order/ })).toHaveCount(0);
  await recap.getByRole('button', { name: 'Choose address' }).click();

  const form = page.getByRole('dialog', { name: 'Delivery address' });
  await expect(form).toBeVisible();
  const confirm = form.getByRole('button', { name: 'Confirm address' });
  await expect(confirm).toBeDisabled();
  await form.getByRole('textbox', { name: 'Full name' }).fill('Giulia Rossi');
  await form.getByRole('textbox', { name: 'Phone (optional)' }).fill('12ab');
  await form.getByRole('textbox', { name: 'E-mail' }).fill('giulia@example.com');
  await expect(form.getByText('Invalid phone number')).toBeVisible();
  await form.getByRole('textbox', { name: 'Phone (optional)' }).fill('+39 06 1234-5678');
  await expect(form.getByText('Invalid phone number')).toBeHidden();
  await form.getByRole('textbox', { name: 'Address' }).fill('Via Roma 12, 00184 Roma');
  // Valid, but no suggestion chosen yet.
  await expect(confirm).toBeDisabled();
  const suggestion = form.getByRole('list', { name: 'Address suggestions' }).getByRole('button').first();
  await expect(suggestion).toBeVisible();
  await screenshot(page, 'order-address-360');
  await suggestion.click();
  await expect(confirm).toBeEnabled();
  await confirm.click();

  const deliveryRecap = page.getByRole('dialog', { name: 'Delivery order' });
  await expect(deliveryRecap).toContainText('€3.90');
  // 2 x 7.50 + 3.90 = 18.90
  await expect(deliveryRecap).toContainText('€18.90');
  await screenshot(page, 'order-delivery-recap-360');
  await deliveryRecap.getByRole('button', { name: /Place order.*€18\.90/ }).click();

  await expect(page).toHaveURL(/\/trattoria-da-luca\/order\?orderId=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Order #\d+$/ })).toBeVisible();
  await expect(page.getByText(/Delivery to Via Roma 12/)).toBeVisible();
  await expect(page.getByRole('main')).toContainText('€3.90');
  await expect(page.getByRole('main')).toContainText('€18.90');
});

test('(c) no spot: the cart button asks for the table, then the recap, then the order', async ({ page }) => {
  await page.goto('/trattoria-da-luca/menu');
  // The delivery-or-table question comes by itself; Escape closes it and it does not come back.
  const method = page.getByRole('dialog', { name: 'How would you like your order?' });
  await expect(method).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(method).toBeHidden();
  await page.getByRole('button', { name: 'Add Vitello tonnato to the order' }).click();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');
  await cartButton(page).click();

  const select = page.getByRole('dialog', { name: 'Choose your table' });
  await expect(select).toBeVisible();
  const confirm = select.getByRole('button', { name: 'Confirm' });
  await expect(confirm).toBeDisabled();
  // The trattoria also delivers.
  await expect(select.getByRole('button', { name: 'Delivery instead' })).toBeVisible();
  await select.getByRole('button', { name: '7', exact: true }).click();
  await screenshot(page, 'order-select-table-360');
  await confirm.click();
  await expect(page.getByText('Table 7 selected')).toBeVisible();

  // The order was pending: the recap opens by itself.
  const recap = page.getByRole('dialog', { name: 'Your order (1)' });
  await expect(recap).toContainText('Table 7');
  await recap.getByRole('button', { name: /Place order/ }).click();
  await expect(page).toHaveURL(/\/trattoria-da-luca\/order\?orderId=/);
  await expect(page.getByRole('main').getByText('Table 7', { exact: true })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('€13.00');
});

test('the delivery-or-table question is a modal sheet that downloads alone; the next steps come with the first touch', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  // Radix (with sheet-dialog), the table choice and cart recap (checkout-steps), the toaster.
  const laterCheckout = () =>
    scripts.filter((path) => /\/(sheet-dialog|checkout-steps|toaster)-[\w-]+\.js$/.test(path));
  await page.goto('/trattoria-da-luca/menu');
  const method = page.getByRole('dialog', { name: 'How would you like your order?' });
  await expect(method).toBeVisible();
  await expect(method.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.waitForLoadState('networkidle');
  expect(laterCheckout()).toEqual([]);

  // The page behind does not scroll (a wheel is the guest's first touch: the next steps download).
  await page.mouse.move(180, 300);
  await page.mouse.wheel(0, 800);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expect.poll(() => laterCheckout().some((path) => path.includes('/checkout-steps-'))).toBe(true);

  // Tab goes round the sheet's three controls.
  for (const name of ['Delivery to my address', 'At the table', 'Close']) {
    await page.keyboard.press('Tab');
    await expect(method.getByRole('button', { name })).toBeFocused();
  }
  await page.keyboard.press('Shift+Tab');
  await expect(method.getByRole('button', { name: 'At the table' })).toBeFocused();

  // The page behind is inert: a tap on a dish's add button lands on the backdrop, which closes the sheet.
  const add = await page.getByRole('button', { name: 'Add Bruschetta al pomodoro to the order' }).boundingBox();
  if (!add) throw new Error('no add button');
  await page.mouse.click(add.x + add.width / 2, add.y + add.height / 2);
  await expect(method).toBeHidden();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, empty');
});

test('(d) a table order in French', async ({ page }) => {
  await page.goto('/trattoria-da-luca/menu?spot=Terrace%20A&l=fr');
  await page.getByRole('button', { name: 'Ajouter Arancini à la commande' }).click();
  await expect(page.getByRole('button', { name: /^Panier/ })).toHaveAccessibleName('Panier, 1 article');
  await page.getByRole('button', { name: /^Panier/ }).click();
  const recap = page.getByRole('dialog', { name: 'Votre commande (1)' });
  await expect(recap).toContainText('Table Terrace A');
  await screenshot(page, 'order-recap-fr-360');
  await recap.getByRole('button', { name: /Commander.*8,50\s€/ }).click();
  await expect(page.getByText('Commande passée avec succès !')).toBeVisible();
  await expect(page).toHaveURL(/\/trattoria-da-luca\/order\?orderId=/);
  // French money: "8,50 €" (Intl puts a no-break space before the symbol).
  await expect(page.getByRole('main')).toContainText(/8,50\s€/);
});

test('the dialogs on a wide screen (1280x800) are centred and at most 640 px wide', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/trattoria-da-luca/menu?spot=2');
  await page.getByRole('button', { name: 'Add Pizza Margherita to the order' }).click();
  const chooser = page.getByRole('dialog', { name: 'Pizza Margherita' });
  const box = await chooser.boundingBox();
  expect(box?.width).toBeLessThanOrEqual(640);
  await screenshot(page, 'order-variation-chooser-1280');
  // "Add" waits for the required size.
  await expect(chooser.getByRole('button', { name: /^Add · / })).toBeDisabled();
  await chooser.getByRole('radio', { name: 'Regular' }).check();
  await chooser.getByRole('button', { name: /^Add · / }).click();
  await page.getByRole('button', { name: 'Add Arancini to the order' }).click();
  await cartButton(page).click();
  const recap = page.getByRole('dialog', { name: /^Your order/ });
  await expect(recap).toBeVisible();
  const recapBox = await recap.boundingBox();
  expect(recapBox?.width).toBeLessThanOrEqual(640);
  expect(Math.abs((recapBox?.x ?? 0) + (recapBox?.width ?? 0) / 2 - 640)).toBeLessThan(2);
  // Escape closes it and focus returns to the cart button.
  await page.keyboard.press('Escape');
  await expect(recap).toBeHidden();
  await expect(cartButton(page)).toBeFocused();
  await cartButton(page).click();
  await screenshot(page, 'order-recap-1280');
});
