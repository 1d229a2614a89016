import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicVenueResponse } from '@carte/domain/public-types';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/public/venue?venue=<venueUrl> (architecture.md section 4.2). */
export function getVenue(venueUrl: string, signal?: AbortSignal): Promise<PublicVenueResponse> {
  return apiGet<PublicVenueResponse>('/api/public/venue', { venue: venueUrl }, signal);
}

export function venueQueryOptions(venueUrl: string) {
  return queryOptions({
    queryKey: ['venue', venueUrl],
    queryFn: ({ signal }) => getVenue(venueUrl, signal),
    staleTime: 60_000,
  });
}

export function useVenue(venueUrl: string) {
  return useQuery(venueQueryOptions(venueUrl));
}
