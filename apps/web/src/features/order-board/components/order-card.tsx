import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/react.tsx';
import { AlarmClock, Ban, Bike, Clock, CreditCard, MapPin, RotateCcw, ShoppingBag, Utensils } from 'lucide-react';
import { formatWallTime } from '../../../lib/venue-time.ts';
import type { PublicOrder } from '@carte/domain/contracts/orders';
import { canMoveOrder, canRefund, nextOrderStatus, orderAgeLevel, type OrderStatus } from '@carte/domain/order-status';
import { displayPrice } from '../../../lib/money.ts';
import { BillSummary } from '../../../components/bill/bill-summary.tsx';
import { hasBillDetail, orderBill } from '../../../components/bill/order-bill.ts';
import { ageMinutes } from '../lib/board-model.ts';
import { AllergyBanner, awaitsAllergyAck } from './allergy-banner.tsx';

const AGE_STYLE = {
  fresh: 'border-line bg-surface-2 text-fg',
  amber: 'border-amber-500 bg-amber-100 text-amber-950 dark:bg-amber-900/60 dark:text-amber-50',
  red: 'border-red-600 bg-red-100 text-red-950 dark:bg-red-900/60 dark:text-red-50',
} as const;

const PAYMENT_STYLE: Record<string, string> = {
  paid: 'border-green-700 bg-green-100 text-green-950 dark:bg-green-900/60 dark:text-green-50',
  pending: 'border-amber-500 bg-amber-100 text-amber-950 dark:bg-amber-900/60 dark:text-amber-50',
  failed: 'border-red-600 bg-red-100 text-red-950 dark:bg-red-900/60 dark:text-red-50',
  unpaid: 'border-line bg-surface text-fg',
  refunded: 'border-line bg-surface text-muted',
};

const chip = 'inline-flex min-h-7 items-center gap-1 rounded-full border px-2 text-sm font-semibold';

/**
 * One order on the board, readable from a metre away: number, table or delivery address, the items
 * with their options and notes in a large font, the age (amber after 10 min, red after 20), the
 * payment and courier state, and one large button for the next state.
 */
export function OrderCard({
  order,
  status,
  busy,
  arrived,
  restoreFocus = false,
  now,
  prepMinutes,
  onMove,
  onCancel,
  onRefund,
  onAcknowledged = () => undefined,
  footer,
}: {
  order: PublicOrder;
  /** What other board features add under the order (its kitchen tickets, paid at the venue). */
  footer?: ReactNode;
  /** The state shown: the order's own, or the one a move in flight is taking it to. */
  status: string;
  busy: boolean;
  /** Arrived while the board was open: slides in and wears a "New" badge. */
  arrived: boolean;
  /** This card was just moved to another column: keyboard focus follows it there. */
  restoreFocus?: boolean;
  now: number;
  /** The kitchen's current prep time: an open order older than it is marked late. */
  prepMinutes?: number | null | undefined;
  onMove: (order: PublicOrder, to: OrderStatus) => void;
  onCancel: (order: PublicOrder) => void;
  onRefund: (order: PublicOrder) => void;
  /** The order as the server answered the allergy acknowledgement. */
  onAcknowledged?: (order: PublicOrder) => void;
}) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const ref = useRef<HTMLElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const shown = { status, delivery: order.delivery };
  const next = nextOrderStatus(shown);
  const cancellable = canMoveOrder(shown, 'cancelled', 'staff');
  const refundable = canRefund({ status, paymentStatus: order.payment_status });
  const finished = next === null;
  // Preparing waits for someone to read the guest's allergies (the server refuses it before).
  const blockedByAllergies = next === 'preparing' && awaitsAllergyAck(order);
  const level = finished ? 'fresh' : orderAgeLevel(order.date_created, now, prepMinutes);
  const minutes = ageMinutes(order.date_created, now);

  useEffect(() => {
    const el = ref.current;
    if (!arrived || !el || typeof el.animate !== 'function') return;
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    el.animate(
      [
        { transform: 'translateY(-16px)', opacity: 0 },
        { transform: 'none', opacity: 1 },
      ],
      { duration: 280, easing: 'ease-out' },
    );
  }, [arrived]);

  useEffect(() => {
    if (!restoreFocus) return;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    (nextRef.current ?? ref.current)?.focus();
  }, [restoreFocus]);

  const paymentKey = `admin.board.payment.${order.payment_status}`;
  const courierKey = order.courier ? `admin.board.courier.${order.courier.status}` : null;
  return (
    <article
      ref={ref}
      tabIndex={-1}
      aria-labelledby={titleId}
      aria-busy={busy || undefined}
      data-status={status}
      className={`flex flex-col gap-2 rounded-2xl border-2 bg-surface p-3 shadow-sm ${
        arrived && status === 'placed' ? 'border-brand' : 'border-line'
      } ${busy ? 'opacity-70' : ''}`}
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-wrap items-baseline gap-x-2">
          <h3 id={titleId} className="text-xl leading-tight font-extrabold tabular-nums @[15rem]/card:text-2xl">
            {t('admin.board.number', { number: order.number })}
            {arrived && status === 'placed' ? (
              <span className="ml-2 inline-flex translate-y-[-4px] items-center rounded-full bg-brand px-2.5 py-0.5 align-middle text-sm font-bold text-brand-contrast">
                {t('admin.board.newBadge')}
              </span>
            ) : null}
          </h3>
          <p className="flex items-center gap-1.5 text-base leading-snug font-bold @[15rem]/card:text-lg">
            {order.delivery ? (
              <>
                <Bike aria-hidden="true" className="size-5 shrink-0" />
                {t('admin.board.delivery')}
              </>
            ) : order.pickup_at ? (
              <>
                <ShoppingBag aria-hidden="true" className="size-5 shrink-0" />
                {t('admin.board.pickupAt', { time: formatWallTime(order.pickup_at, i18n.language) })}
              </>
            ) : (
              <>
                <Utensils aria-hidden="true" className="size-5 shrink-0" />
                {t('admin.board.table', { spot: order.spot })}
              </>
            )}
          </p>
        </div>
        <p
          className={`${chip} ${AGE_STYLE[level]}`}
          title={new Date(order.date_created).toLocaleTimeString(i18n.language)}
        >
          {level === 'fresh' ? (
            <Clock aria-hidden="true" className="size-4" />
          ) : (
            <AlarmClock aria-hidden="true" className="size-4" />
          )}
          <span className="sr-only">{t('admin.board.ageLabel')} </span>
          {minutes < 1 ? t('admin.board.ageNow') : t('admin.board.age', { count: minutes })}
          {level !== 'fresh' ? (
            <span className="sr-only">
              {' '}
              ({prepMinutes && level === 'red' ? t('admin.service.late') : t(`admin.board.ageLevel.${level}`)})
            </span>
          ) : null}
        </p>
      </header>

      {order.delivery && order.delivery_info ? (
        <p className="flex items-start gap-1.5 text-base">
          <MapPin aria-hidden="true" className="mt-1 size-5 shrink-0" />
          <span className="min-w-0 break-words">
            <span className="font-semibold">{order.delivery_info.fullName}</span>
            {' · '}
            {order.delivery_info.fullAddress}
            {order.delivery_info.phone ? ` · ${order.delivery_info.phone}` : ''}
          </span>
        </p>
      ) : null}

      <AllergyBanner order={order} onAcknowledged={onAcknowledged} />

      <ul
        aria-label={t('admin.board.items')}
        className="flex flex-col gap-1 text-base leading-snug @[15rem]/card:text-lg"
      >
        {order.items.map((item, index) => (
          <li key={`${item.productId ?? item.name}-${index}`} className="break-words">
            <span className="font-extrabold tabular-nums">{item.quantity} ×</span>{' '}
            <span className="font-semibold">{item.name}</span>
            {item.variations.length > 0 ? (
              <span className="block pl-6 text-base text-muted">{item.variations.map((v) => v.name).join(', ')}</span>
            ) : null}
            {item.notes ? (
              <span className="mt-0.5 block rounded-lg bg-amber-50 px-2 py-0.5 text-base font-semibold text-amber-950 dark:bg-amber-900/40 dark:text-amber-50">
                {t('admin.board.note', { note: item.notes })}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      {order.notes ? (
        <p className="rounded-lg bg-amber-50 px-2 py-1 text-base font-semibold text-amber-950 dark:bg-amber-900/40 dark:text-amber-50">
          {t('admin.board.orderNote', { note: order.notes })}
        </p>
      ) : null}

      {hasBillDetail(order) ? (
        // The taxes and service charge stored with the order, as the guest's bill shows them.
        <section aria-label={t('admin.board.bill')} className="text-sm">
          <BillSummary bill={orderBill(order)} />
        </section>
      ) : null}

      <div className="flex flex-wrap items-center gap-2">
        <p className={`${chip} ${PAYMENT_STYLE[order.payment_status] ?? PAYMENT_STYLE.unpaid}`}>
          <CreditCard aria-hidden="true" className="size-4" />
          {i18n.exists(paymentKey) ? t(paymentKey) : order.payment_status}
        </p>
        {order.payment_status === 'unpaid' && order.paid_in_parts > 0 ? (
          // A table paying its bill in parts: what the guests have paid so far.
          <p className={`${chip} border-green-700 bg-surface tabular-nums`}>
            {t('admin.board.paidInParts', {
              paid: displayPrice(order.paid_in_parts, order.currency, i18n.language),
              total: displayPrice(order.total, order.currency, i18n.language),
            })}
          </p>
        ) : null}
        {hasBillDetail(order) ? null : (
          <p className="text-base font-semibold whitespace-nowrap tabular-nums">
            {displayPrice(order.total, order.currency, i18n.language)}
          </p>
        )}
        {order.tip > 0 && order.payment_status !== 'unpaid' ? (
          <p className="text-base font-semibold whitespace-nowrap tabular-nums">
            {t('admin.board.tip', { amount: displayPrice(order.tip, order.currency, i18n.language) })}
          </p>
        ) : null}
        {order.delivery && order.courier && courierKey ? (
          <p className={`${chip} border-line bg-surface-2`}>
            <Bike aria-hidden="true" className="size-4" />
            {i18n.exists(courierKey) ? t(courierKey) : order.courier.status}
            {order.courier.name ? <span className="font-normal">· {order.courier.name}</span> : null}
          </p>
        ) : null}
        {finished ? <p className={`${chip} border-line bg-surface-2`}>{t(`admin.board.state.${status}`)}</p> : null}
        {status === 'out_for_delivery' ? (
          <p className={`${chip} border-line bg-surface-2`}>{t('admin.board.state.out_for_delivery')}</p>
        ) : null}
      </div>

      {footer}

      {next || cancellable || refundable ? (
        <div className="mt-auto flex flex-wrap gap-2">
          {next ? (
            <button
              ref={nextRef}
              type="button"
              // Not `disabled` while the move is sent: keyboard focus can follow the card.
              aria-disabled={busy || blockedByAllergies || undefined}
              aria-describedby={blockedByAllergies ? `${titleId}-allergy` : undefined}
              onClick={() => {
                if (!busy && !blockedByAllergies) onMove(order, next);
              }}
              className="inline-flex min-h-12 w-full items-center justify-center rounded-2xl bg-brand px-3 text-lg font-bold @[15rem]/card:min-h-14 @[15rem]/card:text-xl text-brand-contrast shadow-sm active:scale-[0.99] aria-disabled:cursor-wait aria-disabled:opacity-60"
            >
              {t(`admin.board.next.${next}`)}
            </button>
          ) : null}
          {blockedByAllergies ? (
            <p id={`${titleId}-allergy`} className="w-full text-sm font-semibold text-red-700 dark:text-red-300">
              {t('admin.board.allergy.needed')}
            </p>
          ) : null}
          {cancellable ? (
            <button
              type="button"
              disabled={busy}
              onClick={() => onCancel(order)}
              className="inline-flex min-h-11 flex-1 items-center justify-center gap-1.5 rounded-xl border-2 border-line px-2.5 text-sm font-semibold whitespace-nowrap hover:bg-surface-2 disabled:opacity-60"
            >
              <Ban aria-hidden="true" className="size-5" />
              {t('admin.board.cancel')}
            </button>
          ) : null}
          {refundable ? (
            <button
              type="button"
              disabled={busy}
              onClick={() => onRefund(order)}
              className="inline-flex min-h-11 flex-1 items-center justify-center gap-1.5 rounded-xl border-2 border-line px-2.5 text-sm font-semibold whitespace-nowrap hover:bg-surface-2 disabled:opacity-60"
            >
              <RotateCcw aria-hidden="true" className="size-5" />
              {t('admin.board.refund')}
            </button>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}
