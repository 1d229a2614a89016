import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { venues } from '../../db/schema.ts';
import { createTestDatabase, dbKinds, type TestDatabase } from '../../../test/test-db.ts';
import { createMemoryStorage } from '../../providers/storage/local-disk.ts';
import { casaVerde, fixtureDir } from '../../../test/venue-fixtures.ts';
import { exportVenue } from './venue-export.service.ts';
import { importVenue } from './venue-import.service.ts';

describe.each(dbKinds)('venue.cardPayment in the import file on %s', (kind) => {
  let database: TestDatabase;
  let fixture: Awaited<ReturnType<typeof fixtureDir>>;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    fixture = await fixtureDir(casaVerde({ venueUrl: 'card-venue' }));
  });
  afterAll(async () => {
    await fixture?.remove();
    await database?.close();
  });

  const cardPayment = async () =>
    (await database.db.select({ c: venues.cardPayment }).from(venues).where(eq(venues.venueUrl, 'card-venue')))[0]!.c;
  const load = (file: unknown) =>
    importVenue({ db: database.db, storage: createMemoryStorage() }, file, { baseDir: fixture.dir });

  it.each([
    [false, false, { cardPayment: false }],
    [true, true, {}],
    [undefined, true, {}],
  ])('cardPayment %s in the file: stored %s, exported as %o', async (given, stored, exported) => {
    const file = casaVerde({ venueUrl: 'card-venue' });
    await load({ ...file, venue: { ...file.venue, ...(given === undefined ? {} : { cardPayment: given }) } });
    expect(await cardPayment()).toBe(stored);
    const out = await exportVenue({ db: database.db }, 'card-venue');
    expect(out.venue).toMatchObject(exported);
    if (stored) expect(out.venue).not.toHaveProperty('cardPayment');
  });

  it('a cardPayment that is not a boolean is refused with its path', async () => {
    const file = casaVerde({ venueUrl: 'card-venue' });
    await expect(load({ ...file, venue: { ...file.venue, cardPayment: 'yes' } })).rejects.toMatchObject({
      code: 'IMPORT_INVALID',
      issues: [{ path: 'venue.cardPayment', message: 'must be true or false' }],
    });
  });
});
