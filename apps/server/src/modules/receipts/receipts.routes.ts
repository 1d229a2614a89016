import { createHash } from 'node:crypto';
import {
  formatPrice,
  receiptEmailAnswerSchema,
  receiptEmailBodySchema,
  receiptQuerySchema,
  staffReceiptEmailAnswerSchema,
  staffReceiptEmailBodySchema,
  type Language,
  type MailSummary,
} from '@carte/domain';
import { LANGUAGE_COOKIE } from '@carte/domain/languages';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error.ts';
import { authenticated, requireVenueRole } from '../../http/auth.ts';
import { contract, rawContract } from '../../http/contract.ts';
import { ok } from '../../http/envelope.ts';
import type { ModuleDeps } from '../../http/module.ts';
import type { MailService } from '../mail/mail.service.ts';
import { findOrderVenueId } from '../staff-orders/staff-orders.service.ts';
import { pageLanguage } from '../../http/page-language.ts';
import { loadReceipt, type ReceiptData } from './receipt-data.ts';
import { RECEIPT_STYLE, renderReceiptHtml } from './receipt-html.ts';
import { renderReceiptPdf } from './receipt-pdf.ts';
import { fill, RECEIPT_STRINGS } from './receipt-strings.ts';
import { receiptView } from './receipt-view.ts';

const STYLE_HASH = createHash('sha256').update(RECEIPT_STYLE).digest('base64');

/** The receipt's language: the one asked for, else the guest's (language cookie, browser), else English. */
function receiptLanguage(request: FastifyRequest, lang: Language | undefined): Language {
  return (
    lang ??
    pageLanguage({ query: undefined, cookie: request.cookies[LANGUAGE_COOKIE], acceptLanguage: request.headers['accept-language'] })
  );
}

/** Sends a paid order's receipt, the PDF attached, through the outbox (decision 021). */
export async function sendReceipt(
  mailer: MailService,
  data: ReceiptData,
  lang: Language,
  to: string,
): Promise<MailSummary> {
  const view = receiptView(data, lang);
  const pdf = await renderReceiptPdf(view);
  const s = RECEIPT_STRINGS[lang];
  const values = { n: data.receiptNumber, venue: data.venueName, total: formatPrice(data.paid, data.currency, lang) };
  return mailer.send({
    venueId: data.venueId,
    kind: 'receipt',
    to,
    subject: fill(s.emailSubject, values),
    text: fill(s.emailBody, values),
    attachments: [{ filename: view.filename, contentType: 'application/pdf', content: Buffer.from(pdf) }],
  });
}

/**
 * Receipts (architecture 4.13, decision 022): GET /api/order/receipt (whoever holds the order id, once
 * paid), POST /api/order/receipt/email (the guest), POST /api/venue/orders/receipt (the venue's staff).
 */
export const receiptsRoutes: FastifyPluginAsync<ModuleDeps> = async (fastify, deps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;
  const guestWriteLimit = { max: deps.env.ORDER_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' };

  app.get(
    '/order/receipt',
    {
      schema: rawContract({
        summary: "A paid order's receipt, as a printable page or a PDF",
        description:
          'Whoever holds the order id may read it once the order is paid (it has a receipt number). `lang` chooses the language.',
        tag: 'receipts',
        auth: 'public',
        querystring: receiptQuerySchema,
        produces: { 'text/html': 'the receipt as a printable page', 'application/pdf': 'the receipt as a PDF file' },
        errors: ['ORDER_NOT_FOUND', 'RECEIPT_NOT_READY'],
      }),
    },
    async (request, reply) => {
      const q = request.query;
      const data = await loadReceipt(db, q.orderId);
      const lang = receiptLanguage(request, q.lang);
      const view = receiptView(data, lang);
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
      if (q.format === 'pdf') {
        const pdf = await renderReceiptPdf(view);
        return reply
          .header('content-disposition', `attachment; filename="${view.filename}"`)
          .type('application/pdf')
          .send(Buffer.from(pdf));
      }
      const pdfUrl = `receipt?${new URLSearchParams({ orderId: data.orderId, format: 'pdf', lang }).toString()}`;
      return reply
        .header('content-security-policy', `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; frame-ancestors 'self'`)
        .header('x-frame-options', 'SAMEORIGIN')
        .type('text/html; charset=utf-8')
        .send(renderReceiptHtml(view, pdfUrl));
    },
  );

  app.post(
    '/order/receipt/email',
    {
      config: { rateLimit: guestWriteLimit },
      schema: contract({
        summary: "E-mails a paid order's receipt (PDF attached) to the address given",
        tag: 'receipts',
        auth: 'public',
        body: receiptEmailBodySchema,
        data: receiptEmailAnswerSchema,
        errors: ['ORDER_NOT_FOUND', 'RECEIPT_NOT_READY'],
      }),
    },
    async (request, reply) => {
      const data = await loadReceipt(db, request.body.orderId);
      const sent = await sendReceipt(deps.mailer, data, receiptLanguage(request, request.body.lang), request.body.email);
      reply.header('cache-control', 'no-store');
      return ok({ to: sent.to, status: sent.status });
    },
  );

  app.post(
    '/venue/orders/receipt',
    {
      preValidation: authenticated,
      schema: contract({
        summary: "Sends a paid order's receipt to the order's e-mail or the one typed (the venue's staff)",
        tag: 'receipts',
        auth: 'staff',
        body: staffReceiptEmailBodySchema,
        data: staffReceiptEmailAnswerSchema,
        errors: ['ORDER_NOT_FOUND', 'RECEIPT_NOT_READY'],
      }),
    },
    async (request, reply) => {
      const { venueId, orderId, email, lang } = request.body;
      await requireVenueRole(request, venueId);
      if ((await findOrderVenueId(db, orderId)) !== venueId) throw new AppError('ORDER_NOT_FOUND');
      const data = await loadReceipt(db, orderId);
      const to = email ?? data.email;
      if (!to) {
        throw new AppError('VALIDATION', {
          issues: [{ path: 'email', code: 'required', message: 'is required: this order has no e-mail address' }],
        });
      }
      reply.header('cache-control', 'no-store');
      return ok(await sendReceipt(deps.mailer, data, receiptLanguage(request, lang), to));
    },
  );
};
