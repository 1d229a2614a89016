import { http, HttpResponse } from 'msw';
import type { PublicVenueResponse } from '@carte/domain/public-types';

/** GET /api/public/venue answering for the given venues by slug, 404 envelope otherwise. */
export function venueHandler(venues: PublicVenueResponse[]) {
  return http.get('*/api/public/venue', ({ request }) => {
    const slug = new URL(request.url).searchParams.get('venue');
    const found = venues.find((v) => v.venue.venueUrl === slug);
    if (!found) {
      return HttpResponse.json({ success: false, error: 'Venue not found', code: 'VENUE_NOT_FOUND' }, { status: 404 });
    }
    return HttpResponse.json({ success: true, data: found });
  });
}
