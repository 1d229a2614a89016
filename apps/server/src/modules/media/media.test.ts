import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertImageAsset } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { dbKinds } from '../../../test/test-db.ts';
import { assets } from '../../db/schema.ts';
import { MEDIA_WIDTHS, snapWidth } from './media-url.ts';

describe.each(dbKinds)('GET /media/:file on %s', (kind) => {
  let t: TestApp;
  let photo: string;
  let png: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    photo = await insertImageAsset(t.database.db, t.storage, { width: 800, height: 600 });
    // An asset stored as PNG is still served as WebP.
    png = randomUUID();
    const bytes = await sharp({ create: { width: 300, height: 200, channels: 4, background: '#ff000080' } })
      .png()
      .toBuffer();
    await t.storage.put(`${png}.png`, bytes, 'image/png');
    await t.database.db.insert(assets).values({
      id: png,
      storageKey: `${png}.png`,
      mime: 'image/png',
      width: 300,
      height: 200,
      bytes: bytes.length,
      sha256: 'b'.repeat(64),
    });
  });
  afterAll(() => t?.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const sizeOf = async (bytes: Buffer) => {
    const meta = await sharp(bytes).metadata();
    return { format: meta.format, width: meta.width, height: meta.height };
  };

  it.each([
    ['?w=256', 256, 192],
    ['?w=300', 384, 288], // snapped up to the next allowed width
    ['?w=64', 64, 48],
    ['?w=2000', 800, 600], // never upscaled
    ['?w=1024', 800, 600],
    ['', 800, 600],
  ])('answers %s with a WebP %i x %i', async (query, width, height) => {
    const res = await get(`/media/${photo}.webp${query}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sizeOf(res.rawPayload)).toEqual({ format: 'webp', width, height });
  });

  it('converts an asset stored in another format to WebP', async () => {
    const res = await get(`/media/${png}.webp?w=128`);
    expect(res.statusCode).toBe(200);
    expect(await sizeOf(res.rawPayload)).toEqual({ format: 'webp', width: 128, height: 85 });
  });

  it('keeps resized variants on disk under DATA_DIR/cache/media', async () => {
    await get(`/media/${photo}.webp?w=192`);
    const dir = path.join(t.dataDir, 'cache', 'media');
    expect(existsSync(dir)).toBe(true);
    expect(readdirSync(dir).some((f) => f.endsWith('-192.webp'))).toBe(true);
  });

  it('answers 304 to a matching If-None-Match, with a different ETag per width', async () => {
    const a = await get(`/media/${photo}.webp?w=128`);
    const b = await get(`/media/${photo}.webp?w=256`);
    expect(a.headers.etag).toBeTruthy();
    expect(a.headers.etag).not.toBe(b.headers.etag);
    const again = await get(`/media/${photo}.webp?w=128`, { 'if-none-match': a.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it.each([
    [`/media/${randomUUID()}.webp`, 404, 'NOT_FOUND'],
    ['/media/not-an-id.webp', 404, 'NOT_FOUND'],
    ['/media/..%2F..%2Fetc%2Fpasswd', 404, 'NOT_FOUND'],
    ['/media/PHOTO.png', 404, 'NOT_FOUND'],
    ['/media/PHOTO.webp?w=abc', 400, 'VALIDATION'],
    ['/media/PHOTO.webp?w=0', 400, 'VALIDATION'],
    ['/media/PHOTO.webp?w=-5', 400, 'VALIDATION'],
    ['/media/PHOTO.webp?w=12.5', 400, 'VALIDATION'],
    ['/media/PHOTO.webp?w=99999', 400, 'VALIDATION'],
  ])('answers %s with %i %s', async (url, status, code) => {
    const res = await get(url.replace('PHOTO', photo));
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ success: false, code });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 404 when the stored bytes are gone', async () => {
    const lost = await insertImageAsset(t.database.db, t.storage, { width: 100, height: 100 });
    await t.storage.delete(`${lost}.webp`);
    expect((await get(`/media/${lost}.webp?w=64`)).statusCode).toBe(404);
  });
});

describe('media widths', () => {
  it.each([
    [1, 64],
    [64, 64],
    [65, 96],
    [500, 512],
    [1024, 1024],
    [3000, 1024],
  ])('%i snaps to %i', (asked, served) => {
    expect(snapWidth(asked)).toBe(served);
  });
  it('are sorted', () => {
    expect([...MEDIA_WIDTHS].sort((a, b) => a - b)).toEqual([...MEDIA_WIDTHS]);
  });
});
