import { useTranslation } from '../../../i18n/react.tsx';
import { icon, ShoppingBag } from '../../../components/ui/icons.tsx';
import { NativeSheet } from '../../../components/ui/native-sheet.tsx';
import { useCartStore } from '../store/cart-store.ts';
import type { CheckoutPage } from '../lib/checkout-types.ts';

// lucide bike and utensils, the shapes of icons-later.tsx: copied here, the question is one request
// (icons-later is a chunk of its own, shared with the dialogs that load later).
const Bike = icon(
  <>
    <circle cx="18.5" cy="17.5" r="3.5" />
    <circle cx="5.5" cy="17.5" r="3.5" />
    <circle cx="15" cy="5" r="1" />
    <path d="M12 17.5V14l-3-3 4-3 2 3h2" />
  </>,
);
const Utensils = icon(
  <>
    <path d="M3 2v7c0 1.1.9 2 2 2h4a2 2 0 0 0 2-2V2" />
    <path d="M7 2v20" />
    <path d="M21 15V2a5 5 0 0 0-5 5v6c0 1.1.9 2 2 2h3Zm0 0v7" />
  </>,
);

/**
 * deliveryOrSpot: delivery (closes the dialog) or at the table (opens table selection). It opens by
 * itself on a first visit, so it is a sheet on the browser's own `<dialog>` (NativeSheet), not
 * Radix: its chunk is a couple of KB. The next steps download on the guest's first touch of the
 * page (../hooks/use-checkout-preload.ts), which answering it is.
 */
export function DeliveryOrSpotDialog({ page }: { page: CheckoutPage }) {
  const { t } = useTranslation();
  const { openDialog, chooseDelivery, choosePickup } = useCartStore.getState();
  const choice =
    'flex min-h-16 w-full items-center gap-3 rounded-2xl border border-line px-4 text-left font-semibold hover:bg-surface-2';
  return (
    <NativeSheet title={t('checkout.methodTitle')} closeLabel={t('dialog.close')} onClose={() => openDialog(null)}>
      <div className="flex flex-col gap-2 pb-2">
        <button
          type="button"
          className={choice}
          onClick={() => {
            chooseDelivery();
            openDialog(null);
          }}
        >
          <Bike aria-hidden="true" className="size-6 text-brand" />
          {t('checkout.methodDelivery')}
        </button>
        <button type="button" className={choice} onClick={() => openDialog('selectSpot')}>
          <Utensils aria-hidden="true" className="size-6 text-brand" />
          {t('checkout.methodTable')}
        </button>
        {page.venue.pickup?.enabled ? (
          <button
            type="button"
            className={choice}
            onClick={() => {
              choosePickup();
              openDialog(null);
            }}
          >
            <ShoppingBag aria-hidden="true" className="size-6 text-brand" />
            {t('checkout.methodPickup')}
          </button>
        ) : null}
      </div>
    </NativeSheet>
  );
}
