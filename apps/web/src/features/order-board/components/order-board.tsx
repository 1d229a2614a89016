import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { TableCall } from '@carte/domain/contracts/table-calls';
import { useTranslation } from '../../../i18n/react.tsx';
import { Maximize2, Minimize2, Volume2, VolumeX } from 'lucide-react';
import type { PublicOrder } from '@carte/domain/contracts/orders';
import type { OrderStatus } from '@carte/domain/order-status';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { formatWallTime } from '../../../lib/venue-time.ts';
import { notify } from '../../../lib/toast.ts';
import { moveOrder, refundOrder } from '../api/board-api.ts';
import { useBoardFeed } from '../hooks/use-board-feed.ts';
import { useNow } from '../hooks/use-now.ts';
import { BOARD_COLUMNS, columnOf, ordersIn, type BoardView } from '../lib/board-model.ts';
import { isMuted, useMuted } from '../lib/mute-store.ts';
import { playNewOrderSound, unlockSound } from '../lib/new-order-sound.ts';
import { CancelDialog } from './cancel-dialog.tsx';
import { ConnectionIndicator } from './connection-indicator.tsx';
import { OrderCard } from './order-card.tsx';
import { ReceiptSender } from './receipt-sender.tsx';
import { TablePanel } from './table-panel.tsx';
import { TicketStrip } from './ticket-strip.tsx';
import { useTableService } from '../hooks/use-table-service.ts';

const looksLikeOrder = (value: unknown): value is PublicOrder =>
  typeof value === 'object' && value !== null && 'id' in value && 'status' in value && 'updated_at' in value;

const segment =
  'inline-flex min-h-12 shrink-0 items-center gap-2 rounded-full border-2 border-line bg-surface px-4 text-base font-semibold hover:bg-surface-2 aria-pressed:border-brand aria-pressed:bg-brand aria-pressed:text-brand-contrast';

/**
 * The order board of a venue (docs/ui.md): live columns New, Accepted, Preparing and Ready on a
 * landscape tablet, one column at a time with a filter on a phone, and today's finished orders
 * under Done. New orders chime (unless muted) and count in the tab title.
 */
export function OrderBoard({
  venueId,
  venueName,
  onUnauthorized,
  prepMinutes,
  onVenueUpdated,
}: {
  venueId: string;
  venueName: string;
  onUnauthorized?: () => Promise<unknown>;
  /** Another device changed the venue's service settings (pause, prep time): the service panel reads them again. */
  onVenueUpdated?: () => void;
  /** The kitchen's current prep time (the service panel's): orders waiting longer are marked. */
  prepMinutes?: number | null;
}) {
  const { t, i18n } = useTranslation();
  const now = useNow(30_000);
  const [muted, setMuted] = useMuted();
  const [view, setView] = useState<BoardView>('new');
  const [pending, setPending] = useState<Record<string, OrderStatus>>({});
  const [busy, setBusy] = useState<Record<string, true>>({});
  const [arrived, setArrived] = useState<Record<string, true>>({});
  const [cancelling, setCancelling] = useState<PublicOrder | null>(null);
  const [done, setDone] = useState<'idle' | 'loading' | 'loaded' | 'failed'>('idle');
  // The whole screen for the board (no side menu): the pass tablet's usual mode.
  const [wide, setWide] = useState(false);
  const [lastMoved, setLastMoved] = useState<string | null>(null);

  const [announcement, setAnnouncement] = useState('');
  const onNewOrders = useCallback(
    (list: PublicOrder[]) => {
      setArrived((current) => ({ ...current, ...Object.fromEntries(list.map((o) => [o.id, true as const])) }));
      // Said politely to a screen reader; the focus stays where staff left it.
      setAnnouncement(
        list
          .map((o) =>
            t('admin.board.announceNew', {
              number: o.number,
              where: o.delivery
                ? t('admin.board.delivery')
                : o.pickup_at
                  ? t('admin.board.pickupAt', { time: formatWallTime(o.pickup_at, i18n.language) })
                  : t('admin.board.table', { spot: o.spot }),
            }),
          )
          .join(' '),
      );
      if (!isMuted()) playNewOrderSound();
    },
    [t, i18n.language],
  );
  // Calls from the tables arrive on the board's stream; the table service hook (below) handles them.
  const callHandler = useRef<(call: TableCall, created: boolean) => void>(() => {});
  const onCall = useCallback((call: TableCall, created: boolean) => callHandler.current(call, created), []);
  const { orders, connection, loaded, loadError, apply, refreshOrder, loadDone, retryNow } = useBoardFeed({
    venueId,
    onNewOrders,
    onCall,
    ...(onUnauthorized ? { onUnauthorized } : {}),
    ...(onVenueUpdated ? { onVenueUpdated } : {}),
  });

  // Kitchen tickets and calls from the tables (issue 18): kept in their own hook and components.
  const service = useTableService(venueId, orders);
  useEffect(() => {
    callHandler.current = service.onCall;
  }, [service.onCall]);

  // Browsers play sound only after a gesture: the first tap or key on the page allows the chime.
  useEffect(() => {
    const unlock = () => unlockSound();
    document.addEventListener('pointerdown', unlock, { once: true });
    document.addEventListener('keydown', unlock, { once: true });
    return () => {
      document.removeEventListener('pointerdown', unlock);
      document.removeEventListener('keydown', unlock);
    };
  }, []);

  useEffect(() => {
    if (!wide) return;
    const onKey = (event: KeyboardEvent) => {
      // Escape leaves the full-screen board, unless it is closing a dialog.
      if (event.key === 'Escape' && !document.querySelector('[role="dialog"]')) setWide(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [wide]);

  const list = useMemo(() => Object.values(orders), [orders]);
  const statusOf = useCallback((o: PublicOrder) => pending[o.id] ?? o.status, [pending]);
  const waiting = list.filter((o) => statusOf(o) === 'placed').length;

  // "(3) Orders — Trattoria da Luca": orders not yet accepted, seen from another tab.
  const pageTitle = t('admin.board.title');
  useEffect(() => {
    const title = waiting > 0 ? `(${waiting}) ${pageTitle} — ${venueName}` : `${pageTitle} — ${venueName}`;
    document.title = title;
    // The staff shell sets its own title after its children's effects: ours goes last.
    queueMicrotask(() => {
      document.title = title;
    });
  }, [waiting, pageTitle, venueName]);

  const fetchDone = useCallback(() => {
    setDone('loading');
    loadDone().then(
      () => setDone('loaded'),
      () => setDone('failed'),
    );
  }, [loadDone]);

  // Today's finished orders are asked for as soon as the open ones are in: the Done count is the
  // server's from the first screen, not only the orders finished since the page was opened.
  const askedForDone = useRef(false);
  useEffect(() => {
    if (!loaded || askedForDone.current) return;
    askedForDone.current = true;
    fetchDone();
  }, [loaded, fetchDone]);

  const chooseView = (next: BoardView) => {
    setView(next);
    // A failed first ask is tried again when Done is chosen.
    if (next === 'done' && done === 'failed') fetchDone();
  };

  const move = useCallback(
    async (order: PublicOrder, to: OrderStatus, reason?: string) => {
      setLastMoved(order.id);
      setPending((p) => ({ ...p, [order.id]: to }));
      try {
        apply([await moveOrder({ orderId: order.id, status: to, ...(reason ? { reason } : {}) })]);
      } catch (error) {
        if (isApiError(error) && error.status === 409) {
          notify(t('admin.board.errors.invalidTransition', { number: order.number }), { kind: 'error' });
          void refreshOrder(order.id);
        } else {
          notify(t('admin.board.errors.moveFailed', { number: order.number }), { kind: 'error' });
        }
      } finally {
        setPending(({ [order.id]: _, ...rest }) => rest);
      }
    },
    [apply, refreshOrder, t],
  );

  const refund = useCallback(
    async (order: PublicOrder) => {
      setBusy((b) => ({ ...b, [order.id]: true }));
      try {
        const answer = await refundOrder(order.id);
        // The refund answers with the payment state only: the order itself is asked for again.
        if (looksLikeOrder(answer)) apply([answer]);
        else await refreshOrder(order.id);
        notify(t('admin.board.refunded', { number: order.number }), { kind: 'success' });
      } catch {
        notify(t('admin.board.errors.refundFailed', { number: order.number }), { kind: 'error' });
        void refreshOrder(order.id);
      } finally {
        setBusy(({ [order.id]: _, ...rest }) => rest);
      }
    },
    [apply, refreshOrder, t],
  );

  const counts = useMemo(() => {
    const c: Record<BoardView, number> = { new: 0, accepted: 0, preparing: 0, ready: 0, done: 0 };
    for (const o of list) {
      const column = columnOf(statusOf(o));
      if (column && column !== 'done') c[column]++;
    }
    c.done = ordersIn(list, 'done', statusOf, now).length;
    return c;
  }, [list, statusOf, now]);

  const card = (order: PublicOrder) => (
    // Each card queries its own width: a narrow column (four beside a side menu) gets smaller type.
    <li key={order.id} className="@container/card min-w-0">
      <OrderCard
        order={order}
        status={statusOf(order)}
        busy={Boolean(pending[order.id] || busy[order.id])}
        arrived={Boolean(arrived[order.id])}
        restoreFocus={lastMoved === order.id}
        now={now}
        prepMinutes={prepMinutes}
        onMove={(o, to) => void move(o, to)}
        onCancel={setCancelling}
        onRefund={(o) => void refund(o)}
        onAcknowledged={(o) => apply([o])}
        footer={
          <>
            <TicketStrip
              order={order}
              tickets={service.ticketsOf(order.id)}
              onChanged={() => {
                service.refreshTickets();
                void refreshOrder(order.id);
              }}
            />
            <ReceiptSender venueId={venueId} order={order} />
          </>
        }
      />
    </li>
  );

  const forbidden = isApiError(loadError) && loadError.status === 403;
  return (
    <section
      aria-labelledby="board-title"
      className={`@container flex flex-col gap-3 ${wide ? 'fixed inset-0 z-[35] overflow-y-auto bg-bg p-3 sm:p-4' : ''}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="board-title" className="text-2xl font-bold">
          {pageTitle}
          {/* Full screen hides the venue's header: the board still says whose orders these are. */}
          {wide ? (
            <>
              {' — '}
              <span className="text-lg font-semibold text-muted">{venueName}</span>
            </>
          ) : null}
        </h1>
        {/* Landscape tablet: the open columns or today's finished orders. */}
        <div role="group" aria-label={t('admin.board.showLabel')} className="hidden flex-wrap gap-2 @[44rem]:flex">
          <button type="button" aria-pressed={view !== 'done'} onClick={() => chooseView('new')} className={segment}>
            {t('admin.board.openOrders')}
          </button>
          <button type="button" aria-pressed={view === 'done'} onClick={() => chooseView('done')} className={segment}>
            {t('admin.board.doneToday')}
          </button>
        </div>
        <div className="ml-auto flex flex-wrap items-center gap-2">
          <ConnectionIndicator connection={connection} />
          <button
            type="button"
            aria-pressed={wide}
            onClick={() => setWide(!wide)}
            className="inline-flex min-h-11 items-center gap-2 rounded-full border border-line bg-surface px-4 font-semibold hover:bg-surface-2 aria-pressed:bg-surface-2"
          >
            {wide ? (
              <Minimize2 aria-hidden="true" className="size-5" />
            ) : (
              <Maximize2 aria-hidden="true" className="size-5" />
            )}
            {/* Named always; the words show when the board has room for them. */}
            <span className="sr-only @[64rem]:not-sr-only">{t('admin.board.fullScreen')}</span>
          </button>
          <button
            type="button"
            aria-pressed={muted}
            onClick={() => setMuted(!muted)}
            className="inline-flex min-h-11 items-center gap-2 rounded-full border border-line bg-surface px-4 font-semibold hover:bg-surface-2 aria-pressed:bg-surface-2"
          >
            {muted ? (
              <VolumeX aria-hidden="true" className="size-5" />
            ) : (
              <Volume2 aria-hidden="true" className="size-5" />
            )}
            <span className="sr-only @[64rem]:not-sr-only">{t('admin.board.mute')}</span>
          </button>
        </div>
      </div>

      <TablePanel
        venueId={venueId}
        calls={service.calls}
        onCallsChanged={service.refreshCalls}
        onOrderPlaced={service.refreshTickets}
      />

      {/* Phone and portrait tablet: one state at a time. */}
      <div
        role="group"
        aria-label={t('admin.board.filterLabel')}
        className="no-scrollbar -mx-3 flex gap-2 overflow-x-auto px-3 py-1 @[44rem]:hidden"
      >
        {([...BOARD_COLUMNS, 'done'] as const).map((column) => (
          <button
            key={column}
            type="button"
            aria-pressed={view === column}
            onClick={() => chooseView(column)}
            className={segment}
          >
            {t(`admin.board.columns.${column}`)}
            <span className="rounded-full bg-surface-2 px-2 text-sm text-fg tabular-nums">{counts[column]}</span>
          </button>
        ))}
      </div>

      {forbidden ? (
        <p role="alert" className="rounded-2xl border border-line bg-surface p-4 text-lg">
          {t('admin.board.errors.forbidden')}
        </p>
      ) : !loaded ? (
        loadError ? (
          <div role="alert" className="flex flex-col items-start gap-3 rounded-2xl border border-line bg-surface p-4">
            <p className="text-lg">{t('admin.board.errors.load')}</p>
            <button type="button" onClick={retryNow} className={segment}>
              {t('admin.board.retry')}
            </button>
          </div>
        ) : (
          <div aria-busy="true" className="grid gap-3 @[44rem]:grid-cols-4">
            <span className="sr-only">{t('admin.board.loading')}</span>
            {BOARD_COLUMNS.map((c) => (
              <Skeleton key={c} className="h-56 w-full rounded-2xl" />
            ))}
          </div>
        )
      ) : view === 'done' ? (
        <section aria-labelledby="board-done" className="flex flex-col gap-3">
          <h2 id="board-done" className="text-xl font-bold">
            {t('admin.board.doneToday')} <span className="text-muted tabular-nums">{counts.done}</span>
          </h2>
          {done === 'loading' ? (
            <Skeleton className="h-40 w-full rounded-2xl" />
          ) : done === 'failed' ? (
            <p role="alert">{t('admin.board.errors.load')}</p>
          ) : counts.done === 0 ? (
            <p className="text-lg text-muted">{t('admin.board.empty.done')}</p>
          ) : (
            <ul className="grid items-start gap-2 @xl:grid-cols-2 @[44rem]:grid-cols-3 @[64rem]:grid-cols-4">
              {ordersIn(list, 'done', statusOf, now).map(card)}
            </ul>
          )}
        </section>
      ) : (
        <div className="grid items-start gap-2 @[44rem]:grid-cols-4">
          {BOARD_COLUMNS.map((column) => {
            const items = ordersIn(list, column, statusOf, now);
            return (
              <section
                key={column}
                aria-labelledby={`board-col-${column}`}
                className={`${view === column ? 'flex' : 'hidden'} min-w-0 flex-col gap-2 rounded-2xl bg-surface-2/60 p-1.5 @[44rem]:flex`}
              >
                <h2 id={`board-col-${column}`} className="flex items-center justify-between px-1 text-lg font-bold">
                  {t(`admin.board.columns.${column}`)}
                  <span className="rounded-full bg-surface px-2.5 text-base tabular-nums">{items.length}</span>
                </h2>
                {items.length === 0 ? (
                  <p className="px-1 pb-2 text-muted">{t(`admin.board.empty.${column}`)}</p>
                ) : (
                  <ul className="grid gap-2 @xl:max-@[44rem]:grid-cols-2">{items.map(card)}</ul>
                )}
              </section>
            );
          })}
        </div>
      )}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <CancelDialog
        order={cancelling}
        onClose={() => setCancelling(null)}
        onConfirm={(order, reason) => void move(order, 'cancelled', reason)}
      />
    </section>
  );
}
