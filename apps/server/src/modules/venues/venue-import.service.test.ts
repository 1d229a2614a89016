import { mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { asc, count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError, type VenueImportInput } from '@carte/domain';
import type { Db } from '../../db/client.ts';
import { assets, categories, productCategories, products, variations, venues } from '../../db/schema.ts';
import { createMemoryStorage } from '../../providers/storage/local-disk.ts';
import type { AssetStorage } from '../../providers/storage/storage.ts';
import { createTestDatabase, dbKinds, type TestDatabase } from '../../../test/test-db.ts';
import { casaVerde, fixtureDir, type FixtureFile } from '../../../test/venue-fixtures.ts';
import { exportVenue, exportVenueWithImages } from './venue-export.service.ts';
import { importVenue } from './venue-import.service.ts';

async function rowCounts(db: Db) {
  const n = async (
    table:
      | typeof venues
      | typeof categories
      | typeof products
      | typeof variations
      | typeof productCategories
      | typeof assets,
  ) => Number((await db.select({ n: count() }).from(table))[0]!.n);
  return {
    venues: await n(venues),
    categories: await n(categories),
    products: await n(products),
    variations: await n(variations),
    productCategories: await n(productCategories),
    assets: await n(assets),
  };
}

async function importError(p: Promise<unknown>): Promise<DomainError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(DomainError);
  return e as DomainError;
}

describe.each(dbKinds)('venue import and export on %s', (kind) => {
  let database: TestDatabase;
  let db: Db;
  let storage: AssetStorage;
  let fixture: Awaited<ReturnType<typeof fixtureDir>>;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = database.db;
    storage = createMemoryStorage();
    fixture = await fixtureDir();
  });
  afterAll(async () => {
    await database?.close();
    await fixture?.remove();
  });

  const venueRow = async (venueUrl: string) => (await db.select().from(venues).where(eq(venues.venueUrl, venueUrl)))[0];
  const productsOf = async (venueId: string) =>
    db.select().from(products).where(eq(products.venueId, venueId)).orderBy(asc(products.position));

  it('creates the venue with every row, money in minor units and images as WebP assets', async () => {
    const file = casaVerde({ venueUrl: 'create-me' });
    const result = await importVenue({ db, storage }, file, { baseDir: fixture.dir });
    expect(result).toMatchObject({ venueUrl: 'create-me', created: true, products: 4, menuVersion: 1 });

    const venue = (await venueRow('create-me'))!;
    expect(venue).toMatchObject({
      id: result.venueId,
      name: 'Casa Verde',
      currency: 'eur',
      spots: ['1', '2', 'Terrace A'],
      enableUberDirect: true,
      deliveryFeeMinor: 450,
      theme: { primary: '#0f766e', accent: '#f59e0b' },
      menuVersion: 1,
    });
    const prods = await productsOf(venue.id);
    expect(prods.map((p) => [p.key, p.priceMinor, p.status])).toEqual([
      ['burrata', 1150, 'available'],
      ['tagliata', 1010, 'available'],
      ['catch', null, 'available'],
      ['water', 230, 'unavailable'],
    ]);
    expect(prods[1]!.allergenes).toEqual(['gluten']);
    const vars = await db
      .select({ key: variations.key, minor: variations.priceVariationMinor })
      .from(variations)
      .innerJoin(products, eq(products.id, variations.productId))
      .where(eq(products.venueId, venue.id))
      .orderBy(asc(products.position), asc(variations.position));
    expect(vars).toEqual([
      { key: 'truffle', minor: 300 },
      { key: 'plain', minor: 0 },
      { key: 'small', minor: -420 },
      { key: 'sauce', minor: 20 },
    ]);
    const links = await db
      .select({ product: products.key, category: categories.key })
      .from(productCategories)
      .innerJoin(products, eq(products.id, productCategories.productId))
      .innerJoin(categories, eq(categories.id, productCategories.categoryId))
      .where(eq(products.venueId, venue.id));
    expect(links).toHaveLength(5);
    expect(links).toContainEqual({ product: 'water', category: 'drinks' });
    expect(links).toContainEqual({ product: 'water', category: 'starters' });

    // Three image files; burrata.jpg is used twice and stored once.
    const venueAssets = await db.select().from(assets).where(eq(assets.venueId, venue.id));
    expect(venueAssets).toHaveLength(3);
    expect(prods[0]!.image).toBe(prods[1]!.image);
    const burrata = venueAssets.find((a) => a.id === prods[0]!.image)!;
    expect(burrata).toMatchObject({ mime: 'image/webp', width: 1600, height: 800, storageKey: `${burrata.id}.webp` });
    const bytes = (await storage.get(burrata.storageKey))!;
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1600, height: 800 });
    expect(meta.exif).toBeUndefined();
    expect(bytes.length).toBe(burrata.bytes);
    expect(venue.headerIcon).not.toBeNull();
    expect(venue.defaultImage).not.toBeNull();
  });

  it('re-import updates in place: stable ids, removed rows deleted, menu version bumped, no new assets', async () => {
    const first = await importVenue({ db, storage }, casaVerde({ venueUrl: 'update-me' }), { baseDir: fixture.dir });
    const before = await productsOf(first.venueId);
    const assetsBefore = (await rowCounts(db)).assets;

    const file = casaVerde({ venueUrl: 'update-me' });
    file.venue.name = 'Casa Verde Nuova';
    file.products = file.products.filter((p) => p.id !== 'catch');
    file.products[0]!.price = 12;
    file.products[0]!.variations = [{ id: 'truffle', name: 'Black truffle', price_variation: 4.5 }];
    file.products.push({ id: 'tiramisu', name: 'Tiramisu', price: 6.9 });
    file.categories = file.categories.filter((c) => c.id !== 'drinks');
    file.products.find((p) => p.id === 'water')!.categories = ['starters'];

    const second = await importVenue({ db, storage }, file, { baseDir: fixture.dir });
    expect(second).toMatchObject({ venueId: first.venueId, created: false, products: 4, menuVersion: 2 });
    const venue = (await venueRow('update-me'))!;
    expect(venue.name).toBe('Casa Verde Nuova');
    expect(venue.updatedAt.getTime()).toBeGreaterThan(venue.createdAt.getTime() - 1);

    const after = await productsOf(first.venueId);
    const idOf = (rows: typeof before, key: string) => rows.find((p) => p.key === key)?.id;
    expect(after.map((p) => p.key)).toEqual(['burrata', 'tagliata', 'water', 'tiramisu']);
    for (const key of ['burrata', 'tagliata', 'water']) expect(idOf(after, key)).toBe(idOf(before, key));
    expect(after.find((p) => p.key === 'burrata')!.priceMinor).toBe(1200);
    expect(idOf(after, 'catch')).toBeUndefined();

    const burrataVars = await db
      .select()
      .from(variations)
      .where(eq(variations.productId, idOf(after, 'burrata')!));
    expect(burrataVars.map((v) => [v.key, v.name, v.priceVariationMinor])).toEqual([['truffle', 'Black truffle', 450]]);
    const cats = await db.select({ key: categories.key }).from(categories).where(eq(categories.venueId, first.venueId));
    expect(cats.map((c) => c.key).sort()).toEqual(['mains', 'starters']);
    expect((await rowCounts(db)).assets).toBe(assetsBefore);
  });

  it('an invalid file writes nothing and lists every problem with its path', async () => {
    await importVenue({ db, storage }, casaVerde({ venueUrl: 'keep-me' }), { baseDir: fixture.dir });
    const before = await rowCounts(db);
    const file = casaVerde({ venueUrl: 'keep-me' }) as unknown as { venue: Json; products: Json[] };
    file.venue.name = 'Changed';
    file.products[0]!.price = 'eleven';
    file.products[2]!.categories = ['desserts'];
    delete file.products[3]!.name;
    const e = await importError(importVenue({ db, storage }, file, { baseDir: fixture.dir }));
    expect(e.code).toBe('IMPORT_INVALID');
    expect(e.issues).toEqual(
      expect.arrayContaining([
        {
          path: 'products[0].price',
          code: 'invalid_type',
          params: { expected: 'number' },
          message: 'must be a number',
        },
        { path: 'products[3].name', code: 'required', message: 'is required' },
      ]),
    );
    expect(await rowCounts(db)).toEqual(before);
    expect((await venueRow('keep-me'))!.name).toBe('Casa Verde');
  });

  it('reports missing, escaping and unreadable images by path, before writing anything', async () => {
    const dir = fixture.dir;
    await mkdir(path.join(dir, 'docs'), { recursive: true });
    await writeFile(path.join(dir, 'docs/readme.txt'), 'not an image');
    await writeFile(
      path.join(dir, 'images/logo.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>',
    );
    // A link inside the folder that points outside it is refused like ../
    const outside = path.join(path.dirname(dir), `${path.basename(dir)}-outside.png`);
    await sharp({ create: { width: 4, height: 4, channels: 3, background: '#ffffff' } })
      .png()
      .toFile(outside);
    await symlink(outside, path.join(dir, 'images/link.png'));
    const file = casaVerde({ venueUrl: 'bad-images' });
    file.venue.headerIcon = 'images/logo.svg';
    file.venue.defaultImage = '../outside.png';
    file.products[0]!.image = 'images/missing.jpg';
    file.products[1]!.image = 'docs/readme.txt';
    file.products[2]!.image = '/etc/hostname';
    file.products[3]!.image = 'images';
    file.products.push({ id: 'linked', name: 'Linked', image: 'images/link.png' });
    const before = await rowCounts(db);
    const e = await importError(importVenue({ db, storage }, file, { baseDir: dir }));
    expect(e.issues).toEqual([
      {
        path: 'venue.headerIcon',
        code: 'invalid_value',
        message: '"images/logo.svg" must be a JPEG, PNG, WebP, AVIF, GIF or TIFF image (found svg)',
      },
      {
        path: 'venue.defaultImage',
        code: 'invalid_value',
        message: '"../outside.png" must stay inside the folder of the import file',
      },
      { path: 'products[0].image', code: 'invalid_value', message: 'file not found: "images/missing.jpg"' },
      {
        path: 'products[1].image',
        code: 'invalid_value',
        message: '"docs/readme.txt" is not an image that can be read',
      },
      {
        path: 'products[2].image',
        code: 'invalid_value',
        message: '"/etc/hostname" must stay inside the folder of the import file',
      },
      { path: 'products[3].image', code: 'invalid_value', message: '"images" is not a file' },
      {
        path: 'products[4].image',
        code: 'invalid_value',
        message: '"images/link.png" must stay inside the folder of the import file',
      },
    ]);
    expect(await rowCounts(db)).toEqual(before);
    await rm(outside, { force: true });
  });

  it('a failure while writing rolls back every row of the import', async () => {
    await importVenue({ db, storage }, casaVerde({ venueUrl: 'rollback' }), { baseDir: fixture.dir });
    const before = await rowCounts(db);
    const file = casaVerde({ venueUrl: 'rollback' });
    file.venue.name = 'Half written';
    file.products = [{ id: 'new-one', name: 'New', price: 1, image: 'images/new.png' }];
    await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000000' } })
      .png()
      .toFile(path.join(fixture.dir, 'images/new.png'));
    const failing: AssetStorage = { ...storage, put: async () => Promise.reject(new Error('disk full')) };
    await expect(importVenue({ db, storage: failing }, file, { baseDir: fixture.dir })).rejects.toThrow('disk full');
    expect(await rowCounts(db)).toEqual(before);
    const venue = (await venueRow('rollback'))!;
    expect(venue).toMatchObject({ name: 'Casa Verde', menuVersion: 1 });

    const fresh = casaVerde({ venueUrl: 'never-created' });
    fresh.products[0]!.image = 'images/new.png';
    await expect(importVenue({ db, storage: failing }, fresh, { baseDir: fixture.dir })).rejects.toThrow('disk full');
    expect(await venueRow('never-created')).toBeUndefined();
    expect(await rowCounts(db)).toEqual(before);
  });

  it('export writes the import shape back, and importing the export gives the same export', async () => {
    const source = casaVerde({ venueUrl: 'round-trip' });
    await importVenue({ db, storage }, source, { baseDir: fixture.dir });
    const exported = await exportVenueWithImages({ db, storage }, 'round-trip');
    const file = exported.file as VenueImportInput & FixtureFile;
    expect(file.venue).toMatchObject({
      venueUrl: 'round-trip',
      deliveryFee: 4.5,
      headerIcon: 'images/_header-icon.webp',
    });
    expect(file.categories).toEqual(source.categories);
    expect(file.products.map((p) => [p.id, p.price, p.image])).toEqual([
      ['burrata', 11.5, 'images/burrata.webp'],
      ['tagliata', 10.1, 'images/burrata.webp'],
      ['catch', undefined, undefined],
      ['water', 2.3, undefined],
    ]);
    expect(file.products[0]!.variations).toEqual([
      { id: 'truffle', name: 'Truffle oil', price_variation: 3 },
      { id: 'plain', name: 'Plain', price_variation: 0 },
      { id: 'small', name: 'Half portion', price_variation: -4.2 },
    ]);
    expect(exported.images.map((i) => i.path).sort()).toEqual([
      'images/_default-image.webp',
      'images/_header-icon.webp',
      'images/burrata.webp',
    ]);
    expect(exported.missing).toEqual([]);
    expect(await exportVenue({ db }, 'round-trip')).toEqual(file);

    const out = await fixtureDir(file);
    try {
      for (const image of exported.images) await writeFile(path.join(out.dir, image.path), image.bytes);
      // Back into the same venue: nothing changes, and the exported WebP files are recognised as ours.
      const assetsBefore = (await rowCounts(db)).assets;
      await importVenue({ db, storage }, file, { baseDir: out.dir });
      expect(await exportVenue({ db }, 'round-trip')).toEqual(file);
      expect((await rowCounts(db)).assets).toBe(assetsBefore);
      // Into a new venue.
      const copy = { ...file, venue: { ...file.venue, venueUrl: 'round-trip-copy' } };
      await importVenue({ db, storage }, copy, { baseDir: out.dir });
      expect(await exportVenue({ db }, 'round-trip-copy')).toEqual(copy);
    } finally {
      await out.remove();
    }
  });

  it('export of an unknown venue is VENUE_NOT_FOUND', async () => {
    const e = await importError(exportVenue({ db }, 'no-such-venue'));
    expect(e.code).toBe('VENUE_NOT_FOUND');
  });

  it('two imports of the same venue at once end with one venue and the rows of one file', async () => {
    const a = casaVerde({ venueUrl: 'racing' });
    const b = casaVerde({ venueUrl: 'racing' });
    b.products = b.products.slice(0, 2);
    const results = await Promise.all([
      importVenue({ db, storage }, a, { baseDir: fixture.dir }),
      importVenue({ db, storage }, b, { baseDir: fixture.dir }),
    ]);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    const venue = (await venueRow('racing'))!;
    expect(venue.menuVersion).toBe(2);
    const last = results.find((r) => !r.created)!;
    expect((await productsOf(venue.id)).length).toBe(last.products);
  });
});

type Json = Record<string, unknown>;
