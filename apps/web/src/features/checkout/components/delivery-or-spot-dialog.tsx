import { useTranslation } from '../../../i18n/react.tsx';
import { Bike, Utensils } from '../../../components/ui/icons-later.tsx';
import { SheetDialog } from '../../../components/ui/sheet-dialog.tsx';
import type { CheckoutModel } from '../types.ts';

/** deliveryOrSpot: delivery (closes the dialog) or at the table (opens table selection). */
export function DeliveryOrSpotDialog({ model }: { model: CheckoutModel }) {
  const { t } = useTranslation();
  const choice =
    'flex min-h-16 w-full items-center gap-3 rounded-2xl border border-line px-4 text-left font-semibold hover:bg-surface-2';
  return (
    <SheetDialog
      open
      onOpenChange={(open) => (open ? undefined : model.openDialog(null))}
      title={t('checkout.methodTitle')}
      closeLabel={t('dialog.close')}
    >
      <div className="flex flex-col gap-2 pb-2">
        <button
          type="button"
          className={choice}
          onClick={() => {
            model.chooseDelivery();
            model.openDialog(null);
          }}
        >
          <Bike aria-hidden="true" className="size-6 text-brand" />
          {t('checkout.methodDelivery')}
        </button>
        <button type="button" className={choice} onClick={() => model.openDialog('selectSpot')}>
          <Utensils aria-hidden="true" className="size-6 text-brand" />
          {t('checkout.methodTable')}
        </button>
      </div>
    </SheetDialog>
  );
}
