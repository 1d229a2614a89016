import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import {
  effectiveStations,
  unknownStationMessage,
  createCategorySchema,
  createProductSchema,
  ERRORS,
  fromMinor,
  parseWith,
  productRuleIssues,
  scheduleFromFields,
  scheduleNeedsTimeZone,
  scheduleToFields,
  toMinor,
  updateCategorySchema,
  updateProductSchema,
  venueSettingsIssues,
  venueSettingsSchema,
  pickupToStore,
  deliveryRulesToStore,
  type FieldIssue,
  type StaffCategory,
  type StaffProduct,
  type StaffProductValues,
  type StaffRole,
  type StaffVenueSettings,
  type UpdateProduct,
  isUuid,
  normaliseAllergens,
  unknownTaxRate,
} from '@carte/domain';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { AssetStorage } from '../../providers/storage/storage.ts';
import { ImageRejectedError, MAX_IMAGE_FILE_BYTES, prepareImage, saveImage } from '../assets/assets.service.ts';
import { mediaUrl } from '../media/media.service.ts';
import { invalidatePublicVenue, readMenuRows, toPublicVenue } from '../public-venue/public-venue.service.ts';
import * as repo from './staff-menu.repository.ts';
import { renderTableQrPdf, type QrLayout } from './table-qr.ts';
import { tableTokensOf } from '../table-sessions/table-sessions.service.ts';

/**
 * The staff menu and venue use cases (architecture 4.7), for the back-office routes and the staff
 * chat alike. Each write runs in one transaction that bumps the venue's menu version, then drops
 * this process's cached public venue: guests here see the change at once, and other processes on
 * their next version check (public-venue.service REVALIDATE_MS).
 */

export interface StaffMenuDeps {
  db: Db;
  storage: AssetStorage;
  /** MAX_UPLOAD_MB */
  maxUploadMb: number;
  /** PUBLIC_URL: the address printed in the table QR codes. */
  publicUrl: string;
}

export { isUuid };

const invalid = (issues: FieldIssue[]) => new AppError('VALIDATION', { issues });

/**
 * A category's or a product's `taxRate` naming a rate the venue's tax settings do not have (or any
 * rate at a venue without taxes): one rule and one issue for both (architecture 4.13).
 */
function taxRateIssues(venue: repo.VenueRow, taxRate: string | null | undefined): FieldIssue[] {
  if (taxRate == null || !unknownTaxRate(venue.tax, taxRate)) return [];
  return [
    { path: 'taxRate', code: 'unknown_rate', params: { name: taxRate }, message: `unknown tax rate "${taxRate}"` },
  ];
}

/** `Spicy Tuna Roll!` -> `spicy-tuna-roll`, made unique among `taken` with -2, -3, ... */
function uniqueKey(name: string, taken: Set<string>, fallback: string): string {
  const stem =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || fallback;
  let key = stem;
  for (let n = 2; taken.has(key); n++) key = `${stem}-${n}`;
  taken.add(key);
  return key;
}

/** The product as the forms edit it, from its rows: the shape a PATCH is merged into. */
async function currentValues(q: Db, product: repo.ProductRow): Promise<StaffProductValues> {
  // One after the other: inside a transaction the queries share one connection (node-postgres would
  // queue parallel ones with a warning, and refuses them in its next major).
  const categoryIds = await repo.listProductCategoryIds(q, product.id);
  const variationRows = await repo.listProductVariations(q, product.id);
  const groupRows = await repo.listProductGroups(q, product.id);
  return {
    name: product.name,
    description: product.description,
    price: product.priceMinor === null ? null : fromMinor(product.priceMinor),
    taxRate: product.taxRate,
    image: product.image,
    status: product.status === 'unavailable' ? 'unavailable' : 'available',
    recommended: product.recommended,
    preferences: product.preferences,
    allergenes: normaliseAllergens(product.allergenes),
    categories: categoryIds,
    variations: variationRows.map((v) => ({
      id: v.id,
      name: v.name,
      price_variation: fromMinor(v.priceVariationMinor),
      preferences: v.preferences,
      allergenes: normaliseAllergens(v.allergenes),
    })),
    variationGroups: groupRows.map((g) => ({
      id: g.id,
      name: g.name,
      min: g.minChoices,
      max: g.maxChoices,
      variationIds: variationRows.filter((v) => v.groupId === g.id).map((v) => v.id),
    })),
  };
}

/** What two versions of a product are compared by (order of categories does not count). */
function comparable(p: StaffProductValues): string {
  return JSON.stringify({
    ...p,
    description: p.description || null,
    price: p.price ?? null,
    taxRate: p.taxRate ?? null,
    image: p.image ?? null,
    categories: [...new Set(p.categories)].sort(),
    variations: p.variations.map((v) => ({ ...v, price_variation: v.price_variation ?? 0 })),
  });
}

export function createStaffMenuService(deps: StaffMenuDeps) {
  const { db, storage } = deps;

  const venueOr404 = async (q: Db, venueId: string) => {
    const venue = isUuid(venueId) ? await repo.findVenue(q, venueId) : undefined;
    if (!venue) throw new AppError('VENUE_NOT_FOUND');
    return venue;
  };

  /** Reads one product in the staff shape (public shape plus the image's asset id). */
  const readProduct = async (q: Db, venue: repo.VenueRow, productId: string): Promise<StaffProduct> => {
    const rows = await readMenuRows(q, venue, productId);
    const [product] = toPublicVenue(rows).menu;
    if (!product) throw new AppError('PRODUCT_NOT_FOUND');
    return { ...product, taxRate: rows.products[0]!.taxRate ?? null, imageId: rows.products[0]!.image };
  };

  /**
   * The rules that need the database: categories of this venue, an image uploaded to this venue.
   * Only the fields given are checked (a PATCH leaves the others as they were, valid).
   */
  const referenceIssues = async (
    q: Db,
    venueId: string,
    p: { categories?: string[] | undefined; image?: string | null | undefined },
  ): Promise<FieldIssue[]> => {
    const issues: FieldIssue[] = [];
    if (p.categories?.length) {
      const known = new Set((await repo.listCategories(q, venueId)).map((c) => c.id));
      p.categories.forEach((c, i) => {
        if (!known.has(c)) {
          issues.push({
            path: `categories[${i}]`,
            code: 'unknown_reference',
            params: { name: c },
            message: `unknown category "${c}"`,
          });
        }
      });
    }
    if (p.image && !(await repo.isVenueAsset(q, venueId, p.image))) {
      issues.push({ path: 'image', code: 'not_found', message: 'must be an image uploaded to this venue' });
    }
    return issues;
  };

  /**
   * Writes a whole product (its row, categories, groups and variations) inside the transaction.
   * Variations and groups whose id is one of the product's keep it; any other id is the client's
   * temporary name for a new one.
   */
  const writeProduct = async (
    tx: Db,
    productId: string,
    values: StaffProductValues,
    existing: { variations: repo.VariationRow[]; groups: repo.VariationGroupRow[] },
  ) => {
    await repo.replaceProductCategories(tx, productId, [...new Set(values.categories)]);
    const oldVariations = new Map(existing.variations.map((v) => [v.id, v]));
    const oldGroups = new Map(existing.groups.map((g) => [g.id, g]));
    const variationIds = values.variations.map((v) => (v.id && oldVariations.has(v.id) ? v.id : randomUUID()));
    const groupIds = values.variationGroups.map((g) => (g.id && oldGroups.has(g.id) ? g.id : randomUUID()));
    await repo.deleteVariationsExcept(
      tx,
      productId,
      variationIds.filter((id) => oldVariations.has(id)),
    );
    await repo.deleteGroupsExcept(
      tx,
      productId,
      groupIds.filter((id) => oldGroups.has(id)),
    );

    const groupKeys = new Set(groupIds.flatMap((id) => (oldGroups.has(id) ? [oldGroups.get(id)!.key] : [])));
    const groupOf = new Map<string, string>();
    for (const [gi, g] of values.variationGroups.entries()) {
      const id = groupIds[gi]!;
      const old = oldGroups.get(id);
      await repo.upsertGroup(
        tx,
        {
          id,
          productId,
          key: old?.key ?? uniqueKey(g.name, groupKeys, 'group'),
          name: g.name,
          minChoices: g.min,
          maxChoices: g.max,
          position: gi,
        },
        Boolean(old),
      );
      for (const vid of g.variationIds) groupOf.set(vid, id);
    }

    const variationKeys = new Set(
      variationIds.flatMap((id) => (oldVariations.has(id) ? [oldVariations.get(id)!.key] : [])),
    );
    for (const [vi, v] of values.variations.entries()) {
      const id = variationIds[vi]!;
      const old = oldVariations.get(id);
      await repo.upsertVariation(
        tx,
        {
          id,
          productId,
          key: old?.key ?? uniqueKey(v.name, variationKeys, 'option'),
          name: v.name,
          priceVariationMinor: toMinor(v.price_variation ?? 0),
          groupId: v.id === undefined ? null : (groupOf.get(v.id) ?? null),
          preferences: v.preferences,
          allergenes: v.allergenes,
          position: vi,
        },
        Boolean(old),
      );
    }
  };

  /** Runs a venue write: lock, write, bump the menu version, commit, then drop the cached menu. */
  const write = async <T>(venueId: string, fn: (tx: Db, venue: repo.VenueRow) => Promise<T>): Promise<T> => {
    let venueUrl: string | undefined;
    const result = await db.transaction(async (tx) => {
      const venue = await venueOr404(tx, venueId);
      await repo.lockVenue(tx, venue.venueUrl);
      venueUrl = venue.venueUrl;
      const out = await fn(tx, venue);
      await repo.bumpMenuVersion(tx, venue.id);
      return out;
    });
    invalidatePublicVenue(venueUrl);
    return result;
  };

  const productValuesForWrite = (v: StaffProductValues) => ({
    name: v.name,
    description: v.description?.trim() ? v.description : null,
    priceMinor: v.price == null ? null : toMinor(v.price),
    taxRate: v.taxRate ?? null,
    image: v.image ?? null,
    status: v.status,
    recommended: v.recommended,
    preferences: v.preferences,
    allergenes: v.allergenes,
  });

  /** Reads a PATCH body: 400 'Product id is required', the schema's issues, another venue's product 404. */
  const parseUpdate = (venueId: string, input: unknown) => {
    const raw = input && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
    if (raw.id === undefined || raw.id === null || raw.id === '') throw new AppError('PRODUCT_ID_REQUIRED');
    const parsed = parseWith(updateProductSchema, input);
    if (!parsed.ok) throw invalid(parsed.issues);
    const { venue: bodyVenue, ...patch } = parsed.value;
    if (bodyVenue !== undefined && bodyVenue !== venueId) throw new AppError('PRODUCT_NOT_FOUND');
    return patch;
  };

  /** Merges a parsed PATCH into the product and writes it, inside the caller's transaction. */
  const applyUpdate = async (
    tx: Db,
    venue: repo.VenueRow,
    { id, ...patch }: ReturnType<typeof parseUpdate>,
  ): Promise<StaffProduct> => {
    const product = isUuid(id) ? await repo.findProduct(tx, id) : undefined;
    if (!product || product.venueId !== venue.id) throw new AppError('PRODUCT_NOT_FOUND');
    const current = await currentValues(tx, product);
    const merged = mergePatch(current, patch);
    if (comparable(merged) === comparable(current)) throw new AppError('NO_PRODUCT_EDITS');
    const issues = [
      ...productRuleIssues(merged),
      // Only a rate that changes is checked: a rate the venue has since removed stays (and counts as none).
      ...((merged.taxRate ?? null) === (current.taxRate ?? null) ? [] : taxRateIssues(venue, merged.taxRate)),
      ...(await referenceIssues(tx, venue.id, patch)),
    ];
    if (issues.length) throw invalid(issues);
    await repo.updateProduct(tx, product.id, productValuesForWrite(merged));
    await writeProduct(tx, product.id, merged, {
      variations: await repo.listProductVariations(tx, product.id),
      groups: await repo.listProductGroups(tx, product.id),
    });
    return readProduct(tx, venue, product.id);
  };

  const service = {
    /** MAX_UPLOAD_MB, capped by what the image service decodes at all. */
    maxUploadMb: Math.min(deps.maxUploadMb, MAX_IMAGE_FILE_BYTES / 1024 / 1024),
    get maxUploadBytes() {
      return Math.floor(service.maxUploadMb * 1024 * 1024);
    },
    /** The venue's menu in menu order; `all` includes products that are not available. */
    async listMenu(venueId: string, opts: { all: boolean } = { all: true }): Promise<StaffProduct[]> {
      const venue = await venueOr404(db, venueId);
      const rows = await readMenuRows(db, venue);
      const rowOf = new Map(rows.products.map((p) => [p.id, p]));
      return toPublicVenue(rows)
        .menu.filter((p) => opts.all || p.status === 'available')
        .map((p) => ({ ...p, taxRate: rowOf.get(p.id)?.taxRate ?? null, imageId: rowOf.get(p.id)?.image ?? null }));
    },

    async getProduct(venueId: string, productId: string): Promise<StaffProduct> {
      const venue = await venueOr404(db, venueId);
      const product = isUuid(productId) ? await repo.findProduct(db, productId) : undefined;
      if (!product || product.venueId !== venue.id) throw new AppError('PRODUCT_NOT_FOUND');
      return readProduct(db, venue, productId);
    },

    /** The venue a product belongs to (for the role check); 404 when there is no such product. */
    async productVenueId(productId: unknown): Promise<string> {
      const product = isUuid(productId) ? await repo.findProduct(db, productId) : undefined;
      if (!product) throw new AppError('PRODUCT_NOT_FOUND');
      return product.venueId;
    },

    /** POST /api/product: `input` is the body; its `venue` may be left out (the staff chat knows it). */
    async createProduct(venueId: string, input: unknown): Promise<StaffProduct> {
      const body = input && typeof input === 'object' && !Array.isArray(input) ? { venue: venueId, ...input } : input;
      const parsed = parseWith(createProductSchema, body);
      if (!parsed.ok) throw invalid(parsed.issues);
      const { venue: bodyVenue, ...values } = parsed.value;
      if (bodyVenue !== venueId)
        throw invalid([{ path: 'venue', code: 'invalid_value', message: 'must be this venue' }]);
      const rules = productRuleIssues(values);
      if (rules.length) throw invalid(rules);
      return write(venueId, async (tx, venue) => {
        const refs = [...taxRateIssues(venue, values.taxRate), ...(await referenceIssues(tx, venue.id, values))];
        if (refs.length) throw invalid(refs);
        const id = randomUUID();
        await repo.insertProduct(tx, {
          id,
          venueId: venue.id,
          key: uniqueKey(values.name, new Set(await repo.listProductKeys(tx, venue.id)), 'dish'),
          position: await repo.nextProductPosition(tx, venue.id),
          ...productValuesForWrite(values),
        });
        await writeProduct(tx, id, values, { variations: [], groups: [] });
        return readProduct(tx, venue, id);
      });
    },

    /**
     * PATCH /api/product: `{id, ...changed fields}`. A `variations` or `variationGroups` list replaces
     * the product's whole list. 400 'Product id is required', 404 'Product not found on update
     * action' (also for a product of another venue), 400 'No edits done to the product'.
     */
    async updateProduct(venueId: string, input: unknown): Promise<StaffProduct> {
      const patch = parseUpdate(venueId, input);
      return write(venueId, (tx, venue) => applyUpdate(tx, venue, patch));
    },

    /**
     * Several PATCHes in ONE transaction (the staff chat's "raise all pizzas by 50 cents"): every
     * product is checked and written, or, on the first refusal, none is.
     */
    async updateProducts(venueId: string, inputs: readonly unknown[]): Promise<StaffProduct[]> {
      const patches = inputs.map((input) => parseUpdate(venueId, input));
      return write(venueId, async (tx, venue) => {
        const out: StaffProduct[] = [];
        for (const patch of patches) out.push(await applyUpdate(tx, venue, patch));
        return out;
      });
    },

    /** The sold-out switch: `unavailable` tonight, `available` again tomorrow. */
    async setProductStatus(venueId: string, productId: string, status: 'available' | 'unavailable') {
      return service.updateProduct(venueId, { id: productId, status });
    },

    async deleteProduct(venueId: string, productId: string): Promise<{ id: string }> {
      return write(venueId, async (tx, venue) => {
        const product = isUuid(productId) ? await repo.findProduct(tx, productId) : undefined;
        if (!product || product.venueId !== venue.id) throw new AppError('PRODUCT_NOT_FOUND');
        await repo.deleteProduct(tx, product.id);
        return { id: product.id };
      });
    },

    async categoryVenueId(categoryId: unknown): Promise<string> {
      const category = isUuid(categoryId) ? await repo.findCategory(db, categoryId) : undefined;
      if (!category) throw new AppError('CATEGORY_NOT_FOUND');
      return category.venueId;
    },

    async listCategories(venueId: string): Promise<StaffCategory[]> {
      const rows = await repo.listCategories(db, venueId);
      return rows.map((c, position) => ({
        id: c.id,
        name: c.name,
        position,
        hours: c.hours ?? null,
        station: c.station ?? null,
        taxRate: c.taxRate ?? null,
      }));
    },

    /** A new category, last in the menu. `input` is `{venueId?, name}`. */
    async createCategory(venueId: string, input: unknown): Promise<StaffCategory> {
      const body = input && typeof input === 'object' && !Array.isArray(input) ? { venueId, ...input } : input;
      const parsed = parseWith(createCategorySchema, body);
      if (!parsed.ok) throw invalid(parsed.issues);
      if (parsed.value.venueId !== venueId)
        throw invalid([{ path: 'venueId', code: 'invalid_value', message: 'must be this venue' }]);
      return write(venueId, async (tx, venue) => {
        const existing = await repo.listCategories(tx, venue.id);
        const row = await repo.insertCategory(tx, {
          venueId: venue.id,
          key: uniqueKey(parsed.value.name, new Set(existing.map((c) => c.key)), 'category'),
          name: parsed.value.name,
          position: existing.length,
        });
        await repo.setCategoryOrder(tx, venue.id, [...existing.map((c) => c.id), row.id]);
        return { id: row.id, name: row.name, position: existing.length };
      });
    },

    /** Renames and/or moves a category (`position` is its 0-based place; the others make room). */
    async updateCategory(venueId: string, input: unknown): Promise<StaffCategory> {
      const parsed = parseWith(updateCategorySchema, input);
      if (!parsed.ok) throw invalid(parsed.issues);
      const { id, name, position, hours, station, taxRate } = parsed.value;
      if (hours && !(await venueOr404(db, venueId)).schedule?.timezone) {
        throw invalid([
          {
            path: 'hours',
            code: 'timezone_required',
            message: "needs the venue's time zone: set it in the venue settings first",
          },
        ]);
      }
      return write(venueId, async (tx, venue) => {
        if (station != null && !effectiveStations(venue.stations).some((s) => s.id === station)) {
          throw invalid([
            {
              path: 'station',
              code: 'unknown_reference',
              params: { name: station },
              message: unknownStationMessage(venue.stations),
            },
          ]);
        }
        // A rate the venue's tax settings do not have (or a venue without taxes) is refused.
        const rateIssues = taxRateIssues(venue, taxRate);
        if (rateIssues.length) throw invalid(rateIssues);
        const list = await repo.listCategories(tx, venue.id);
        const index = list.findIndex((c) => c.id === id);
        if (index < 0) throw new AppError('CATEGORY_NOT_FOUND');
        const category = list[index]!;
        if (name !== undefined && name !== category.name) await repo.renameCategory(tx, id, name);
        if (hours !== undefined) await repo.setCategoryHours(tx, id, hours);
        if (station !== undefined) await repo.setCategoryStation(tx, id, station);
        if (taxRate !== undefined) await repo.setCategoryTaxRate(tx, id, taxRate);
        const order = list.map((c) => c.id);
        order.splice(index, 1);
        const at = position === undefined ? index : Math.min(position, order.length);
        order.splice(at, 0, id);
        await repo.setCategoryOrder(tx, venue.id, order);
        return {
          id,
          name: name ?? category.name,
          position: at,
          hours: hours === undefined ? category.hours : hours,
          station: station === undefined ? category.station : station,
          taxRate: taxRate === undefined ? category.taxRate : taxRate,
        };
      });
    },

    /** Deletes a category; its products stay and only lose it. */
    async deleteCategory(venueId: string, categoryId: string): Promise<{ id: string }> {
      return write(venueId, async (tx, venue) => {
        const list = await repo.listCategories(tx, venue.id);
        if (!list.some((c) => c.id === categoryId)) throw new AppError('CATEGORY_NOT_FOUND');
        await repo.deleteCategory(tx, categoryId);
        await repo.setCategoryOrder(
          tx,
          venue.id,
          list.filter((c) => c.id !== categoryId).map((c) => c.id),
        );
        return { id: categoryId };
      });
    },

    async getVenueSettings(venueId: string, role: StaffRole): Promise<StaffVenueSettings> {
      const venue = await venueOr404(db, venueId);
      return settingsOf(venue, await service.listCategories(venue.id), role);
    },

    /** PATCH /api/venue (owners): `{id, ...changed settings}`; answers the settings as they are now. */
    async updateVenueSettings(venueId: string, input: unknown, role: StaffRole): Promise<StaffVenueSettings> {
      const parsed = parseWith(venueSettingsSchema, input);
      if (!parsed.ok) throw invalid(parsed.issues);
      const {
        id,
        deliveryFee,
        enable_uber_direct,
        timezone,
        hours,
        closures,
        specialHours,
        lastOrderMinutes,
        ...rest
      } = parsed.value;
      if (id !== venueId) throw invalid([{ path: 'id', code: 'invalid_value', message: 'must be this venue' }]);
      const current = await venueOr404(db, venueId);
      // The schedule: each field given replaces the stored one; a time zone is needed once any is set.
      const stored = scheduleToFields(current.schedule);
      const nextSchedule = {
        timezone: timezone === undefined ? stored.timezone : timezone,
        hours: hours === undefined ? stored.hours : hours,
        closures: closures === undefined ? stored.closures : (closures ?? []),
        specialHours: specialHours === undefined ? stored.specialHours : (specialHours ?? []),
        lastOrderMinutes: lastOrderMinutes === undefined ? stored.lastOrderMinutes : lastOrderMinutes,
      };
      const next = {
        spots: rest.spots ?? current.spots,
        useTextMenu: rest.useTextMenu ?? current.useTextMenu,
        textMenu: rest.textMenu === undefined ? current.textMenu : rest.textMenu,
      };
      const issues = venueSettingsIssues(next);
      if (!nextSchedule.timezone && scheduleNeedsTimeZone(nextSchedule)) {
        issues.push({
          path: 'timezone',
          code: 'timezone_required',
          message: 'is required when hours, closures or special days are set',
        });
      }
      if (rest.headerIcon && !(await repo.isVenueAsset(db, venueId, rest.headerIcon))) {
        issues.push({ path: 'headerIcon', code: 'not_found', message: 'must be an image uploaded to this venue' });
      }
      if (issues.length) throw invalid(issues);
      // The text menu off shows guests the dishes: a venue without one would show an empty menu.
      if (current.useTextMenu && !next.useTextMenu && (await repo.listProductKeys(db, venueId)).length === 0) {
        throw new AppError('NO_PRODUCTS');
      }
      const values: Parameters<typeof repo.updateVenueSettings>[2] = {};
      const set = <K extends keyof typeof values>(k: K, v: (typeof values)[K] | undefined) => {
        if (v !== undefined && JSON.stringify(v) !== JSON.stringify(current[k as keyof repo.VenueRow])) values[k] = v;
      };
      set('name', rest.name);
      set('headerIcon', rest.headerIcon);
      set('inputPlaceholder', rest.inputPlaceholder === undefined ? undefined : rest.inputPlaceholder || null);
      set('theme', rest.theme);
      set('spots', rest.spots);
      set('useTextMenu', rest.useTextMenu);
      set('textMenu', rest.textMenu === undefined ? undefined : rest.textMenu || null);
      set(
        'deliveryFeeMinor',
        deliveryFee === undefined ? undefined : deliveryFee === null ? null : toMinor(deliveryFee),
      );
      set('enableUberDirect', enable_uber_direct);
      set('pickupAddress', rest.pickupAddress === undefined ? undefined : rest.pickupAddress || null);
      set('pickupPhone', rest.pickupPhone === undefined ? undefined : rest.pickupPhone || null);
      set('cardPayment', rest.cardPayment);
      set('schedule', scheduleFromFields(nextSchedule));
      set('prepMinutes', rest.prepMinutes);
      set('stations', rest.stations);
      set('printOn', rest.printOn);
      set('tax', rest.tax);
      set('legal', rest.legal);
      set('pickup', rest.pickup === undefined ? undefined : pickupToStore(rest.pickup));
      set('deliveryRules', rest.deliveryRules === undefined ? undefined : deliveryRulesToStore(rest.deliveryRules));
      if (Object.keys(values).length === 0) return service.getVenueSettings(venueId, role);
      await write(venueId, (tx, venue) => repo.updateVenueSettings(tx, venue.id, values));
      return service.getVenueSettings(venueId, role);
    },

    /**
     * POST /api/asset: the bytes must be a JPEG, PNG, WebP, GIF or AVIF by their magic number and
     * by what sharp reads; re-encoded to WebP and stored for the venue. Nothing is stored on refusal.
     */
    async uploadAsset(venueId: string, bytes: Buffer | null | undefined): Promise<{ id: string; url: string }> {
      if (!bytes || bytes.length === 0) throw new AppError('ASSET_FILE_MISSING');
      if (bytes.length > service.maxUploadBytes) throw tooLarge(service.maxUploadMb);
      const claimed = sniffImageType(bytes);
      if (!claimed) throw new AppError('ASSET_INVALID_TYPE', { logMessage: 'upload: unknown magic number' });
      let image;
      try {
        // The whole file must be what its first bytes claim (sharp reads it, not the name or the header).
        let format: string | undefined;
        try {
          format = (await sharp(bytes).metadata()).format;
        } catch (e) {
          throw new ImageRejectedError('is not an image that can be read', { cause: e });
        }
        if (format !== claimed) throw new ImageRejectedError(`claims ${claimed} but reads as ${format ?? 'unknown'}`);
        image = await prepareImage(bytes);
      } catch (e) {
        if (e instanceof ImageRejectedError) {
          throw new AppError('ASSET_INVALID_TYPE', { logMessage: `upload (${claimed}): ${e.message}`, cause: e });
        }
        throw e;
      }
      const venue = await venueOr404(db, venueId);
      const { assetId } = await db.transaction((tx) => saveImage(tx, storage, venue.id, image));
      return { id: assetId, url: mediaUrl(assetId)! };
    },

    /** The id of the venue at `/<venueUrl>` (404 VENUE_NOT_FOUND). */
    async venueIdByUrl(venueUrl: string): Promise<string> {
      const venue = await repo.findVenueByUrl(db, venueUrl);
      if (!venue) throw new AppError('VENUE_NOT_FOUND');
      return venue.id;
    },

    /** The printable PDF of the venue's table QR codes. */
    async tableQrPdf(
      venueId: string,
      layout: QrLayout,
      publicUrl: string = deps.publicUrl,
    ): Promise<{ venueUrl: string; pdf: Uint8Array }> {
      const venue = await venueOr404(db, venueId);
      if (venue.spots.length === 0) {
        throw new AppError('VALIDATION', {
          message: 'This venue has no tables yet: add them in the venue settings.',
          issues: [
            {
              path: 'spots',
              code: 'too_small',
              params: { min: 1, origin: 'array' },
              message: 'must list at least one table',
            },
          ],
        });
      }
      const pdf = await renderTableQrPdf({
        venueName: venue.name,
        venueUrl: venue.venueUrl,
        spots: venue.spots,
        tokens: await tableTokensOf(db, venue.id, venue.spots),
        publicUrl,
        layout,
      });
      return { venueUrl: venue.venueUrl, pdf };
    },
  };
  return service;
}

export type StaffMenuService = ReturnType<typeof createStaffMenuService>;

export function tooLarge(maxMb: number): AppError {
  return new AppError('ASSET_TOO_LARGE', { message: ERRORS.ASSET_TOO_LARGE.message.replace('{size}', String(maxMb)) });
}

/**
 * The image type the file's first bytes announce (JPEG, PNG, GIF, WebP, AVIF), or null. sharp then
 * has to read the whole file as that type: a PNG header on an HTML body is refused there.
 */
export function sniffImageType(b: Buffer): 'jpeg' | 'png' | 'gif' | 'webp' | 'heif' | null {
  const ascii = (start: number, end: number) => b.subarray(start, end).toString('latin1');
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (b.length >= 6 && (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a')) return 'gif';
  if (b.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  // ISO-BMFF: a box `ftyp` whose major brand is AVIF (sharp reports AVIF as its heif format).
  if (b.length >= 12 && ascii(4, 8) === 'ftyp' && ['avif', 'avis'].includes(ascii(8, 12))) return 'heif';
  return null;
}

/** The current product with the fields a PATCH sent (lists replace lists). */
function mergePatch(current: StaffProductValues, patch: Omit<UpdateProduct, 'id' | 'venue'>): StaffProductValues {
  const merged: StaffProductValues = { ...current };
  for (const [k, v] of Object.entries(patch) as [keyof StaffProductValues, unknown][]) {
    if (v !== undefined) (merged as Record<string, unknown>)[k] = v;
  }
  if (patch.variations && !patch.variationGroups) {
    // New variation list, groups kept: a group keeps the variations that are still there.
    const ids = new Set(patch.variations.map((v) => v.id).filter(Boolean));
    merged.variationGroups = current.variationGroups
      .map((g) => ({ ...g, variationIds: g.variationIds.filter((id) => ids.has(id)) }))
      .filter((g) => g.variationIds.length > 0);
  }
  return merged;
}

function settingsOf(venue: repo.VenueRow, categories: StaffCategory[], role: StaffRole): StaffVenueSettings {
  return {
    id: venue.id,
    venueUrl: venue.venueUrl,
    name: venue.name,
    currency: venue.currency,
    headerIcon: venue.headerIcon,
    headerIconUrl: mediaUrl(venue.headerIcon),
    inputPlaceholder: venue.inputPlaceholder,
    theme: venue.theme ?? null,
    spots: venue.spots,
    useTextMenu: venue.useTextMenu,
    textMenu: venue.textMenu,
    enable_uber_direct: venue.enableUberDirect,
    deliveryFee: venue.deliveryFeeMinor === null ? null : fromMinor(venue.deliveryFeeMinor),
    pickupAddress: venue.pickupAddress,
    pickupPhone: venue.pickupPhone,
    cardPayment: venue.cardPayment,
    ...scheduleToFields(venue.schedule),
    prepMinutes: venue.prepMinutes,
    stations: venue.stations,
    printOn: venue.printOn === 'placed' ? 'placed' : 'accepted',
    tax: venue.tax ?? null,
    legal: venue.legal ?? null,
    pickup: venue.pickup ?? null,
    deliveryRules: venue.deliveryRules ?? null,
    categories,
    role,
  };
}
