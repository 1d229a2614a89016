import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Client, createS3Storage, type S3Storage } from '../src/providers/storage/s3.ts';
import { FAKE_S3_KEY, startFakeS3, type FakeS3 } from './fake-s3.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs an entry point as `npm run` / `npm start` do (tsx, from the root), with only the given variables. */
function run(entry: string, args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, entry), ...args], {
      cwd: ROOT,
      env: { LOG_LEVEL: 'silent', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('photos moved to a bucket, and a bucket that does not exist', () => {
  let s3: FakeS3;
  let dataDir: string;
  let bucket: S3Storage;
  const s3Env = (bucketName = 'photos') => ({
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: bucketName,
    S3_ACCESS_KEY_ID: FAKE_S3_KEY,
    S3_SECRET_ACCESS_KEY: FAKE_S3_KEY,
  });
  const photos: Record<string, Buffer> = {
    '0b7c6a52-3d4e-4f60-8a9b-1c2d3e4f5a6b.webp': Buffer.from('RIFF first photo WEBP'),
    '5e4d3c2b-1a09-4f8e-9d7c-6b5a4f3e2d1c.webp': Buffer.from('RIFF second photo WEBP'),
    'legacy-import.png': Buffer.from('\x89PNG a photo imported as PNG'),
  };

  beforeAll(async () => {
    s3 = await startFakeS3(['photos']);
    bucket = createS3Storage(createS3Client(s3.config()), 'photos');
    dataDir = mkdtempSync(path.join(tmpdir(), 'carte-migrate-'));
    const assets = path.join(dataDir, 'assets');
    mkdirSync(assets);
    for (const [key, bytes] of Object.entries(photos)) writeFileSync(path.join(assets, key), bytes);
    // Half-written by a process that died: never copied.
    writeFileSync(path.join(assets, 'half.webp.123.abcd.tmp'), 'partial');
  });
  afterAll(async () => {
    await s3?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const migrate = (env: Record<string, string> = s3Env()) =>
    run('apps/server/src/cli/assets-migrate.ts', [], { DATA_DIR: dataDir, ...env });

  it('copies the local photos under the same keys, and a second run copies nothing', async () => {
    const first = await migrate();
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^3 photos copied from .*assets to bucket "photos", 0 already there\.$/m);
    for (const [key, bytes] of Object.entries(photos)) expect((await bucket.get(key))?.equals(bytes)).toBe(true);
    expect(await bucket.get('half.webp.123.abcd.tmp')).toBeNull();

    const again = await migrate();
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/^0 photos copied .*, 3 already there\.$/m);

    // A photo changed on disk since (same size, other bytes) is copied again; the rest is left alone.
    const key = '0b7c6a52-3d4e-4f60-8a9b-1c2d3e4f5a6b.webp';
    const changed = Buffer.from('RIFF FIRST PHOTO WEBP');
    writeFileSync(path.join(dataDir, 'assets', key), changed);
    const third = await migrate();
    expect(third.stdout).toMatch(/^1 photo copied .*, 2 already there\.$/m);
    expect((await bucket.get(key))?.equals(changed)).toBe(true);
  });

  it('says what to set when no bucket is configured', async () => {
    const res = await migrate({});
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/Set S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/);
  });

  it('stops with S3_BUCKET named when the bucket does not exist', async () => {
    const res = await migrate(s3Env('no-such-bucket'));
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/^S3_BUCKET: the bucket "no-such-bucket" does not exist at http:\/\/127\.0\.0\.1:\d+/m);
  });

  it('the server does not start on a bucket that does not exist, and names the variable', async () => {
    const res = await run('apps/server/src/index.ts', [], {
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      ...s3Env('no-such-bucket'),
    });
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/^S3_BUCKET: the bucket "no-such-bucket" does not exist at http:\/\/127\.0\.0\.1:\d+/m);
    expect(res.stdout).not.toMatch(/listening/);
  });
});
