import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { assets } from '../src/db/schema.ts';
import { parseEnv, type Env } from '../src/env.ts';
import { fileUpload } from '../src/modules/staff-menu/test-support.ts';
import { assetStoresFromEnv, type AssetStores } from '../src/providers/storage/index.ts';
import { createS3Client, createS3Storage } from '../src/providers/storage/s3.ts';
import { FAKE_S3_KEY, startFakeS3, type FakeS3 } from './fake-s3.ts';
import { createStaffFixture, type StaffFixture } from './staff-fixtures.ts';
import { createTestDatabase, dbKinds, type TestDatabase } from './test-db.ts';

/**
 * Photos through the whole server, on each store: uploaded through one process, served by another
 * with the same cache headers; a store that refuses the write answers 503 with nothing in the
 * database. On S3 the processes share nothing but the database and the bucket (each has its own
 * DATA_DIR); on the local disk they share the directory, as processes on one machine do.
 */
const stores = ['local disk', 'S3'] as const;

describe.each(dbKinds.flatMap((db) => stores.map((store) => [db, store] as const)))(
  'photos on %s with %s storage',
  (kind, store) => {
    let database: TestDatabase;
    let s3: FakeS3 | undefined;
    const dirs: string[] = [];
    const apps: FastifyInstance[] = [];
    let f: StaffFixture;

    /** The variables of one process: its own DATA_DIR, the S3 bucket when the store is S3. */
    const envOf = (dataDir: string, s3Overrides: Record<string, string> = {}) =>
      parseEnv({
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        NODE_ENV: 'test',
        WEB_DIST: path.join(dataDir, 'no-web-dist'),
        ...(s3
          ? {
              S3_ENDPOINT: s3.endpoint,
              S3_BUCKET: 'photos',
              S3_ACCESS_KEY_ID: FAKE_S3_KEY,
              S3_SECRET_ACCESS_KEY: FAKE_S3_KEY,
              ...s3Overrides,
            }
          : {}),
      });

    /** A Carte process on the shared database, with the stores its variables choose. */
    const startProcess = async (dataDir: string, storesOf: (env: Env) => AssetStores) => {
      const env = envOf(dataDir);
      const chosen = storesOf(env);
      const app = await buildApp({
        env,
        database,
        storage: chosen.assets,
        variants: chosen.variants,
        logger: false,
      });
      await app.ready();
      apps.push(app);
      return app;
    };

    const shared = mkdtempSync(path.join(tmpdir(), 'carte-photos-'));
    dirs.push(shared);
    const dataDirFor = (name: string) => {
      if (store === 'local disk') return shared;
      const dir = mkdtempSync(path.join(tmpdir(), `carte-photos-${name}-`));
      dirs.push(dir);
      return dir;
    };

    let first: FastifyInstance;
    let second: FastifyInstance;

    beforeAll(async () => {
      if (store === 'S3') s3 = await startFakeS3(['photos']);
      database = await createTestDatabase(kind);
      first = await startProcess(dataDirFor('first'), assetStoresFromEnv);
      second = await startProcess(dataDirFor('second'), assetStoresFromEnv);
      f = await createStaffFixture(first, database.db, 'photos');
    });
    afterAll(async () => {
      for (const app of apps) await app.close();
      await database?.close();
      await s3?.close();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    });

    const assetCount = async () => Number((await database.db.select({ n: count() }).from(assets))[0]!.n);
    const upload = async (app: FastifyInstance, colour: string) => {
      const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: colour } })
        .png()
        .toBuffer();
      const body = fileUpload(png);
      return app.inject({
        method: 'POST',
        url: `/api/asset?venueId=${f.venueA.id}`,
        payload: body.payload,
        headers: { ...body.headers, ...f.headers('manager') },
      });
    };

    it('serves a photo uploaded through one process from the other, original and variants, with the same cache headers', async () => {
      const res = await upload(first, '#b4532a');
      expect(res.statusCode, res.body).toBe(201);
      const { id, url } = (res.json() as { data: { id: string; url: string } }).data;
      for (const [query, width] of [
        ['', 640],
        ['?w=256', 256],
      ] as const) {
        const here = await first.inject({ method: 'GET', url: `${url}${query}` });
        const there = await second.inject({ method: 'GET', url: `${url}${query}` });
        for (const answer of [here, there]) {
          expect(answer.statusCode).toBe(200);
          expect(answer.headers['content-type']).toBe('image/webp');
          expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
          expect((await sharp(answer.rawPayload).metadata()).width).toBe(width);
        }
        expect(there.headers.etag).toBe(here.headers.etag);
        expect(there.rawPayload.equals(here.rawPayload)).toBe(true);
      }
      // The resized variant was kept in the shared store, not only in one process's memory.
      if (s3) {
        const variants = createS3Storage(createS3Client(s3.config()), 'photos', 'variants/');
        const original = createS3Storage(createS3Client(s3.config()), 'photos');
        expect(await original.get(`${id}.webp`)).not.toBeNull();
        const hashPrefix = (await database.db.select({ sha: assets.sha256 }).from(assets)).map((r) =>
          r.sha.slice(0, 32),
        );
        const found = await Promise.all(hashPrefix.map((h) => variants.get(`${h}-256.webp`)));
        expect(found.some((b) => b !== null)).toBe(true);
      } else {
        expect(readdirSync(path.join(shared, 'assets'))).toContain(`${id}.webp`);
        expect(readdirSync(path.join(shared, 'cache', 'media')).some((n) => n.endsWith('-256.webp'))).toBe(true);
      }
    });

    /** The ways each store fails: a process whose store refuses, or cannot be reached. */
    const failures: Record<typeof store, [string, (env: Env) => AssetStores][]> = {
      'local disk': [
        [
          'a photo directory that cannot be written or read',
          (env) => {
            // A file where the photo directory should be: the disk refuses every write and read.
            const dir = mkdtempSync(path.join(tmpdir(), 'carte-photos-blocked-'));
            dirs.push(dir);
            writeFileSync(path.join(dir, 'assets'), 'not a directory');
            return assetStoresFromEnv({ ...env, DATA_DIR: dir });
          },
        ],
      ],
      S3: [
        [
          'a bucket that refuses the key',
          (env) => assetStoresFromEnv({ ...env, S3_SECRET_ACCESS_KEY: 'not the secret' }),
        ],
        ['a bucket that cannot be reached', (env) => assetStoresFromEnv({ ...env, S3_ENDPOINT: 'http://127.0.0.1:9' })],
      ],
    };

    it.each(failures[store])(
      'with %s: uploads answer 503 STORAGE_UNAVAILABLE with nothing in the database, photos 503, the healthy process serves on',
      async (why, storesOf) => {
        const stored = await upload(first, '#1d4ed8');
        const { url } = (stored.json() as { data: { url: string } }).data;
        const broken = await startProcess(dataDirFor(why.replaceAll(' ', '-')), storesOf);
        const before = await assetCount();
        const res = await upload(broken, '#0f766e');
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({
          success: false,
          code: 'STORAGE_UNAVAILABLE',
          error: 'The photo storage cannot be reached right now. Please try again in a moment.',
        });
        expect(res.headers['retry-after']).toBe('1');
        expect(await assetCount()).toBe(before);
        const photo = await broken.inject({ method: 'GET', url: `${url}?w=128` });
        expect(photo.statusCode).toBe(503);
        expect(photo.headers['cache-control']).toBe('no-store');
        expect((await second.inject({ method: 'GET', url: `${url}?w=128` })).statusCode).toBe(200);
      },
    );
  },
);
