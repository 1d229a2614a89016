import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import {
  availabilityAt,
  currencySymbol,
  DEFAULT_SLOT_MINUTES,
  fromMinor,
  type PublicCategory,
  type PublicProduct,
  type PublicVariation,
  type PublicVariationGroup,
  type PublicVenueResponse,
  namedTaxRate,
  normaliseAllergens,
} from '@carte/domain';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { ok } from '../../http/envelope.ts';
import { mediaUrl } from '../media/media.service.ts';
import { offersDelivery } from './delivery-offer.ts';
import {
  findVenueVersion,
  loadVenueMenu,
  venueVersionKey as versionKey,
  type VenueMenuRows,
  type VenueVersion,
} from './public-venue.repository.ts';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * Shapes the rows as architecture.md section 4.2 says; prices as decimals, images as URLs.
 * enable_uber_direct is true only where delivery can be quoted (see delivery-offer.ts).
 */
/** The venue's version and menu rows, for the modules that answer from the menu (chat, web pages). */
export {
  findVenueVersion,
  loadVenueMenu,
  readMenuRows,
  venueVersionKey,
  type VenueMenuRows,
  type VenueVersion,
} from './public-venue.repository.ts';

export function toPublicVenue(
  rows: VenueMenuRows,
  opts: { courier: boolean; cardPayment?: boolean; at?: number } = { courier: false },
): PublicVenueResponse {
  return withValidity(rows, opts).response;
}

/** The public venue at `opts.at` (default now), and until when its availability holds. */
export function withValidity(
  rows: VenueMenuRows,
  opts: { courier: boolean; cardPayment?: boolean; at?: number },
): { response: PublicVenueResponse; validUntil: number } {
  const { venue } = rows;
  const snapshot = availabilityAt(
    { schedule: venue.schedule ?? null, pause: venue.pause ?? null, prepMinutes: venue.prepMinutes ?? null },
    rows.categories.map((c) => ({ id: c.id, hours: c.hours ?? null, pause: c.pause ?? null })),
    opts.at ?? Date.now(),
  );
  const categoryById = new Map<string, PublicCategory & { order: number }>();
  rows.categories.forEach((c, order) => categoryById.set(c.id, { id: c.id, name: c.name, order }));
  const tax = venue.tax ?? null;
  const categoryRate = new Map(rows.categories.map((c) => [c.id, c.taxRate]));
  const categoriesOf = new Map<string, (PublicCategory & { order: number })[]>();
  for (const link of rows.links) {
    const category = categoryById.get(link.categoryId);
    if (!category) continue;
    const list = categoriesOf.get(link.productId) ?? [];
    list.push(category);
    categoriesOf.set(link.productId, list);
  }
  const variationsOf = new Map<string, PublicVariation[]>();
  for (const v of rows.variations) {
    const list = variationsOf.get(v.productId) ?? [];
    list.push({
      id: v.id,
      name: v.name,
      price_variation: fromMinor(v.priceVariationMinor),
      preferences: v.preferences,
      allergenes: normaliseAllergens(v.allergenes),
    });
    variationsOf.set(v.productId, list);
  }
  const groupsOf = new Map<string, PublicVariationGroup[]>();
  const groupById = new Map<string, PublicVariationGroup>();
  for (const g of rows.groups) {
    const group = { id: g.id, name: g.name, min: g.minChoices, max: g.maxChoices, variationIds: [] as string[] };
    groupById.set(g.id, group);
    groupsOf.set(g.productId, [...(groupsOf.get(g.productId) ?? []), group]);
  }
  for (const v of rows.variations) if (v.groupId) groupById.get(v.groupId)?.variationIds.push(v.id);
  const menu: PublicProduct[] = rows.products.map((p) => ({
    id: p.id,
    name: p.name,
    description: p.description,
    price: p.priceMinor === null ? null : fromMinor(p.priceMinor),
    image: mediaUrl(p.image),
    status: p.status,
    recommended: p.recommended,
    preferences: p.preferences,
    allergenes: normaliseAllergens(p.allergenes),
    categories: (categoriesOf.get(p.id) ?? []).sort((a, b) => a.order - b.order).map(({ id, name }) => ({ id, name })),
    variations: variationsOf.get(p.id) ?? [],
    variationGroups: groupsOf.get(p.id) ?? [],
    // Only with tax settings: the order's rule (namedTaxRate; null for the default), for the cart's preview.
    ...(tax
      ? {
          tax_rate: namedTaxRate(
            tax,
            p.taxRate,
            (categoriesOf.get(p.id) ?? []).sort((a, b) => a.order - b.order).map((c) => categoryRate.get(c.id)),
          ),
        }
      : {}),
  }));
  const response: PublicVenueResponse = {
    venue: {
      id: venue.id,
      venueUrl: venue.venueUrl,
      name: venue.name,
      currency: venue.currency,
      currencySymbol: currencySymbol(venue.currency),
      headerIcon: mediaUrl(venue.headerIcon),
      defaultImage: mediaUrl(venue.defaultImage),
      inputPlaceholder: venue.inputPlaceholder,
      useTextMenu: venue.useTextMenu,
      textMenu: venue.textMenu,
      spots: venue.spots,
      enable_uber_direct: offersDelivery(venue, opts.courier),
      theme: venue.theme ?? null,
      cardPayment: venue.cardPayment && Boolean(opts.cardPayment),
      categories: rows.categories.map((c) => ({
        id: c.id,
        name: c.name,
        availableNow: snapshot.categories.get(c.id) ?? true,
      })),
      availability: snapshot.availability,
      ...(tax ? { tax } : {}),
      ...(venue.pickup?.enabled
        ? { pickup: { enabled: true, slotMinutes: venue.pickup.slotMinutes ?? DEFAULT_SLOT_MINUTES } }
        : {}),
      ...publicDeliveryRules(venue.deliveryRules),
    },
    menu,
  };
  return { response, validUntil: snapshot.validUntil };
}

/** What guests see of the delivery limits (decision 032): the minimum and the area, never the centre's coordinates. */
function publicDeliveryRules(rules: VenueMenuRows['venue']['deliveryRules']): Pick<PublicVenueResponse['venue'], 'deliveryRules'> {
  if (!rules) return {};
  const out: NonNullable<PublicVenueResponse['venue']['deliveryRules']> = {};
  if (rules.minimumOrder) out.minimumOrder = rules.minimumOrder;
  if (rules.radiusKm) out.radiusKm = rules.radiusKm;
  if (rules.postcodes?.length) out.postcodes = rules.postcodes;
  return Object.keys(out).length ? { deliveryRules: out } : {};
}

/** The serialised envelope of one venue at one menu version, with its encodings and ETag. */
export interface PublicVenueBody {
  key: string;
  /** The availability in the body (open, paused, categories) holds until then (epoch ms). */
  validUntil: number;
  version: VenueVersion;
  etag: string;
  identity: Buffer;
  gzip: Buffer | null;
  br: Buffer | null;
}

const isNewer = (a: VenueVersion, b: VenueVersion) =>
  a.id !== b.id ||
  a.menuVersion > b.menuVersion ||
  (a.menuVersion === b.menuVersion && a.updatedAt.getTime() > b.updatedAt.getTime());
export const REVALIDATE_MS = 1000;
const MIN_COMPRESS_BYTES = 1024;
const MAX_ENTRIES = 500;

export interface PublicVenueService {
  /** The current body of a venue; throws VENUE_NOT_FOUND. */
  get(venueUrl: string): Promise<PublicVenueBody>;
  /** Drops the cached body (all venues when no url is given). */
  invalidate(venueUrl?: string): void;
}

const liveServices = new Set<PublicVenueService>();

/**
 * Makes a menu change visible at once: every menu write in the server calls it after its
 * transaction commits (and bumps the venue's menu_version, which is what other processes see
 * within REVALIDATE_MS).
 */
export function invalidatePublicVenue(venueUrl?: string): void {
  for (const s of liveServices) s.invalidate(venueUrl);
}

/**
 * Public venue bodies are built once per menu version, serialised and compressed, then served
 * from memory. The venue's version (menu_version, updated_at) is re-read at most once per
 * REVALIDATE_MS per venue, shared by concurrent requests: a database round trip costs far more
 * than sending the cached bytes, so it cannot sit on every request. Writes in this process call
 * invalidatePublicVenue and show at once; writes from another process show within REVALIDATE_MS.
 */
export function createPublicVenueService(
  db: Db,
  opts: { courier: boolean; cardPayment?: boolean } = { courier: false },
): PublicVenueService & { dispose(): void } {
  const bodies = new Map<string, PublicVenueBody>();
  /** When each venue's version was last read from the database. */
  const checkedAt = new Map<string, number>();
  /** Venues found missing, and when: unknown names cost one query per REVALIDATE_MS too. */
  const missingAt = new Map<string, number>();
  const versionFlights = new Map<string, Promise<VenueVersion | null>>();
  const buildFlights = new Map<string, Promise<PublicVenueBody | null>>();

  const currentVersion = (venueUrl: string) => {
    let flight = versionFlights.get(venueUrl);
    if (!flight) {
      const started = findVenueVersion(db, venueUrl).finally(() => {
        if (versionFlights.get(venueUrl) === started) versionFlights.delete(venueUrl);
      });
      flight = started;
      versionFlights.set(venueUrl, flight);
    }
    return flight;
  };

  const build = async (venueUrl: string): Promise<PublicVenueBody | null> => {
    const rows = await loadVenueMenu(db, venueUrl);
    if (!rows) return null;
    const { response, validUntil } = withValidity(rows, { ...opts, at: Date.now() });
    const identity = Buffer.from(JSON.stringify(ok(response)));
    const big = identity.length >= MIN_COMPRESS_BYTES;
    const [gz, br] = big
      ? await Promise.all([
          gzipAsync(identity, { level: 9 }),
          brotliAsync(identity, {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]: 9,
              [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
              [zlibConstants.BROTLI_PARAM_SIZE_HINT]: identity.length,
            },
          }),
        ])
      : [null, null];
    const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 27);
    return {
      key: versionKey(rows.venue),
      validUntil,
      version: { id: rows.venue.id, menuVersion: rows.venue.menuVersion, updatedAt: rows.venue.updatedAt },
      // Weak: the same representation is sent with several content encodings.
      etag: `W/"${hash}"`,
      identity,
      gzip: gz,
      br,
    };
  };

  const service = {
    async get(venueUrl: string): Promise<PublicVenueBody> {
      const now = Date.now();
      let cached = bodies.get(venueUrl);
      // The venue opened, closed or a pause ended since the body was built: build it again.
      if (cached && cached.validUntil <= now) {
        bodies.delete(venueUrl);
        checkedAt.delete(venueUrl);
        cached = undefined;
      }
      if (cached && now - (checkedAt.get(venueUrl) ?? 0) < REVALIDATE_MS) return cached;
      if (now - (missingAt.get(venueUrl) ?? 0) < REVALIDATE_MS) throw new AppError('VENUE_NOT_FOUND');
      const version = await currentVersion(venueUrl);
      if (!version) {
        if (missingAt.size >= MAX_ENTRIES) missingAt.clear();
        missingAt.set(venueUrl, now);
        throw new AppError('VENUE_NOT_FOUND');
      }
      missingAt.delete(venueUrl);
      const key = versionKey(version);
      if (cached && cached.key === key) {
        checkedAt.set(venueUrl, now);
        return cached;
      }
      const flightKey = `${venueUrl}\n${key}`;
      let flight = buildFlights.get(flightKey);
      if (!flight) {
        const started = build(venueUrl).finally(() => {
          if (buildFlights.get(flightKey) === started) buildFlights.delete(flightKey);
        });
        flight = started;
        buildFlights.set(flightKey, flight);
      }
      const body = await flight;
      if (!body) throw new AppError('VENUE_NOT_FOUND');
      const current = bodies.get(venueUrl);
      // Keep the newest: a slow build of an older version must not replace a newer one.
      if (!current || isNewer(body.version, current.version) || current.validUntil <= now) {
        bodies.delete(venueUrl);
        bodies.set(venueUrl, body);
        checkedAt.set(venueUrl, now);
        if (bodies.size > MAX_ENTRIES) {
          const oldest = bodies.keys().next().value!;
          bodies.delete(oldest);
          checkedAt.delete(oldest);
        }
      }
      return body;
    },
    invalidate(venueUrl?: string) {
      if (venueUrl === undefined) {
        bodies.clear();
        checkedAt.clear();
        missingAt.clear();
        versionFlights.clear();
        buildFlights.clear();
        return;
      }
      bodies.delete(venueUrl);
      checkedAt.delete(venueUrl);
      missingAt.delete(venueUrl);
      versionFlights.delete(venueUrl);
      for (const k of buildFlights.keys()) if (k.startsWith(`${venueUrl}\n`)) buildFlights.delete(k);
    },
    dispose() {
      liveServices.delete(service);
    },
  };
  liveServices.add(service);
  return service;
}
