import type { CheckoutModel } from '../types.ts';
import { AddressDialog } from './address-dialog.tsx';
import { CartRecapDialog } from './cart-recap-dialog.tsx';
import { DeliveryOrSpotDialog } from './delivery-or-spot-dialog.tsx';
import { DeliveryRecapDialog } from './delivery-recap-dialog.tsx';
import { SelectSpotDialog } from './select-spot-dialog.tsx';

/** The dialog container (spec section 2): one dialog at a time, by name. Loaded lazily. */
export default function CheckoutDialogs({ model }: { model: CheckoutModel }) {
  switch (model.dialog) {
    case 'displayOrder':
      return <CartRecapDialog model={model} />;
    case 'selectSpot':
      return <SelectSpotDialog model={model} />;
    case 'deliveryOrSpot':
      return <DeliveryOrSpotDialog model={model} />;
    case 'delivery':
      return <AddressDialog model={model} />;
    case 'deliveryRecap':
      return <DeliveryRecapDialog model={model} />;
    default:
      return null;
  }
}
