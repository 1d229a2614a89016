import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import jsqrModule from 'jsqr';
import { decodePDFRawStream, PDFArray, PDFDocument, type PDFRawStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import { venues } from '../../db/schema.ts';
import { insertVenue } from '../../../test/factories.ts';
import { createStaffFixture, type StaffFixture } from '../../../test/staff-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { dbKinds } from '../../../test/test-db.ts';
import { eq } from 'drizzle-orm';
import { qrMatrix, renderTableQrPdf, tableQrUrl } from './table-qr.ts';

type Decode = (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null;
// jsqr is CommonJS with an ES-style default export: take the function whichever way Node hands it over.
const jsQR: Decode =
  (jsqrModule as unknown as { default?: Decode }).default ?? (jsqrModule as unknown as Decode);

/** Draws a module matrix as RGBA pixels (4 px a module, 4 modules of quiet zone) and reads it back. */
function decodeMatrix(matrix: boolean[][]): string | null {
  const scale = 4;
  const n = matrix.length + 8;
  const side = n * scale;
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  matrix.forEach((row, r) =>
    row.forEach((dark, c) => {
      if (!dark) return;
      for (let y = 0; y < scale; y++) {
        for (let x = 0; x < scale; x++) {
          const i = (((r + 4) * scale + y) * side + (c + 4) * scale + x) * 4;
          data[i] = data[i + 1] = data[i + 2] = 0;
        }
      }
    }),
  );
  return jsQR(data, side, side)?.data ?? null;
}

/** Each page's text (what pdf-lib's drawText wrote as hex strings), after parsing the PDF. */
async function pdfPageTexts(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
    const raw = streams
      .map((s) => Buffer.from(decodePDFRawStream(s as PDFRawStream).decode()).toString('latin1'))
      .join('\n');
    return [...raw.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)].map((m) => Buffer.from(m[1]!, 'hex').toString('latin1')).join('\n');
  });
}

describe('table QR codes', () => {
  it.each([
    ['https://order.example.com', 'trattoria', 'Terrace A', 'https://order.example.com/trattoria?spot=Terrace%20A'],
    ['http://localhost:3000/', 'casa-verde', '12', 'http://localhost:3000/casa-verde?spot=12'],
    ['https://example.com/carte', 'x', 'Tisch #3 & Bar', 'https://example.com/carte/x?spot=Tisch%20%233%20%26%20Bar'],
    ['https://café.example', 'x', 'Été', 'https://xn--caf-dma.example/x?spot=%C3%89t%C3%A9'],
  ])('the code of %s / %s / %s opens %s', (publicUrl, venueUrl, spot, expected) => {
    const url = tableQrUrl(publicUrl, venueUrl, spot);
    expect(url).toBe(expected);
    expect(decodeMatrix(qrMatrix(url))).toBe(expected);
  });

  it("carries the table's token, so phones that scan it join the table's session (decision 034)", () => {
    const url = tableQrUrl('https://x.test', 'casa', 'Table 5', 'q3Vx0bT9r2nYk8aLm4Pz7sWc1dEf6G_-');
    expect(url).toBe('https://x.test/casa?spot=Table%205&t=q3Vx0bT9r2nYk8aLm4Pz7sWc1dEf6G_-');
    expect(decodeMatrix(qrMatrix(url))).toBe(url);
  });

  it('one page per table, with the venue name, the table name and the address', async () => {
    const spots = ['1', '2', 'Terrace A', 'Bar'];
    const pdf = await renderTableQrPdf({ venueName: 'Caffè Nero', venueUrl: 'nero', spots, publicUrl: 'https://x.test', layout: 'pages' });
    const pages = await pdfPageTexts(pdf);
    expect(pages).toHaveLength(4);
    pages.forEach((text, i) => {
      expect(text).toContain('Caffè Nero');
      expect(text.split('\n')).toContain(spots[i]);
      expect(text).toContain(`https://x.test/nero?spot=${encodeURIComponent(spots[i]!)}`);
    });
  });

  it('cards: eight to an A4 page; a name the font cannot show does not break the PDF', async () => {
    const spots = Array.from({ length: 10 }, (_, i) => `T${i + 1}`);
    const pdf = await renderTableQrPdf({ venueName: 'บ้านสวน Baan Suan', venueUrl: 'baan-suan', spots, publicUrl: 'https://x.test', layout: 'cards' });
    const pages = await pdfPageTexts(pdf);
    expect(pages).toHaveLength(2);
    expect(pages[0]!.split('\n').filter((l) => /^T\d+$/.test(l))).toEqual(spots.slice(0, 8));
    expect(pages[1]!.split('\n').filter((l) => /^T\d+$/.test(l))).toEqual(['T9', 'T10']);
    expect(pages[0]).toContain('Baan Suan');
  });
});

describe.each(dbKinds)('GET /api/venue/qr on %s', (kind) => {
  let t: TestApp;
  let f: StaffFixture;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { PUBLIC_URL: 'https://order.example.com' } });
    f = await createStaffFixture(t.app, t.database.db, 'qr');
  });
  afterAll(async () => t?.close());

  it('answers a PDF of the venue’s tables, pages or cards', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/venue/qr?venueId=${f.venueA.id}`, headers: f.headers('manager') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pages = await pdfPageTexts(res.rawPayload);
    expect(pages).toHaveLength(3);
    expect(pages[2]).toContain(`https://order.example.com/${f.venueA.venueUrl}?spot=Terrace%20A`);
    const cards = await t.app.inject({ method: 'GET', url: `/api/venue/qr?venueId=${f.venueA.id}&layout=cards`, headers: f.headers('owner') });
    expect(await pdfPageTexts(cards.rawPayload)).toHaveLength(1);
    const bad = await t.app.inject({ method: 'GET', url: `/api/venue/qr?venueId=${f.venueA.id}&layout=poster`, headers: f.headers('owner') });
    expect(bad.statusCode).toBe(400);
  });

  it('a venue without tables: 400 saying so', async () => {
    await t.database.db.update(venues).set({ spots: [] }).where(eq(venues.id, f.venueB.id));
    const res = await t.app.inject({ method: 'GET', url: `/api/venue/qr?venueId=${f.venueB.id}`, headers: f.headers('otherManager') });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { issues: unknown[] }).issues).toEqual([
      { path: 'spots', code: 'too_small', params: { min: 1, origin: 'array' }, message: 'must list at least one table' },
    ]);
  });
});

describe.each(dbKinds)('the address of links and QR codes without PUBLIC_URL on %s', (kind) => {
  let t: TestApp;
  let f: StaffFixture;
  beforeAll(async () => {
    // PUBLIC_URL unset: a server started with PORT=3100 must not print localhost:3000.
    t = await createTestApp(kind);
    f = await createStaffFixture(t.app, t.database.db, 'qr-origin');
  });
  afterAll(async () => t?.close());

  it('prints the address the staff reached the server at, and says PUBLIC_URL is unset', async () => {
    const headers = { ...f.headers('manager'), host: 'carte.local:3100' };
    const venue = await t.app.inject({ method: 'GET', url: `/api/venue?venueId=${f.venueA.id}`, headers });
    expect(venue.json()).toMatchObject({ data: { publicUrl: 'http://carte.local:3100', publicUrlConfigured: false } });
    const res = await t.app.inject({ method: 'GET', url: `/api/venue/qr?venueId=${f.venueA.id}`, headers });
    expect(res.statusCode).toBe(200);
    const pages = await pdfPageTexts(res.rawPayload);
    expect(pages[0]).toContain(`http://carte.local:3100/${f.venueA.venueUrl}?spot=`);
    expect(pages.join('\n')).not.toContain('localhost:3000');
  });
});

describe.each(dbKinds)('the address of links and QR codes with PUBLIC_URL on %s', (kind) => {
  let t: TestApp;
  let f: StaffFixture;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { PUBLIC_URL: 'https://order.example.com' } });
    f = await createStaffFixture(t.app, t.database.db, 'qr-public');
  });
  afterAll(async () => t?.close());

  it('uses PUBLIC_URL whatever Host the request names', async () => {
    const headers = { ...f.headers('owner'), host: 'evil.example' };
    const venue = await t.app.inject({ method: 'GET', url: `/api/venue?venueId=${f.venueA.id}`, headers });
    expect(venue.json()).toMatchObject({ data: { publicUrl: 'https://order.example.com', publicUrlConfigured: true } });
  });
});

const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));

function runQrCli(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/server/src/cli/venue-qr.ts'), ...args], {
      cwd: ROOT,
      // eslint-disable-next-line no-restricted-properties -- the child inherits this process's environment (PATH)
      env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent', ...env },
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

describe('npm run venue:qr', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'carte-qr-'));
    const database = await openDatabase({ dataDir: path.join(dir, 'data') });
    try {
      await insertVenue(database.db, { venueUrl: 'qr-cli', name: 'QR Bistro' });
    } finally {
      await database.close();
    }
  }, 60_000);
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('writes the cards PDF where --out says; an unknown venue is exit 1', async () => {
    const env = { DATA_DIR: path.join(dir, 'data'), INIT_CWD: dir, PUBLIC_URL: 'https://menu.example.org' };
    const r = await runQrCli(['qr-cli', '--layout', 'cards', '--out', 'tables.pdf'], env);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(path.join(dir, 'tables.pdf'));
    const pages = await pdfPageTexts(await readFile(path.join(dir, 'tables.pdf')));
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain('https://menu.example.org/qr-cli?spot=Terrace%20A');
    const missing = await runQrCli(['nowhere'], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('Venue not found: nowhere');
  }, 120_000);
});
