import type { TableCall } from '@carte/domain/contracts/table-calls';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PublicOrder } from '@carte/domain/contracts/orders';
import { isApiError } from '../../../lib/api-client.ts';
import { getOrder, getVenueOrders, venueStreamUrl } from '../api/board-api.ts';
import { mergeOrders } from '../lib/board-model.ts';

/** What the connection indicator says. */
export type BoardConnection = 'catching-up' | 'live' | 'reconnecting';

const MAX_RETRY_MS = 15_000;
/** The server's page size (VENUE_ORDERS_LIMIT): a full page means there may be more. */
const PAGE_LIMIT = 200;
const MAX_CATCH_UP_PAGES = 20;
export const DONE_STATUSES = 'served,delivered,cancelled';

function parseOrder(data: unknown): PublicOrder | null {
  if (typeof data !== 'string') return null;
  try {
    const value = JSON.parse(data) as Partial<PublicOrder> | null;
    return value &&
      typeof value.id === 'string' &&
      typeof value.status === 'string' &&
      typeof value.updated_at === 'string'
      ? (value as PublicOrder)
      : null;
  } catch {
    return null;
  }
}

/**
 * The venue's orders, live (mount it with `key={venueId}`: its state belongs to one venue): loads the open orders, then follows the staff stream. When the stream
 * drops, it waits a little (1 s, 2 s, 4 s ... 15 s), asks for what changed since the last cursor
 * ("catching up"), and opens the stream again from there. Every answer and event is merged by
 * order id, newest `updated_at` first, so a replayed change never shows an order twice.
 */
export function useBoardFeed({
  venueId,
  onNewOrders,
  onUnauthorized,
  onCall,
  onVenueUpdated,
}: {
  venueId: string;
  /**
   * The venue's service settings changed (event `venue.updated`: a pause, the prep time, the hours),
   * or the stream came back and may have missed such a change: read them again.
   */
  onVenueUpdated?: () => void;
  /** A call from a table was made or answered (events `call.created`, `call.updated`). */
  onCall?: (call: TableCall, created: boolean) => void;
  /** Orders that arrived while the board was open (not those of the first load). */
  onNewOrders?: (orders: PublicOrder[]) => void;
  /** A 401 on catching up: refresh the session before the next try. */
  onUnauthorized?: () => Promise<unknown>;
}) {
  const [orders, setOrders] = useState<Record<string, PublicOrder>>({});
  const [connection, setConnection] = useState<BoardConnection>('catching-up');
  const [loaded, setLoaded] = useState(false);
  const [loadError, setLoadError] = useState<unknown>(null);
  const ordersRef = useRef(orders);
  const callbacks = useRef({ onNewOrders, onUnauthorized, onCall, onVenueUpdated });
  useEffect(() => {
    callbacks.current = { onNewOrders, onUnauthorized, onCall, onVenueUpdated };
  }, [onNewOrders, onUnauthorized, onCall, onVenueUpdated]);
  const reconnectNow = useRef<() => void>(() => {});

  const apply = useCallback((incoming: PublicOrder[]) => {
    const next = mergeOrders(ordersRef.current, incoming);
    if (next === ordersRef.current) return;
    ordersRef.current = next;
    setOrders(next);
  }, []);

  useEffect(() => {
    let stopped = false;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let cursor: string | null = null;
    let firstLoad = true;
    /** A catch-up is under way: a wake-up must not start a second one. */
    let connecting = false;
    const controller = new AbortController();

    const retry = () => {
      if (stopped) return;
      clearTimeout(timer);
      setConnection('reconnecting');
      const delay = Math.min(MAX_RETRY_MS, 1000 * 2 ** attempt) * (0.8 + Math.random() * 0.4);
      attempt++;
      timer = setTimeout(() => void connect(), delay);
    };

    const announceNew = (list: PublicOrder[]) => {
      if (list.length > 0) callbacks.current.onNewOrders?.(list);
    };

    const openStream = () => {
      if (typeof EventSource === 'undefined' || source) return;
      const es = new EventSource(venueStreamUrl(venueId, cursor), { withCredentials: true });
      source = es;
      let opened = false;
      es.onopen = () => {
        attempt = 0;
        setConnection('live');
        // Back after a break: a pause or prep time set meanwhile was not heard.
        if (opened) callbacks.current.onVenueUpdated?.();
        opened = true;
      };
      const onEvent = (created: boolean) => (event: MessageEvent) => {
        const order = parseOrder(event.data);
        if (!order) return;
        if (event.lastEventId) cursor = event.lastEventId;
        const isNew = created && !ordersRef.current[order.id];
        apply([order]);
        if (isNew) announceNew([order]);
      };
      es.addEventListener('order.created', onEvent(true) as EventListener);
      es.addEventListener('order.updated', onEvent(false) as EventListener);
      const onCallEvent = (created: boolean) => (event: MessageEvent) => {
        const call = parseCall(event.data);
        if (call) callbacks.current.onCall?.(call, created);
      };
      es.addEventListener('call.created', onCallEvent(true) as EventListener);
      es.addEventListener('call.updated', onCallEvent(false) as EventListener);
      es.addEventListener('venue.updated', (() => callbacks.current.onVenueUpdated?.()) as EventListener);
      es.onerror = () => {
        // Closed here and reopened by `retry` from the last cursor: a refused or dropped stream
        // (a 401 after sleep, a proxy's 502) would otherwise stay closed for good.
        es.close();
        if (source === es) source = null;
        retry();
      };
    };

    const connect = async () => {
      if (stopped || connecting) return;
      connecting = true;
      setConnection('catching-up');
      try {
        const changed: PublicOrder[] = [];
        // Catching up reads what changed since the cursor, oldest first, a page at a time.
        for (let pages = 0; pages < MAX_CATCH_UP_PAGES; pages++) {
          const page = await getVenueOrders(
            cursor ? { venueId, since: cursor } : { venueId, status: 'open' },
            controller.signal,
          );
          if (stopped) return;
          const before = cursor;
          changed.push(...page.orders);
          if (page.cursor) cursor = page.cursor;
          if (!before || page.orders.length < PAGE_LIMIT || cursor === before) break;
        }
        const arrived = firstLoad ? [] : changed.filter((o) => !ordersRef.current[o.id] && o.status === 'placed');
        apply(changed);
        firstLoad = false;
        setLoaded(true);
        setLoadError(null);
        announceNew(arrived);
      } catch (error) {
        if (stopped || controller.signal.aborted) return;
        if (isApiError(error) && error.status === 403) {
          connecting = false;
          setLoadError(error);
          setConnection('reconnecting');
          return;
        }
        if (isApiError(error) && error.status === 401)
          await callbacks.current.onUnauthorized?.().catch(() => undefined);
        if (firstLoad) setLoadError(error);
        connecting = false;
        retry();
        return;
      }
      connecting = false;
      openStream();
    };

    reconnectNow.current = () => {
      if (stopped || source || connecting) return;
      clearTimeout(timer);
      attempt = 0;
      void connect();
    };
    const wake = () => {
      if (document.visibilityState === 'visible') reconnectNow.current();
    };
    // The device lost its network (Wi-Fi dropped): an open stream may not notice for minutes.
    const offline = () => {
      source?.close();
      source = null;
      retry();
    };
    window.addEventListener('online', wake);
    window.addEventListener('offline', offline);
    document.addEventListener('visibilitychange', wake);
    void connect();
    return () => {
      stopped = true;
      controller.abort();
      clearTimeout(timer);
      source?.close();
      window.removeEventListener('online', wake);
      window.removeEventListener('offline', offline);
      document.removeEventListener('visibilitychange', wake);
    };
  }, [venueId, apply]);

  /** Asks for one order again (after a refused move: someone else moved it first). */
  const refreshOrder = useCallback(
    async (orderId: string) => {
      try {
        apply([await getOrder(orderId)]);
      } catch {
        // The stream brings the change anyway.
      }
    },
    [apply],
  );

  /** Today's finished orders, for the Done filter (the first load holds open orders only). */
  const loadDone = useCallback(async () => {
    const midnight = new Date();
    midnight.setHours(0, 0, 0, 0);
    // `since` takes an ISO time too: the orders finished since midnight here.
    const page = await getVenueOrders({ venueId, status: DONE_STATUSES, since: midnight.toISOString() });
    apply(page.orders);
  }, [venueId, apply]);

  const retryNow = useCallback(() => reconnectNow.current(), []);

  return { orders, connection, loaded, loadError, apply, refreshOrder, loadDone, retryNow };
}

function parseCall(data: unknown): TableCall | null {
  try {
    const c = JSON.parse(String(data)) as TableCall;
    return c && typeof c.id === 'string' && typeof c.spot === 'string' ? c : null;
  } catch {
    return null;
  }
}
