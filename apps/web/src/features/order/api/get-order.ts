import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicOrder } from '@carte/domain/order';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/order?orderId=<id> (architecture.md section 4.4). */
export function getOrder(orderId: string, signal?: AbortSignal): Promise<PublicOrder> {
  return apiGet<PublicOrder>('/api/order', { orderId }, signal);
}

export function orderQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: ['order', orderId],
    queryFn: ({ signal }) => getOrder(orderId, signal),
    staleTime: 15_000,
  });
}

export function useOrder(orderId: string | null) {
  return useQuery({ ...orderQueryOptions(orderId ?? ''), enabled: Boolean(orderId) });
}
