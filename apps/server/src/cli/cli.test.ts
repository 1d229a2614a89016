import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { eq } from 'drizzle-orm';
import { products, users, venues } from '../db/schema.ts';
import { verifyPassword } from '../modules/users/users.service.ts';
import { casaVerde, fixtureDir } from '../../test/venue-fixtures.ts';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const SLOW = 120_000;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a CLI the way `npm run` does (tsx, from the repository root) with its own data directory. */
function runCli(script: string, args: string[], env: Record<string, string>, input?: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'apps/server/src/cli', script), ...args],
      {
        cwd: ROOT,
        // eslint-disable-next-line no-restricted-properties -- the child inherits this process's environment (PATH, TEST_*)
        env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent', ...env },
        stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      },
    );
    if (input !== undefined) child.stdin!.end(input);
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('the CLIs as child processes (PGlite in a temporary DATA_DIR)', () => {
  let dataDir: string;
  let fixture: Awaited<ReturnType<typeof fixtureDir>>;
  let env: Record<string, string>;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'carte-cli-'));
    fixture = await fixtureDir(casaVerde({ venueUrl: 'cli-venue' }));
    env = { DATA_DIR: dataDir, INIT_CWD: fixture.dir };
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
    await fixture?.remove();
  });

  it('venue:import of text that is not JSON says where, exit 1', async () => {
    await writeFile(path.join(fixture.dir, 'broken.json'), '{\n  "venue": {\n    "name": "x",\n  }\n}');
    const r = await runCli('venue-import.ts', ['broken.json'], env);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${path.join(fixture.dir, 'broken.json')} is not valid JSON`);
    expect(r.stderr).toContain('at line 4, column 3');
  });

  it(
    'venue:import of a bad file prints every problem with its path, exit 1, nothing written',
    async () => {
      const bad = casaVerde({ venueUrl: 'cli-venue' }) as unknown as { products: Record<string, unknown>[] };
      bad.products[0]!.price = 'eleven';
      bad.products[2]!.image = 'images/missing.png';
      delete bad.products[3]!.name;
      await writeFile(path.join(fixture.dir, 'bad.json'), JSON.stringify(bad));
      const r = await runCli('venue-import.ts', ['bad.json'], env);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('nothing was written. 2 problems:');
      expect(r.stderr).toContain('\nproducts[0].price: must be a number\n');
      expect(r.stderr).toContain('\nproducts[3].name: is required\n');
      expect(r.stderr).not.toMatch(/^\s+at /m);
    },
    SLOW,
  );

  it(
    'venue:import of a good file, then user:create, then venue:export --out that imports back',
    async () => {
      const imported = await runCli('venue-import.ts', ['venue.json'], env);
      expect(imported).toMatchObject({ code: 0, stderr: '' });
      expect(imported.stdout).toContain('Venue "cli-venue" created');
      expect(imported.stdout).toContain('4 products');

      const unknown = await runCli(
        'user-create.ts',
        ['--email', 'x@example.com', '--venue', 'nowhere', '--role', 'owner'],
        env,
        'long-enough\n',
      );
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain('Venue not found: nowhere');

      // The password is piped on standard input, its line break dropped.
      const user = await runCli(
        'user-create.ts',
        ['--email', 'Chef@Example.com', '--venue', 'cli-venue', '--role', 'manager'],
        env,
        'a long secret\n',
      );
      expect(user.code).toBe(0);
      expect(user.stdout).toContain('Created user chef@example.com; manager of venue "cli-venue"');
      const database = await openDatabase({ dataDir });
      try {
        const [row] = await database.db.select().from(users).where(eq(users.email, 'chef@example.com'));
        expect(await verifyPassword('a long secret', row!.passwordHash)).toBe(true);
        expect(await verifyPassword('a long secret\n', row!.passwordHash)).toBe(false);
      } finally {
        await database.close();
      }

      const exported = await runCli('venue-export.ts', ['cli-venue', '--out', 'out/menu.json'], env);
      expect(exported.code).toBe(0);
      const out = path.join(fixture.dir, 'out/menu.json');
      const file = JSON.parse(await readFile(out, 'utf8')) as { products: { image?: string }[] };
      expect(file.products[0]!.image).toBe('images/burrata.webp');
      expect(existsSync(path.join(fixture.dir, 'out/images/burrata.webp'))).toBe(true);

      const again = await runCli('venue-import.ts', ['out/menu.json'], env);
      expect(again.code).toBe(0);
      expect(again.stdout).toContain('Venue "cli-venue" updated');
      expect(again.stdout).toContain('menu version 2');
    },
    SLOW * 3,
  );

  it.each<[string, string[], string | undefined, RegExp]>([
    [
      'a password on the command line',
      ['--email', 'a@example.com', '--password', 'long-enough', '--venue', 'cli-venue', '--role', 'owner'],
      'long-enough\n',
      /^--password is not accepted: a password given on the command line stays in the shell history/,
    ],
    [
      'a password given as --password=',
      ['--email', 'a@example.com', '--password=long-enough', '--venue', 'cli-venue', '--role', 'owner'],
      undefined,
      /^--password is not accepted/,
    ],
    [
      'nothing on standard input',
      ['--email', 'a@example.com', '--venue', 'cli-venue', '--role', 'owner'],
      '',
      /^No password on standard input\.\nUsage: npm run user:create -- --email E --venue V --role owner\|manager/,
    ],
    [
      'two lines on standard input',
      ['--email', 'a@example.com', '--venue', 'cli-venue', '--role', 'owner'],
      'long-enough\nsecond line\n',
      /^Standard input holds more than one line/,
    ],
    [
      'a password too short',
      ['--email', 'a@example.com', '--venue', 'cli-venue', '--role', 'owner'],
      'short\n',
      /^password: /,
    ],
  ])(
    'user:create refuses %s, exit 1, no user written',
    async (_name, args, input, message) => {
      const r = await runCli('user-create.ts', args, env, input);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(message);
      expect(r.stdout).toBe('');
      const database = await openDatabase({ dataDir });
      try {
        expect(await database.db.select().from(users).where(eq(users.email, 'a@example.com'))).toEqual([]);
      } finally {
        await database.close();
      }
    },
    SLOW,
  );

  // `script` gives the command a terminal, as when an operator types the password.
  it.skipIf(!existsSync('/usr/bin/script'))(
    'user:create on a terminal asks twice for the password without echoing it',
    async () => {
      const command = [process.execPath, '--import', 'tsx', path.join(ROOT, 'apps/server/src/cli/user-create.ts')]
        .concat(['--email', 'typed@example.com', '--venue', 'cli-venue', '--role', 'owner'])
        .map((a) => `'${a}'`)
        .join(' ');
      const child = spawn('/usr/bin/script', ['-qec', command, '/dev/null'], {
        cwd: ROOT,
        // eslint-disable-next-line no-restricted-properties -- the child inherits this process's environment (PATH, TEST_*)
        env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent', ...env },
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let screen = '';
      let answered = 0;
      child.stdout.on('data', (d: Buffer) => {
        screen += d.toString();
        const prompts = (screen.match(/Password: |Repeat the password: /g) ?? []).length;
        while (answered < prompts) {
          answered++;
          child.stdin.write('typed secret\r');
        }
      });
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect(screen).toContain('Password: ');
      expect(screen).toContain('Repeat the password: ');
      expect(screen).toContain('Created user typed@example.com; owner of venue "cli-venue"');
      expect(screen).not.toContain('typed secret');
      expect(code).toBe(0);
      const database = await openDatabase({ dataDir });
      try {
        const [row] = await database.db.select().from(users).where(eq(users.email, 'typed@example.com'));
        expect(await verifyPassword('typed secret', row!.passwordHash)).toBe(true);
      } finally {
        await database.close();
      }
    },
    SLOW,
  );

  it(
    'stops with the lock message and exit 2 while another process holds the data directory',
    async () => {
      const database = await openDatabase({ dataDir });
      try {
        const r = await runCli('venue-import.ts', ['venue.json'], env);
        expect(r.code).toBe(2);
        expect(r.stderr.trim()).toBe(
          `The data directory ${dataDir} is in use by another Carte process (pid ${process.pid}). ` +
            'Only one process may open an embedded (PGlite) database: stop the server first, ' +
            'or set DATABASE_URL to use a PostgreSQL server that several processes can share.',
        );
        // What the earlier commands left: the bad file wrote nothing, the good one its menu.
        expect((await database.db.select().from(venues)).map((v) => v.venueUrl)).toEqual(['cli-venue']);
        expect(await database.db.select().from(products)).toHaveLength(4);
      } finally {
        await database.close();
      }
    },
    SLOW,
  );
});
