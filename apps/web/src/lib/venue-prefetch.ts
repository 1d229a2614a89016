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
