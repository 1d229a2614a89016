import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffVenueSettings, VenueSettingsInput } from '@carte/domain/contracts/venue';
import { apiRequest } from '../api-client.ts';

/** GET /api/venue?venueId: the venue as its staff edit it, with the caller's role (the domain's shape). */
export type { StaffVenueSettings } from '@carte/domain/contracts/venue';

/** PATCH /api/venue: the settings an owner changes (header icon as an asset id): the domain's contract. */
export type VenueSettingsPatch = VenueSettingsInput;

export const venueKey = (venueId: string) => ['back-office', 'venue', venueId] as const;

export function getStaffVenue(venueId: string, signal?: AbortSignal): Promise<StaffVenueSettings> {
  return apiRequest<StaffVenueSettings>('/api/venue', { query: { venueId }, ...(signal ? { signal } : {}) });
}

export const staffVenueQueryOptions = (venueId: string) =>
  queryOptions({ queryKey: venueKey(venueId), queryFn: ({ signal }) => getStaffVenue(venueId, signal), staleTime: 0 });

export function useStaffVenue(venueId: string) {
  return useQuery(staffVenueQueryOptions(venueId));
}

export function updateVenue(patch: VenueSettingsPatch): Promise<StaffVenueSettings> {
  return apiRequest<StaffVenueSettings>('/api/venue', { method: 'PATCH', body: patch });
}

export function useUpdateVenue(venueId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateVenue,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: venueKey(venueId) });
    },
  });
}
