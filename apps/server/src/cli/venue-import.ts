/** npm run venue:import -- <file.json> : creates or updates a venue and its whole menu from a file. */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isDomainError, toMinor } from '@carte/domain';
import { invocationDir, loadEnv } from '../env.ts';
import { courierConfigured, unquotableDeliveryWarning } from '../modules/public-venue/delivery-offer.ts';
import { prepareVenueImport, writeVenueImport } from '../modules/venues/venue-import.service.ts';
import { CliError, err, openResources, out, runCli } from './cli-support.ts';
import { readJsonFile } from './json-file.ts';

const USAGE = 'Usage: npm run venue:import -- <file.json>';

const env = loadEnv();
await runCli(async () => {
  let positionals: string[];
  try {
    ({ positionals } = parseArgs({ allowPositionals: true, options: {} }));
  } catch (e) {
    throw new CliError(`${(e as Error).message}\n${USAGE}`);
  }
  if (positionals.length !== 1) throw new CliError(USAGE);
  const file = path.resolve(invocationDir(), positionals[0]!);
  const json = await readJsonFile(file);
  // Every check (shape, rules, images) runs before the database is opened: a bad file is refused fast.
  const prepared = await prepareVenueImport(json, { baseDir: path.dirname(file) }).catch((e: unknown) => {
    if (isDomainError(e) && e.code === 'IMPORT_INVALID' && e.issues) {
      const n = e.issues.length;
      throw new CliError(
        [`${file} is not a valid venue file; nothing was written. ${n} problem${n === 1 ? '' : 's'}:`]
          .concat(e.issues.map((i) => `${i.path}: ${i.message}`))
          .join('\n'),
      );
    }
    throw e;
  });
  const { database, storage } = await openResources(env);
  try {
    const r = await database.db.transaction((tx) => writeVenueImport(tx, storage, prepared));
    await out(
      `Venue "${r.venueUrl}" ${r.created ? 'created' : 'updated'} from ${file}: ${r.products} product${r.products === 1 ? '' : 's'}, menu version ${r.menuVersion}.`,
    );
    // Imported all the same: the fee or the courier can come later, and guests see no delivery until then.
    const { venue } = prepared.value;
    const warning = unquotableDeliveryWarning(
      {
        enableUberDirect: venue.enable_uber_direct,
        deliveryFeeMinor: venue.deliveryFee == null ? null : toMinor(venue.deliveryFee),
      },
      courierConfigured(env),
    );
    if (warning) await err(warning);
  } finally {
    await database.close();
  }
});
