import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PendingInvitation, StaffInviteAnswer, StaffMember } from '@carte/domain/contracts/staff';
import type { Language } from '@carte/domain/languages';
import { apiRequest } from '../../../lib/api-client.ts';

export const staffKey = (venueId: string) => ['back-office', 'staff', venueId] as const;
export const invitationsKey = (venueId: string) => ['back-office', 'staff', venueId, 'invitations'] as const;

export function getVenueStaff(venueId: string, signal?: AbortSignal): Promise<StaffMember[]> {
  return apiRequest<StaffMember[]>('/api/venue/staff', { query: { venueId }, ...(signal ? { signal } : {}) });
}

export const venueStaffQueryOptions = (venueId: string) =>
  queryOptions({ queryKey: staffKey(venueId), queryFn: ({ signal }) => getVenueStaff(venueId, signal), staleTime: 0 });

export function useVenueStaff(venueId: string, enabled = true) {
  return useQuery({ ...venueStaffQueryOptions(venueId), enabled });
}

/** The e-mail with the one-time link goes out in the owner's screen language. */
export function inviteStaff(venueId: string, email: string, language: Language): Promise<StaffInviteAnswer> {
  return apiRequest<StaffInviteAnswer>('/api/venue/staff', { method: 'POST', body: { venueId, email, language } });
}

export function getPendingInvitations(venueId: string, signal?: AbortSignal): Promise<PendingInvitation[]> {
  return apiRequest<PendingInvitation[]>('/api/venue/staff/invitations', {
    query: { venueId },
    ...(signal ? { signal } : {}),
  });
}

export function usePendingInvitations(venueId: string, enabled = true) {
  return useQuery({
    queryKey: invitationsKey(venueId),
    queryFn: ({ signal }) => getPendingInvitations(venueId, signal),
    staleTime: 0,
    enabled,
  });
}

/** Resend (a new link valid 48 hours) or withdraw a pending invitation. */
export function useInvitationAction(venueId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'resend' | 'revoke' }) =>
      action === 'resend'
        ? apiRequest<StaffInviteAnswer>('/api/venue/staff/invitations/resend', {
            method: 'POST',
            body: { venueId, id },
          })
        : apiRequest<unknown>('/api/venue/staff/invitations', { method: 'DELETE', query: { venueId, id } }),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: invitationsKey(venueId) });
    },
  });
}

export function removeStaff(venueId: string, userId: string): Promise<unknown> {
  return apiRequest<unknown>('/api/venue/staff', { method: 'DELETE', query: { venueId, userId } });
}

export function useInviteStaff(venueId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ email, language }: { email: string; language: Language }) => inviteStaff(venueId, email, language),
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
