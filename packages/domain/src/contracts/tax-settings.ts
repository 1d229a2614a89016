import { z } from '../zod.ts';
import { MAX_TAX_RATES, TAX_MODES } from '../tax.ts';

/**
 * The venue's tax settings and legal details as the import file, PATCH /api/venue and the settings
 * form take them (architecture 4.13). The arithmetic lives in ../tax.ts, which has no zod, so the
 * guest pages can price a cart with it.
 */

const percentSchema = z
  .number({ error: 'must be a percentage' })
  .min(0, { error: 'must be from 0 to 100' })
  .max(100, { error: 'must be from 0 to 100' })
  .refine((p) => Math.abs(p * 1000 - Math.round(p * 1000)) < 1e-6, {
    error: 'has more than three decimals',
    params: { code: 'three_decimals' },
  });

export const taxRateIdSchema = z
  .string({ error: 'must be a rate id' })
  .trim()
  .min(1, { error: 'is required' })
  .max(40, { error: 'is longer than 40 characters' });

export const taxRateSchema = z
  .object({
    id: taxRateIdSchema,
    name: z
      .string({ error: 'must be text' })
      .trim()
      .min(1, { error: 'is required' })
      .max(60, { error: 'is longer than 60 characters' }),
    percent: percentSchema,
  })
  .strict();

export const taxSettingsSchema = z
  .object({
    mode: z.enum(TAX_MODES, { error: "must be 'inclusive' or 'exclusive'" }),
    rates: z
      .array(taxRateSchema, { error: 'must be a list of rates' })
      .max(MAX_TAX_RATES, { error: `has more than ${MAX_TAX_RATES} rates` }),
    defaultRate: taxRateIdSchema,
    serviceCharge: z
      .object({ percent: percentSchema, rate: taxRateIdSchema.optional() })
      .strict()
      .nullable()
      .optional(),
  })
  .strict()
  .superRefine((tax, ctx) => {
    const ids = new Set<string>();
    tax.rates.forEach((r, i) => {
      if (ids.has(r.id))
        ctx.addIssue({
          code: 'custom',
          path: ['rates', i, 'id'],
          message: 'is given twice',
          params: { code: 'duplicate' },
        });
      ids.add(r.id);
    });
    if (!tax.rates.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['rates'],
        message: 'needs at least one rate',
        params: { code: 'too_small', min: 1 },
      });
    }
    if (!ids.has(tax.defaultRate)) {
      ctx.addIssue({
        code: 'custom',
        path: ['defaultRate'],
        message: `is not one of the rates`,
        params: { code: 'unknown_rate' },
      });
    }
    if (tax.serviceCharge?.rate && !ids.has(tax.serviceCharge.rate)) {
      ctx.addIssue({
        code: 'custom',
        path: ['serviceCharge', 'rate'],
        message: 'is not one of the rates',
        params: { code: 'unknown_rate' },
      });
    }
  });

/** The seller printed on receipts (architecture 4.13 `venue.legal`). */
export const legalSchema = z
  .object({
    name: z
      .string({ error: 'must be text' })
      .trim()
      .min(1, { error: 'is required' })
      .max(160, { error: 'is longer than 160 characters' }),
    address: z
      .string({ error: 'must be text' })
      .trim()
      .min(1, { error: 'is required' })
      .max(400, { error: 'is longer than 400 characters' }),
    taxId: z
      .string({ error: 'must be text' })
      .trim()
      .max(40, { error: 'is longer than 40 characters' })
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .strict();
export type LegalDetails = z.output<typeof legalSchema>;

/** The legal details as answers carry them (stored as legalSchema wrote them; no transform to serialise). */
export const legalAnswerSchema = z.object({ name: z.string(), address: z.string(), taxId: z.string().nullable() });
