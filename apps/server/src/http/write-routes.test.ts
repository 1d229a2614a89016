import { FIELD_PROBLEM_CODES } from '@carte/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertStaffUser, signIn } from '../../test/staff-fixtures.ts';
import { insertVenue } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Every JSON write route against its own published contract (issue 16, "Bad input" and "Tests that
 * must exist"): generated from GET /api/openapi.json, not written per route. For each one, the example
 * its body schema publishes passes the route's validation; the same example with an unknown field, with
 * its first field of the wrong type, or without a required field is refused with a 400 VALIDATION
 * envelope (VALIDATION, or the specification's code for the route, decision 027) whose issue names the
 * field and carries a catalogue code.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  [key: string]: unknown;
}
interface Operation {
  summary?: string;
  requestBody?: { content?: Record<string, { schema?: JsonSchema; example?: Json }> };
}
interface Doc {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}
interface Envelope {
  success: boolean;
  code?: string;
  issues?: { path: string; code: string; message: string }[];
}

const WRITE = new Set(['post', 'put', 'patch', 'delete']);

/** Write routes whose body is not JSON, each with its reason (they have their own tests). */
const NOT_JSON: Record<string, string> = {
  'POST /api/asset': 'multipart upload: apps/server/src/modules/assets tests',
  'POST /api/stripe/webhook': "Stripe's signed raw body: the webhook tests",
  'POST /api/uber/webhook': "Uber's signed raw body: the webhook tests",
};

/** `/api/items/{collection}` -> `/api/items/:collection` */
const toFastifyPath = (p: string) => p.replace(/\{([^}]+)\}/g, ':$1');

describe('every JSON write route against its published contract', () => {
  let t: TestApp;
  let doc: Doc;
  let venueId: string;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    const { venue } = await insertVenue(t.database.db, { venueUrl: 'contract-venue', name: 'Contract venue' });
    venueId = venue.id;
  });
  afterAll(() => t?.close());

  const resolve = (schema: JsonSchema | undefined): JsonSchema | undefined => {
    if (!schema?.$ref) return schema;
    const name = schema.$ref.replace('#/components/schemas/', '');
    return resolve(doc.components?.schemas?.[name]);
  };

  /** Write routes with a JSON body, as `{name, schema}`. */
  const jsonWrites = () =>
    Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        // A route still without its contract (no summary: openapi.test.ts PENDING) is checked once it has one.
        .filter(([method, op]) => WRITE.has(method) && op.summary)
        .map(([method, op]) => ({
          name: `${method.toUpperCase()} ${toFastifyPath(path)}`,
          method: method.toUpperCase() as 'POST',
          path,
          schema: resolve(op.requestBody?.content?.['application/json']?.schema),
          // The schema's `examples` (zod .meta()), which the document shows as the media type's example.
          example: op.requestBody?.content?.['application/json']?.example,
        }))
        .filter((r) => r.schema && !(r.name in NOT_JSON)),
    );

  /** A fresh owner of the test venue for each call: a route that ends sessions ends only its own. */
  const ownerHeaders = async (): Promise<Record<string, string>> => {
    seq += 1;
    const password = 'a long staff password';
    const account = await insertStaffUser(t.database.db, {
      email: `contract-${seq}@example.com`,
      password,
      roles: [{ venueId, role: 'owner' }],
    });
    const token = await signIn(t.app, account.email, password);
    return { authorization: `Bearer ${token.access_token}` };
  };

  /** The example with every `venueId` pointed at the test venue, so the call reaches the route's own rules. */
  const withVenue = (value: Json): Json => {
    if (Array.isArray(value)) return value.map(withVenue);
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === 'venueId' ? venueId : withVenue(v)]));
    return value;
  };

  const send = async (route: { method: 'POST'; path: string }, payload: Json) => {
    const url = route.path.replace(/\{[^}]+\}/g, 'menu');
    const res = await t.app.inject({
      method: route.method,
      url,
      payload: payload as object,
      headers: await ownerHeaders(),
    });
    return { status: res.statusCode, body: res.json() as Envelope };
  };

  const wrongType = (value: Json): Json => {
    if (typeof value === 'string') return 12345;
    if (typeof value === 'number') return 'not a number';
    if (typeof value === 'boolean') return 'yes';
    return 'not an object or a list';
  };

  it('finds the write routes it checks', () => {
    const names = jsonWrites().map((r) => r.name);
    expect(names).toContain('POST /api/venue/staff');
    expect(names.length).toBeGreaterThan(10);
  });

  it('publishes a valid example for every JSON write body', () => {
    const lacking = jsonWrites()
      .filter((r) => r.example === undefined)
      .map((r) => r.name);
    expect(lacking).toEqual([]);
  });

  it('accepts each route’s own example', async () => {
    const refused: string[] = [];
    for (const route of jsonWrites()) {
      const example = route.example;
      if (example === undefined) continue;
      const { status, body } = await send(route, withVenue(example));
      if (status === 400 && body.code === 'VALIDATION') refused.push(`${route.name}: ${JSON.stringify(body.issues)}`);
      if (status >= 500) refused.push(`${route.name}: ${status} ${JSON.stringify(body)}`);
    }
    expect(refused).toEqual([]);
  });

  it('refuses an unknown field, a wrong type and a missing field, naming the field and its code', async () => {
    const wrong: string[] = [];
    const expectIssue = (
      name: string,
      what: string,
      res: { status: number; body: Envelope },
      field: string,
      codes: string[],
    ) => {
      const issue = res.body.issues?.find(
        (i) => i.path === field || i.path.startsWith(`${field}.`) || i.path.startsWith(`${field}[`),
      );
      // VALIDATION, or the specification's own code for that route's bad input (decision 027), with the issues.
      if (res.status !== 400 || !res.body.code || !issue || !codes.includes(issue.code))
        wrong.push(`${name} (${what} ${field}): ${res.status} ${JSON.stringify(res.body)}`);
      else if (!(FIELD_PROBLEM_CODES as readonly string[]).includes(issue.code))
        wrong.push(`${name}: code ${issue.code} not in the catalogue`);
    };
    for (const route of jsonWrites()) {
      const example = route.example;
      if (!example || typeof example !== 'object' || Array.isArray(example)) continue;
      const valid = withVenue(example) as Record<string, Json>;

      const unknown = await send(route, { ...valid, notAField: true });
      expectIssue(route.name, 'unknown', unknown, '(root)', ['unrecognized_keys']);

      const first = Object.keys(valid)[0];
      if (first !== undefined) {
        const res = await send(route, { ...valid, [first]: wrongType(valid[first]!) });
        expectIssue(route.name, 'wrong type of', res, first, [
          'invalid_type',
          'invalid_union',
          'invalid_value',
          'invalid_format',
        ]);
      }

      const required = (route.schema!.required ?? []).find((k) => k in valid);
      if (required !== undefined) {
        const { [required]: _dropped, ...rest } = valid;
        const res = await send(route, rest);
        expectIssue(route.name, 'missing', res, required, ['invalid_type', 'required', 'invalid_union']);
      }
    }
    expect(wrong).toEqual([]);
  });
});
