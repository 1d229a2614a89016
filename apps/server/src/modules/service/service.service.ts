import {
  activePause,
  availabilityAt,
  orderRefusalAt,
  pauseFromRequest,
  pauseRequestSchema,
  parseWith,
  resumeQuerySchema,
  type CategoryService,
  type ServiceSettings,
  type VenueServiceState,
} from '@carte/domain';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { invalidatePublicVenue } from '../public-venue/public-venue.service.ts';
import type { VenueRow } from '../venues/venues.service.ts';
import { categoriesOfProducts, findVenueById, listServiceCategories, writePause } from './service.repository.ts';

/** The availability rules' view of a venue row. */
export function serviceSettingsOf(venue: Pick<VenueRow, 'schedule' | 'pause' | 'prepMinutes'>): ServiceSettings {
  return { schedule: venue.schedule ?? null, pause: venue.pause ?? null, prepMinutes: venue.prepMinutes ?? null };
}

export function categoryServiceOf(c: Pick<CategoryService, 'id' | 'hours' | 'pause'>): CategoryService {
  return { id: c.id, hours: c.hours ?? null, pause: c.pause ?? null };
}

/**
 * Refuses an order the venue cannot take at `at` (architecture 4.10): 409 VENUE_CLOSED with
 * `nextOpening`, ORDERING_PAUSED with the pause, or NOT_AVAILABLE_NOW with the dishes concerned.
 * Nothing is written; the guest's cart is the browser's and stays as it is.
 */
export async function checkOrderingOpen(db: Db, venue: VenueRow, productIds: string[], at: number): Promise<void> {
  // The common case (no hours, no pause anywhere) costs one query for the categories.
  await checkOrderingOpenWith(db, venue, await listServiceCategories(db, venue.id), productIds, at);
}

/** checkOrderingOpen with the venue's categories already read (in menu order; placing an order reads them with the venue). */
export async function checkOrderingOpenWith(
  db: Db,
  venue: VenueRow,
  categoryRows: readonly Pick<CategoryService, 'id' | 'hours' | 'pause'>[],
  productIds: string[],
  at: number,
): Promise<void> {
  const settings = serviceSettingsOf(venue);
  const categories = categoryRows.map(categoryServiceOf);
  if (!settings.schedule && !settings.pause && categories.every((c) => !c.hours && !c.pause)) return;
  const links = await categoriesOfProducts(db, productIds);
  const refusal = orderRefusalAt(
    settings,
    categories,
    productIds.map((productId) => ({ productId, categoryIds: links.get(productId) ?? [] })),
    at,
  );
  if (!refusal) return;
  const { code, ...details } = refusal;
  throw new AppError(code, { details, logMessage: `order refused at ${new Date(at).toISOString()}: ${code}` });
}

export function createVenueServiceService(deps: { db: Db; now?: () => number }) {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  async function venueOr404(venueId: string): Promise<VenueRow> {
    const venue = await findVenueById(db, venueId);
    if (!venue) throw new AppError('VENUE_NOT_FOUND');
    return venue;
  }

  async function state(venueId: string): Promise<VenueServiceState> {
    const venue = await venueOr404(venueId);
    const at = now();
    const rows = await listServiceCategories(db, venue.id);
    const snapshot = availabilityAt(serviceSettingsOf(venue), rows.map(categoryServiceOf), at);
    const { availability } = snapshot;
    return {
      venueId: venue.id,
      pause: activePause(venue.pause, at),
      prepMinutes: venue.prepMinutes,
      categories: rows.map((c) => ({
        id: c.id,
        name: c.name,
        pause: activePause(c.pause, at),
        availableNow: snapshot.categories.get(c.id) ?? true,
      })),
      open: availability.open,
      ...(availability.closesAt ? { closesAt: availability.closesAt } : {}),
      ...(availability.nextOpening ? { nextOpening: availability.nextOpening } : {}),
      ...(availability.timezone ? { timezone: availability.timezone } : {}),
    };
  }

  return {
    state,

    /** POST /api/venue/pause: pauses the venue or a category; nothing is written on bad input. */
    async pause(body: unknown): Promise<VenueServiceState> {
      const parsed = parseWith(pauseRequestSchema, body);
      if (!parsed.ok) throw new AppError('VALIDATION', { issues: parsed.issues });
      const request = parsed.value;
      const pause = pauseFromRequest(request, now());
      if (!pause.ok) throw new AppError('VALIDATION', { issues: pause.issues });
      const venue = await venueOr404(request.venueId);
      const written = await db.transaction((tx) => writePause(tx, venue.id, request.categoryId, pause.pause));
      if (!written) throw new AppError('CATEGORY_NOT_FOUND');
      invalidatePublicVenue(venue.venueUrl);
      return state(venue.id);
    },

    /** DELETE /api/venue/pause?venueId&categoryId: ordering resumes at once. */
    async resume(query: unknown): Promise<VenueServiceState> {
      const parsed = parseWith(resumeQuerySchema, query);
      if (!parsed.ok) throw new AppError('VALIDATION', { issues: parsed.issues });
      const venue = await venueOr404(parsed.value.venueId);
      const written = await db.transaction((tx) => writePause(tx, venue.id, parsed.value.categoryId, null));
      if (!written) throw new AppError('CATEGORY_NOT_FOUND');
      invalidatePublicVenue(venue.venueUrl);
      return state(venue.id);
    },
  };
}
