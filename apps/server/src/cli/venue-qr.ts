/**
 * npm run venue:qr -- <venueUrl> [--layout pages|cards] [--out file.pdf]
 * Writes a printable PDF of the venue's table QR codes (one A4 page per table, or 2 x 4 cards per
 * page), each opening `${PUBLIC_URL}/<venueUrl>?spot=<table>`: the same PDF as the back office's
 * GET /api/venue/qr.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isDomainError } from '@carte/domain';
import { invocationDir, loadEnv } from '../env.ts';
import { createStaffMenuService } from '../modules/staff-menu/staff-menu.service.ts';
import { QR_LAYOUTS, type QrLayout } from '../modules/staff-menu/table-qr.ts';
import { CliError, openResources, out, runCli } from './cli-support.ts';

const USAGE = 'Usage: npm run venue:qr -- <venueUrl> [--layout pages|cards] [--out file.pdf]';

const env = loadEnv();
await runCli(async () => {
  let args: { positionals: string[]; values: { out?: string | undefined; layout?: string | undefined } };
  try {
    args = parseArgs({
      allowPositionals: true,
      options: { out: { type: 'string', short: 'o' }, layout: { type: 'string', short: 'l' } },
    });
  } catch (e) {
    throw new CliError(`${(e as Error).message}\n${USAGE}`);
  }
  if (args.positionals.length !== 1) throw new CliError(USAGE);
  const layout = (args.values.layout ?? 'pages') as QrLayout;
  if (!QR_LAYOUTS.includes(layout)) throw new CliError(`--layout must be pages or cards\n${USAGE}`);
  const venueUrl = args.positionals[0]!;
  const { database, storage } = await openResources(env);
  try {
    const service = createStaffMenuService({
      db: database.db,
      storage,
      maxUploadMb: env.MAX_UPLOAD_MB,
      publicUrl: env.PUBLIC_URL,
    });
    const venueId = await service.venueIdByUrl(venueUrl);
    const { pdf } = await service.tableQrPdf(venueId, layout);
    const target = path.resolve(invocationDir(), args.values.out ?? `${venueUrl}-tables.pdf`);
    await writeFile(target, pdf);
    await out(`Table QR codes of "${venueUrl}" (${layout}) written to ${target}; they open ${env.PUBLIC_URL}/${venueUrl}?spot=<table>.`);
  } catch (e) {
    if (isDomainError(e) && e.code === 'VENUE_NOT_FOUND') throw new CliError(`Venue not found: ${venueUrl}`);
    throw e;
  } finally {
    await database.close();
  }
});
