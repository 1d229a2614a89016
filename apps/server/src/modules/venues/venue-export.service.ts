import { DomainError, fromMinor, normaliseAllergens, type VenueImportInput } from '@carte/domain';
import type { Db } from '../../db/client.ts';
import type { AssetStorage } from '../../providers/storage/storage.ts';
import { findAssetsByIds } from '../assets/assets.service.ts';
import {
  findVenueByUrl,
  listCategories,
  listProductCategoryKeys,
  listProducts,
  listVariationGroups,
  listVariations,
  type VenueRow,
} from './venues.repository.ts';

/** Folder, relative to the exported file, that holds its images. */
export const EXPORT_IMAGE_DIR = 'images';

export interface ExportedImage {
  /** Relative to the exported file, as written in it: `images/burrata.webp`. */
  path: string;
  assetId: string;
  bytes: Buffer;
}

/** `Burrata Pugliese/2` -> `burrata-pugliese-2`; never starts with `_`, so it cannot clash with venue images. */
function fileStem(key: string): string {
  const stem = key
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return stem || 'image';
}

/** Gives each asset one file name; several products sharing a picture share the file. */
class ImageNames {
  readonly byAsset = new Map<string, string>();
  private readonly used = new Set<string>();
  name(assetId: string, stem: string): string {
    const known = this.byAsset.get(assetId);
    if (known) return known;
    let candidate = stem;
    for (let n = 2; this.used.has(candidate); n++) candidate = `${stem}-${n}`;
    this.used.add(candidate);
    const file = `${EXPORT_IMAGE_DIR}/${candidate}.webp`;
    this.byAsset.set(assetId, file);
    return file;
  }
}

/** The opening-hours fields of the file: only those the venue sets. */
function scheduleForFile(schedule: VenueRow['schedule']): Partial<VenueImportInput['venue']> {
  if (!schedule) return {};
  return {
    timezone: schedule.timezone,
    ...(schedule.hours ? { hours: schedule.hours } : {}),
    ...(schedule.closures?.length ? { closures: schedule.closures } : {}),
    ...(schedule.specialHours?.length ? { specialHours: schedule.specialHours } : {}),
    ...(schedule.lastOrderMinutes ? { lastOrderMinutes: schedule.lastOrderMinutes } : {}),
  };
}

async function loadVenue(db: Db, venueUrl: string): Promise<VenueRow> {
  const venue = await findVenueByUrl(db, venueUrl);
  if (!venue) throw new DomainError('VENUE_NOT_FOUND');
  return venue;
}

/** Builds the import-file shape of a venue; image fields name files under `images/`. */
async function buildFile(db: Db, venue: VenueRow, names: ImageNames): Promise<VenueImportInput> {
  const [cats, prods, links, vars, groups] = await Promise.all([
    listCategories(db, venue.id),
    listProducts(db, venue.id),
    listProductCategoryKeys(db, venue.id),
    listVariations(db, venue.id),
    listVariationGroups(db, venue.id),
  ]);
  const groupsOf = new Map<string, typeof groups>();
  for (const g of groups) groupsOf.set(g.productId, [...(groupsOf.get(g.productId) ?? []), g]);
  const catsOf = new Map<string, string[]>();
  for (const l of links) catsOf.set(l.productId, [...(catsOf.get(l.productId) ?? []), l.categoryKey]);
  const varsOf = new Map<string, typeof vars>();
  for (const x of vars) varsOf.set(x.productId, [...(varsOf.get(x.productId) ?? []), x]);

  const file: VenueImportInput = {
    venue: {
      venueUrl: venue.venueUrl,
      name: venue.name,
      currency: venue.currency,
      inputPlaceholder: venue.inputPlaceholder,
      useTextMenu: venue.useTextMenu,
      textMenu: venue.textMenu,
      spots: venue.spots,
      enable_uber_direct: venue.enableUberDirect,
      ...(venue.headerIcon ? { headerIcon: names.name(venue.headerIcon, '_header-icon') } : {}),
      ...(venue.defaultImage ? { defaultImage: names.name(venue.defaultImage, '_default-image') } : {}),
      ...(venue.theme ? { theme: venue.theme } : {}),
      ...(venue.pickupAddress != null ? { pickupAddress: venue.pickupAddress } : {}),
      ...(venue.pickupPhone != null ? { pickupPhone: venue.pickupPhone } : {}),
      ...(venue.deliveryFeeMinor != null ? { deliveryFee: fromMinor(venue.deliveryFeeMinor) } : {}),
      // Absent means on (the default), so files written before the switch existed round-trip.
      ...(venue.cardPayment ? {} : { cardPayment: false }),
      ...(venue.tax ? { tax: venue.tax } : {}),
      ...(venue.legal ? { legal: venue.legal } : {}),
      ...scheduleForFile(venue.schedule),
      ...(venue.stations.length ? { stations: venue.stations } : {}),
      ...(venue.printOn !== 'accepted' ? { printOn: venue.printOn as 'placed' } : {}),
      ...(venue.pickup ? { pickup: venue.pickup } : {}),
      ...(venue.deliveryRules ? { deliveryRules: venue.deliveryRules } : {}),
    },
    categories: cats.map((c) => ({
      id: c.key,
      name: c.name,
      ...(c.taxRate ? { taxRate: c.taxRate } : {}),
      ...(c.hours ? { hours: c.hours } : {}),
      ...(c.station ? { station: c.station } : {}),
    })),
    products: prods.map((p) => ({
      id: p.key,
      name: p.name,
      ...(p.description != null ? { description: p.description } : {}),
      ...(p.priceMinor != null ? { price: fromMinor(p.priceMinor) } : {}),
      ...(p.taxRate ? { taxRate: p.taxRate } : {}),
      ...(p.image ? { image: names.name(p.image, fileStem(p.key)) } : {}),
      status: p.status === 'unavailable' ? 'unavailable' : 'available',
      recommended: p.recommended,
      preferences: p.preferences,
      allergenes: normaliseAllergens(p.allergenes),
      categories: catsOf.get(p.id) ?? [],
      variations: (varsOf.get(p.id) ?? []).map((x) => ({
        id: x.key,
        name: x.name,
        price_variation: fromMinor(x.priceVariationMinor),
        ...(x.preferences.length ? { preferences: x.preferences } : {}),
        ...(x.allergenes.length ? { allergenes: normaliseAllergens(x.allergenes) } : {}),
      })),
      ...(groupsOf.has(p.id)
        ? {
            variationGroups: groupsOf.get(p.id)!.map((g) => ({
              id: g.key,
              name: g.name,
              min: g.min,
              max: g.max,
              variations: g.variationKeys,
            })),
          }
        : {}),
    })),
  };
  return file;
}

/**
 * The venue as an import file (ids are the keys, money in decimals). Image fields name files
 * `images/<name>.webp` relative to the file; exportVenueWithImages also returns their bytes.
 * Unknown venue: DomainError VENUE_NOT_FOUND.
 */
export async function exportVenue(deps: { db: Db }, venueUrl: string): Promise<VenueImportInput> {
  const venue = await loadVenue(deps.db, venueUrl);
  return buildFile(deps.db, venue, new ImageNames());
}

/**
 * The file and the bytes of every image it names, so writing both side by side gives a file that
 * `importVenue` takes back. An image whose bytes are missing from storage is left out of the file
 * and listed in `missing`.
 */
export async function exportVenueWithImages(
  deps: { db: Db; storage: AssetStorage },
  venueUrl: string,
): Promise<{ file: VenueImportInput; images: ExportedImage[]; missing: string[] }> {
  const venue = await loadVenue(deps.db, venueUrl);
  const names = new ImageNames();
  const file = await buildFile(deps.db, venue, names);
  const rows = await findAssetsByIds(deps.db, [...names.byAsset.keys()]);
  const images: ExportedImage[] = [];
  const missing: string[] = [];
  for (const [assetId, imagePath] of names.byAsset) {
    const row = rows.find((r) => r.id === assetId);
    const bytes = row ? await deps.storage.get(row.storageKey) : null;
    if (bytes) images.push({ path: imagePath, assetId, bytes });
    else missing.push(imagePath);
  }
  return { file: missing.length ? withoutImages(file, new Set(missing)) : file, images, missing };
}

/** The file without the image fields that name one of `paths` (all of them when omitted). */
export function withoutImages(file: VenueImportInput, paths?: Set<string>): VenueImportInput {
  const drop = (ref: string | null | undefined) => ref != null && (!paths || paths.has(ref));
  const { headerIcon, defaultImage, ...venue } = file.venue;
  return {
    ...file,
    venue: {
      ...venue,
      ...(headerIcon != null && !drop(headerIcon) ? { headerIcon } : {}),
      ...(defaultImage != null && !drop(defaultImage) ? { defaultImage } : {}),
    },
    products: (file.products ?? []).map(({ image, ...p }) => (image != null && !drop(image) ? { ...p, image } : p)),
  };
}
