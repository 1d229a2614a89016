import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import type { ModuleDeps } from '../../http/module.ts';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * GET /metrics (architecture 4.14): this process's metrics in the Prometheus text format, for a
 * scraper sending `Authorization: Bearer <METRICS_TOKEN>`. Without METRICS_TOKEN it is a 404 (the
 * metrics are off); a missing or wrong token is a 401.
 */
export const metricsRoutes: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const token = deps.env.METRICS_TOKEN;
  const expected = token ? digest(token) : null;
  app.get('/metrics', async (request, reply) => {
    if (!expected) throw new AppError('NOT_FOUND', { logMessage: 'metrics: METRICS_TOKEN is not set' });
    const given = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1]?.trim();
    // Compared as digests: equal lengths, and the time taken says nothing about the token.
    if (!given || !timingSafeEqual(digest(given), expected)) {
      reply.header('www-authenticate', 'Bearer realm="carte-metrics"');
      throw new AppError('UNAUTHORIZED', {
        message: 'Send METRICS_TOKEN as a bearer token.',
        logMessage: given ? 'metrics: wrong token' : 'metrics: no token',
      });
    }
    const text = await deps.metrics.registry.metrics();
    return reply.header('cache-control', 'no-store').type(deps.metrics.registry.contentType).send(text);
  });
};
