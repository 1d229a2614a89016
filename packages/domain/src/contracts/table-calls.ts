import { z } from '../zod.ts';
import { idSchema } from './common.ts';

/** Calls from the table (architecture 4.12): the guest calls the waiter or asks for the bill. */
export const CALL_KINDS = ['waiter', 'bill'] as const;
export type CallKind = (typeof CALL_KINDS)[number];
export const CALL_STATUSES = ['open', 'acknowledged', 'done'] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];

export interface TableCall {
  id: string;
  venueId: string;
  spot: string;
  kind: CallKind;
  /** open (nobody answered yet), acknowledged (someone is coming), done. */
  status: CallStatus;
  /** ISO 8601 */
  created_at: string;
  acknowledged_at: string | null;
}

export const tableCallSchema = z.object({
  id: z.string(),
  venueId: z.string(),
  spot: z.string(),
  kind: z.enum(CALL_KINDS),
  status: z.enum(CALL_STATUSES),
  created_at: z.string(),
  acknowledged_at: z.string().nullable(),
}) satisfies z.ZodType<TableCall>;

export const venueCallsSchema = z.object({ calls: z.array(tableCallSchema) });

export const createCallBodySchema = z
  .strictObject(
    {
      venueUrl: z
        .string({ error: 'must be a venue address' })
        .trim()
        .min(1, { error: 'must be a venue address' })
        .max(64),
      spot: z.string({ error: 'must be a table name' }).trim().min(1, { error: 'must be a table name' }).max(40),
      kind: z.enum(CALL_KINDS, { error: `must be one of ${CALL_KINDS.join(', ')}` }),
    },
    { error: 'must be an object' },
  )
  .meta({ examples: [{ venueUrl: 'casa-verde', spot: 'Table 5', kind: 'waiter' }] });
export type CreateCallBody = z.infer<typeof createCallBodySchema>;

export const updateCallBodySchema = z
  .strictObject(
    {
      id: idSchema('call'),
      status: z.enum(['acknowledged', 'done'], { error: 'must be acknowledged or done' }),
    },
    { error: 'must be an object' },
  )
  .meta({ examples: [{ id: 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f', status: 'acknowledged' }] });
export type UpdateCallBody = z.infer<typeof updateCallBodySchema>;

/** GET /api/table/call?id: the guest's view of its call. GET /api/venue/calls?venueId: the board's open calls. */
export const callQuerySchema = z.object({ id: idSchema('call') });
export const venueCallsQuerySchema = z.object({ venueId: idSchema('venue') });
