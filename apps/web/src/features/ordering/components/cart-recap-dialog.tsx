import { useCallback, useId, useState } from 'react';
import { useTranslation } from '../../../i18n/react.tsx';
import { PICKUP_SPOT } from '@carte/domain/spot';
import { PickupSlotSelect } from './pickup-slot-select.tsx';
import { Minus, Plus, ShoppingBag } from '../../../components/ui/icons.tsx';
import { Trash2 } from '../../../components/ui/icons-later.tsx';
import { cartLineTotalMinor, MAX_LINE_QUANTITY } from '@carte/domain/cart';
import { formatPrice, formatPriceDifference, toMinor } from '@carte/domain/money';
import { primaryButton, secondaryButton, SheetDialog } from '../../../components/ui/sheet-dialog.tsx';
import { CheckoutLineCard } from './checkout-line-card.tsx';
import { usePlaceOrder } from './use-place-order.ts';
import { BillSummary } from '../../../components/bill/bill-summary.tsx';
import { cartBill } from '../lib/cart-bill.ts';
import { useCartActions } from '../hooks/use-cart-actions.ts';
import { useCheckoutCart } from '../hooks/use-checkout-cart.ts';
import { useCartStore } from '../store/cart-store.ts';
import type { CheckoutPage } from '../lib/checkout-types.ts';

/** displayOrder: the cart recap (spec section 2, cart dialog). */
export function CartRecapDialog({ page }: { page: CheckoutPage }) {
  const { t, i18n } = useTranslation();
  const cart = useCheckoutCart();
  const { setLineQuantity, removeLine } = useCartActions();
  const { openDialog, setOrderPending } = useCartStore.getState();
  const pickup = cart.spot === PICKUP_SPOT && !cart.delivery;
  const [slot, setSlot] = useState<string | null>(null);
  const chooseSlot = useCallback((next: string | null) => setSlot(next), []);
  // A time refused as gone: the list is read again.
  const [slotsRead, setSlotsRead] = useState(0);
  const { placing, submit } = usePlaceOrder(page, {
    onRefused: (code) => {
      if (code !== 'PICKUP_SLOT_UNAVAILABLE') return;
      setSlot(null);
      setSlotsRead((n) => n + 1);
    },
  });
  const currency = page.venue.currency;
  const bill = cartBill(page, cart);
  const total = formatPrice(bill.total, currency, i18n.language);
  const step = 'inline-flex size-11 items-center justify-center rounded-full border border-line disabled:opacity-40';
  // Delivery's minimum (decision 032): the dishes before the fee, as the server checks it.
  const minimum = cart.delivery ? page.venue.deliveryRules?.minimumOrder : undefined;
  const shortfallMinor = minimum ? Math.max(0, toMinor(minimum) - cart.subtotalMinor) : 0;
  const reasonId = useId();
  const blocked = shortfallMinor > 0 || (pickup && !slot);
  const reason =
    shortfallMinor > 0
      ? t('checkout.minimumMissing', {
          minimum: formatPrice(toMinor(minimum!), currency, i18n.language),
          missing: formatPrice(shortfallMinor, currency, i18n.language),
        })
      : pickup && !slot
        ? t('checkout.pickupChooseFirst')
        : null;

  function confirm() {
    if (blocked) return;
    if (cart.delivery) openDialog('delivery');
    else if (pickup) void submit({ spot: PICKUP_SPOT, delivery: false, pickup: { at: slot! } });
    else if (cart.spot) void submit();
    else {
      setOrderPending(true);
      openDialog('selectSpot');
    }
  }

  const where = cart.delivery
    ? t('checkout.recapDelivery')
    : pickup
      ? t('checkout.recapPickup')
      : cart.spot
        ? t('checkout.recapTable', { spot: cart.spot })
        : null;

  return (
    <SheetDialog
      open
      onOpenChange={(open) => (open ? undefined : openDialog(null))}
      title={t('checkout.recapTitle', { count: cart.count })}
      description={
        <>
          {t('checkout.recapText')}
          {where ? <span className="mt-0.5 block font-semibold text-fg">{where}</span> : null}
        </>
      }
      closeLabel={t('dialog.close')}
      footer={
        <div className="flex flex-col gap-3">
          {pickup && cart.count > 0 ? (
            <PickupSlotSelect venueUrl={page.venue.venueUrl} value={slot} onChange={chooseSlot} refresh={slotsRead} />
          ) : null}
          {minimum && shortfallMinor === 0 ? (
            <p className="text-sm text-muted">
              {t('checkout.minimumMet', { minimum: formatPrice(toMinor(minimum), currency, i18n.language) })}
            </p>
          ) : null}
          <BillSummary bill={bill} totalLabel={t('checkout.total')} />
          <div className="grid grid-cols-[auto_1fr] gap-2">
            <button type="button" className={`${secondaryButton} !w-auto`} onClick={() => openDialog(null)}>
              {t('dialog.cancel')}
            </button>
            {cart.count > 0 && cart.subtotalMinor > 0 ? (
              <button
                type="button"
                className={`${primaryButton} !px-3 whitespace-nowrap`}
                disabled={placing || blocked}
                aria-describedby={reason ? reasonId : undefined}
                onClick={confirm}
              >
                {cart.delivery ? t('checkout.chooseAddress') : t('checkout.placeOrder', { total })}
              </button>
            ) : null}
          </div>
          {reason && cart.count > 0 ? (
            <p id={reasonId} className="text-sm font-semibold">
              {reason}
            </p>
          ) : null}
        </div>
      }
    >
      {cart.lines.length === 0 ? (
        <p className="flex flex-col items-center gap-2 py-8 text-center text-muted">
          <ShoppingBag aria-hidden="true" className="size-8" />
          <span className="font-semibold text-fg">{t('checkout.emptyCart')}</span>
          <span className="text-sm">{t('checkout.emptyCartHint')}</span>
        </p>
      ) : null}
      <ul className="flex flex-col gap-2">
        {cart.lines.map((line) => (
          <li key={line.key}>
            <CheckoutLineCard page={page} line={line} variation="cart">
              {line.variations.length > 0 ? (
                <ul className="text-sm text-muted">
                  {line.variations.map((v) => (
                    <li key={v.id}>
                      {v.name}{' '}
                      <span className="tabular-nums">
                        {formatPriceDifference(toMinor(v.price_variation ?? 0), currency, i18n.language)}
                      </span>
                    </li>
                  ))}
                </ul>
              ) : null}
              {line.notes ? (
                <p className="text-sm break-words text-muted italic">{t('cart.lineNote', { note: line.notes })}</p>
              ) : null}
              <div className="flex items-center justify-between gap-2 pt-1">
                <div className="flex items-center gap-1" role="group" aria-label={t('cart.quantity')}>
                  <button
                    type="button"
                    className={step}
                    aria-label={t('cart.decrease', { name: line.product.name })}
                    onClick={() => setLineQuantity(line.key, line.quantity - 1)}
                  >
                    <Minus aria-hidden="true" className="size-4" />
                  </button>
                  <span className="w-7 text-center font-semibold tabular-nums">{line.quantity}</span>
                  <button
                    type="button"
                    className={step}
                    aria-label={t('cart.increase', { name: line.product.name })}
                    disabled={line.quantity >= MAX_LINE_QUANTITY}
                    onClick={() => setLineQuantity(line.key, line.quantity + 1)}
                  >
                    <Plus aria-hidden="true" className="size-4" />
                  </button>
                  <button
                    type="button"
                    className={`${step} border-transparent text-muted`}
                    aria-label={t('cart.remove', { name: line.product.name })}
                    onClick={() => removeLine(line.key)}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                  </button>
                </div>
                <span className="font-semibold whitespace-nowrap tabular-nums">
                  {formatPrice(cartLineTotalMinor(line), currency, i18n.language)}
                </span>
              </div>
            </CheckoutLineCard>
          </li>
        ))}
      </ul>
    </SheetDialog>
  );
}
