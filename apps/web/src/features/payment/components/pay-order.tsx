import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../../i18n/react.tsx';
import { CreditCard } from '../../../components/ui/icons-later.tsx';
import type { PublicOrder } from '@carte/domain/contracts/orders';
import { formatPrice, toMinor } from '@carte/domain/money';
import { addPaymentStrings } from '../lib/payment-strings.ts';

const PaySheet = lazy(() => import('./pay-sheet.tsx'));

/** Orders the guest can still pay by card: not paid, not refunded, not cancelled. */
export function canPayByCard(order: Pick<PublicOrder, 'status' | 'payment_status'>): boolean {
  return order.status !== 'cancelled' && ['unpaid', 'pending', 'failed'].includes(order.payment_status);
}

/**
 * The order page's payment slot: "Pay now" with the order's total where the venue takes cards
 * (the pay sheet and Stripe load only when it is pressed), "Pay at the venue" where it does not.
 */
export default function PayOrder({
  order,
  cardPayment,
  onPaid,
}: {
  order: PublicOrder;
  cardPayment: boolean;
  /** Receives the paid order (the page puts it where it keeps the order). */
  onPaid: (order: PublicOrder) => void;
}) {
  const { t, i18n } = useTranslation();
  addPaymentStrings(i18n);
  const [open, setOpen] = useState(false);
  // Kept mounted after the first opening so the card form is not loaded twice.
  const [opened, setOpened] = useState(false);
  if (!cardPayment) {
    return order.payment_status === 'unpaid' && order.status !== 'cancelled' ? (
      <p className="text-muted">{t(order.delivery ? 'payment.onDelivery' : 'payment.atVenue')}</p>
    ) : null;
  }
  if (!canPayByCard(order)) return null;
  const total = formatPrice(toMinor(order.total), order.currency, i18n.language);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        className="inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-full bg-brand px-5 text-lg font-semibold text-brand-contrast sm:w-auto sm:self-start"
      >
        <CreditCard aria-hidden="true" className="size-5" />
        {t('payment.payNow', { amount: total })}
      </button>
      {opened ? (
        <Suspense fallback={null}>
          <PaySheet order={order} open={open} onOpenChange={setOpen} onPaid={onPaid} />
        </Suspense>
      ) : null}
    </>
  );
}
