import { useCallback } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicOrder } from '@carte/domain/contracts/orders';
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

/**
 * Puts a version of the order from its live stream into the query, unless the query already holds
 * a newer one (a late event after a refetch).
 */
export function useReceiveOrder(orderId: string | null): (order: PublicOrder) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (order: PublicOrder) => {
      if (!orderId || order.id !== orderId) return;
      const key = orderQueryOptions(orderId).queryKey;
      const known = queryClient.getQueryData<PublicOrder>(key);
      if (known && Date.parse(known.updated_at) > Date.parse(order.updated_at)) return;
      queryClient.setQueryData(key, order);
    },
    [orderId, queryClient],
  );
}
