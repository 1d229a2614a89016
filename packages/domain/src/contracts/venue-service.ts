import { z } from '../zod.ts';
import { idSchema } from './common.ts';
import type { FieldIssue } from '../errors.ts';
import type { Pause } from '../availability.ts';

/**
 * Staff controls of a service (architecture 4.10): pausing ordering for the venue or a category, and
 * the kitchen's current prep time. `POST /api/venue/pause`, `DELETE /api/venue/pause`,
 * `PATCH /api/venue {id, prepMinutes}`.
 */

/** A pause longer than this is a closure: set it in the opening hours instead. */
export const MAX_PAUSE_MINUTES = 24 * 60;
/** The board offers these; any whole number of minutes up to a day is accepted. */
export const PAUSE_CHOICES = [15, 30, 60] as const;
export const MAX_PREP_MINUTES = 240;
export const PAUSE_MESSAGE_MAX = 200;

const uuid = idSchema;

export const pauseRequestSchema = z
  .object(
    {
      venueId: uuid('venue'),
      /** Pause for this many minutes from now. */
      minutes: z
        .number({ error: 'must be a number of minutes' })
        .int({ error: 'must be a whole number of minutes' })
        .min(1, { error: 'must be at least 1' })
        .max(MAX_PAUSE_MINUTES, { error: `must be at most ${MAX_PAUSE_MINUTES} (a day)` })
        .optional(),
      /** Pause until this instant (ISO 8601 with an offset). Neither: until staff resume. */
      until: z.iso
        .datetime({ offset: true, error: 'must be a date and time such as 2026-12-24T19:00:00+01:00' })
        .optional(),
      categoryId: uuid('category').optional(),
      message: z
        .string({ error: 'must be text' })
        .trim()
        .max(PAUSE_MESSAGE_MAX, { error: `must be at most ${PAUSE_MESSAGE_MAX} characters` })
        .optional(),
    },
    { error: 'must be an object' },
  )
  .strict()
  .superRefine((body, ctx) => {
    if (body.minutes !== undefined && body.until !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['until'], message: 'give minutes or until, not both' });
    }
  })
  .meta({
    examples: [{ venueId: '3f1c2a9e-5b7d-4e1a-9c3b-2d4e6f8a0b1c', minutes: 30, message: 'Back in half an hour' }],
  });
export type PauseRequest = z.infer<typeof pauseRequestSchema>;

/**
 * The pause a request asks for, at `now`: an end in the past or more than a day away is refused
 * (the issue names `until`).
 */
export function pauseFromRequest(
  body: PauseRequest,
  now: number,
): { ok: true; pause: Pause } | { ok: false; issues: FieldIssue[] } {
  const message = body.message ? body.message : null;
  if (body.minutes !== undefined) {
    return { ok: true, pause: { until: new Date(now + body.minutes * 60_000).toISOString(), message } };
  }
  if (body.until !== undefined) {
    const until = Date.parse(body.until);
    if (until <= now) return { ok: false, issues: [{ path: 'until', code: 'in_the_past', message: 'is in the past' }] };
    if (until > now + MAX_PAUSE_MINUTES * 60_000) {
      return {
        ok: false,
        issues: [{ path: 'until', code: 'too_far', message: 'is more than a day away: set a closure instead' }],
      };
    }
    return { ok: true, pause: { until: new Date(until).toISOString(), message } };
  }
  return { ok: true, pause: { until: null, message } };
}

export const resumeQuerySchema = z
  .object({ venueId: uuid('venue'), categoryId: uuid('category').optional() }, { error: 'must be an object' })
  .strict();

export const prepMinutesSchema = z
  .number({ error: 'must be a number of minutes' })
  .int({ error: 'must be a whole number of minutes' })
  .min(0, { error: 'must be at least 0' })
  .max(MAX_PREP_MINUTES, { error: `must be at most ${MAX_PREP_MINUTES}` });

/** GET /api/venue/service?venueId */
export const venueServiceQuerySchema = z.strictObject({ venueId: uuid('venue') });

const pauseAnswerSchema = z.object({
  /** ISO 8601; null: until staff resume. */
  until: z.string().nullable(),
  message: z.string().nullable(),
}) satisfies z.ZodType<Pause>;

/** The service state the board shows and edits (GET /api/venue/service; the answer of pause and resume). */
export const venueServiceStateSchema = z.object({
  venueId: z.string(),
  /** The venue's pause, when in force. */
  pause: pauseAnswerSchema.nullable(),
  prepMinutes: z.number().int().nullable(),
  categories: z.array(
    z.object({ id: z.string(), name: z.string(), pause: pauseAnswerSchema.nullable(), availableNow: z.boolean() }),
  ),
  open: z.boolean(),
  closesAt: z.string().optional(),
  nextOpening: z.string().optional(),
  timezone: z.string().optional(),
});
export type VenueServiceState = z.infer<typeof venueServiceStateSchema>;
