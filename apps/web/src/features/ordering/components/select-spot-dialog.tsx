import { useState } from 'react';
import { useTranslation } from '../../../i18n/react.tsx';
import { Bike } from '../../../components/ui/icons-later.tsx';
import { ShoppingBag } from '../../../components/ui/icons.tsx';
import { notify } from '../../../lib/toast.ts';
import { primaryButton, secondaryButton, SheetDialog } from '../../../components/ui/sheet-dialog.tsx';
import { selectCount, useCartStore } from '../store/cart-store.ts';
import type { CheckoutPage } from '../lib/checkout-types.ts';

/**
 * selectSpot: the venue's tables; confirm disabled until one is chosen; delivery only with
 * enable_uber_direct; pickup only when the venue offers it (decision 032).
 */
export function SelectSpotDialog({ page }: { page: CheckoutPage }) {
  const { t } = useTranslation();
  const { openDialog, setOrderPending, chooseTable, chooseDelivery, choosePickup } = useCartStore.getState();
  const [chosen, setChosen] = useState<string | null>(null);

  function afterChoice() {
    const state = useCartStore.getState();
    if (state.orderPending && selectCount(state) > 0) {
      setOrderPending(false);
      openDialog('displayOrder');
    } else {
      setOrderPending(false);
      openDialog(null);
    }
  }

  return (
    <SheetDialog
      open
      onOpenChange={(open) => (open ? undefined : openDialog(null))}
      title={t('checkout.selectTitle')}
      description={t('checkout.selectText')}
      closeLabel={t('dialog.close')}
      footer={
        <div className="flex flex-col gap-2">
          <button
            type="button"
            className={primaryButton}
            disabled={!chosen}
            onClick={() => {
              if (!chosen) return;
              chooseTable(chosen);
              notify(t('checkout.tableSelected', { spot: chosen }), { kind: 'success' });
              afterChoice();
            }}
          >
            {t('checkout.confirmTable')}
          </button>
          {page.venue.enable_uber_direct ? (
            <button
              type="button"
              className={secondaryButton}
              onClick={() => {
                chooseDelivery();
                afterChoice();
              }}
            >
              <Bike aria-hidden="true" className="size-5" />
              {t('checkout.deliveryInstead')}
            </button>
          ) : null}
          {page.venue.pickup?.enabled ? (
            <button
              type="button"
              className={secondaryButton}
              onClick={() => {
                choosePickup();
                afterChoice();
              }}
            >
              <ShoppingBag aria-hidden="true" className="size-5" />
              {t('checkout.pickupInstead')}
            </button>
          ) : null}
        </div>
      }
    >
      <div
        role="group"
        aria-label={t('checkout.selectTitle')}
        className="grid grid-cols-[repeat(auto-fill,minmax(5.5rem,1fr))] gap-2 py-1"
      >
        {page.venue.spots.map((spot) => (
          <button
            key={spot}
            type="button"
            aria-pressed={chosen === spot}
            onClick={() => setChosen(spot)}
            className="min-h-12 rounded-2xl border border-line px-2 font-semibold aria-pressed:border-brand aria-pressed:bg-brand aria-pressed:text-brand-contrast"
          >
            {spot}
          </button>
        ))}
      </div>
    </SheetDialog>
  );
}
