import { isDomainError } from '@carte/domain';
import { DataDirLockedError, openDatabase, type Database } from '../db/client.ts';
import type { Env } from '../env.ts';
import { assetStoresFromEnv, type AssetStorage } from '../providers/storage/index.ts';
import { JsonFileError } from './json-file.ts';

/** A problem the user can fix (bad argument, unknown venue): its message, exit code 1, no stack. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

function write(stream: NodeJS.WriteStream, text: string): Promise<void> {
  return new Promise((resolve) => stream.write(text.endsWith('\n') ? text : `${text}\n`, () => resolve()));
}
export const out = (text: string) => write(process.stdout, text);
export const err = (text: string) => write(process.stderr, text);

/** The same database and asset storage (local disk or the S3 bucket) the server uses. */
export async function openResources(env: Env): Promise<{ database: Database; storage: AssetStorage }> {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  return { database, storage: assetStoresFromEnv(env).assets };
}

/**
 * Runs a command and exits: 0 on success, 1 on bad input (every problem printed), 2 when the
 * embedded database is in use by another process. Expected failures print no stack.
 */
export async function runCli(main: () => Promise<void>): Promise<never> {
  let code = 0;
  try {
    await main();
  } catch (e) {
    if (e instanceof DataDirLockedError) {
      code = 2;
      await err(e.message);
    } else if (e instanceof CliError || e instanceof JsonFileError) {
      code = e instanceof CliError ? e.exitCode : 1;
      await err(e.message);
    } else if (isDomainError(e)) {
      code = 1;
      const issues = e.issues ?? [];
      const head = issues.length
        ? `${e.message} ${issues.length} problem${issues.length === 1 ? '' : 's'}:`
        : e.message;
      await err([head, ...issues.map((i) => `${i.path}: ${i.message}`)].join('\n'));
    } else {
      code = 1;
      await err(`Error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    }
  }
  process.exit(code);
}
