import nodemailer from 'nodemailer';
import { MailDeliveryError, type MailProvider, type OutgoingMail } from './mail-provider.ts';

export interface SmtpOptions {
  /** smtp://user:pass@host:port or smtps://...; STARTTLS is used when the server offers it. */
  url: string;
  /** Give up on a server that does not answer (ms). */
  timeoutMs?: number;
}

/** The address without its password, for logs. */
export function describeSmtpUrl(url: string): string {
  const u = new URL(url);
  return `${u.protocol}//${u.username ? `${decodeURIComponent(u.username)}@` : ''}${u.host}`;
}

/** Real delivery through an SMTP server, by nodemailer (pooled connections). */
export function createSmtpMail(options: SmtpOptions): MailProvider {
  const timeout = options.timeoutMs ?? 15_000;
  const url = new URL(options.url);
  url.searchParams.set('connectionTimeout', String(timeout));
  url.searchParams.set('greetingTimeout', String(timeout));
  url.searchParams.set('socketTimeout', String(timeout * 2));
  const transport = nodemailer.createTransport(url.toString());
  return {
    kind: 'smtp',
    where: `SMTP ${describeSmtpUrl(options.url)}`,
    async deliver(message: OutgoingMail) {
      try {
        await transport.sendMail({
          from: message.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          attachments: message.attachments?.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: a.content,
          })),
        });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new MailDeliveryError(`The mail server did not accept the message: ${reason}`, { cause: error });
      }
    },
    async close() {
      transport.close();
    },
  };
}
