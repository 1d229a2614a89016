import type { MailProvider } from './mail-provider.ts';

/** The offline default: nothing leaves the machine; the message stays in the outbox. */
export function createOutboxMail(): MailProvider {
  return {
    kind: 'outbox',
    where: 'the outbox (SMTP_URL unset): owners read messages in the back office',
    async deliver() {
      // Recorded by the mail service before delivery; there is nothing else to do.
    },
    async close() {},
  };
}
