import { buildApp } from './app.ts';
import { DataDirLockedError, openDatabase, type Database } from './db/client.ts';
import { loadEnv, testVariable } from './env.ts';
import { demoSeedDecision, seedDemoIfEmpty } from '#src/modules/venues/seed.ts';
import { assetStoresFromEnv, StorageConfigError } from './providers/storage/index.ts';

/** How long in-flight requests may take to finish after SIGTERM before the process gives up. */
const SHUTDOWN_TIMEOUT_MS = 10_000;
/**
 * A terminal's Ctrl+C reaches both `npm start`'s wrapper and this process, and the wrapper
 * forwards it: a repeat this soon is the same signal twice, not an operator insisting.
 */
const REPEAT_GRACE_MS = 1_000;

const env = loadEnv();
const started = Date.now();

// Photos: local disk, or the S3 bucket every process shares. A bucket that cannot work stops here.
const stores = assetStoresFromEnv(env);
let storageWarning: string | null;
try {
  storageWarning = await stores.check();
} catch (e) {
  if (!(e instanceof StorageConfigError)) throw e;
  console.error(e.message);
  process.exit(1);
}

/** Where connection errors outside a request go: stderr until the app's logger exists. */
let logConnectionError = (error: Error) => console.error(`Database connection error: ${error.message}`);

let database: Database;
try {
  database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    onConnectionError: (error) => logConnectionError(error),
  });
} catch (e) {
  console.error(e instanceof DataDirLockedError ? e.message : `Could not open the database: ${(e as Error).message}`);
  process.exit(1);
}

const storage = stores.assets;
// The e2e journeys move the server's clock forward to close a day without waiting for midnight
// (decision 024); only when NODE_ENV=test.
const clockOffsetHours = env.NODE_ENV === 'test' ? Number(testVariable('E2E_CLOCK_OFFSET_HOURS') ?? 0) : 0;
const now =
  Number.isFinite(clockOffsetHours) && clockOffsetHours ? () => Date.now() + clockOffsetHours * 3_600_000 : Date.now;
const app = await buildApp({ env, database, storage, variants: stores.variants, now });
if (storageWarning) app.log.warn(storageWarning);
logConnectionError = (error) =>
  app.log.warn({ err: error }, 'Database connection lost: requests get 503 until it is back');

// A promise nobody awaited must not take every guest's session down with it: log it and go on.
process.on('unhandledRejection', (reason) => {
  app.log.error({ err: reason }, 'Unhandled promise rejection');
});

try {
  const seed = demoSeedDecision(env);
  if (!seed.seed) app.log.info(`Demo data not seeded: ${seed.reason}`);
  if (seed.seed) {
    const seeded = await seedDemoIfEmpty({
      db: database.db,
      storage,
      log: { info: (msg: string) => app.log.info(msg) },
    });
    if (seeded) app.log.info('Seeded the demo venues into the empty database');
  }
  await app.listen({ host: env.HOST, port: env.PORT });
} catch (e) {
  app.log.fatal({ err: e }, 'Carte could not start');
  await app.close().catch(() => {});
  await database.close().catch(() => {});
  process.exit(1);
}

const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : env.PORT;
const local = `http://${env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST}:${port}`;
app.log.info(
  { database: database.kind, photos: stores.where, startupMs: Date.now() - started },
  `Carte is listening on ${local} (public URL ${env.PUBLIC_URL})`,
);

let stoppingSince = 0;
async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (stoppingSince) {
    if (Date.now() - stoppingSince < REPEAT_GRACE_MS) return;
    app.log.warn(`${signal} again: stopping now`);
    process.exit(1);
  }
  stoppingSince = Date.now();
  app.log.info(`${signal} received: finishing in-flight requests`);
  const force = setTimeout(() => {
    app.log.error('Shutdown took too long: stopping now');
    process.exit(1);
  }, SHUTDOWN_TIMEOUT_MS);
  force.unref();
  try {
    await app.close(); // stops accepting, waits for in-flight requests
    await database.close();
    app.log.info('Stopped');
    process.exit(0);
  } catch (e) {
    app.log.error({ err: e }, 'Error while stopping');
    process.exit(1);
  }
}
process.on('SIGTERM', (s) => void shutdown(s));
process.on('SIGINT', (s) => void shutdown(s));
