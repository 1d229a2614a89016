import { useEffect, useRef, useState } from 'react';
import type { PublicOrder } from '@carte/domain/contracts/orders';
import { isSettledOrder } from '@carte/domain/order-status';

export type OrderStreamState = 'live' | 'reconnecting' | 'stopped';

const MAX_RETRY_MS = 30_000;

function parseOrder(data: unknown, orderId: string): PublicOrder | null {
  if (typeof data !== 'string') return null;
  try {
    const value = JSON.parse(data) as Partial<PublicOrder> | null;
    return value && value.id === orderId && typeof value.status === 'string' ? (value as PublicOrder) : null;
  } catch {
    return null;
  }
}

/** What the page gives the stream: where a new version goes, and how to fetch the order again. */
export interface OrderStreamTarget {
  onOrder: (order: PublicOrder) => void;
  refetch: () => Promise<unknown>;
}

/**
 * Follows one order over GET /api/order/stream (server-sent `order.updated`) and hands each
 * version to `onOrder` (the page writes it into the order's query, newest first). A dropped stream is reopened after a pause
 * (2 s, 4 s ... 30 s) once the order has been fetched again; the stream stops when the order is
 * settled: served, delivered or cancelled, with no payment still moving (a cancelled paid order is
 * followed until its refund).
 */
export function useOrderStream(
  orderId: string,
  status: string,
  paymentStatus: string,
  target: OrderStreamTarget,
): OrderStreamState {
  const targetRef = useRef(target);
  useEffect(() => {
    targetRef.current = target;
  }, [target]);
  const final = isSettledOrder({ status, paymentStatus });
  const [state, setState] = useState<OrderStreamState>(final ? 'stopped' : 'live');

  useEffect(() => {
    if (final || typeof EventSource === 'undefined') return;
    let stopped = false;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;

    const open = () => {
      if (stopped || source) return;
      const es = new EventSource(
        new URL(`/api/order/stream?${new URLSearchParams({ orderId }).toString()}`, document.baseURI).href,
      );
      source = es;
      es.onopen = () => {
        attempt = 0;
        setState('live');
      };
      es.addEventListener('order.updated', ((event: MessageEvent) => {
        const order = parseOrder(event.data, orderId);
        if (!order) return;
        targetRef.current.onOrder(order);
        if (isSettledOrder({ status: order.status, paymentStatus: order.payment_status })) {
          stopped = true;
          es.close();
          setState('stopped');
        }
      }) as EventListener);
      es.onerror = () => {
        es.close();
        if (source === es) source = null;
        dropped();
      };
    };

    const dropped = () => {
      if (stopped) return;
      setState('reconnecting');
      const delay = Math.min(MAX_RETRY_MS, 2000 * 2 ** attempt);
      attempt++;
      clearTimeout(timer);
      // What changed while away comes with the order itself, then the stream goes on from there.
      timer = setTimeout(() => {
        void targetRef.current.refetch().finally(open);
      }, delay);
    };

    const wake = () => {
      if (document.visibilityState !== 'visible' || source || stopped) return;
      clearTimeout(timer);
      attempt = 0;
      void targetRef.current.refetch().finally(open);
    };
    // The phone lost its network: close now, and follow again when it is back ('online').
    const offline = () => {
      source?.close();
      source = null;
      dropped();
    };
    open();
    window.addEventListener('online', wake);
    window.addEventListener('offline', offline);
    document.addEventListener('visibilitychange', wake);
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
      window.removeEventListener('online', wake);
      window.removeEventListener('offline', offline);
      document.removeEventListener('visibilitychange', wake);
    };
  }, [orderId, final]);

  return final || typeof EventSource === 'undefined' ? 'stopped' : state;
}
