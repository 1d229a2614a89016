/**
 * npm run venue:export -- <venueUrl> [--out file.json]
 * Writes the venue in the import-file shape: to stdout (without images), or to a file with its
 * images in `images/` beside it, so that venue:import takes it back.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isDomainError } from '@carte/domain';
import { invocationDir, loadEnv } from '../env.ts';
import { exportVenue, exportVenueWithImages, withoutImages } from '../modules/venues/venue-export.service.ts';
import { CliError, err, openResources, out, runCli } from './cli-support.ts';

const USAGE = 'Usage: npm run venue:export -- <venueUrl> [--out file.json]';

const env = loadEnv();
await runCli(async () => {
  let args: { positionals: string[]; values: { out?: string | undefined } };
  try {
    args = parseArgs({ allowPositionals: true, options: { out: { type: 'string', short: 'o' } } });
  } catch (e) {
    throw new CliError(`${(e as Error).message}\n${USAGE}`);
  }
  if (args.positionals.length !== 1) throw new CliError(USAGE);
  const venueUrl = args.positionals[0]!;
  const { database, storage } = await openResources(env);
  try {
    if (!args.values.out) {
      const file = await exportVenue({ db: database.db }, venueUrl);
      const bare = withoutImages(file);
      if (JSON.stringify(bare) !== JSON.stringify(file)) {
        await err('Images are left out when writing to stdout; use --out <file.json> to export them too.');
      }
      await out(JSON.stringify(bare, null, 2));
      return;
    }
    const target = path.resolve(invocationDir(), args.values.out);
    const { file, images, missing } = await exportVenueWithImages({ db: database.db, storage }, venueUrl);
    const dir = path.dirname(target);
    await mkdir(dir, { recursive: true });
    for (const image of images) {
      const imageFile = path.join(dir, image.path);
      await mkdir(path.dirname(imageFile), { recursive: true });
      await writeFile(imageFile, image.bytes);
    }
    await writeFile(target, `${JSON.stringify(file, null, 2)}\n`);
    for (const m of missing) await err(`Warning: the stored bytes of ${m} are missing; it was left out.`);
    const n = file.products?.length ?? 0;
    await out(
      `Venue "${venueUrl}" exported to ${target}: ${n} product${n === 1 ? '' : 's'}, ${images.length} image${images.length === 1 ? '' : 's'}.`,
    );
  } catch (e) {
    if (isDomainError(e) && e.code === 'VENUE_NOT_FOUND') throw new CliError(`Venue not found: ${venueUrl}`);
    throw e;
  } finally {
    await database.close();
  }
});
