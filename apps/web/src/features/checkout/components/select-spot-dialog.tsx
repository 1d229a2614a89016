import { useState } from 'react';
import { useTranslation } from '../../../i18n/react.tsx';
import { Bike } from '../../../components/ui/icons-later.tsx';
import { ShoppingBag } from '../../../components/ui/icons.tsx';
import { notify } from '../../../lib/toast.ts';
import { primaryButton, secondaryButton, SheetDialog } from '../../../components/ui/sheet-dialog.tsx';
import type { CheckoutModel } from '../types.ts';

/**
 * selectSpot: the venue's tables; confirm disabled until one is chosen; delivery only with
 * enable_uber_direct; pickup only when the venue offers it (decision 032).
 */
export function SelectSpotDialog({ model }: { model: CheckoutModel }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string | null>(null);

  function afterChoice() {
    if (model.orderPending && model.count > 0) {
      model.setOrderPending(false);
      model.openDialog('displayOrder');
    } else {
      model.setOrderPending(false);
      model.openDialog(null);
    }
  }

  return (
    <SheetDialog
      open
      onOpenChange={(open) => (open ? undefined : model.openDialog(null))}
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
              model.chooseTable(chosen);
              notify(t('checkout.tableSelected', { spot: chosen }), { kind: 'success' });
              afterChoice();
            }}
          >
            {t('checkout.confirmTable')}
          </button>
          {model.venue.enable_uber_direct ? (
            <button
              type="button"
              className={secondaryButton}
              onClick={() => {
                model.chooseDelivery();
                afterChoice();
              }}
            >
              <Bike aria-hidden="true" className="size-5" />
              {t('checkout.deliveryInstead')}
            </button>
          ) : null}
          {model.venue.pickup?.enabled ? (
            <button
              type="button"
              className={secondaryButton}
              onClick={() => {
                model.choosePickup();
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
        {model.venue.spots.map((spot) => (
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
