import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../.tmp/screens');

/** Saves a full-page screenshot under .tmp/screens for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: false });
}

/**
 * The one-time link of the newest invitation e-mail to `email`, read from the venue's outbox by an
 * owner's page (the e2e server has no SMTP_URL, so the message is kept there; decision 026).
 */
export async function invitationLink(ownerPage: Page, venueId: string, email: string): Promise<string> {
  const list = (await (await ownerPage.request.get(`/api/venue/mail?venueId=${venueId}`)).json()) as {
    data: { messages: { id: string; kind: string; to: string }[] };
  };
  const message = list.data.messages.find((m) => m.kind === 'invitation' && m.to === email);
  if (!message) throw new Error(`no invitation e-mail to ${email} in the outbox`);
  const full = (await (
    await ownerPage.request.get(`/api/venue/mail/message?venueId=${venueId}&id=${message.id}`)
  ).json()) as { data: { text: string } };
  const link = /https?:\/\/\S+\/admin\/invite#[A-Za-z0-9_-]+/.exec(full.data.text)?.[0];
  if (!link) throw new Error('the invitation e-mail has no link');
  return link;
}

/** The invited person opens the link and sets their name and password; they land on the venue. */
export async function acceptInvitationLink(
  page: Page,
  link: string,
  firstName: string,
  password: string,
): Promise<void> {
  await page.goto(link);
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Choose a password').fill(password);
  await page.getByLabel('Repeat the password').fill(password);
  await page.getByRole('button', { name: 'Create my account and join' }).click();
}

/** The fake ESC/POS printer the Playwright config starts: its raw port (a station's `printer`) and HTTP address. */
export function fakePrinter(): { address: string; ticketsUrl: string } {
  const port = Number(process.env.E2E_PORT ?? 3123);
  return { address: `127.0.0.1:${port + 2000}`, ticketsUrl: `http://127.0.0.1:${port + 3000}/tickets` };
}
