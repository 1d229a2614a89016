import type { Database } from '../db/client.ts';
import { createInProcessOrderEventBus, type BusLog, type OrderEventBus } from './order-events.ts';
import { createPgOrderEventBus, type PgBusOptions } from './pg-listener.ts';

/**
 * The bus for this database: PostgreSQL LISTEN/NOTIFY (one dedicated, self-reconnecting listening
 * connection per process) or the in-process emitter for PGlite. Built once by buildApp.
 */
export async function createOrderEventBus(
  database: Database,
  log: BusLog,
  options: Pick<PgBusOptions, 'onDelay'> = {},
): Promise<OrderEventBus> {
  if (database.kind === 'postgres' && database.url) return createPgOrderEventBus(database, log, options);
  return createInProcessOrderEventBus(log);
}
