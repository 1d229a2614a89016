import {
  closeDayBodySchema,
  salesReportAnswerSchema,
  salesReportQuerySchema,
  zListAnswerSchema,
  zListQuerySchema,
  zReportQuerySchema,
  zReportSchema,
} from '@carte/domain';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticated, requireUser, requireVenueRole } from '../../http/auth.ts';
import { contract, rawContract } from '../../http/contract.ts';
import { ok } from '../../http/envelope.ts';
import type { ModuleDeps } from '../../http/module.ts';
import { createReportsService } from './reports.service.ts';
import { renderZReportPdf } from './z-report-pdf.ts';

/**
 * Sales and Z reports (architecture 4.13, decision 024), owners of the venue only.
 * GET /api/venue/reports/sales, POST /api/venue/reports/close-day, GET /api/venue/reports/z,
 * GET /api/venue/reports/z-list.
 */
export const reportsRoutes: FastifyPluginAsync<ModuleDeps> = async (fastify, deps) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = createReportsService({ db: deps.database.db, now: deps.now ?? Date.now });
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get(
    '/venue/reports/sales',
    {
      preValidation: authenticated,
      schema: {
        ...contract({
          summary: "Sales of the venue's local days from..to (json), or their orders or lines (csv)",
          description:
            'format=csv answers text/csv (RFC 4180, UTF-8 with a byte order mark): kind=orders one row per paid ' +
            'order (date, paid_at, receipt_number, order_number, order_id, table, delivery, method, currency, ' +
            'subtotal, service_charge, delivery_cost, tax, total, tip, payment_status); kind=lines one row per ' +
            'line (date, paid_at, receipt_number, order_number, order_id, product_id, name, options, category, ' +
            'quantity, unit_price, line_total, currency). Amounts in the csv are decimals (12.50), in the json ' +
            'minor units.',
          tag: 'reports',
          auth: 'staff',
          querystring: salesReportQuerySchema,
          data: salesReportAnswerSchema,
          errors: ['VENUE_NOT_FOUND'],
        }),
      },
    },
    async (request, reply) => {
      const q = request.query;
      await requireVenueRole(request, q.venueId, ['owner']);
      if (q.format === 'csv') {
        const csv = await service.salesCsv(q.venueId, q.from, q.to, q.kind);
        const name = q.from === q.to ? q.from : `${q.from}_${q.to}`;
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="sales-${q.kind}-${name}.csv"`)
          .serializer((p: unknown) => p as string)
          .send(csv as never);
      }
      return ok(await service.sales(q.venueId, q.from, q.to));
    },
  );

  app.post(
    '/venue/reports/close-day',
    {
      preValidation: authenticated,
      schema: contract({
        summary: 'Close a local day: its figures stored under the next Z report number',
        tag: 'reports',
        auth: 'staff',
        body: closeDayBodySchema,
        data: zReportSchema,
        status: 201,
        errors: ['VENUE_NOT_FOUND', 'DAY_NOT_OVER', 'DAY_ALREADY_CLOSED'],
      }),
    },
    async (request, reply) => {
      await requireVenueRole(request, request.body.venueId, ['owner']);
      const user = requireUser(request);
      const z = await service.closeDay(request.body.venueId, request.body.date, user.id);
      reply.status(201);
      return ok(z);
    },
  );

  app.get(
    '/venue/reports/z',
    {
      preValidation: authenticated,
      schema: rawContract({
        summary: 'A Z report, as JSON (the envelope) or a PDF',
        tag: 'reports',
        auth: 'staff',
        querystring: zReportQuerySchema,
        produces: {
          'application/json': 'format=json: {success: true, data: ZReport}',
          'application/pdf': 'format=pdf: the Z report to print or file',
        },
        errors: ['Z_REPORT_NOT_FOUND'],
      }),
    },
    async (request, reply) => {
      const q = request.query;
      await requireVenueRole(request, q.venueId, ['owner']);
      const z = await service.zReport(q.venueId, q.number);
      if (q.format === 'pdf') {
        const pdf = await renderZReportPdf(z, q.lang);
        return reply
          .type('application/pdf')
          .header('content-disposition', `inline; filename="z-report-${z.number}-${z.date}.pdf"`)
          .send(Buffer.from(pdf));
      }
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(ok(zReportSchema.parse(z))));
    },
  );

  app.get(
    '/venue/reports/z-list',
    {
      preValidation: authenticated,
      schema: contract({
        summary: "The venue's Z reports, newest first, and its local date now",
        tag: 'reports',
        auth: 'staff',
        querystring: zListQuerySchema,
        data: zListAnswerSchema,
        errors: ['VENUE_NOT_FOUND'],
      }),
    },
    async (request) => {
      await requireVenueRole(request, request.query.venueId, ['owner']);
      return ok(await service.zList(request.query.venueId));
    },
  );
};
