import { z } from '../zod.ts';
import { idSchema } from './common.ts';
import { calendarDateSchema } from '../hours.ts';
import { reportRangeProblem } from '../reports.ts';
import { LANGUAGES } from '../languages.ts';
import { legalAnswerSchema } from './tax-settings.ts';

/**
 * Sales reports and Z reports (architecture 4.13, decision 024), owners only. Amounts are integer
 * minor units of the venue's currency; days are the venue's local days.
 *
 * GET /api/venue/reports/sales?venueId&from&to&format=json|csv&kind=orders|lines
 *   json: the figures below; csv: `kind=orders` one row per paid order (ORDER_CSV_COLUMNS),
 *   `kind=lines` one row per line of those orders (LINE_CSV_COLUMNS).
 * POST /api/venue/reports/close-day {venueId, date} -> the numbered Z report (201).
 * GET /api/venue/reports/z?venueId&number&format=json|pdf; GET /api/venue/reports/z-list?venueId.
 */
export const REPORT_FORMATS = ['json', 'csv'] as const;
export const REPORT_CSV_KINDS = ['orders', 'lines'] as const;
export type ReportCsvKind = (typeof REPORT_CSV_KINDS)[number];

const venueId = idSchema('venue');

export const salesReportQuerySchema = z
  .strictObject({
    venueId,
    from: calendarDateSchema,
    to: calendarDateSchema,
    format: z.enum(REPORT_FORMATS, { error: 'must be json or csv' }).default('json'),
    kind: z.enum(REPORT_CSV_KINDS, { error: 'must be orders or lines' }).default('orders'),
  })
  .superRefine((q, ctx) => {
    const problem = reportRangeProblem(q.from, q.to);
    if (problem)
      ctx.addIssue({
        code: 'custom',
        path: [problem.path],
        message: problem.message,
        params: { code: problem.code, ...problem.params },
      });
  });
export type SalesReportQuery = z.input<typeof salesReportQuerySchema>;

export const salesTaxRowSchema = z.object({
  rate: z.string(),
  name: z.string(),
  percent: z.number(),
  base: z.number().int(),
  amount: z.number().int(),
});

export const salesFiguresSchema = z.object({
  orders: z.number().int(),
  subtotal: z.number().int(),
  service_charge: z.number().int(),
  delivery: z.number().int(),
  tax_total: z.number().int(),
  gross: z.number().int().meta({ description: 'Paid for the sales, tax included, tips excluded.' }),
  net: z.number().int().meta({ description: 'gross - tax_total.' }),
  tips: z.number().int(),
  tax: z.array(salesTaxRowSchema),
  refunds: z.object({ count: z.number().int(), amount: z.number().int(), tax: z.number().int() }),
  takings: z.number().int().meta({ description: 'gross + tips - refunds.amount.' }),
  by_method: z.array(
    z.object({ method: z.string(), orders: z.number().int(), amount: z.number().int(), tips: z.number().int() }),
  ),
  by_product: z.array(
    z.object({
      product_id: z.string().nullable(),
      name: z.string(),
      quantity: z.number().int(),
      amount: z.number().int(),
    }),
  ),
  by_category: z.array(
    z.object({
      category_id: z.string().nullable(),
      name: z.string().nullable(),
      quantity: z.number().int(),
      amount: z.number().int(),
    }),
  ),
  by_hour: z.array(z.object({ hour: z.number().int(), orders: z.number().int(), amount: z.number().int() })),
  by_table: z.array(
    z.object({ spot: z.string(), delivery: z.boolean(), orders: z.number().int(), amount: z.number().int() }),
  ),
});
export type SalesFiguresAnswer = z.infer<typeof salesFiguresSchema>;

export const zReportSummarySchema = z.object({
  number: z.number().int(),
  date: z.string(),
  orders: z.number().int(),
  gross: z.number().int(),
  takings: z.number().int(),
  closed_at: z.string(),
});
export type ZReportSummary = z.infer<typeof zReportSummarySchema>;

export const salesReportAnswerSchema = salesFiguresSchema.extend({
  venue_id: z.string(),
  currency: z.string(),
  timezone: z.string(),
  from: z.string(),
  to: z.string(),
  /** The first and last instants covered, ISO 8601 with the venue's offset. */
  starts_at: z.string(),
  ends_at: z.string(),
  /** The closed days of the range: their stored Z report figures are the ones counted. */
  closed: z.array(z.object({ date: z.string(), number: z.number().int() })),
});
export type SalesReportAnswer = z.infer<typeof salesReportAnswerSchema>;

export const closeDayBodySchema = z
  .strictObject({ venueId, date: calendarDateSchema })
  .meta({ examples: [{ venueId: '7d2e9b10-4f3a-4b6c-8d1e-2a3b4c5d6e7f', date: '2026-03-29' }] });
export type CloseDayBody = z.infer<typeof closeDayBodySchema>;

export const zReportSchema = z.object({
  venue_id: z.string(),
  venue_name: z.string(),
  /** The seller the report is filed for (the venue's legal details as they are now); null: none set. */
  legal: legalAnswerSchema.nullable(),
  number: z.number().int(),
  date: z.string(),
  timezone: z.string(),
  currency: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  closed_at: z.string(),
  closed_by: z.string().nullable(),
  figures: salesFiguresSchema,
});
export type ZReport = z.infer<typeof zReportSchema>;

export const zReportQuerySchema = z.strictObject({
  venueId,
  number: z.coerce.number({ error: 'must be a Z report number' }).int({ error: 'must be a Z report number' }).min(1, {
    error: 'must be a Z report number',
  }),
  format: z.enum(['json', 'pdf'], { error: 'must be json or pdf' }).default('json'),
  /** The PDF's labels. */
  lang: z.enum(LANGUAGES, { error: `must be one of ${LANGUAGES.join(', ')}` }).default('en'),
});

export const zListQuerySchema = z.strictObject({ venueId });

export const zListAnswerSchema = z.object({
  timezone: z.string(),
  /** The venue's local date now, by the server's clock: days before it can be closed. */
  today: z.string(),
  reports: z.array(zReportSummarySchema),
});
export type ZListAnswer = z.infer<typeof zListAnswerSchema>;
