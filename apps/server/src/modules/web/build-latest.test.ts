import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const INDEX = '<!doctype html><html><head><meta name="carte-build" content="b0e5e060f8564cb1"></head><body></body></html>';

describe('GET /builds/latest.json: the build this server serves', () => {
  let t: TestApp | undefined;
  let dist: string | undefined;
  afterEach(async () => {
    await t?.close();
    if (dist) rmSync(dist, { recursive: true, force: true });
    t = undefined;
    dist = undefined;
  });

  const serve = async (files: Record<string, string>) => {
    dist = mkdtempSync(path.join(tmpdir(), 'carte-dist-'));
    for (const [name, content] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dist, name)), { recursive: true });
      writeFileSync(path.join(dist, name), content);
    }
    t = await createTestApp('pglite', { env: { WEB_DIST: dist } });
    return t.app.inject({ method: 'GET', url: '/builds/latest.json' });
  };

  it('answers the id the build wrote (the one in index.html), never from a cache', async () => {
    const res = await serve({
      'index.html': INDEX,
      'builds/latest.json': JSON.stringify({ id: 'b0e5e060f8564cb1', builtAt: '2026-11-23T01:04:32.195Z' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-cache, no-store, must-revalidate');
    expect(res.json()).toEqual({ id: 'b0e5e060f8564cb1', builtAt: '2026-11-23T01:04:32.195Z' });
  });

  it('computes the id from index.html for a build that wrote none', async () => {
    const res = await serve({ 'index.html': INDEX });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.id).toBe(createHash('sha256').update(INDEX).digest('hex').slice(0, 16));
    expect(Number.isFinite(Date.parse(body.builtAt))).toBe(true);
  });

  it('is a 404 while the web app is not built', async () => {
    t = await createTestApp('pglite');
    const res = await t.app.inject({ method: 'GET', url: '/builds/latest.json' });
    expect(res.statusCode).toBe(404);
  });
});
