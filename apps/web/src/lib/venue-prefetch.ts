import type { ApiEnvelope, PublicVenueResponse } from '@carte/domain/public-types';
import { prefetchGet } from './api-client.ts';
import { defaultVenueSlug } from './default-venue.ts';

/** First path segments that are app pages, not venue slugs. */
const NOT_VENUES = new Set(['admin', 'error']);

/** The venue a guest path shows: `/` is the default venue, `/:id/...` is `id`; null for other pages. */
export function venueSlugFromPath(pathname: string): string | null {
  let first: string;
  try {
    first = decodeURIComponent(pathname.split('/')[1] ?? '');
  } catch {
    return null;
  }
  if (NOT_VENUES.has(first)) return null;
  return first || defaultVenueSlug();
}

/** Asks for the venue of this path at start-up (GET /api/public/venue); true when it did. */
export function prefetchVenue(pathname: string): boolean {
  const slug = venueSlugFromPath(pathname);
  if (!slug) return false;
  prefetchGet('/api/public/venue', { venue: slug });
  return true;
}

/**
 * The answer of GET /api/public/venue for one venue, as the server embedded it in a server-rendered
 * page (`<script type="application/json" id="carte-venue" data-venue data-status>`) or as the server
 * renderer receives it: the guest pages start from it instead of asking again.
 */
export interface VenueSeed {
  slug: string;
  /** The HTTP status the API gives for it (200, 404 for an unknown venue, 503 when the database is away). */
  status: number;
  body: ApiEnvelope<PublicVenueResponse>;
}

export const EMBEDDED_VENUE_ID = 'carte-venue';

/** The venue the server embedded in the page, or null (a page the server did not render). */
export function readEmbeddedVenue(doc: Document = document): VenueSeed | null {
  const element = doc.getElementById(EMBEDDED_VENUE_ID);
  const slug = element?.dataset.venue;
  if (!element || element.getAttribute('type') !== 'application/json' || !slug) return null;
  try {
    const body = JSON.parse(element.textContent ?? '') as ApiEnvelope<PublicVenueResponse>;
    if (typeof body !== 'object' || body === null || typeof body.success !== 'boolean') return null;
    return { slug, status: Number(element.dataset.status) || (body.success ? 200 : 500), body };
  } catch {
    return null;
  }
}

const seeds: VenueSeed[] = [];

/** Hands a venue to the guest pages' query cache (read once, when the cache is created). */
export function seedVenue(seed: VenueSeed): void {
  seeds.push(seed);
}

export function takeVenueSeeds(): VenueSeed[] {
  return seeds.splice(0);
}
