import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/react.tsx';
import { Loader2 } from '../../../components/ui/icons-later.tsx';
import type { PublicDeliveryQuote } from '@carte/domain/contracts/delivery';
import { formatPrice, toMinor } from '@carte/domain/money';
import { BillSummary } from '../../../components/bill/bill-summary.tsx';
import { cartBill } from '../lib/cart-bill.ts';
import { cartLineTotalMinor } from '@carte/domain/cart';
import { notify } from '../../../lib/toast.ts';
import { primaryButton, secondaryButton, SheetDialog } from '../../../components/ui/sheet-dialog.tsx';
import { quoteDelivery } from '../api/checkout-api.ts';
import { CheckoutLineCard } from './checkout-line-card.tsx';
import { usePlaceOrder } from './use-place-order.ts';
import { useCheckoutCart } from '../hooks/use-checkout-cart.ts';
import { useCartStore } from '../store/cart-store.ts';
import type { CheckoutPage } from '../lib/checkout-types.ts';

type QuoteState = { status: 'loading' } | { status: 'ready'; quote: PublicDeliveryQuote } | { status: 'error' };
type QuoteResult = { address: string; state: QuoteState };

/** deliveryRecap: loads the delivery cost on open (spinner), shows the totals, confirm places the order. */
export function DeliveryRecapDialog({ page }: { page: CheckoutPage }) {
  const { t, i18n } = useTranslation();
  const cart = useCheckoutCart();
  const { openDialog, setDeliveryCost } = useCartStore.getState();
  const { placing, submit } = usePlaceOrder(page);
  const info = cart.deliveryInfo;
  const currency = page.venue.currency;
  const address = info?.fullAddress ?? '';
  const venueUrl = page.venue.venueUrl;
  const [result, setResult] = useState<QuoteResult | null>(null);
  // Loading until the quote for this very address is in.
  const state: QuoteState = result && result.address === address ? result.state : { status: 'loading' };

  useEffect(() => {
    if (!address) return;
    const controller = new AbortController();
    quoteDelivery(venueUrl, address, controller.signal).then(
      (quote) => {
        if (typeof quote.fee !== 'number') throw new Error('Invalid delivery cost data received');
        setDeliveryCost({ fee: quote.fee, quoteId: quote.quoteId, address });
        setResult({ address, state: { status: 'ready', quote } });
      },
      (error: unknown) => {
        if (error instanceof DOMException && error.name === 'AbortError') return;
        setDeliveryCost(null);
        setResult({ address, state: { status: 'error' } });
        notify(t('checkout.deliveryCostError'), { kind: 'error' });
      },
    );
    return () => controller.abort();
  }, [address, venueUrl, setDeliveryCost, t]);

  const feeMinor = state.status === 'ready' ? toMinor(state.quote.fee) : 0;
  const bill = cartBill(page, cart, feeMinor);
  return (
    <SheetDialog
      open
      onOpenChange={(open) => (open ? undefined : openDialog(null))}
      title={t('checkout.deliveryRecapTitle')}
      description={info ? t('checkout.deliverTo', { address: info.fullAddress }) : undefined}
      closeLabel={t('dialog.close')}
      footer={
        <div className="flex flex-col gap-3">
          {state.status === 'loading' ? (
            <p role="status" className="flex items-center gap-2 text-muted">
              <Loader2 aria-hidden="true" className="size-5 animate-spin" />
              {t('checkout.calculating')}
            </p>
          ) : state.status === 'error' ? (
            <p role="alert" className="text-red-700 dark:text-red-400">
              {t('checkout.deliveryCostError')}
            </p>
          ) : (
            <BillSummary bill={bill} totalLabel={t('checkout.total')} />
          )}
          <div className="grid grid-cols-[auto_1fr] gap-2">
            <button type="button" className={`${secondaryButton} !w-auto`} onClick={() => openDialog('delivery')}>
              {t('dialog.cancel')}
            </button>
            <button
              type="button"
              className={`${primaryButton} !px-3 whitespace-nowrap`}
              disabled={state.status !== 'ready' || placing || cart.count === 0 || !info}
              onClick={() => {
                if (state.status !== 'ready' || !info) return;
                void submit({
                  spot: 'delivery',
                  delivery: true,
                  deliveryCost: state.quote.fee,
                  deliveryQuoteId: state.quote.quoteId,
                  deliveryInfo: info,
                });
              }}
            >
              {t('checkout.placeOrder', {
                total: formatPrice(bill.total, currency, i18n.language),
              })}
            </button>
          </div>
        </div>
      }
    >
      <ul className="flex flex-col gap-2">
        {cart.lines.map((line) => (
          <li key={line.key}>
            <CheckoutLineCard page={page} line={line} variation="order">
              <p className="flex justify-between text-sm text-muted">
                <span>
                  {line.quantity} ×{line.variations.length ? ` · ${line.variations.map((v) => v.name).join(', ')}` : ''}
                </span>
                <span className="font-semibold text-fg tabular-nums">
                  {formatPrice(cartLineTotalMinor(line), currency, i18n.language)}
                </span>
              </p>
              {line.notes ? (
                <p className="text-sm break-words text-muted italic">{t('cart.lineNote', { note: line.notes })}</p>
              ) : null}
            </CheckoutLineCard>
          </li>
        ))}
      </ul>
    </SheetDialog>
  );
}
