/**
 * npm run user:create -- --email E --password P --venue V --role owner|manager
 * Creates a staff user (or sets the password of an existing one) and gives them the role at the venue.
 */
import { parseArgs } from 'node:util';
import { isDomainError } from '@carte/domain';
import { loadEnv } from '../env.ts';
import { checkCredentials, createStaffUser, STAFF_ROLES, type StaffRole } from '../modules/users/users.service.ts';
import { CliError, openResources, out, runCli } from './cli-support.ts';

const USAGE = 'Usage: npm run user:create -- --email E --password P --venue V --role owner|manager';

const env = loadEnv();
await runCli(async () => {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        venue: { type: 'string' },
        role: { type: 'string' },
      },
    }));
  } catch (e) {
    throw new CliError(`${(e as Error).message}\n${USAGE}`);
  }
  const missing = ['email', 'password', 'venue', 'role'].filter((k) => !values[k]);
  if (missing.length) throw new CliError(`Missing ${missing.map((m) => `--${m}`).join(', ')}\n${USAGE}`);
  const role = values.role!;
  if (!(STAFF_ROLES as readonly string[]).includes(role))
    throw new CliError(`--role must be owner or manager\n${USAGE}`);
  try {
    checkCredentials({ email: values.email!, password: values.password! });
  } catch (e) {
    if (isDomainError(e) && e.issues) throw new CliError(e.issues.map((i) => `--${i.path}: ${i.message}`).join('\n'));
    throw e;
  }
  const { database } = await openResources(env);
  try {
    const r = await createStaffUser(
      { db: database.db },
      { email: values.email!, password: values.password!, venueUrl: values.venue!, role: role as StaffRole },
    );
    await out(
      `${r.created ? 'Created user' : 'Updated the password of'} ${r.email}; ${role} of venue "${values.venue}".`,
    );
  } catch (e) {
    if (isDomainError(e) && e.code === 'VENUE_NOT_FOUND') throw new CliError(`Venue not found: ${values.venue}`);
    throw e;
  } finally {
    await database.close();
  }
});
