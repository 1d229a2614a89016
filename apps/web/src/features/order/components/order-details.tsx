import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/react.tsx';
import type { PublicOrder } from '@carte/domain/contracts/orders';
import { capitalise } from '@carte/domain/dietary';
import { allergyBanner } from '@carte/domain/allergens';
import { BillSummary } from '../../../components/bill/bill-summary.tsx';
import { orderBill } from '../../../components/bill/order-bill.ts';
import { displayPrice } from '../../../lib/money.ts';
import { CallWaiter } from './call-waiter.tsx';
import { formatWallTime } from '../../../lib/venue-time.ts';

/**
 * An order as the guest sees it after placing it: number, status, lines, total, table or address.
 * `live` (the order's progress, followed live) sits under the heading, above the lines.
 */
export function OrderDetails({
  order,
  live,
  readyAt,
}: {
  order: PublicOrder;
  live?: ReactNode;
  /** "Ready at about 19:40": placed time plus the kitchen's prep time, while it is being made. */
  readyAt?: string | null;
}) {
  const { t, i18n } = useTranslation();
  const money = (amount: number) => displayPrice(amount, order.currency, i18n.language) ?? '';
  const statusKey = `order.status.${order.status}`;
  const status = i18n.exists(statusKey) ? t(statusKey) : capitalise(order.status);
  const placedAt = new Date(order.date_created);
  const banner = allergyBanner(order.allergyProfile);
  return (
    <section aria-labelledby="order-title" className="flex flex-col gap-4 pt-6">
      <div className="flex flex-col gap-1">
        <h1 id="order-title" className="text-2xl font-bold">
          {t('order.number', { number: order.number })}
        </h1>
        <p className="text-muted">
          <span className="font-semibold text-fg">{status}</span>
          {Number.isNaN(placedAt.getTime()) ? null : (
            <>
              {' · '}
              <time dateTime={order.date_created}>
                {placedAt.toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })}
              </time>
            </>
          )}
        </p>
        {readyAt && !order.pickup_at ? <p className="font-semibold">{t('availability.readyAt', { time: readyAt })}</p> : null}
        {order.pickup_at ? (
          // A pickup order (decision 032): when to come, in the venue's time.
          <p className="text-lg font-semibold">
            {t('order.pickupAt', { time: formatWallTime(order.pickup_at, i18n.language) })}
          </p>
        ) : (
          <p className="text-muted">
            {order.delivery
              ? t('order.deliveryTo', { address: order.delivery_info?.fullAddress ?? '' })
              : t('order.table', { spot: order.spot })}
          </p>
        )}
        {order.delivery || order.pickup_at ? null : <CallWaiter venueUrl={order.venueUrl} spot={order.spot} />}
      </div>
      {banner ? (
        // The guest sees what the staff were told (issue 17 item 2), and whether they have read it.
        <div
          role="group"
          aria-label={t('allergy.orderTitle')}
          className="flex flex-col gap-1 rounded-2xl border-2 border-red-600 bg-red-50 p-3 text-red-950 dark:bg-red-950 dark:text-red-50"
        >
          <p className="font-bold">
            {t('allergy.orderTitle')}:{' '}
            {[...banner.allergens.map((a) => t(`allergen.${a}`)), ...banner.diets.map((d) => t(`diet.${d}`))].join(
              ', ',
            )}
          </p>
          <p className="text-sm">{order.allergyAcknowledged ? t('allergy.orderRead') : t('allergy.orderSent')}</p>
        </div>
      ) : null}
      {live}
      <ul className="flex flex-col divide-y divide-line rounded-2xl border border-line bg-surface">
        {order.items.map((item, index) => (
          <li key={`${item.productId ?? item.name}-${index}`} className="flex items-start justify-between gap-3 p-3">
            <div className="min-w-0">
              <p className="font-semibold">
                <span className="tabular-nums">{item.quantity} ×</span> {item.name}
              </p>
              {item.variations.length > 0 ? (
                <p className="text-sm text-muted">{item.variations.map((v) => v.name).join(', ')}</p>
              ) : null}
              {item.notes ? (
                <p className="text-sm break-words text-muted italic">{t('cart.lineNote', { note: item.notes })}</p>
              ) : null}
            </div>
            <span className="shrink-0 font-medium tabular-nums">{money(item.total)}</span>
          </li>
        ))}
      </ul>
      <BillSummary bill={orderBill(order)} />
      {order.receipt_number ? (
        <p className="text-sm text-muted">{t('bill.receiptNumber', { number: order.receipt_number })}</p>
      ) : null}
    </section>
  );
}
