import { useTranslation } from '../../../i18n/react.tsx';
import { Check, ExternalLink } from '../../../components/ui/icons-later.tsx';
import type { PublicOrder } from '@carte/domain/contracts/orders';
import { displayPrice } from '../../../lib/money.ts';
import { useOrderStream, type OrderStreamTarget } from '../hooks/use-order-stream.ts';
import en from '../i18n/en.json';
import fr from '../i18n/fr.json';
import it from '../i18n/it.json';
import de from '../i18n/de.json';
import th from '../i18n/th.json';
import { createBundledStrings } from '../../../i18n/chunk-strings.ts';

// The live order's words ship with this lazy chunk, not with the guest page's first load.
const addStrings = createBundledStrings({ en, fr, it, de, th });

const TABLE_STEPS = ['placed', 'accepted', 'preparing', 'ready', 'served'] as const;
const DELIVERY_STEPS = ['placed', 'accepted', 'preparing', 'ready', 'out_for_delivery', 'delivered'] as const;

/**
 * The order's progress, live: the steps from Placed to Served (or Delivered), the payment and, for
 * a delivery, the courier with its tracking link. Each change is announced politely.
 */
export default function OrderLive({ order, ...target }: { order: PublicOrder } & OrderStreamTarget) {
  const { t, i18n: instance } = useTranslation();
  addStrings(instance);
  const stream = useOrderStream(order.id, order.status, order.payment_status, target);
  const steps: readonly string[] = order.delivery ? DELIVERY_STEPS : TABLE_STEPS;
  const cancelled = order.status === 'cancelled';
  const current = steps.indexOf(order.status);
  const stateText = t(`orderLive.state.${order.status}`, { defaultValue: order.status });
  const paymentKey = `orderLive.payment.${order.payment_status}`;
  const courierKey = order.courier ? `orderLive.courier.${order.courier.status}` : '';
  const eta = order.courier?.eta ? new Date(order.courier.eta) : null;
  return (
    <div className="flex flex-col gap-3">
      <p aria-live="polite" className="sr-only">
        {t('orderLive.announce', { number: order.number, state: stateText })}
        {cancelled && order.cancel_reason ? ` ${t('orderLive.cancelledBecause', { reason: order.cancel_reason })}` : ''}
      </p>
      {cancelled ? (
        <div className="flex flex-col gap-1 rounded-2xl border border-red-300 bg-red-50 p-3 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
          {/* The reason the staff gave (in their words), when they gave one. */}
          {order.cancel_reason ? (
            <p className="font-semibold break-words">
              {t('orderLive.cancelledBecause', { reason: order.cancel_reason })}
            </p>
          ) : null}
          <p className={order.cancel_reason ? '' : 'font-semibold'}>{t('orderLive.cancelled')}</p>
        </div>
      ) : (
        <ol aria-label={t('orderLive.progress')} className="flex flex-col gap-0">
          {steps.map((step, index) => {
            // The last step reached is ticked too: served or delivered is done.
            const done = index < current || (index === current && index === steps.length - 1);
            const now = index === current;
            return (
              <li
                key={step}
                aria-current={now ? 'step' : undefined}
                className="relative flex min-h-10 items-center gap-3 pl-1 before:absolute before:top-7 before:bottom-[-0.25rem] before:left-[0.95rem] before:w-0.5 before:bg-line last:before:hidden"
              >
                <span
                  aria-hidden="true"
                  className={`relative z-10 flex size-7 shrink-0 items-center justify-center rounded-full border-2 ${
                    done
                      ? 'border-brand bg-brand text-brand-contrast'
                      : now
                        ? 'border-brand bg-surface'
                        : 'border-line bg-surface'
                  }`}
                >
                  {done ? (
                    <Check className="size-4" />
                  ) : now ? (
                    <span className="size-2.5 rounded-full bg-brand" />
                  ) : null}
                </span>
                <span className={now ? 'font-bold' : done ? '' : 'text-muted'}>
                  {t(`orderLive.state.${step}`)}
                  {done ? <span className="sr-only"> ({t('orderLive.done')})</span> : null}
                </span>
              </li>
            );
          })}
        </ol>
      )}
      {/* Unpaid is no news: the pay slot under the order says how to pay. */}
      {order.payment_status !== 'unpaid' || (order.delivery && order.courier) ? (
        <dl className="flex flex-col gap-1 rounded-2xl border border-line bg-surface p-3">
          {order.payment_status !== 'unpaid' ? (
            <div className="flex flex-wrap justify-between gap-x-3">
              <dt className="text-muted">{t('orderLive.paymentLabel')}</dt>
              <dd className="font-semibold">{instance.exists(paymentKey) ? t(paymentKey) : order.payment_status}</dd>
            </div>
          ) : null}
          {order.payment_status !== 'unpaid' && order.tip > 0 ? (
            <div className="flex flex-wrap justify-between gap-x-3">
              <dt className="text-muted">{t('orderLive.tipLabel')}</dt>
              <dd className="font-semibold tabular-nums">
                {displayPrice(order.tip, order.currency, instance.language)}
              </dd>
            </div>
          ) : null}
          {order.delivery && order.courier ? (
            <div className="flex flex-wrap justify-between gap-x-3">
              <dt className="text-muted">{t('orderLive.courierLabel')}</dt>
              <dd className="flex flex-col items-end text-right">
                <span className="font-semibold">
                  {instance.exists(courierKey) ? t(courierKey) : order.courier.status}
                  {order.courier.name ? ` · ${order.courier.name}` : ''}
                </span>
                {eta && !Number.isNaN(eta.getTime()) ? (
                  <span className="text-sm text-muted">
                    {t('orderLive.eta', { time: eta.toLocaleTimeString(instance.language, { timeStyle: 'short' }) })}
                  </span>
                ) : null}
                {order.courier.status === 'failed' ? (
                  // Spec section 5: the guest is told in the spec's words when the delivery cannot be managed.
                  <span role="alert" className="text-sm font-semibold text-red-700 dark:text-red-300">
                    {t('order.errorText')}
                  </span>
                ) : null}
                {order.courier.trackingUrl && /^https?:\/\//i.test(order.courier.trackingUrl) ? (
                  <a
                    href={order.courier.trackingUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex min-h-11 items-center gap-1 font-semibold underline underline-offset-4"
                  >
                    {t('orderLive.track')}
                    <ExternalLink aria-hidden="true" className="size-4" />
                  </a>
                ) : null}
              </dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      {stream === 'reconnecting' ? (
        <p role="status" className="text-sm text-muted">
          {t('orderLive.reconnecting')}
        </p>
      ) : null}
    </div>
  );
}
