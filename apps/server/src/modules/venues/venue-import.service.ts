import { randomUUID } from 'node:crypto';
import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  deliveryRulesToStore,
  DomainError,
  pickupToStore,
  scheduleFromFields,
  toMinor,
  validateVenueImport,
  type FieldIssue,
  type VenueImport,
} from '@carte/domain';
import type { Db } from '../../db/client.ts';
import type { AssetStorage } from '../../providers/storage/storage.ts';
import { ImageRejectedError, prepareImage, saveImage, type PreparedImage } from '../assets/assets.service.ts';
import {
  deleteCategoriesExcept,
  deleteProductsExcept,
  findVenueByUrl,
  insertVenue,
  lockVenueUrl,
  replaceProductCategories,
  replaceVariationGroups,
  replaceVariations,
  updateVenue,
  upsertCategories,
  upsertProducts,
  type VenueValues,
} from './venues.repository.ts';

export interface ImportDeps {
  db: Db;
  storage: AssetStorage;
}

export interface ImportVenueResult {
  venueId: string;
  venueUrl: string;
  /** True when the venue did not exist before. */
  created: boolean;
  products: number;
  menuVersion: number;
}

/** A file that passed every check, with its images decoded and re-encoded: ready to write. */
export interface PreparedVenueImport {
  value: VenueImport;
  /** Image reference as written in the file -> the prepared image. */
  images: Map<string, PreparedImage>;
}

/** The JSON paths of the file that name an image, with the reference they hold. */
function imageRefs(value: VenueImport): { at: string; ref: string }[] {
  const refs: { at: string; ref: string }[] = [];
  if (value.venue.headerIcon) refs.push({ at: 'venue.headerIcon', ref: value.venue.headerIcon });
  if (value.venue.defaultImage) refs.push({ at: 'venue.defaultImage', ref: value.venue.defaultImage });
  value.products.forEach((p, i) => {
    if (p.image) refs.push({ at: `products[${i}].image`, ref: p.image });
  });
  return refs;
}

const isInside = (dir: string, file: string) => {
  const rel = path.relative(dir, file);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
};

/** Reads and re-encodes one referenced image; returns the problem as text when it cannot. */
async function loadImage(baseDir: string, ref: string): Promise<PreparedImage | string> {
  const file = path.resolve(baseDir, ref);
  if (!isInside(baseDir, file)) return `"${ref}" must stay inside the folder of the import file`;
  let real: string;
  try {
    real = await realpath(file);
  } catch {
    return `file not found: "${ref}"`;
  }
  if (!isInside(await realpath(baseDir), real)) return `"${ref}" must stay inside the folder of the import file`;
  if (!(await stat(real)).isFile()) return `"${ref}" is not a file`;
  try {
    return await prepareImage(await readFile(real));
  } catch (e) {
    if (e instanceof ImageRejectedError) return `"${ref}" ${e.message}`;
    throw e;
  }
}

/**
 * Everything that can fail before writing: the file's shape and rules, then every image it names
 * (exists, inside baseDir, readable by sharp). Throws IMPORT_INVALID listing every problem.
 */
export async function prepareVenueImport(file: unknown, opts: { baseDir: string }): Promise<PreparedVenueImport> {
  const result = validateVenueImport(file);
  if (!result.ok) throw new DomainError('IMPORT_INVALID', { issues: result.issues });
  const value = result.value;
  const baseDir = path.resolve(opts.baseDir);
  const refs = imageRefs(value);
  const loaded = new Map<string, PreparedImage | string>();
  // Two at a time: sharp is CPU-bound and the machine is shared.
  const unique = [...new Set(refs.map((r) => r.ref))];
  for (let i = 0; i < unique.length; i += 2) {
    await Promise.all(unique.slice(i, i + 2).map(async (ref) => loaded.set(ref, await loadImage(baseDir, ref))));
  }
  const issues: FieldIssue[] = [];
  const images = new Map<string, PreparedImage>();
  for (const { at, ref } of refs) {
    const image = loaded.get(ref)!;
    if (typeof image === 'string') issues.push({ path: at, code: 'invalid_value', message: image });
    else images.set(ref, image);
  }
  if (issues.length) throw new DomainError('IMPORT_INVALID', { issues });
  return { value, images };
}

/**
 * Writes a prepared import inside the caller's transaction: upserts the venue by venueUrl and its
 * categories, products and variations by key (ids stay stable, so orders keep their products),
 * deletes what the file no longer lists, stores the images as assets and bumps menu_version.
 */
export async function writeVenueImport(
  tx: Db,
  storage: AssetStorage,
  prepared: PreparedVenueImport,
): Promise<ImportVenueResult> {
  const { value, images } = prepared;
  const v = value.venue;
  await lockVenueUrl(tx, v.venueUrl);
  const existing = await findVenueByUrl(tx, v.venueUrl);
  const venueId = existing?.id ?? randomUUID();

  const assetIds = new Map<string, string>();
  const assetBySha = new Map<string, string>();
  for (const [ref, image] of images) {
    let id = assetBySha.get(image.sha256);
    if (!id) {
      id = (await saveImage(tx, storage, venueId, image)).assetId;
      assetBySha.set(image.sha256, id);
    }
    assetIds.set(ref, id);
  }
  const assetOf = (ref: string | null | undefined) => (ref ? (assetIds.get(ref) ?? null) : null);

  const venueValues: VenueValues = {
    venueUrl: v.venueUrl,
    name: v.name,
    currency: v.currency,
    headerIcon: assetOf(v.headerIcon),
    defaultImage: assetOf(v.defaultImage),
    inputPlaceholder: v.inputPlaceholder ?? null,
    useTextMenu: v.useTextMenu,
    textMenu: v.textMenu ?? null,
    spots: v.spots,
    enableUberDirect: v.enable_uber_direct,
    theme: v.theme ?? null,
    pickupAddress: v.pickupAddress ?? null,
    pickupPhone: v.pickupPhone ?? null,
    deliveryFeeMinor: v.deliveryFee == null ? null : toMinor(v.deliveryFee),
    cardPayment: v.cardPayment ?? true,
    tax: v.tax ?? null,
    legal: v.legal ?? null,
    schedule: scheduleFromFields(v),
    stations: v.stations ?? [],
    printOn: v.printOn ?? 'accepted',
    pickup: pickupToStore(v.pickup),
    deliveryRules: deliveryRulesToStore(v.deliveryRules),
  };
  const venue = existing ? await updateVenue(tx, venueId, venueValues) : await insertVenue(tx, venueId, venueValues);

  const categoryIds = await upsertCategories(
    tx,
    value.categories.map((c, position) => ({
      venueId,
      key: c.id,
      name: c.name,
      position,
      taxRate: c.taxRate ?? null,
      hours: c.hours ?? null,
      station: c.station ?? null,
    })),
  );
  await deleteCategoriesExcept(tx, venueId, [...categoryIds.keys()]);

  const productIds = await upsertProducts(
    tx,
    value.products.map((p, position) => ({
      venueId,
      key: p.id,
      name: p.name,
      description: p.description ?? null,
      priceMinor: p.price == null ? null : toMinor(p.price),
      taxRate: p.taxRate ?? null,
      image: assetOf(p.image),
      status: p.status,
      recommended: p.recommended,
      preferences: p.preferences,
      allergenes: p.allergenes,
      position,
    })),
  );
  await deleteProductsExcept(tx, venueId, [...productIds.keys()]);

  const links = value.products.flatMap((p) =>
    [...new Set(p.categories)].map((key) => ({ productId: productIds.get(p.id)!, categoryId: categoryIds.get(key)! })),
  );
  await replaceProductCategories(tx, venueId, links);

  const groupIds = await replaceVariationGroups(
    tx,
    venueId,
    value.products.flatMap((p) =>
      p.variationGroups.map((g, position) => ({
        productId: productIds.get(p.id)!,
        key: g.id,
        name: g.name,
        minChoices: g.min,
        maxChoices: g.max,
        position,
      })),
    ),
  );

  await replaceVariations(
    tx,
    venueId,
    value.products.flatMap((p) => {
      const productId = productIds.get(p.id)!;
      const groupOf = new Map(p.variationGroups.flatMap((g) => g.variations.map((vid) => [vid, g.id] as const)));
      return p.variations.map((x, position) => {
        const groupKey = groupOf.get(x.id);
        return {
          productId,
          key: x.id,
          name: x.name,
          priceVariationMinor: toMinor(x.price_variation ?? 0),
          groupId: groupKey === undefined ? null : groupIds.get(`${productId}|${groupKey}`)!,
          preferences: x.preferences,
          allergenes: x.allergenes,
          position,
        };
      });
    }),
  );

  return {
    venueId,
    venueUrl: v.venueUrl,
    created: !existing,
    products: value.products.length,
    menuVersion: venue.menuVersion,
  };
}

/**
 * Creates or updates a venue and its whole menu from an import file, in one transaction.
 * Image paths in the file are relative to `baseDir` and must stay inside it. A bad file throws
 * DomainError IMPORT_INVALID with every problem and its JSON path, and writes nothing.
 */
export async function importVenue(
  deps: ImportDeps,
  file: unknown,
  opts: { baseDir: string },
): Promise<ImportVenueResult> {
  const prepared = await prepareVenueImport(file, opts);
  return deps.db.transaction((tx) => writeVenueImport(tx, deps.storage, prepared));
}
