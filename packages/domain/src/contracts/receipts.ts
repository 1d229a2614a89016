import { LANGUAGES } from '../languages.ts';
import { z } from '../zod.ts';
import { idSchema } from './common.ts';
import { mailSummarySchema } from './mail.ts';

/**
 * Receipts (architecture 4.13, decision 022): a paid order's receipt as a printable page or a PDF,
 * e-mailed by the guest or sent again by the venue's staff.
 */
export const RECEIPT_FORMATS = ['pdf', 'html'] as const;
export type ReceiptFormat = (typeof RECEIPT_FORMATS)[number];

const languageSchema = z.enum(LANGUAGES, { error: `must be one of ${LANGUAGES.join(', ')}` });

/** An e-mail address as a person types it: trimmed, at most 254 characters. */
export const receiptEmailSchema = z
  .string({ error: 'must be an e-mail address' })
  .trim()
  .max(254, { error: 'must be at most 254 characters' })
  .pipe(z.email({ error: 'must be an e-mail address' }));

/** GET /api/order/receipt?orderId&format=pdf|html&lang: whoever holds the order id, once paid. */
export const receiptQuerySchema = z.strictObject({
  orderId: idSchema('order'),
  /** html (default): a printable page; pdf: the same receipt as a PDF file. */
  format: z.enum(RECEIPT_FORMATS, { error: 'must be pdf or html' }).default('html'),
  /** The receipt's language; default: the language the guest chose (cookie), their browser's, else English. */
  lang: languageSchema.optional(),
});
export type ReceiptQuery = z.infer<typeof receiptQuerySchema>;

/** POST /api/order/receipt/email `{orderId, email, lang?}`: the receipt, PDF attached, to that address. */
export const receiptEmailBodySchema = z
  .strictObject({
    orderId: idSchema('order'),
    email: receiptEmailSchema,
    lang: languageSchema.optional(),
  })
  .meta({ examples: [{ orderId: '3f1c2a4e-8b7d-4c1a-9e2f-5a6b7c8d9e0f', email: 'guest@example.com', lang: 'fr' }] });
export type ReceiptEmailBody = z.infer<typeof receiptEmailBodySchema>;

/** What the guest learns: where it went and whether it left (`sent`) or waits in the outbox (`kept`, `failed`). */
export const receiptEmailAnswerSchema = mailSummarySchema.pick({ to: true, status: true });
export type ReceiptEmailAnswer = z.infer<typeof receiptEmailAnswerSchema>;

/**
 * POST /api/venue/orders/receipt `{venueId, orderId, email?, lang?}` (staff of the venue): the receipt
 * to the address typed, else to the order's own e-mail (delivery orders).
 */
export const staffReceiptEmailBodySchema = z
  .strictObject({
    venueId: idSchema('venue'),
    orderId: idSchema('order'),
    email: receiptEmailSchema.optional(),
    lang: languageSchema.optional(),
  })
  .meta({
    examples: [
      {
        venueId: '7d2e9b10-4f3a-4b6c-8d1e-2a3b4c5d6e7f',
        orderId: '3f1c2a4e-8b7d-4c1a-9e2f-5a6b7c8d9e0f',
        email: 'guest@example.com',
      },
    ],
  });
export type StaffReceiptEmailBody = z.infer<typeof staffReceiptEmailBodySchema>;

export const staffReceiptEmailAnswerSchema = mailSummarySchema;
export type StaffReceiptEmailAnswer = z.infer<typeof staffReceiptEmailAnswerSchema>;
