import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import { pino } from 'pino';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Database } from './db/client.ts';
import type { Env } from './env.ts';
import { createOrderEventBus } from './events/create-bus.ts';
import type { OrderEventBus, StreamOptions } from './events/order-events.ts';
import { AppError } from './http/app-error.ts';
import { frameworkErrorHandler, installErrorHandler, sendApiNotFound } from './http/error-handler.ts';
import { logOptions } from './http/log-redaction.ts';
import { createSharedRateLimits } from './http/rate-limit-store.ts';
import type { ModuleDeps, RouteModule } from './http/module.ts';
import { AccessLog } from './http/request-log.ts';
import { apiSecurityHeaders, assetSecurityHeaders, isStaticAsset, securityHeaders } from './http/security.ts';
import { refuseBadText } from './http/text-guard.ts';
import { registerOpenApi } from './http/openapi.ts';
import { validatorCompiler } from './http/validation.ts';
import { docsRoutes } from './modules/docs/docs.routes.ts';
import { deliveryRoutes } from './modules/delivery/delivery.routes.ts';
import { courierRoutes } from './modules/courier/courier.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { metricsRoutes } from './modules/health/metrics.routes.ts';
import { createMetrics, type CarteMetrics } from './metrics/metrics.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { publicVenueRoutes } from './modules/public-venue/public-venue.routes.ts';
import { courierConfigured } from './modules/public-venue/delivery-offer.ts';
import { DEFAULT_WEB_DIST, registerWebApp } from './modules/web/web.routes.ts';
import { chatRoutes } from './modules/chat/chat.routes.ts';
import { authHook, authRoutes } from './modules/auth/auth.routes.ts';
import { itemsRoutes } from './modules/items/items.routes.ts';
import { staffRoutes } from './modules/users/staff.routes.ts';
import { staffMenuRoutes } from './modules/staff-menu/staff-menu.routes.ts';
import { createLocalDiskStorage } from './providers/storage/local-disk.ts';
import type { AssetStorage } from './providers/storage/storage.ts';
import { deliveryProviderFromEnv, type DeliveryProvider } from './providers/delivery/index.ts';
import { geocoderFromEnv, type GeocoderProvider } from './providers/geocoder/index.ts';
import { createChatAssistant, type ChatAssistant } from './providers/assistant/index.ts';
import { staffModelFromEnv, type StaffAssistantModel } from './providers/assistant/staff/model-staff.ts';
import { paymentProviderFromEnv, type PaymentProvider } from './providers/payment/index.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { mailRoutes } from './modules/mail/mail.routes.ts';
import { receiptsRoutes } from './modules/receipts/receipts.routes.ts';
import { createMailService } from './modules/mail/mail.service.ts';
import { mailProviderFromEnv, type MailProvider } from './providers/mail/index.ts';
import { serviceRoutes } from './modules/service/service.routes.ts';
import { kitchenRoutes } from './modules/kitchen/kitchen.routes.ts';
import type { TicketPrinterOptions } from './modules/kitchen/ticket-printer.ts';
import { staffOrdersRoutes } from './modules/staff-orders/staff-orders.routes.ts';
import { tableCallsRoutes } from './modules/table-calls/table-calls.routes.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { tableSessionsRoutes } from './modules/table-sessions/table-sessions.routes.ts';

/**
 * The /api route modules, each registered under the /api prefix with ModuleDeps as options.
 * To add one: write `modules/<name>/<name>.routes.ts` exporting a RouteModule (paths relative to
 * /api, e.g. `app.post('/order', ...)`, returning `ok(data)` and throwing `AppError`), then append
 * it here. Routes inherit the error envelope, the rate limit (set `config: { rateLimit: {...} }`
 * for a stricter one, e.g. login) and the zod type provider.
 */
const API_MODULES: RouteModule[] = [
  publicVenueRoutes,
  ordersRoutes,
  deliveryRoutes,
  chatRoutes,
  authRoutes,
  itemsRoutes,
  staffRoutes,
  staffMenuRoutes,
  paymentsRoutes,
  courierRoutes,
  kitchenRoutes,
  staffOrdersRoutes,
  tableCallsRoutes,
  docsRoutes,
  mailRoutes,
  receiptsRoutes,
  serviceRoutes,
  reportsRoutes,
  tableSessionsRoutes,
];

/** JSON bodies above this get the 413 envelope; uploads set their own limit on their route. */
export const JSON_BODY_LIMIT = 256 * 1024;

export interface BuildAppDeps {
  env: Env;
  database: Database;
  storage: AssetStorage;
  /** Fastify logger options (pino), or false for none. Defaults to the env's LOG_LEVEL. */
  logger?: FastifyServerOptions['logger'];
  /** Global /api limit per client address and minute (default API_RATE_LIMIT_PER_MINUTE). */
  rateLimit?: { max: number; timeWindow?: number | string };
  /** Where resized image variants are kept (default: local disk under DATA_DIR/cache/media). */
  variants?: AssetStorage;
  /** Order events (default: LISTEN/NOTIFY on PostgreSQL, in-process on PGlite, closed with the app). */
  events?: OrderEventBus;
  /** Live order streams' timings and limits (tests shorten the heartbeat). */
  streams?: Partial<StreamOptions>;
  /** Delivery provider (default: Uber Direct from UBER_DIRECT_*, else the venue's fee). */
  delivery?: DeliveryProvider;
  /** Address suggestions (default: GEOCODER_URL, else the typed address). */
  geocoder?: GeocoderProvider;
  /** The guests' menu assistant (default: from LLM_*, else offline). */
  assistant?: ChatAssistant;
  /** The staff chat's model (default: from LLM_*; undefined for the offline rules). */
  staffModel?: StaffAssistantModel | undefined;
  /** Card payment provider (default: from the STRIPE_* variables). */
  payments?: PaymentProvider;
  /** This process's metrics (default: a fresh registry; process metrics when METRICS_TOKEN is set). */
  metrics?: CarteMetrics;
  /** E-mail (default: SMTP from SMTP_URL, else the outbox); closed with the app when built here. */
  mail?: MailProvider;
  /** The kitchen ticket printer's timings (tests shorten the poll and the printer's time-out). */
  kitchen?: Partial<TicketPrinterOptions>;
  /**
   * The server's clock in epoch milliseconds (default Date.now). Read by what must not depend on the
   * real date in tests (whether a day is over, decision 024); order and payment times come from the
   * database's clock.
   */
  now?: () => number;
}

export async function buildApp(deps: BuildAppDeps): Promise<FastifyInstance> {
  const { env } = deps;
  // Log lines are written in batches of 4 KB and at least every 250 ms: one write per line cost
  // a fifth of the public menu's throughput. pino flushes the rest when the process exits.
  const logDestination =
    deps.logger === undefined ? pino.destination({ dest: 1, sync: false, minLength: 4096 }) : undefined;
  // Neither a closed stdout nor a flush of a destroyed stream may take the server down: guests
  // keep ordering, the lines are lost.
  logDestination?.on('error', () => {});
  const logFlush =
    logDestination &&
    setInterval(() => {
      try {
        logDestination.flush();
      } catch {
        // destroyed after a write error
      }
    }, 250).unref();
  // Every logger gets the redaction (no personal data, tokens or SQL parameters in any line).
  const logger: FastifyServerOptions['logger'] = logDestination
    ? { level: env.LOG_LEVEL, stream: logDestination, ...logOptions() }
    : deps.logger === true
      ? { level: env.LOG_LEVEL, ...logOptions() }
      : deps.logger && typeof deps.logger === 'object'
        ? { ...deps.logger, ...logOptions() }
        : deps.logger;
  const pageHeaders = securityHeaders(env);
  const apiHeaders = apiSecurityHeaders(env);
  const assetHeaders = assetSecurityHeaders(env);
  const app = Fastify({
    logger,
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: env.TRUST_PROXY,
    // Behind a trusted proxy, keep the id it assigned so log lines can be matched end to end.
    requestIdHeader: env.TRUST_PROXY ? 'x-request-id' : false,
    genReqId: () => randomUUID(),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    return503OnClosing: true,
    logController: new AccessLog(),
    frameworkErrors: frameworkErrorHandler({
      page: pageHeaders,
      api: apiHeaders,
      reroute: (req, res) => app.routing(req, res),
    }),
  });
  app.addHook('onClose', async () => {
    clearInterval(logFlush);
    try {
      logDestination?.flushSync();
    } catch {
      // A write is in flight: pino flushes what is left when the process exits.
    }
  });
  // A connection that never sent a request (a browser's preconnect, a client's spare socket) is not
  // idle to Node: server.close() would wait for it until the client gives up. Drop those on close.
  const unusedSockets = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    unusedSockets.add(socket);
    socket.once('close', () => unusedSockets.delete(socket));
  });
  app.server.on('request', (request: { socket: Socket }) => unusedSockets.delete(request.socket));
  app.addHook('preClose', async () => {
    for (const socket of unusedSockets) socket.destroy();
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  // Before any route: the OpenAPI document hears every route as it is registered.
  await registerOpenApi(app);
  app.addHook('onRequest', (request, reply, done) => {
    if (isStaticAsset(request.url)) reply.headers(assetHeaders);
    else reply.headers(request.url.startsWith('/api/') ? apiHeaders : pageHeaders).header('x-request-id', request.id);
    done();
  });

  await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
  await app.register(fastifyCookie);

  const metrics =
    deps.metrics ?? createMetrics({ pool: deps.database.poolStats, processMetrics: env.METRICS_TOKEN !== undefined });
  // Every answer is counted by route pattern and status, with its duration (only when scraped).
  if (env.METRICS_TOKEN) {
    app.addHook('onResponse', (request, reply, done) => {
      metrics.observeRequest(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime);
      done();
    });
  }

  const mail = deps.mail ?? mailProviderFromEnv(env);
  if (!deps.mail) app.addHook('onClose', async () => mail.close());
  const moduleDeps: ModuleDeps = {
    env,
    database: deps.database,
    storage: deps.storage,
    delivery: deps.delivery ?? deliveryProviderFromEnv(env),
    geocoder: deps.geocoder ?? geocoderFromEnv(env),
    payments: deps.payments ?? paymentProviderFromEnv(env),
    assistant: deps.assistant ?? createChatAssistant(env, { log: app.log }),
    staffModel: 'staffModel' in deps ? deps.staffModel : staffModelFromEnv(env),
    events:
      deps.events ??
      (await createOrderEventBus(deps.database, app.log, {
        onDelay: (seconds, fromThisProcess) =>
          metrics.eventDelay.observe({ origin: fromThisProcess ? 'this_process' : 'other_process' }, seconds),
      })),
    streams: deps.streams,
    metrics,
    mailer: createMailService({ db: deps.database.db, mail, from: env.MAIL_FROM, log: app.log }),
    kitchen: deps.kitchen,
    now: deps.now ?? Date.now,
  };
  // The bus built here is the app's: its listening connection ends with it. A given bus is the caller's.
  if (!deps.events) app.addHook('onClose', async () => moduleDeps.events.close());

  // Per-client limits: counted in PostgreSQL, so every process on it enforces one limit; in this
  // process's memory on the embedded database (one process).
  const sharedLimits =
    deps.database.kind === 'postgres' ? createSharedRateLimits(deps.database.db, app.log) : undefined;
  if (sharedLimits) app.addHook('onClose', async () => sharedLimits.close());

  await app.register(
    async (api) => {
      // NUL, lone surrogates and undecodable query strings: a 400 naming the field, on every route.
      api.addHook('preValidation', refuseBadText);
      await api.register(fastifyRateLimit, {
        global: true,
        max: deps.rateLimit?.max ?? env.API_RATE_LIMIT_PER_MINUTE,
        timeWindow: deps.rateLimit?.timeWindow ?? '1 minute',
        errorResponseBuilder: () => new AppError('RATE_LIMITED'),
        ...(sharedLimits ? { store: sharedLimits.Store } : {}),
      });
      // Puts request.user (or null) on every /api request; see http/auth.ts for the guards.
      await api.register(authHook, moduleDeps);
      for (const module of API_MODULES) await api.register(module, moduleDeps);
      // Unknown /api paths: the 404 envelope, never the web app's page.
      api.all('/', (_request, reply) => sendApiNotFound(reply));
      api.all('/*', (_request, reply) => sendApiNotFound(reply));
      api.setNotFoundHandler((_request, reply) => sendApiNotFound(reply));
    },
    { prefix: '/api' },
  );

  await app.register(healthRoutes, moduleDeps);
  await app.register(metricsRoutes, moduleDeps);
  await app.register(mediaRoutes, {
    ...moduleDeps,
    variants: deps.variants ?? createLocalDiskStorage(path.join(env.DATA_DIR, 'cache', 'media')),
  });
  await registerWebApp(app, {
    db: deps.database.db,
    distDir: env.WEB_DIST ? path.resolve(env.WEB_DIST) : DEFAULT_WEB_DIST,
    defaultVenue: env.DEFAULT_VENUE,
    // The server-rendered guest pages embed the same public venue answer as the API gives.
    publicVenue: { courier: courierConfigured(env), cardPayment: moduleDeps.payments.enabled },
    documentHeaders: pageHeaders,
  });
  return app;
}
