import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { NOT_FOUND_ROUTES } from './openapi.ts';

/**
 * The published document against the route table (issue 16, "Bad input" and decision 023): every
 * /api route Fastify registers is in GET /api/openapi.json with its contract, and the document
 * lists no route that does not exist.
 */

const WRITE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `METHOD /api/path` for each route in Fastify's own table (printRoutes), HEAD left out. */
export function routeTable(printed: string): string[] {
  const out: string[] = [];
  const stack: string[] = [];
  for (const line of printed.split('\n')) {
    const m = /^([│ ]*)(?:├── |└── )(.+?)(?: \(([^)]*)\))?$/u.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    stack.push(m[2]!);
    if (!m[3]) continue;
    const path = stack.join('').replace(/^\/\//, '/');
    for (const method of m[3].split(', ')) if (method !== 'HEAD') out.push(`${method} ${path}`);
  }
  return out;
}

interface Operation {
  summary?: string;
  requestBody?: unknown;
  parameters?: unknown[];
  responses?: Record<string, { content?: Record<string, unknown> }>;
}
type Doc = { paths: Record<string, Record<string, Operation>> };

/** `/api/items/{collection}` -> `/api/items/:collection` */
const toFastifyPath = (p: string) => p.replace(/\{([^}]+)\}/g, ':$1');

describe('the OpenAPI document and the route table', () => {
  let t: TestApp;
  let doc: Doc;
  let table: string[];
  beforeAll(async () => {
    t = await createTestApp('pglite');
    const res = await t.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
    table = routeTable(t.app.printRoutes({ commonPrefix: false }));
  });
  afterAll(() => t?.close());

  const documented = () =>
    Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${toFastifyPath(path)}`),
    );
  const apiRoutes = () =>
    table.filter((r) => {
      const path = r.split(' ')[1]!;
      return path.startsWith('/api/') && !NOT_FOUND_ROUTES.has(path);
    });

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc) as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('refuses a broken document (the validator is not a no-op)', async () => {
    const broken = structuredClone(doc) as { paths: Record<string, Record<string, unknown>> };
    broken.paths['/api/order']!.post = { responses: 'none' };
    expect((await new Validator().validate(broken as Parameters<Validator['validate']>[0])).valid).toBe(false);
  });

  it('serves the reference page from the document, with no script', async () => {
    const res = await t.app.inject({ url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.body).not.toMatch(/<script|https?:\/\/(?!localhost)/i);
    expect(res.body).toContain('/api/venue/staff');
    expect(res.body).toContain('STAFF_EXISTS');
  });

  it('reads the route table it compares with', () => {
    expect(apiRoutes()).toContain('POST /api/order');
    expect(apiRoutes()).toContain('GET /api/items/:collection');
    expect(table).toContain('GET /healthz');
  });

  it('lists every /api route Fastify registers, and no other', () => {
    const missing = apiRoutes().filter((r) => !documented().includes(r));
    const phantom = documented().filter((r) => !apiRoutes().includes(r));
    expect({ missingFromDocument: missing, notARoute: phantom }).toEqual({ missingFromDocument: [], notARoute: [] });
    expect(documented().length).toBe(apiRoutes().length);
  });

  it('has a contract for every route: a summary, a described answer and its error codes', () => {
    const lacking: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const name = `${method.toUpperCase()} ${toFastifyPath(path)}`;
        const statuses = Object.keys(op.responses ?? {});
        const ok = statuses.filter((s) => s.startsWith('2'));
        const problems = [
          !op.summary && 'no summary',
          (ok.length === 0 || ok.some((s) => !op.responses![s]!.content)) && 'no declared answer',
          !statuses.includes('500') && 'no error codes',
        ].filter(Boolean);
        if (problems.length) {
          lacking.push(`${name}: ${problems.join(', ')} (declare it with contract() from http/contract.ts)`);
        }
      }
    }
    expect(lacking).toEqual([]);
  });

  it('declares a body for every JSON write route', () => {
    // Routes that take no JSON body, each with its reason.
    const noBody: Record<string, string> = {
      'POST /api/auth/otp/enable': 'nothing to send: the signed-in user is the subject',
      'DELETE /api/_auth/session': "the session is the browser's cookies",
      'POST /api/table/order': "the table's shared cart is what is sent (decision 034)",
    };
    const lacking = documented()
      .filter((r) => WRITE.has(r.split(' ')[0]!) && !(r in noBody))
      .filter((r) => {
        const [method, path] = r.split(' ');
        const openApiPath = path!.replace(/:([^/]+)/g, '{$1}');
        const op = doc.paths[openApiPath]![method!.toLowerCase()]!;
        return !op.requestBody && !(method === 'DELETE' && op.parameters?.length);
      });
    expect(lacking).toEqual([]);
  });
});
