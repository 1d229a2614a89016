import { createHmac } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { acceptInvitationLink, invitationLink, screenshot } from './support.ts';

// The demo owner of the three seeded venues (README, "Demo data").
const email = 'owner@carte.demo';
const password = 'carte-demo';

async function signIn(page: Page, withPassword: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(withPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a wrong password shows the login error and signs nobody in', async ({ page }) => {
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
  await signIn(page, 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('Please check your credentials and try again.');
  await expect(page).toHaveURL(/\/admin\/login$/);
  // Still nobody: the venue choice sends back to the login page.
  await page.goto('/admin/select-venue');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
});

for (const width of [360, 1024]) {
  test(`the demo owner signs in, opens Trattoria da Luca's back office and signs out (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 768 });
    // /admin sends a visitor to the login page.
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
    await expect(page.getByRole('button', { name: /cart/i })).toHaveCount(0);
    await noSidewaysScroll(page);
    await screenshot(page, `staff-login-${width}`);

    await signIn(page, password);
    await expect(page).toHaveURL(/\/admin\/select-venue$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a venue' })).toBeVisible();
    const venues = page.getByRole('list').getByRole('link');
    await expect(venues).toHaveCount(3);
    for (const name of ['Trattoria da Luca', 'Baan Suan Thai Kitchen', 'The Anchor']) {
      await expect(page.getByRole('link', { name: new RegExp(`${name}\\s*Owner`) })).toBeVisible();
    }
    await noSidewaysScroll(page);
    await screenshot(page, `staff-select-venue-${width}`);

    await page.getByRole('link', { name: /Trattoria da Luca/ }).click();
    await expect(page).toHaveURL(/\/admin\/trattoria-da-luca$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Trattoria da Luca' })).toBeVisible();
    await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Back office' });
    for (const entry of ['Menu', 'Orders', 'Settings', 'Tables & QR codes', 'Staff']) {
      await expect(nav.getByRole('link', { name: entry })).toBeVisible();
    }
    await expect(page.getByRole('button', { name: /cart/i })).toHaveCount(0);
    await noSidewaysScroll(page);
    await screenshot(page, `staff-home-${width}`);

    // The session survives a reload (httpOnly cookies; the page asks GET /api/_auth/session).
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Trattoria da Luca' })).toBeVisible();

    await page.getByRole('link', { name: 'Sign out' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'You are signed out' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in again' })).toBeVisible();
    // Signed out for real: the back office asks to sign in again.
    await page.goto('/admin/trattoria-da-luca');
    await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
  });
}

/** RFC 6238 (SHA-1, 30 s, 6 digits) from a base32 key, as an authenticator app computes it. */
function totp(secret: string, step: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret.replace(/[\s=]/g, '').toUpperCase())
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** A code of a time step not used yet (the server takes each step once): waits for the next step. */
async function freshCode(secret: string, used: number[]): Promise<string> {
  let step = Math.floor(Date.now() / 30_000);
  while (used.includes(step)) {
    await new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000) + 200));
    step = Math.floor(Date.now() / 30_000);
  }
  used.push(step);
  return totp(secret, step);
}

test('an invited manager sets a password through the e-mailed link, changes it, turns on one-time codes, needs one to sign in, turns them off', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // The demo owner invites a manager of The Anchor made for this test (a one-time link by e-mail).
  await page.goto('/admin/login');
  await signIn(page, password);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a venue' })).toBeVisible();
  const origin = new URL(page.url()).origin;
  const session = (await (await page.request.get('/api/_auth/session')).json()) as {
    data: { venues: { id: string; venueUrl: string }[] };
  };
  const venueId = session.data.venues.find((v) => v.venueUrl === 'the-anchor')!.id;
  const managerEmail = `account-${Date.now().toString(36)}@example.com`;
  const invited = await page.request.post('/api/venue/staff', {
    headers: { origin },
    data: { venueId, email: managerEmail, role: 'manager' },
  });
  expect(invited.status()).toBe(201);
  const answer = ((await invited.json()) as { data: Record<string, unknown> }).data;
  expect(Object.keys(answer).sort()).toEqual(['email', 'expires_at', 'id', 'mail', 'role', 'status']);
  expect(answer.mail).toBe('kept');
  const link = await invitationLink(page, venueId, managerEmail);

  const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const manager = await context.newPage();
  const signInAs = async (withPassword: string) => {
    await manager.getByLabel('Email').fill(managerEmail);
    await manager.getByLabel('Password').fill(withPassword);
    await manager.getByRole('button', { name: 'Sign in' }).click();
  };
  // The link: a name and a password of their own, and they are signed in on The Anchor.
  const firstPassword = `first-${Date.now().toString(36)}`;
  await acceptInvitationLink(manager, link, 'Ada', firstPassword);
  await expect(manager).toHaveURL(/\/admin\/the-anchor$/);
  // The link works once.
  const again = await manager.request.post('/api/staff/invite/lookup', {
    headers: { origin },
    data: { token: new URL(link).hash.slice(1) },
  });
  expect(again.status()).toBe(409);
  expect(((await again.json()) as { code: string }).code).toBe('INVITATION_USED');
  const staff = (await (await page.request.get(`/api/venue/staff?venueId=${venueId}`)).json()) as {
    data: { id: string; email: string }[];
  };
  const member = staff.data.find((m) => m.email === managerEmail)!;
  await manager.getByRole('link', { name: 'Your account' }).click();
  await expect(manager.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();

  // The password chosen through the link is changed.
  const newPassword = `anchor-${Date.now().toString(36)}`;
  const passwordForm = manager.getByRole('region', { name: 'Password' });
  await passwordForm.getByLabel('Current password').fill(firstPassword);
  await passwordForm.getByLabel('New password', { exact: true }).fill(newPassword);
  await passwordForm.getByLabel('Repeat the new password').fill(newPassword);
  await passwordForm.getByRole('button', { name: 'Change password' }).click();
  await expect(passwordForm.getByRole('status')).toContainText('Your password has changed.');
  await manager.evaluate(() => window.scrollTo(0, 0));
  await noSidewaysScroll(manager);
  await screenshot(manager, 'staff-account-360');

  // One-time codes on: the QR code and the key, then a code from the "app".
  const twoStep = manager.getByRole('region', { name: 'Two-step sign-in' });
  await expect(twoStep.getByText('Status: off')).toBeVisible();
  await twoStep.getByRole('button', { name: 'Turn on' }).click();
  await expect(twoStep.getByRole('img', { name: 'QR code to add Carte to your authenticator app' })).toBeVisible();
  const secret = ((await twoStep.getByLabel('Key to type by hand').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await noSidewaysScroll(manager);
  await screenshot(manager, 'staff-account-otp-360');
  const used: number[] = [];
  await twoStep.getByLabel('6-digit code from the app').fill(await freshCode(secret, used));
  await twoStep.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(twoStep.getByText('Status: on')).toBeVisible();

  // Signed out, the manager needs the new password and a code.
  await manager.getByRole('link', { name: 'Sign out' }).click();
  await expect(manager.getByRole('heading', { level: 1, name: 'You are signed out' })).toBeVisible();
  await manager.goto('/admin/login');
  await signInAs(newPassword);
  await expect(manager.getByRole('heading', { name: 'Enter your one-time code' })).toBeVisible();
  await manager.getByLabel('6-digit code').fill(await freshCode(secret, used));
  await manager.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(manager).toHaveURL(/\/admin\/the-anchor$/);

  // Turned off again with a current code: the next sign-in asks for none.
  await manager.getByRole('link', { name: 'Your account' }).click();
  await twoStep.getByRole('button', { name: 'Turn off' }).click();
  await twoStep.getByLabel('Current 6-digit code from your app').fill(await freshCode(secret, used));
  await twoStep.getByRole('button', { name: 'Turn off' }).click();
  await expect(twoStep.getByText('Status: off')).toBeVisible();
  await manager.getByRole('link', { name: 'Sign out' }).click();
  await expect(manager.getByRole('heading', { level: 1, name: 'You are signed out' })).toBeVisible();
  await manager.goto('/admin/login');
  await signInAs(newPassword);
  await expect(manager).toHaveURL(/\/admin\/the-anchor$/);
  await context.close();

  // The test's manager leaves The Anchor's staff as it was.
  const removed = await page.request.delete(`/api/venue/staff?venueId=${venueId}&userId=${member.id}`, {
    headers: { origin },
  });
  expect(removed.status()).toBe(200);
});
