import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { TableCall } from '@carte/domain/contracts/table-calls';
import type { PublicOrder } from '@carte/domain/contracts/orders';
import { getVenueCalls, getVenueTickets } from '../api/service-api.ts';
import { isMuted } from '../lib/mute-store.ts';
import { playNewOrderSound } from '../lib/new-order-sound.ts';

/**
 * The board's kitchen tickets and calls from the tables (issue 18). Tickets are read again whenever an
 * order changes (a ticket's state bumps its order, which the stream brings); calls on each call event,
 * and a new call rings like a new order.
 */
export function useTableService(venueId: string, orders: Record<string, PublicOrder>) {
  const stamp = useMemo(
    () => Object.values(orders).reduce((latest, o) => (o.updated_at > latest ? o.updated_at : latest), ''),
    [orders],
  );
  const tickets = useQuery({
    queryKey: ['board', 'tickets', venueId, stamp],
    queryFn: ({ signal }) => getVenueTickets(venueId, signal),
    placeholderData: (previous) => previous,
  });
  const calls = useQuery({
    queryKey: ['board', 'calls', venueId],
    queryFn: ({ signal }) => getVenueCalls(venueId, signal),
  });
  const refetchCalls = calls.refetch;
  const refetchTickets = tickets.refetch;
  const onCall = useCallback(
    (_call: TableCall, created: boolean) => {
      void refetchCalls();
      if (created && !isMuted()) playNewOrderSound();
    },
    [refetchCalls],
  );
  return {
    ticketsOf: (orderId: string) => tickets.data?.tickets[orderId] ?? [],
    calls: calls.data?.calls ?? [],
    onCall,
    refreshCalls: () => void refetchCalls(),
    refreshTickets: () => void refetchTickets(),
  };
}
