import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../http/module.ts';

const PING_TIMEOUT_MS = 2000;

async function pingWithTimeout(ping: () => Promise<boolean>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
  });
  try {
    return await Promise.race([ping().catch(() => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** GET /healthz: the process is up. GET /readyz: the database answers (503 otherwise). */
export const healthRoutes: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const noStore = { 'cache-control': 'no-store' };
  app.get('/healthz', { config: { rateLimit: false } }, async (_request, reply) =>
    reply.headers(noStore).send({ status: 'ok' }),
  );
  app.get('/readyz', { config: { rateLimit: false } }, async (_request, reply) => {
    const up = await pingWithTimeout(() => deps.database.ping());
    return reply
      .headers(noStore)
      .code(up ? 200 : 503)
      .send(up ? { status: 'ok', database: 'ok' } : { status: 'unavailable', database: 'unreachable' });
  });
};
