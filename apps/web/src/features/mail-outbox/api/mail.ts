import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MailListAnswer, MailMessageAnswer, MailSummary } from '@carte/domain/contracts/mail';
import { apiRequest } from '../../../lib/api-client.ts';

/** The outbox (issue 19, decision 021): GET /api/venue/mail, /message, POST /resend, owners only. */
export const outboxKey = (venueId: string) => ['back-office', 'outbox', venueId] as const;

export function getOutbox(venueId: string, before?: string, signal?: AbortSignal): Promise<MailListAnswer> {
  return apiRequest<MailListAnswer>('/api/venue/mail', { query: { venueId, before }, ...(signal ? { signal } : {}) });
}

export function getMessage(venueId: string, id: string, signal?: AbortSignal): Promise<MailMessageAnswer> {
  return apiRequest<MailMessageAnswer>('/api/venue/mail/message', {
    query: { venueId, id },
    ...(signal ? { signal } : {}),
  });
}

export function resendMessage(venueId: string, id: string): Promise<MailSummary> {
  return apiRequest<MailSummary>('/api/venue/mail/resend', { method: 'POST', body: { venueId, id } });
}

/** One page of 50, newest first; `before` is the previous page's `next_before`. */
export function useOutbox(venueId: string, before: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [...outboxKey(venueId), before ?? 'first'],
    queryFn: ({ signal }) => getOutbox(venueId, before, signal),
    staleTime: 0,
    enabled,
  });
}

export function useMessage(venueId: string, id: string | null) {
  return useQuery({
    queryKey: [...outboxKey(venueId), 'message', id],
    queryFn: ({ signal }) => getMessage(venueId, id!, signal),
    enabled: id !== null,
  });
}

export function useResend(venueId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => resendMessage(venueId, id),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: outboxKey(venueId) });
    },
  });
}
