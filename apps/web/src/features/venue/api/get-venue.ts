import type { PublicVenueResponse } from '@carte/domain/public-types';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/public/venue?venue=<venueUrl> (architecture.md section 4.2). */
export function getVenue(venueUrl: string, signal?: AbortSignal): Promise<PublicVenueResponse> {
  return apiGet<PublicVenueResponse>('/api/public/venue', { venue: venueUrl }, signal);
}
