import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/client.ts';
import type { Env } from '../env.ts';
import type { OrderEventBus, StreamOptions } from '../events/order-events.ts';
import type { CarteMetrics } from '../metrics/metrics.ts';
import type { TicketPrinterOptions } from '../modules/kitchen/ticket-printer.ts';
import type { ChatAssistant } from '../providers/assistant/index.ts';
import type { StaffAssistantModel } from '../providers/assistant/staff/model-staff.ts';
import type { PaymentProvider } from '../providers/payment/payment-provider.ts';
import type { AssetStorage } from '../providers/storage/storage.ts';
import type { DeliveryProvider } from '../providers/delivery/delivery-provider.ts';
import type { GeocoderProvider } from '../providers/geocoder/geocoder.ts';
import type { MailService } from '../modules/mail/mail.service.ts';

/** What every route module receives as its plugin options. */
export interface ModuleDeps {
  env: Env;
  database: Database;
  storage: AssetStorage;
  /**
   * Order events across server processes (architecture 4.8): `publish` after a change to an order
   * commits, `subscribe` to hear every process's changes.
   */
  events: OrderEventBus;
  /** Live order streams' timings and limits (tests shorten them). */
  streams?: Partial<StreamOptions>;
  /** Delivery quotes and couriers: Uber Direct, or the fee set per venue. */
  delivery: DeliveryProvider;
  /** Address suggestions: Photon/Nominatim, or the typed address. */
  geocoder: GeocoderProvider;
  /** Card payment: Stripe, or the offline default (no card payment). */
  payments: PaymentProvider;
  /** The guests' menu assistant: a model with the offline assistant as fallback, or offline alone. */
  assistant: ChatAssistant;
  /** The staff chat's model when LLM_* is configured; undefined keeps the offline rules. */
  staffModel?: StaffAssistantModel | undefined;
  /** This process's metrics (GET /metrics): count what happened, e.g. `metrics.ordersPlaced.inc()`. */
  metrics: CarteMetrics;
  /** E-mail: recorded in the outbox, delivered by SMTP when SMTP_URL is set (issue 19). */
  mailer: MailService;
  /** The kitchen ticket printer's timings (tests shorten them). */
  kitchen?: Partial<TicketPrinterOptions> | undefined;
  /** The server's clock (BuildAppDeps.now): epoch milliseconds. */
  now?: () => number;
}

/** A route module: `export const ordersRoutes: RouteModule = async (app, deps) => { ... }`. */
export type RouteModule = FastifyPluginAsync<ModuleDeps>;
