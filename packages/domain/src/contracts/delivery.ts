import { z } from '../zod.ts';
import { ADDRESS_MAX_LENGTH, normaliseAddress } from '../delivery.ts';
import { DomainError, type ErrorCode, type FieldIssue } from '../errors.ts';
import { charLength } from '../options.ts';
import { zodFieldIssues } from './common.ts';

/**
 * Delivery (architecture 4.4, spec section 4): POST /api/delivery-quote, the fee the server quotes and
 * remembers (an order may only use a fee it quoted), and GET /api/address, suggestions for a typed
 * address.
 */

/** POST /api/delivery-quote; an address or venueUrl that is not a non-empty text is the spec's 400. */
export const deliveryQuoteBodySchema = z
  .strictObject(
    {
      venueUrl: z
        .string({ error: 'must be a venue address' })
        .trim()
        .min(1, { error: 'must be a venue address' })
        .max(200, { error: 'is too long' }),
      deliveryAddress: z
        .string({ error: 'must be an address' })
        .max(ADDRESS_MAX_LENGTH * 2, { error: 'is too long' })
        .transform(normaliseAddress)
        .refine((a) => a !== '', { error: 'must be an address', params: { code: 'required' } }),
    },
    { error: 'must be an object' },
  )
  .meta({ examples: [{ venueUrl: 'casa-verde', deliveryAddress: 'Via Roma 12, 00184 Roma' }] });
export type DeliveryQuoteBody = z.input<typeof deliveryQuoteBodySchema>;
export type DeliveryQuoteRequest = z.output<typeof deliveryQuoteBodySchema>;

/** 'Invalid address provided' before 'Invalid venueUrl provided' (the specification's messages). */
export function deliveryQuoteRefusal(issues: readonly FieldIssue[]): ErrorCode {
  if (issues.some((i) => i.path === 'deliveryAddress' || (i.path === '(root)' && i.code !== 'unrecognized_keys')))
    return 'INVALID_ADDRESS';
  if (issues.some((i) => i.path === 'venueUrl')) return 'INVALID_VENUE_URL';
  return 'VALIDATION';
}

export function parseDeliveryQuoteRequest(body: unknown): DeliveryQuoteRequest {
  const result = deliveryQuoteBodySchema.safeParse(body, { reportInput: true });
  if (result.success) return result.data;
  const issues = zodFieldIssues(result.error);
  throw new DomainError(deliveryQuoteRefusal(issues), { issues });
}

/** The answer of POST /api/delivery-quote. */
export const publicDeliveryQuoteSchema = z.object({
  /** The fee, decimal, in `currency`. */
  fee: z.number(),
  /** Send it with the order (deliveryQuoteId). */
  quoteId: z.string(),
  currency: z.string(),
  /** ISO 8601: the fee is honoured until then. */
  expiresAt: z.string(),
});
export type PublicDeliveryQuote = z.infer<typeof publicDeliveryQuoteSchema>;

/** GET /api/address?q&language: fewer than 3 characters answer no suggestions. */
export const addressQuerySchema = z.strictObject({
  q: z
    .string({ error: 'must be a single text' })
    .refine((q) => charLength(q) <= ADDRESS_MAX_LENGTH, { error: 'is too long' })
    .optional(),
  /** en-US, fr-FR, it-IT, th-TH or de-DE; missing is en-US. */
  language: z.string({ error: 'must be a single language' }).max(20, { error: 'is too long' }).optional(),
});

/** A suggestion: the address text, and its postcode and coordinates when the geocoder knows them (decision 032). */
export const addressSuggestionSchema = z.object({
  full_address: z.string(),
  postcode: z.string().optional(),
  location: z.object({ lat: z.number(), lng: z.number() }).optional(),
});
export const addressSuggestionsSchema = z.array(addressSuggestionSchema);
