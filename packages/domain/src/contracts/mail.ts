import { z } from '../zod.ts';
import { idSchema } from './common.ts';

/**
 * The outbox (issue 19): every e-mail Carte sends about a venue, as the owner reads it in the back
 * office (GET /api/venue/mail). `status`: `kept` (no SMTP server configured: the message stays
 * here), `sent`, or `failed` (the server refused it or could not be reached; `error` says why).
 */
export const MAIL_STATUSES = ['kept', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const mailListQuerySchema = z
  .object({
    venueId: idSchema('venue'),
    /** Newest first; 50 per page. */
    before: z.iso.datetime({ offset: true, error: 'must be a date and time' }).optional(),
  })
  .strict();

export const mailMessageQuerySchema = z.object({ venueId: idSchema('venue'), id: idSchema('message') }).strict();

export const mailResendBodySchema = mailMessageQuerySchema.meta({
  examples: [{ venueId: '7d2e9b10-4f3a-4b6c-8d1e-2a3b4c5d6e7f', id: 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f' }],
});

export const mailSummarySchema = z.object({
  id: z.string(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  error: z.string().nullable(),
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), size: z.number().int() })),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type MailSummary = z.infer<typeof mailSummarySchema>;

export const mailListAnswerSchema = z.object({
  /** How mail leaves this server: `smtp` delivers, `outbox` keeps. */
  delivery: z.enum(['smtp', 'outbox']),
  messages: z.array(mailSummarySchema),
  /** Pass as `before` for the next page; null on the last page. */
  next_before: z.string().nullable(),
});
export type MailListAnswer = z.infer<typeof mailListAnswerSchema>;

export const mailMessageAnswerSchema = mailSummarySchema.extend({ from: z.string(), text: z.string() });
export type MailMessageAnswer = z.infer<typeof mailMessageAnswerSchema>;
