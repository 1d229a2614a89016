import { z } from '../zod.ts';
import { idSchema } from './common.ts';
import { publicOrderSchema } from './orders.ts';

/**
 * Orders taken by staff (architecture 4.12). The lines are checked and priced by the same code as a
 * guest's order (parseOrderRequest, priceOrder): these schemas only read the envelope of the request.
 */
const lines = z.array(z.unknown(), { error: 'must be a list of lines' });

export const staffOrderBodySchema = z
  .strictObject(
    {
      venueId: idSchema('venue'),
      spot: z.string({ error: 'must be a table name' }).trim().min(1, { error: 'must be a table name' }),
      items: lines,
      notes: z.string({ error: 'must be text' }).nullish(),
    },
    { error: 'must be an object' },
  )
  .meta({
    examples: [
      {
        venueId: '7d2e9b10-4f3a-4b6c-8d1e-2a3b4c5d6e7f',
        spot: 'Table 5',
        items: [{ productId: 'b8a7c6d5-e4f3-4a2b-9c1d-0e9f8a7b6c5d', variationIds: [], quantity: 2, notes: 'No ice' }],
        notes: 'Birthday: candles on the dessert',
      },
    ],
  });
export type StaffOrderBody = z.infer<typeof staffOrderBodySchema>;

export const addRoundBodySchema = z
  .strictObject({ orderId: idSchema('order'), items: lines }, { error: 'must be an object' })
  .meta({
    examples: [
      {
        orderId: '3f1c2a4e-8b7d-4c1a-9e2f-5a6b7c8d9e0f',
        items: [{ productId: 'b8a7c6d5-e4f3-4a2b-9c1d-0e9f8a7b6c5d', variationIds: [], quantity: 2, notes: 'No ice' }],
      },
    ],
  });
export type AddRoundBody = z.infer<typeof addRoundBodySchema>;

/** The order these routes answer: GET /api/order's shape (architecture 4.4), one schema. */
export const staffOrderAnswerSchema = publicOrderSchema;

export const PAID_METHODS = ['cash', 'card_terminal', 'other'] as const;
export type PaidMethod = (typeof PAID_METHODS)[number];

export const markPaidBodySchema = z
  .strictObject(
    {
      orderId: idSchema('order'),
      method: z.enum(PAID_METHODS, { error: `must be one of ${PAID_METHODS.join(', ')}` }),
    },
    { error: 'must be an object' },
  )
  .meta({ examples: [{ orderId: '3f1c2a4e-8b7d-4c1a-9e2f-5a6b7c8d9e0f', method: 'cash' }] });
export type MarkPaidBody = z.infer<typeof markPaidBodySchema>;
