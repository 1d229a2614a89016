import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/react.tsx';
import type { PublicOrder } from '@carte/domain/order';
import { capitalise } from '@carte/domain/dietary';
import { formatPrice, toMinor } from '@carte/domain/money';
import { sumMinor } from '@carte/domain/pricing';
import { displayPrice } from '../../../lib/money.ts';
import { CallWaiter } from './call-waiter.tsx';

/**
 * An order as the guest sees it after placing it: number, status, lines, total, table or address.
 * `live` (the order's progress, followed live) sits under the heading, above the lines.
 */
export function OrderDetails({ order, live }: { order: PublicOrder; live?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const money = (amount: number) => displayPrice(amount, order.currency, i18n.language) ?? '';
  const statusKey = `order.status.${order.status}`;
  const status = i18n.exists(statusKey) ? t(statusKey) : capitalise(order.status);
  const placedAt = new Date(order.date_created);
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
        <p className="text-muted">
          {order.delivery
            ? t('order.deliveryTo', { address: order.delivery_info?.fullAddress ?? '' })
            : t('order.table', { spot: order.spot })}
        </p>
        {order.delivery ? null : <CallWaiter venueUrl={order.venueUrl} spot={order.spot} />}
      </div>
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
      <dl className="flex flex-col gap-1">
        {order.delivery_cost > 0 ? (
          <div className="flex justify-between text-muted">
            <dt>{t('checkout.subtotal')}</dt>
            <dd className="tabular-nums">
              {formatPrice(sumMinor(order.items.map((item) => toMinor(item.total))), order.currency, i18n.language)}
            </dd>
          </div>
        ) : null}
        {order.delivery_cost > 0 ? (
          <div className="flex justify-between text-muted">
            <dt>{t('order.deliveryCost')}</dt>
            <dd className="tabular-nums">{money(order.delivery_cost)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between text-lg font-bold">
          <dt>{t('order.total')}</dt>
          <dd className="tabular-nums">{money(order.total)}</dd>
        </div>
      </dl>
    </section>
  );
}
