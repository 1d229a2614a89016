/**
 * npm run user:create -- --email E --venue V --role owner|manager
 * Creates a staff user (or sets the password of an existing one) and gives them the role at the venue.
 * The password is read from standard input when it is piped
 * (`printf '%s\n' 'a long secret' | npm run user:create -- ...`), else asked for at a prompt that
 * does not echo. Never from the command line: arguments end up in the shell history and in the
 * process list that every user of the machine can read.
 */
import { parseArgs } from 'node:util';
import { isDomainError } from '@carte/domain';
import { loadEnv } from '../env.ts';
import { checkCredentials, createStaffUser, STAFF_ROLES, type StaffRole } from '../modules/users/users.service.ts';
import { CliError, openResources, out, runCli } from './cli-support.ts';

const USAGE =
  'Usage: npm run user:create -- --email E --venue V --role owner|manager\n' +
  'The password is asked for at a prompt, or read from standard input:\n' +
  "  printf '%s\\n' 'a long secret' | npm run user:create -- --email E --venue V --role owner";

const PASSWORD_ARGUMENT_REFUSED =
  '--password is not accepted: a password given on the command line stays in the shell history ' +
  'and is visible to every user of the machine. Type it at the prompt, or pipe it on standard input.';

/** The password piped on standard input: one line, its line break removed. */
async function readPipedPassword(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
  if (text === '') throw new CliError(`No password on standard input.\n${USAGE}`);
  if (/[\r\n]/.test(text)) throw new CliError('Standard input holds more than one line: give the password alone.');
  return text;
}

/** Asks on the terminal without echoing what is typed. Ctrl+C cancels. */
function promptHidden(question: string): Promise<string> {
  const stdin = process.stdin;
  // Echo off before the question shows: an answer typed (or pasted) the instant it appears must not
  // be echoed by the terminal, which is what happened when this process was slow to get here.
  stdin.setRawMode(true);
  process.stderr.write(question);
  stdin.setEncoding('utf8');
  stdin.resume();
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = (error?: Error) => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') return finish();
        if (ch === '\u0003') return finish(new CliError('Cancelled.', 130));
        if (ch === '\u0004') return value ? finish() : finish(new CliError('Cancelled.'));
        if (ch === '\u007f' || ch === '\b') value = [...value].slice(0, -1).join('');
        else if (ch >= ' ') value += ch;
      }
    };
    stdin.on('data', onData);
  });
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) return readPipedPassword();
  const password = await promptHidden('Password: ');
  if (password === '') throw new CliError('No password typed.');
  if ((await promptHidden('Repeat the password: ')) !== password) throw new CliError('The passwords differ.');
  return password;
}

const env = loadEnv();
await runCli(async () => {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: 'string' },
        // Declared only to refuse it with a clear message.
        password: { type: 'string' },
        venue: { type: 'string' },
        role: { type: 'string' },
      },
    }));
  } catch (e) {
    throw new CliError(`${(e as Error).message}\n${USAGE}`);
  }
  if (values.password !== undefined) throw new CliError(PASSWORD_ARGUMENT_REFUSED);
  const missing = ['email', 'venue', 'role'].filter((k) => !values[k]);
  if (missing.length) throw new CliError(`Missing ${missing.map((m) => `--${m}`).join(', ')}\n${USAGE}`);
  const email = String(values.email);
  const venue = String(values.venue);
  const role = String(values.role);
  if (!(STAFF_ROLES as readonly string[]).includes(role))
    throw new CliError(`--role must be owner or manager\n${USAGE}`);
  const password = await readPassword();
  try {
    checkCredentials({ email, password });
  } catch (e) {
    if (isDomainError(e) && e.issues) {
      throw new CliError(e.issues.map((i) => `${i.path === 'email' ? '--email' : i.path}: ${i.message}`).join('\n'));
    }
    throw e;
  }
  const { database } = await openResources(env);
  try {
    const r = await createStaffUser({ db: database.db }, { email, password, venueUrl: venue, role: role as StaffRole });
    await out(`${r.created ? 'Created user' : 'Updated the password of'} ${r.email}; ${role} of venue "${venue}".`);
  } catch (e) {
    if (isDomainError(e) && e.code === 'VENUE_NOT_FOUND') throw new CliError(`Venue not found: ${venue}`);
    throw e;
  } finally {
    await database.close();
  }
});
