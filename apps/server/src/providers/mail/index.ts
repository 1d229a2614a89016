import type { Env } from '../../env.ts';
import type { MailProvider } from './mail-provider.ts';
import { createOutboxMail } from './outbox-mail.ts';
import { createSmtpMail } from './smtp-mail.ts';

export type { MailAttachment, MailProvider, OutgoingMail } from './mail-provider.ts';
export { MailDeliveryError } from './mail-provider.ts';

/** SMTP when SMTP_URL is set, else the outbox. */
export function mailProviderFromEnv(env: Env): MailProvider {
  return env.SMTP_URL ? createSmtpMail({ url: env.SMTP_URL }) : createOutboxMail();
}
