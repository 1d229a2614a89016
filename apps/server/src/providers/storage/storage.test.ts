import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3, type FakeS3 } from '../../../test/fake-s3.ts';
import { EnvError, parseEnv } from '../../env.ts';
import { s3ConfigFromEnv } from './index.ts';
import { createLocalDiskStorage } from './local-disk.ts';
import { checkS3Bucket, createS3Client, createS3Storage, type S3Config } from './s3.ts';
import { StorageConfigError, StorageUnavailableError, type AssetStorage } from './storage.ts';

/**
 * The same cases for every store (architecture 4.14): the local disk and an S3-compatible server
 * on 127.0.0.1. Each store also names the ways it can fail; every one of them must be a
 * StorageUnavailableError, which requests answer 503.
 */
interface StoreUnderTest {
  store: AssetStorage;
  failing: [string, AssetStorage][];
  close(): Promise<void>;
}

/** A port nothing listens on (taken, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const s3Store = (config: S3Config, prefix?: string) => createS3Storage(createS3Client(config), config.bucket, prefix);

const kinds: [string, () => Promise<StoreUnderTest>][] = [
  [
    'the local disk',
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'carte-store-'));
      // A file where the store's directory should be: every write and read is refused.
      const blocked = path.join(dir, 'blocked');
      writeFileSync(blocked, 'not a directory');
      return {
        store: createLocalDiskStorage(path.join(dir, 'assets')),
        failing: [['a store whose directory cannot be written', createLocalDiskStorage(path.join(blocked, 'assets'))]],
        close: async () => rmSync(dir, { recursive: true, force: true }),
      };
    },
  ],
  [
    'an S3-compatible bucket',
    async () => {
      const s3: FakeS3 = await startFakeS3(['photos']);
      return {
        store: s3Store(s3.config()),
        failing: [
          ['a bucket that refuses the key', s3Store(s3.config('photos', { secretAccessKey: 'not the secret' }))],
          ['a bucket that does not exist', s3Store(s3.config('no-such-bucket'))],
          [
            'a server that cannot be reached',
            s3Store(s3.config('photos', { endpoint: `http://127.0.0.1:${await closedPort()}` })),
          ],
        ],
        close: () => s3.close(),
      };
    },
  ],
];

describe.each(kinds)('an asset store on %s', (_name, setup) => {
  let t: StoreUnderTest;
  beforeAll(async () => {
    t = await setup();
  });
  afterAll(() => t?.close());

  const bytes = (text: string) => Buffer.from(text);

  it('gives back the bytes it was given, and null for a key it does not hold', async () => {
    await t.store.put('a1b2.webp', bytes('first photo'), 'image/webp');
    expect((await t.store.get('a1b2.webp'))?.toString()).toBe('first photo');
    expect(await t.store.get('never-stored.webp')).toBeNull();
  });

  it('replaces the bytes of a key written again', async () => {
    await t.store.put('again.webp', bytes('one'), 'image/webp');
    await t.store.put('again.webp', bytes('two, longer'), 'image/webp');
    expect((await t.store.get('again.webp'))?.toString()).toBe('two, longer');
  });

  it('holds binary bytes of any size exactly', async () => {
    const big = Buffer.alloc(3 * 1024 * 1024 + 17);
    for (let i = 0; i < big.length; i++) big[i] = (i * 31) & 255;
    await t.store.put('big.webp', big, 'image/webp');
    expect((await t.store.get('big.webp'))?.equals(big)).toBe(true);
  });

  it('deletes a key, and deleting a key it does not hold is not an error', async () => {
    await t.store.put('gone.webp', bytes('x'), 'image/webp');
    await t.store.delete('gone.webp');
    expect(await t.store.get('gone.webp')).toBeNull();
    await expect(t.store.delete('gone.webp')).resolves.toBeUndefined();
  });

  it.each(['../escape.webp', 'a/b.webp', '', '.hidden', 'x'.repeat(300)])('refuses the key %j', async (key) => {
    await expect(t.store.put(key, bytes('x'), 'image/webp')).rejects.toThrow(/Invalid storage key/);
    await expect(t.store.get(key)).rejects.toThrow(/Invalid storage key/);
  });

  it('fails every way it can fail with a StorageUnavailableError, for writes and reads', async () => {
    expect(t.failing.length).toBeGreaterThan(0);
    for (const [why, store] of t.failing) {
      await expect(store.put('refused.webp', bytes('x'), 'image/webp'), why).rejects.toBeInstanceOf(
        StorageUnavailableError,
      );
      await expect(store.get('a1b2.webp'), why).rejects.toBeInstanceOf(StorageUnavailableError);
    }
  });
});

describe('the start-up check of an S3 bucket', () => {
  let s3: FakeS3;
  beforeAll(async () => {
    s3 = await startFakeS3(['photos']);
  });
  afterAll(() => s3?.close());

  const check = (config: S3Config) => checkS3Bucket(createS3Client(config), config);

  it('passes for a bucket that exists with a key that works', async () => {
    expect(await check(s3.config())).toBeNull();
  });

  it.each([
    [
      'a bucket that does not exist',
      { bucket: 'nowhere' },
      /^S3_BUCKET: the bucket "nowhere" does not exist at http:\/\/127\.0\.0\.1:\d+/,
    ],
    ['an unknown access key', { accessKeyId: 'WHO' }, /^S3_ACCESS_KEY_ID: /],
    ['a wrong secret', { secretAccessKey: 'wrong' }, /^S3_SECRET_ACCESS_KEY: /],
  ])('stops with the variable named for %s', async (_why, overrides, message) => {
    const error = await check(s3.config('photos', overrides)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageConfigError);
    expect((error as Error).message).toMatch(message);
  });

  it('only warns when the server cannot be reached right now (uploads answer 503 until it is back)', async () => {
    const warning = await check(s3.config('photos', { endpoint: `http://127.0.0.1:${await closedPort()}` }));
    expect(warning).toMatch(/could not be checked .*photo uploads answer 503/);
  });
});

describe('the storage chosen by the S3_* variables', () => {
  const keys = { S3_ACCESS_KEY_ID: 'AKIA', S3_SECRET_ACCESS_KEY: 'secret' };
  it.each([
    ['nothing set: the local disk', {}, null],
    [
      'AWS S3: virtual-hosted bucket names, region us-east-1 unless set',
      { S3_BUCKET: 'carte', ...keys },
      { bucket: 'carte', endpoint: undefined, region: 'us-east-1', forcePathStyle: false },
    ],
    [
      'MinIO or R2: an endpoint turns path-style on',
      { S3_BUCKET: 'carte', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_REGION: 'auto', ...keys },
      { bucket: 'carte', endpoint: 'http://127.0.0.1:9000', region: 'auto', forcePathStyle: true },
    ],
    [
      'an endpoint with path-style turned off',
      { S3_BUCKET: 'carte', S3_ENDPOINT: 'https://s3.example.com', S3_FORCE_PATH_STYLE: 'false', ...keys },
      { forcePathStyle: false },
    ],
  ])('%s', (_name, vars, expected) => {
    const config = s3ConfigFromEnv(parseEnv(vars));
    if (expected === null) expect(config).toBeNull();
    else expect(config).toMatchObject({ ...expected, accessKeyId: 'AKIA', secretAccessKey: 'secret' });
  });

  it.each([
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, ['S3_BUCKET: required when S3_ENDPOINT is set']],
    [
      { S3_BUCKET: 'carte' },
      ['S3_ACCESS_KEY_ID: required when S3_BUCKET is set', 'S3_SECRET_ACCESS_KEY: required when S3_BUCKET is set'],
    ],
    [{ S3_BUCKET: 'carte', ...keys, S3_ENDPOINT: 'minio on port 9000' }, ['S3_ENDPOINT: must be a URL']],
    [{ S3_BUCKET: 'carte', ...keys, S3_FORCE_PATH_STYLE: 'sometimes' }, ['S3_FORCE_PATH_STYLE: ']],
  ])('refuses %j', (vars, problems) => {
    const error = (() => {
      try {
        parseEnv(vars);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(EnvError);
    expect((error as EnvError).problems).toHaveLength(problems.length);
    problems.forEach((p, i) => expect((error as EnvError).problems[i]).toContain(p));
  });
});
