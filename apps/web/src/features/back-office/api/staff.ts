import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffInviteAnswer, StaffMember } from '@carte/domain/contracts/staff';
import { apiRequest } from '../../../lib/api-client.ts';

export const staffKey = (venueId: string) => ['back-office', 'staff', venueId] as const;

export function getVenueStaff(venueId: string, signal?: AbortSignal): Promise<StaffMember[]> {
  return apiRequest<StaffMember[]>('/api/venue/staff', { query: { venueId }, ...(signal ? { signal } : {}) });
}

export const venueStaffQueryOptions = (venueId: string) =>
  queryOptions({ queryKey: staffKey(venueId), queryFn: ({ signal }) => getVenueStaff(venueId, signal), staleTime: 0 });

export function useVenueStaff(venueId: string, enabled = true) {
  return useQuery({ ...venueStaffQueryOptions(venueId), enabled });
}

export function inviteStaff(venueId: string, email: string): Promise<StaffInviteAnswer> {
  return apiRequest<StaffInviteAnswer>('/api/venue/staff', { method: 'POST', body: { venueId, email } });
}

export function removeStaff(venueId: string, userId: string): Promise<unknown> {
  return apiRequest<unknown>('/api/venue/staff', { method: 'DELETE', query: { venueId, userId } });
}

export function useInviteStaff(venueId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => inviteStaff(venueId, email),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: staffKey(venueId) });
    },
  });
}

export function useRemoveStaff(venueId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => removeStaff(venueId, userId),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: staffKey(venueId) });
    },
  });
}
