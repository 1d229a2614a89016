import { z } from '../zod.ts';
import { ERRORS, type ErrorCode } from '../errors.ts';

/**
 * What every contract file builds on (decision 023): the id pattern, the answer envelope
 * (architecture 4.1) and the field problem a refused request carries.
 */

/** A UUID as the database writes it (any version, either case). The one pattern of the project. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}

/** An id field: `what` names it in the English message ("must be a venue id"). */
export function idSchema(what: string) {
  const error = `must be ${/^[aeiou]/i.test(what) ? 'an' : 'a'} ${what} id`;
  return z.string({ error }).regex(UUID_PATTERN, { error });
}

/**
 * The codes a field problem can carry: zod's own issue codes (`too_big`, `invalid_type`,
 * `unrecognized_keys`...) and the project's rules that zod has no code for. The web translates by
 * code (admin.fieldProblems.<code>), the English message stays for API clients.
 */
export const FIELD_PROBLEM_CODES = [
  'invalid_type',
  'too_big',
  'too_small',
  'invalid_format',
  'invalid_value',
  'unrecognized_keys',
  'not_multiple_of',
  'invalid_union',
  'invalid_key',
  'invalid_element',
  'custom',
  'required',
  'unknown_reference',
  'duplicate',
  'reserved',
  'not_found',
  'invalid_text',
  'invalid_id',
  'invalid_quantity',
  'min_above_max',
  'min_above_options',
  'already_grouped',
  'negative_price',
  'not_in_menu',
  'no_price',
  'invalid_choice',
  'two_decimals',
  'colour',
  'phone',
  'time',
  'timezone',
  'timezone_required',
  'invalid_range',
  'empty_range',
  'inverted_range',
  'overlapping_ranges',
  'ends_before_start',
  'too_long',
  'in_the_past',
  'too_far',
  'unknown_rate',
  'three_decimals',
  // Pickup and delivery limits (decision 032)
  'postcode',
  'conflict',
  'datetime',
  'pickup_only',
  'slot_unavailable',
  'delivery_minimum',
  'outside_area',
] as const;
export type FieldProblemCode = (typeof FIELD_PROBLEM_CODES)[number];

/** Values the message is built from: `{max: 120}`, `{keys: ["x"]}`, `{name: "Wine"}`. */
export type FieldProblemParams = Record<string, string | number | boolean | string[] | null>;

export const fieldIssueSchema = z.object({
  path: z.string().meta({ description: 'The field, as `items[0].quantity`; `(root)` for the body itself.' }),
  code: z.enum(FIELD_PROBLEM_CODES),
  params: z.record(z.string(), z.unknown()).optional(),
  message: z.string().meta({ description: 'English, for API clients; the web app translates by code.' }),
});

/** `{success: true, data}` around a route's answer. */
export function okEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}

/** `{success: false, error, code, issues?}`; `codes` narrows `code` for one route's document. */
export function failEnvelopeSchema(codes: readonly ErrorCode[] = Object.keys(ERRORS) as ErrorCode[]) {
  return z.object({
    success: z.literal(false),
    error: z.string(),
    code: z.enum(codes as [ErrorCode, ...ErrorCode[]]),
    issues: z.array(fieldIssueSchema).optional(),
  });
}

/** The answer of a write that returns nothing: `data: null`. */
export const nothing = z.null();

/** `["items", 0, "quantity"]` -> `items[0].quantity`; the empty path is `(root)`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else out += out ? `.${String(seg)}` : String(seg);
  }
  return out || '(root)';
}

type ZodIssueLike = z.core.$ZodIssue & { input?: unknown };

/** The values of a zod issue that its message is made of, by the names the web's texts use. */
function issueParams(issue: ZodIssueLike): FieldProblemParams | undefined {
  switch (issue.code) {
    case 'too_big':
      return { max: Number(issue.maximum), origin: String(issue.origin) };
    case 'too_small':
      return { min: Number(issue.minimum), origin: String(issue.origin) };
    case 'invalid_type':
      return { expected: String(issue.expected) };
    case 'invalid_format':
      return { format: String(issue.format) };
    case 'unrecognized_keys':
      return { keys: issue.keys.map(String) };
    case 'invalid_value':
      return { values: issue.values.map(String) };
    case 'not_multiple_of':
      return { divisor: Number(issue.divisor) };
    default:
      return undefined;
  }
}

/**
 * A zod error as field problems `{path, code, params, message}` (decision 023). A missing field is
 * `required`; a rule written with `.refine(..., {params: {code: 'duplicate', name}})` carries its
 * own code and values; every other issue keeps zod's code. `prefix` is prepended to each path.
 */
export function zodFieldIssues(error: { issues: readonly z.core.$ZodIssue[] }, prefix: readonly PropertyKey[] = []) {
  return error.issues.map((raw): FieldIssueValue => {
    const issue = raw as ZodIssueLike;
    const path = formatPath([...prefix, ...issue.path]);
    if (issue.code === 'unrecognized_keys') {
      return {
        path,
        code: 'unrecognized_keys',
        params: { keys: issue.keys },
        message: `unknown field(s): ${issue.keys.join(', ')}`,
      };
    }
    if (issue.code === 'invalid_type' && 'input' in issue && issue.input === undefined) {
      return { path, code: 'required', message: 'is required' };
    }
    if (issue.code === 'custom') {
      const { code, ...params } = (issue.params ?? {}) as { code?: unknown } & FieldProblemParams;
      const known = (FIELD_PROBLEM_CODES as readonly string[]).includes(String(code));
      return {
        path,
        code: known ? (code as FieldProblemCode) : 'custom',
        ...(Object.keys(params).length ? { params } : {}),
        message: issue.message,
      };
    }
    const params = issueParams(issue);
    return { path, code: issue.code as FieldProblemCode, ...(params ? { params } : {}), message: issue.message };
  });
}

/** One field problem as the server answers it (the `issues` of the 400/422 envelope). */
export interface FieldIssueValue {
  path: string;
  code: FieldProblemCode;
  params?: FieldProblemParams;
  message: string;
}
