import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { rawContract } from '../../http/contract.ts';
import type { ModuleDeps } from '../../http/module.ts';
import { renderReference, type OpenApiDocument } from './reference-page.ts';

/** The reference page's own policy: no script at all, its one inline style sheet. */
const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * GET /api/openapi.json (the OpenAPI 3.1 document of every /api route) and GET /api/docs (the same
 * document as a page, rendered here from the document: no script, nothing from another site).
 */
export const docsRoutes: FastifyPluginAsync<ModuleDeps> = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  let page: string | undefined;

  app.get(
    '/openapi.json',
    {
      schema: rawContract({
        summary: 'The OpenAPI 3.1 document of this API',
        tag: 'reference',
        auth: 'public',
        produces: { 'application/json': 'An OpenAPI 3.1 document (not enveloped).' },
      }),
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(app.swagger()));
    },
  );

  app.get(
    '/docs',
    {
      schema: rawContract({
        summary: 'The API reference as a web page',
        tag: 'reference',
        auth: 'public',
        produces: { 'text/html': 'The reference page, rendered from /api/openapi.json.' },
      }),
    },
    async (_request, reply) => {
      page ??= renderReference(app.swagger() as unknown as OpenApiDocument);
      return reply
        .header('content-security-policy', PAGE_CSP)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(page);
    },
  );
};
