import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { isDomainError } from '@carte/domain';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { AssetStorage } from '../../providers/storage/storage.ts';
import { hashPassword, linkStaff, upsertUserRow } from '../users/users.service.ts';
import { prepareVenueImport, writeVenueImport, type PreparedVenueImport } from './venue-import.service.ts';
import { countVenues } from './venues.repository.ts';

/** The demo owner account; the README gives these. */
export const DEMO_OWNER = { email: 'owner@carte.demo', password: 'carte-demo' } as const;

/** apps/server/seed/venues: one import file per demo venue, images under images/. */
export const DEMO_VENUES_DIR = fileURLToPath(new URL('../../../seed/venues/', import.meta.url));

/**
 * Whether a starting server seeds the demo: SEED_DEMO when it is set, else yes, except when
 * PUBLIC_URL is https: a public server must not get an owner account whose password is in the
 * README. `reason` says why it does not, for the start-up log.
 */
export function demoSeedDecision(env: Pick<Env, 'SEED_DEMO' | 'PUBLIC_URL'>): { seed: boolean; reason?: string } {
  if (env.SEED_DEMO !== undefined) {
    return env.SEED_DEMO ? { seed: true } : { seed: false, reason: 'SEED_DEMO=false' };
  }
  if (new URL(env.PUBLIC_URL).protocol === 'https:') {
    return {
      seed: false,
      reason: 'PUBLIC_URL is https: the demo venues and owner are not seeded unless SEED_DEMO=true',
    };
  }
  return { seed: true };
}

/** Every Carte process takes this lock before seeding, so two starting together seed once. */
const SEED_LOCK_ID = 0x43617275;

export interface SeedLog {
  info(msg: string): void;
  warn?(msg: string): void;
}

export interface SeedDeps {
  db: Db;
  storage: AssetStorage;
  log: SeedLog;
}

async function prepareFiles(dir: string): Promise<{ file: string; prepared: PreparedVenueImport }[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.json')).sort();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
  const out: { file: string; prepared: PreparedVenueImport }[] = [];
  for (const name of names) {
    const file = path.join(dir, name);
    try {
      const json: unknown = JSON.parse(await readFile(file, 'utf8'));
      out.push({ file, prepared: await prepareVenueImport(json, { baseDir: dir }) });
    } catch (e) {
      const detail =
        isDomainError(e) && e.issues ? e.issues.map((i) => `${i.path}: ${i.message}`).join('; ') : (e as Error).message;
      throw new Error(`Demo venue file ${file} is not valid: ${detail}`, { cause: e });
    }
  }
  return out;
}

/**
 * When the database has no venue, imports every demo venue file of `dir` (default
 * apps/server/seed/venues) and makes the demo owner (owner@carte.demo / carte-demo) owner of each,
 * all in one transaction. Returns true when it seeded. Safe to call from several processes at once:
 * they queue on an advisory lock and the later ones find venues and do nothing.
 */
export async function seedDemoIfEmpty(deps: SeedDeps, opts: { dir?: string } = {}): Promise<boolean> {
  if ((await countVenues(deps.db)) > 0) return false;
  const dir = opts.dir ?? DEMO_VENUES_DIR;
  const files = await prepareFiles(dir);
  if (files.length === 0) {
    deps.log.warn?.(`No demo venue files in ${dir}: nothing seeded`);
    return false;
  }
  const passwordHash = await hashPassword(DEMO_OWNER.password);
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    if ((await countVenues(tx)) > 0) return false;
    const owner = await upsertUserRow(tx, DEMO_OWNER.email, passwordHash);
    for (const { file, prepared } of files) {
      const result = await writeVenueImport(tx, deps.storage, prepared);
      await linkStaff(tx, owner.id, result.venueId, 'owner');
      deps.log.info(
        `Demo venue "${result.venueUrl}" imported from ${path.basename(file)} (${result.products} products)`,
      );
    }
    deps.log.info(`Demo owner account: ${DEMO_OWNER.email} / ${DEMO_OWNER.password}`);
    return true;
  });
}
