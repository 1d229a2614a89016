import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../src/db/client.ts';
import { assets, categories, productCategories, products, variations, venues } from '../src/db/schema.ts';
import type { AssetStorage } from '../src/providers/storage/storage.ts';

/** A WebP image of the given size, stored and recorded as an asset row. */
export async function insertImageAsset(
  db: Db,
  storage: AssetStorage,
  opts: { width: number; height: number; venueId?: string; colour?: string },
): Promise<string> {
  const bytes = await sharp({
    create: { width: opts.width, height: opts.height, channels: 3, background: opts.colour ?? '#0f766e' },
  })
    .webp({ quality: 90 })
    .toBuffer();
  const id = randomUUID();
  const key = `${id}.webp`;
  await storage.put(key, bytes, 'image/webp');
  await db.insert(assets).values({
    id,
    venueId: opts.venueId ?? null,
    storageKey: key,
    mime: 'image/webp',
    width: opts.width,
    height: opts.height,
    bytes: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  });
  return id;
}

export interface VenueFixture {
  venueUrl?: string;
  name?: string;
  currency?: string;
  headerIcon?: string | null;
  categories?: { key: string; name: string }[];
  products?: {
    key: string;
    name: string;
    priceMinor?: number | null;
    image?: string | null;
    status?: string;
    recommended?: boolean;
    preferences?: string[];
    allergenes?: string[];
    categories?: string[];
    variations?: { key: string; name: string; priceVariationMinor: number }[];
  }[];
}

/**
 * A venue with its menu, written straight to the tables. Positions follow the list order; rows
 * are inserted in reverse so that the API's ordering cannot come from insertion order.
 */
export async function insertVenue(db: Db, f: VenueFixture = {}) {
  const [venue] = await db
    .insert(venues)
    .values({
      venueUrl: f.venueUrl ?? `venue-${randomUUID().slice(0, 8)}`,
      name: f.name ?? 'Casa Verde',
      currency: f.currency ?? 'eur',
      headerIcon: f.headerIcon ?? null,
      inputPlaceholder: 'Ask me anything',
      spots: ['1', '2', 'Terrace A'],
      enableUberDirect: true,
      theme: { primary: '#0f766e', accent: '#f59e0b' },
    })
    .returning();
  const categoryIds = new Map<string, string>();
  const cats = f.categories ?? [];
  for (let i = cats.length - 1; i >= 0; i--) {
    const c = cats[i]!;
    const [row] = await db
      .insert(categories)
      .values({ venueId: venue!.id, key: c.key, name: c.name, position: i })
      .returning();
    categoryIds.set(c.key, row!.id);
  }
  const productIds = new Map<string, string>();
  const prods = f.products ?? [];
  for (let i = prods.length - 1; i >= 0; i--) {
    const p = prods[i]!;
    const [row] = await db
      .insert(products)
      .values({
        venueId: venue!.id,
        key: p.key,
        name: p.name,
        description: `${p.name}, made today`,
        priceMinor: p.priceMinor === undefined ? 1000 : p.priceMinor,
        image: p.image ?? null,
        status: p.status ?? 'available',
        recommended: p.recommended ?? false,
        preferences: p.preferences ?? [],
        allergenes: p.allergenes ?? [],
        position: i,
      })
      .returning();
    productIds.set(p.key, row!.id);
    for (const key of [...(p.categories ?? [])].reverse()) {
      await db.insert(productCategories).values({ productId: row!.id, categoryId: categoryIds.get(key)! });
    }
    const vars = p.variations ?? [];
    for (let j = vars.length - 1; j >= 0; j--) {
      const v = vars[j]!;
      await db.insert(variations).values({
        productId: row!.id,
        key: v.key,
        name: v.name,
        priceVariationMinor: v.priceVariationMinor,
        position: j,
      });
    }
  }
  return { venue: venue!, categoryIds, productIds };
}

/** What every menu write must do: bump the venue's menu version. */
export async function bumpMenuVersion(db: Db, venueId: string): Promise<void> {
  await db
    .update(venues)
    .set({ menuVersion: sql`${venues.menuVersion} + 1`, updatedAt: new Date() })
    .where(sql`${venues.id} = ${venueId}`);
}

// ---------------------------------------------------------------------------------------------
// Ordering fixtures: a venue with a small priced menu, every field overridable.

export interface OrderingProductFixture {
  key: string;
  name: string;
  priceMinor?: number | null;
  status?: string;
  variations?: { key: string; name: string; priceVariationMinor: number }[];
}

/** The default menu: prices chosen so that sums show float drift if any crept in. */
export const DEFAULT_ORDERING_MENU: OrderingProductFixture[] = [
  {
    key: 'pizza',
    name: 'Margherita',
    priceMinor: 1010,
    variations: [
      { key: 'extra', name: 'Extra cheese', priceVariationMinor: 20 },
      { key: 'small', name: 'Small', priceVariationMinor: -150 },
      { key: 'basil', name: 'Basil', priceVariationMinor: 0 },
    ],
  },
  {
    key: 'burrata',
    name: 'Burrata',
    priceMinor: 1150,
    variations: [{ key: 'truffle', name: 'Truffle oil', priceVariationMinor: 300 }],
  },
  { key: 'water', name: 'Water', priceMinor: 250 },
  { key: 'fish', name: 'Catch of the day', priceMinor: null },
  { key: 'old', name: 'Old dish', priceMinor: 900, status: 'unavailable' },
];

export interface OrderingVenue {
  venue: typeof venues.$inferSelect;
  /** product key -> product id */
  product: Record<string, string>;
  /** `${productKey}.${variationKey}` -> variation id */
  variation: Record<string, string>;
}

/** A venue for ordering tests: tables 1, 2 and 'Terrace A', delivery on with a 4.50 fee, unless overridden. */
export async function createOrderingVenue(
  db: Db,
  overrides: Partial<Omit<typeof venues.$inferInsert, 'id'>> & { menu?: OrderingProductFixture[] } = {},
): Promise<OrderingVenue> {
  const { menu = DEFAULT_ORDERING_MENU, ...venueOverrides } = overrides;
  const [venue] = await db
    .insert(venues)
    .values({
      venueUrl: `order-venue-${randomUUID().slice(0, 8)}`,
      name: 'Casa Verde',
      currency: 'eur',
      spots: ['1', '2', 'Terrace A'],
      enableUberDirect: true,
      deliveryFeeMinor: 450,
      ...venueOverrides,
    })
    .returning();
  const product: Record<string, string> = {};
  const variation: Record<string, string> = {};
  for (const [i, p] of menu.entries()) {
    const [row] = await db
      .insert(products)
      .values({
        venueId: venue!.id,
        key: p.key,
        name: p.name,
        priceMinor: p.priceMinor === undefined ? 1000 : p.priceMinor,
        status: p.status ?? 'available',
        position: i,
      })
      .returning({ id: products.id });
    product[p.key] = row!.id;
    for (const [j, v] of (p.variations ?? []).entries()) {
      const [vr] = await db
        .insert(variations)
        .values({
          productId: row!.id,
          key: v.key,
          name: v.name,
          priceVariationMinor: v.priceVariationMinor,
          position: j,
        })
        .returning({ id: variations.id });
      variation[`${p.key}.${v.key}`] = vr!.id;
    }
  }
  return { venue: venue!, product, variation };
}
