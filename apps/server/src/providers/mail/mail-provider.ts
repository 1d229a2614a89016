/**
 * E-mail behind a small interface (architecture.md section 5): SMTP through nodemailer when
 * SMTP_URL is set; otherwise the offline default keeps every message in the outbox (the
 * `mail_messages` table), which the owner reads in the back office. Every message is recorded in
 * the outbox either way, so a receipt or an invitation can always be found and sent again.
 */

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
  attachments?: MailAttachment[];
}

export interface MailProvider {
  /** 'smtp' delivers; 'outbox' keeps the message for the owner to read. */
  readonly kind: 'smtp' | 'outbox';
  /** Where mail goes, for the start-up log line (no password). */
  readonly where: string;
  /** Delivers the message; throws MailDeliveryError when the server refuses it or cannot be reached. */
  deliver(message: OutgoingMail): Promise<void>;
  close(): Promise<void>;
}

export class MailDeliveryError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MailDeliveryError';
  }
}
