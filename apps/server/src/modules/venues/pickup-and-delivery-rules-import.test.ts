import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { venues } from '../../db/schema.ts';
import { createTestDatabase, dbKinds, type TestDatabase } from '../../../test/test-db.ts';
import { createMemoryStorage } from '../../providers/storage/local-disk.ts';
import { casaVerde, fixtureDir } from '../../../test/venue-fixtures.ts';
import { exportVenue } from './venue-export.service.ts';
import { importVenue } from './venue-import.service.ts';

/** venue.pickup and venue.deliveryRules in the import file and the export (decision 032). */
describe.each(dbKinds)('pickup and delivery rules in the import file on %s', (kind) => {
  const URL = 'pickup-venue';
  let database: TestDatabase;
  let fixture: Awaited<ReturnType<typeof fixtureDir>>;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    fixture = await fixtureDir(casaVerde({ venueUrl: URL }));
  });
  afterAll(async () => {
    await fixture?.remove();
    await database?.close();
  });

  const stored = async () => (await database.db.select().from(venues).where(eq(venues.venueUrl, URL)))[0]!;
  const load = (venue: Record<string, unknown>) => {
    const file = casaVerde({ venueUrl: URL });
    return importVenue(
      { db: database.db, storage: createMemoryStorage() },
      { ...file, venue: { ...file.venue, ...venue } },
      { baseDir: fixture.dir },
    );
  };

  it('stores them and writes them back in the same shape', async () => {
    const pickup = { enabled: true, slotMinutes: 20 };
    await load({ pickup, deliveryRules: { minimumOrder: 15, postcodes: ['00184', ' sw1a 1aa '] } });
    expect(await stored()).toMatchObject({
      pickup,
      deliveryRules: { minimumOrder: 15, postcodes: ['00184', 'SW1A 1AA'] },
    });
    const out = await exportVenue({ db: database.db }, URL);
    expect(out.venue).toMatchObject({ pickup, deliveryRules: { minimumOrder: 15, postcodes: ['00184', 'SW1A 1AA'] } });
    // The export imports again to the same thing.
    await load({ pickup: out.venue.pickup, deliveryRules: out.venue.deliveryRules });
    expect((await stored()).deliveryRules).toEqual({ minimumOrder: 15, postcodes: ['00184', 'SW1A 1AA'] });
  });

  it('a file without them has none (no pickup, no limits), and the export leaves them out', async () => {
    await load({});
    expect(await stored()).toMatchObject({ pickup: null, deliveryRules: null });
    const out = await exportVenue({ db: database.db }, URL);
    expect(out.venue).not.toHaveProperty('pickup');
    expect(out.venue).not.toHaveProperty('deliveryRules');
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['a negative minimum', { deliveryRules: { minimumOrder: -1 } }, 'venue.deliveryRules.minimumOrder'],
    ['a radius without its centre', { deliveryRules: { radiusKm: 3 } }, 'venue.deliveryRules.origin'],
    ['an empty postcode', { deliveryRules: { postcodes: [' '] } }, 'venue.deliveryRules.postcodes[0]'],
    ['a slot length not offered', { pickup: { enabled: true, slotMinutes: 45 } }, 'venue.pickup.slotMinutes'],
    ['a table named "pickup"', { spots: ['1', 'Pickup'] }, 'venue.spots[1]'],
  ])('refuses %s with its path, changing nothing', async (_rule, venue, path) => {
    await load({ pickup: { enabled: true } });
    const before = await stored();
    const refused = await load(venue).then(
      () => null,
      (e: unknown) => e as { code: string; issues: { path: string }[] },
    );
    expect(refused?.code).toBe('IMPORT_INVALID');
    expect(refused?.issues.map((i) => i.path)).toContain(path);
    expect(await stored()).toEqual(before);
  });
});
