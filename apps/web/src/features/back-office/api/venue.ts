import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffVenueSettings } from '@carte/domain/staff-menu';
import { staffRequest } from './request.ts';

/** GET /api/venue?venueId: the venue as its staff edit it, with the caller's role (the domain's shape). */
export type { StaffVenueSettings } from '@carte/domain/staff-menu';

/** PATCH /api/venue: the settings an owner changes (header icon as an asset id). */
export type VenueSettingsPatch = { id: string } & Partial<
  Pick<
    StaffVenueSettings,
    | 'name'
    | 'headerIcon'
    | 'inputPlaceholder'
    | 'theme'
    | 'spots'
    | 'useTextMenu'
    | 'textMenu'
    | 'enable_uber_direct'
    | 'deliveryFee'
    | 'pickupAddress'
    | 'pickupPhone'
    | 'cardPayment'
    | 'timezone'
    | 'hours'
    | 'closures'
    | 'specialHours'
    | 'lastOrderMinutes'
    | 'prepMinutes'
  >
>;

export const venueKey = (venueId: string) => ['back-office', 'venue', venueId] as const;

export function getStaffVenue(venueId: string, signal?: AbortSignal): Promise<StaffVenueSettings> {
  return staffRequest<StaffVenueSettings>('/api/venue', { query: { venueId }, ...(signal ? { signal } : {}) });
}

export const staffVenueQueryOptions = (venueId: string) =>
  queryOptions({ queryKey: venueKey(venueId), queryFn: ({ signal }) => getStaffVenue(venueId, signal), staleTime: 0 });

export function useStaffVenue(venueId: string) {
  return useQuery(staffVenueQueryOptions(venueId));
}

export function updateVenue(patch: VenueSettingsPatch): Promise<StaffVenueSettings> {
  return staffRequest<StaffVenueSettings>('/api/venue', { method: 'PATCH', body: patch });
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
