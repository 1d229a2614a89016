import { z } from '../zod.ts';
import { allergyProfileSchema } from './allergy-profile.ts';
import { idSchema } from './common.ts';
import { orderItemSchema, publicOrderSchema, publicOrderVariationSchema } from './orders.ts';
import { paymentIntentAnswerSchema } from './payments.ts';

/**
 * The table's live session (issue 20, decision 034): the phones of one table join with the token of
 * its QR code, share one cart, send rounds to one bill. The member secret travels in the
 * `X-Table-Member` header (the event stream: `?member=`).
 */
export { TABLE_MEMBER_HEADER, TABLE_MEMBER_NAME_MAX, TABLE_TOKEN_PARAM } from '../table-session.ts';
import { TABLE_MEMBER_NAME_MAX } from '../table-session.ts';
/** The token printed in a table's QR code (24 random bytes, base64url). */
export const TABLE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

const nameError = `must be a name of 1 to ${TABLE_MEMBER_NAME_MAX} characters`;

/** A guest's name at the table: plain text, no markup. */
export const tableMemberNameSchema = z
  .string({ error: nameError })
  .trim()
  .min(1, { error: nameError })
  .refine((s) => [...s].length <= TABLE_MEMBER_NAME_MAX, {
    error: nameError,
    params: { code: 'too_big', max: TABLE_MEMBER_NAME_MAX, origin: 'string' },
  })
  .refine((s) => !/[<>]/.test(s), {
    error: 'must be plain text (no < or >)',
    params: { code: 'invalid_text' },
  });

export const joinTableBodySchema = z
  .strictObject(
    {
      venueUrl: z
        .string({ error: 'must be a venue address' })
        .trim()
        .min(1, { error: 'must be a venue address' })
        .max(64),
      spot: z.string({ error: 'must be a table name' }).trim().min(1, { error: 'must be a table name' }).max(40),
      token: z.string({ error: "must be the table's code" }).max(64, { error: "must be the table's code" }),
      name: tableMemberNameSchema.optional(),
      /** The guest's allergies and diets (the menu filter's): the table's rounds carry them to the kitchen. */
      allergyProfile: allergyProfileSchema.optional(),
    },
    { error: 'must be an object' },
  )
  .meta({
    examples: [{ venueUrl: 'casa-verde', spot: 'Table 5', token: 'q3Vx0bT9r2nYk8aLm4Pz7sWc1dEf6GhJ', name: 'Anna' }],
  });
export type JoinTableBody = z.input<typeof joinTableBodySchema>;

/** PUT /api/table/member: the guest's allergies and diets changed on their phone (an empty profile clears them). */
export const tableMemberProfileBodySchema = z
  .strictObject({ allergyProfile: allergyProfileSchema }, { error: 'must be an object' })
  .meta({ examples: [{ allergyProfile: { allergens: ['peanuts', 'sesame'], diets: ['vegetarian'] } }] });
export type TableMemberProfileBody = z.input<typeof tableMemberProfileBodySchema>;

export const tableMemberSchema = z.object({ id: z.string(), name: z.string() });
export type TableMember = z.infer<typeof tableMemberSchema>;

export const tableCartLineSchema = z.object({
  id: z.string(),
  productId: z.string(),
  name: z.string(),
  variations: z.array(publicOrderVariationSchema),
  quantity: z.number().int(),
  notes: z.string().nullable(),
  /** Decimal amounts in the venue's currency, from today's menu (the server prices the round again). */
  unit_price: z.number(),
  total: z.number(),
  addedBy: tableMemberSchema,
});
export type TableCartLine = z.infer<typeof tableCartLineSchema>;

export const TABLE_SESSION_STATUSES = ['open', 'closed'] as const;
export const BILL_PART_MODES = ['items', 'shares', 'amount'] as const;
export const BILL_PART_STATUSES = ['held', 'paid', 'released'] as const;

/** A line of the table's bill as the split shows it: its share of the bill (tax and service charge spread). */
export const billLineSchema = z.object({
  /** The order line's id: what a guest claims when splitting by items. */
  id: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  total: z.number(),
  /** What paying this line costs: its part of the bill's total, in the currency's decimals. */
  share: z.number(),
  /** Who holds or paid it, whole (`of` 1) or as one of `of` portions. */
  claims: z.array(
    z.object({ memberId: z.string(), name: z.string(), of: z.number().int(), status: z.enum(BILL_PART_STATUSES) }),
  ),
});
export type BillLine = z.infer<typeof billLineSchema>;

export const billPartSchema = z.object({
  id: z.string(),
  member: tableMemberSchema,
  mode: z.enum(BILL_PART_MODES),
  /** The part of the bill and the guest's tip beside it (decimal). */
  amount: z.number(),
  tip: z.number(),
  status: z.enum(BILL_PART_STATUSES),
  /** shares mode: how many shares and which one (from 1). */
  share: z.object({ count: z.number().int(), number: z.number().int() }).nullable(),
});
export type BillPart = z.infer<typeof billPartSchema>;

/** What is paid and what remains of the table's bill (decimal), and its lines for a split by items. */
export const billSplitSchema = z.object({
  total: z.number(),
  /** Parts paid. */
  paid: z.number(),
  /** Parts being paid right now (held for their guests). */
  held: z.number(),
  /** What nobody has taken yet. */
  remaining: z.number(),
  lines: z.array(billLineSchema),
  parts: z.array(billPartSchema),
});
export type BillSplit = z.infer<typeof billSplitSchema>;

export const tableSessionSchema = z.object({
  id: z.string(),
  venueId: z.string(),
  venueUrl: z.string(),
  spot: z.string(),
  status: z.enum(TABLE_SESSION_STATUSES),
  /** Grows on every change: a phone shows a session only when its version is higher than what it shows. */
  version: z.number().int(),
  currency: z.string(),
  members: z.array(tableMemberSchema),
  /** The member this answer is for. */
  me: tableMemberSchema,
  cart: z.array(tableCartLineSchema),
  cart_total: z.number(),
  /** The table's bill: every round sent so far (GET /api/order's shape); null before the first round. */
  bill: publicOrderSchema.nullable(),
  /** The bill's split: paid, held, remaining, its lines and the guests' parts; null before the first round. */
  split: billSplitSchema.nullable(),
});
export type TableSession = z.infer<typeof tableSessionSchema>;

export const joinTableAnswerSchema = z.object({
  /** The member's secret: send it as X-Table-Member; shown once. */
  memberToken: z.string(),
  session: tableSessionSchema,
});
export type JoinTableAnswer = z.infer<typeof joinTableAnswerSchema>;

export const addTableLineBodySchema = orderItemSchema.meta({
  examples: [{ productId: 'b8a7c6d5-e4f3-4a2b-9c1d-0e9f8a7b6c5d', variationIds: [], quantity: 2, notes: 'No ice' }],
});
export type AddTableLineBody = z.output<typeof addTableLineBodySchema>;

const quantityError = { error: 'must be a whole number from 0 to 99' };
export const changeTableLineBodySchema = z
  .strictObject(
    {
      lineId: idSchema('cart line'),
      /** 0 removes the line. */
      quantity: z.number(quantityError).int(quantityError).min(0, quantityError).max(99, quantityError),
    },
    { error: 'must be an object' },
  )
  .meta({ examples: [{ lineId: '0b6f3c1e-2d4a-4e5b-8c7d-9e0f1a2b3c4d', quantity: 3 }] });
export type ChangeTableLineBody = z.infer<typeof changeTableLineBodySchema>;

/** GET /api/table/session/events?member=<secret> (EventSource cannot send headers). */
export const tableEventsQuerySchema = z.strictObject({
  member: z.string({ error: "must be the member's secret" }).min(1).max(100),
});

export const tableSpotBodySchema = z
  .strictObject(
    {
      venueId: idSchema('venue'),
      spot: z.string({ error: 'must be a table name' }).trim().min(1, { error: 'must be a table name' }).max(40),
    },
    { error: 'must be an object' },
  )
  .meta({ examples: [{ venueId: '7d2e9b10-4f3a-4b6c-8d1e-2a3b4c5d6e7f', spot: 'Table 5' }] });
export type TableSpotBody = z.infer<typeof tableSpotBodySchema>;

export const tableCodeAnswerSchema = z.object({ spot: z.string(), url: z.string() });
export const tableClosedAnswerSchema = z.object({ spot: z.string(), closed: z.boolean() });

const tipError = { error: 'must be an amount of 0 or more with at most two decimals' };
const partLineSchema = z.strictObject(
  {
    lineId: idSchema('bill line'),
    /** Share the line with others: pay one of `of` equal portions (2 to 20); absent: the whole line. */
    of: z.number({ error: 'must be a whole number from 2 to 20' }).int().min(2).max(20).optional(),
  },
  { error: 'must be an object' },
);

/** POST /api/table/bill/part: take a part of the table's bill and pay it by card (with a tip). */
export const takeBillPartBodySchema = z
  .discriminatedUnion(
    'mode',
    [
      z.strictObject({
        mode: z.literal('items'),
        lines: z.array(partLineSchema, { error: 'must be a list of bill lines' }).min(1).max(100),
        tip: z.number(tipError).min(0, tipError).optional(),
      }),
      z.strictObject({
        mode: z.literal('shares'),
        count: z.number({ error: 'must be a whole number from 2 to 20' }).int().min(2).max(20),
        tip: z.number(tipError).min(0, tipError).optional(),
      }),
      z.strictObject({
        mode: z.literal('amount'),
        amount: z.number({ error: 'must be an amount above 0' }).positive({ error: 'must be an amount above 0' }),
        tip: z.number(tipError).min(0, tipError).optional(),
      }),
    ],
    { error: 'must be a part: mode items, shares or amount' },
  )
  .meta({
    examples: [
      {
        mode: 'items',
        lines: [
          { lineId: '0b6f3c1e-2d4a-4e5b-8c7d-9e0f1a2b3c4d' },
          { lineId: '1c7a4d2f-3e5b-4f6c-9d8e-0f1a2b3c4d5e', of: 2 },
        ],
        tip: 2,
      },
    ],
  });
export type TakeBillPartBody = z.infer<typeof takeBillPartBodySchema>;

export const billPartAnswerSchema = z.object({
  part: billPartSchema,
  /** The card payment of this part (architecture 4.9's intent), for the guest's card form. */
  payment: paymentIntentAnswerSchema,
});
export type BillPartAnswer = z.infer<typeof billPartAnswerSchema>;

/** POST /api/table/bill/part/release: the guest gives their held part back (they will not pay it). */
export const releaseBillPartBodySchema = z
  .strictObject({ partId: idSchema('part') }, { error: 'must be an object' })
  .meta({ examples: [{ partId: '5e4d3c2b-1a09-4f8e-9d7c-6b5a4f3e2d1c' }] });
export type ReleaseBillPartBody = z.infer<typeof releaseBillPartBodySchema>;
