import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const SLOW = 120_000;

function importVenue(
  file: string,
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'apps/server/src/cli/venue-import.ts'), file],
      {
        cwd: ROOT,
        // eslint-disable-next-line no-restricted-properties -- the child inherits this process's environment (PATH, TEST_*)
        env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const venueFile = (venue: Record<string, unknown>) => ({
  venue: {
    venueUrl: 'courier-less',
    name: 'Courier-less Café',
    currency: 'eur',
    spots: ['1', '2'],
    enable_uber_direct: true,
    ...venue,
  },
  categories: [{ id: 'mains', name: 'Mains' }],
  products: [{ id: 'soup', name: 'Soup of the day', price: 6.5, categories: ['mains'] }],
});

describe('npm run venue:import and delivery nobody can quote', () => {
  let dir: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'carte-cli-delivery-'));
    env = {
      DATA_DIR: path.join(dir, 'data'),
      INIT_CWD: dir,
      UBER_DIRECT_CUSTOMER_ID: '',
      UBER_DIRECT_CLIENT_ID: '',
      UBER_DIRECT_CLIENT_SECRET: '',
    };
    await writeFile(path.join(dir, 'no-fee.json'), JSON.stringify(venueFile({})));
    await writeFile(path.join(dir, 'with-fee.json'), JSON.stringify(venueFile({ deliveryFee: 3.9 })));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it(
    'imports a venue with enable_uber_direct and neither a fee nor Uber Direct, with a warning; none once it is quotable',
    async () => {
      const warned = await importVenue('no-fee.json', env);
      expect(warned.code).toBe(0);
      expect(warned.stdout).toContain('Venue "courier-less" created');
      expect(warned.stderr).toContain(
        'Warning: enable_uber_direct is on but the venue has no deliveryFee and Uber Direct is not configured',
      );

      const courier = await importVenue('no-fee.json', {
        ...env,
        UBER_DIRECT_CUSTOMER_ID: 'customer-1',
        UBER_DIRECT_CLIENT_ID: 'client-1',
        UBER_DIRECT_CLIENT_SECRET: 'secret-1',
      });
      expect(courier).toMatchObject({ code: 0, stderr: '' });

      const fee = await importVenue('with-fee.json', env);
      expect(fee).toMatchObject({ code: 0, stderr: '' });
      expect(fee.stdout).toContain('Venue "courier-less" updated');
    },
    SLOW * 3,
  );
});
