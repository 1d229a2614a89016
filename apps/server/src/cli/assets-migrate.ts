/**
 * npm run assets:migrate [-- --from <dir>]
 * Copies the photos of a local store (DATA_DIR/assets by default) into the S3 bucket of the S3_*
 * variables, under the same keys. Safe to run twice: what is already there is left alone. Needs
 * no database, so it can run while the server still serves from the local disk.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { invocationDir, loadEnv } from '../env.ts';
import { s3ConfigFromEnv } from '../providers/storage/index.ts';
import { createLocalDiskStorage } from '../providers/storage/local-disk.ts';
import { copyLocalStoreToBucket } from '../providers/storage/migrate.ts';
import { checkS3Bucket, createS3Client, createS3Storage } from '../providers/storage/s3.ts';
import { StorageConfigError } from '../providers/storage/storage.ts';
import { CliError, err, out, runCli } from './cli-support.ts';

const USAGE = 'Usage: npm run assets:migrate [-- --from <dir>]   (default DATA_DIR/assets)';

const env = loadEnv();
await runCli(async () => {
  let from: string;
  try {
    const { values } = parseArgs({ options: { from: { type: 'string' } } });
    from = values.from ? path.resolve(invocationDir(), values.from) : path.resolve(env.DATA_DIR, 'assets');
  } catch (e) {
    throw new CliError(`${(e as Error).message}\n${USAGE}`);
  }
  const s3 = s3ConfigFromEnv(env);
  if (!s3) {
    throw new CliError(
      'Set S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (and S3_ENDPOINT for MinIO or R2) to the bucket to copy into.',
    );
  }
  const client = createS3Client(s3);
  try {
    const warning = await checkS3Bucket(client, s3).catch((e) => {
      throw e instanceof StorageConfigError ? new CliError(e.message) : e;
    });
    if (warning) await err(`Warning: ${warning}`);
    const local = createLocalDiskStorage(from);
    const report = await copyLocalStoreToBucket(local, createS3Storage(client, s3.bucket));
    for (const f of report.failed) await err(`Not copied: ${f.key}: ${f.reason}`);
    const n = (count: number) => `${count} photo${count === 1 ? '' : 's'}`;
    await out(
      `${n(report.copied.length)} copied from ${from} to bucket "${s3.bucket}", ${report.present.length} already there` +
        (report.failed.length ? `, ${report.failed.length} failed (run it again).` : '.'),
    );
    if (report.failed.length) throw new CliError(`${n(report.failed.length)} could not be copied.`);
  } finally {
    client.destroy();
  }
});
