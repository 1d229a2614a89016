import type { MailListAnswer, MailMessageAnswer, MailStatus, MailSummary } from '@carte/domain';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { mailMessages } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { MailAttachment, MailProvider } from '../../providers/mail/index.ts';

export interface MailToSend {
  venueId: string | null;
  /** receipt, credit-note, invitation, ... */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

export interface MailService {
  /**
   * Records the message in the outbox, then hands it to the provider. Never throws for a delivery
   * failure: the message is kept as `failed` with the reason, and the answer says so.
   */
  send(message: MailToSend): Promise<MailSummary>;
  /** Sends a kept or failed message again (owners, from the outbox). */
  resend(venueId: string, id: string): Promise<MailSummary>;
  list(venueId: string, before?: string): Promise<MailListAnswer>;
  get(venueId: string, id: string): Promise<MailMessageAnswer>;
}

type Row = typeof mailMessages.$inferSelect;
const PAGE = 50;

function summary(row: Row): MailSummary {
  return {
    id: row.id,
    kind: row.kind,
    to: row.toAddress,
    subject: row.subject,
    status: row.status as MailStatus,
    attempts: row.attempts,
    error: row.error,
    attachments: row.attachments.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      size: Buffer.byteLength(a.content, 'base64'),
    })),
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt ? row.sentAt.toISOString() : null,
  };
}

export function createMailService(deps: {
  db: Db;
  mail: MailProvider;
  from: string;
  log?: FastifyBaseLogger;
}): MailService {
  const { db, mail, from } = deps;

  async function deliver(row: Row): Promise<Row> {
    let status: MailStatus = mail.kind === 'smtp' ? 'sent' : 'kept';
    let error: string | null = null;
    try {
      await mail.deliver({
        from: row.fromAddress,
        to: row.toAddress,
        subject: row.subject,
        text: row.text,
        html: row.html ?? undefined,
        attachments: row.attachments.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: Buffer.from(a.content, 'base64'),
        })),
      });
    } catch (e) {
      status = 'failed';
      error = e instanceof Error ? e.message : String(e);
      deps.log?.warn({ mailId: row.id, kind: row.kind, err: error }, 'mail delivery failed');
    }
    const [updated] = await db
      .update(mailMessages)
      .set({
        status,
        error,
        attempts: row.attempts + 1,
        sentAt: status === 'sent' ? new Date() : row.sentAt,
      })
      .where(eq(mailMessages.id, row.id))
      .returning();
    return updated!;
  }

  async function find(venueId: string, id: string): Promise<Row> {
    const [row] = await db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.id, id), eq(mailMessages.venueId, venueId)))
      .limit(1);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  return {
    async send(message) {
      const [row] = await db
        .insert(mailMessages)
        .values({
          venueId: message.venueId,
          kind: message.kind,
          toAddress: message.to,
          fromAddress: from,
          subject: message.subject,
          text: message.text,
          html: message.html ?? null,
          attachments: (message.attachments ?? []).map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: a.content.toString('base64'),
          })),
          status: mail.kind === 'smtp' ? 'failed' : 'kept',
          error: mail.kind === 'smtp' ? 'not sent yet' : null,
        })
        .returning();
      return summary(await deliver(row!));
    },

    async resend(venueId, id) {
      return summary(await deliver(await find(venueId, id)));
    },

    async list(venueId, before) {
      const rows = await db
        .select()
        .from(mailMessages)
        .where(
          before
            ? and(eq(mailMessages.venueId, venueId), lt(mailMessages.createdAt, new Date(before)))
            : eq(mailMessages.venueId, venueId),
        )
        .orderBy(desc(mailMessages.createdAt), desc(mailMessages.id))
        .limit(PAGE + 1);
      const page = rows.slice(0, PAGE);
      return {
        delivery: mail.kind,
        messages: page.map(summary),
        next_before: rows.length > PAGE ? page[page.length - 1]!.createdAt.toISOString() : null,
      };
    },

    async get(venueId, id) {
      const row = await find(venueId, id);
      return { ...summary(row), from: row.fromAddress, text: row.text };
    },
  };
}
