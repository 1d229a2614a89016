import { cartLineTotalMinor } from '@carte/domain/cart';
import { computeOrderTaxes } from '@carte/domain/tax';
import { PICKUP_SPOT } from '@carte/domain/spot';
import type { BillFigures } from '../../../components/bill/bill-summary.tsx';
import type { CartLine } from '@carte/domain/cart';
import type { CheckoutPage } from './checkout-types.ts';

/**
 * The bill of the cart before it is sent, by the same domain rule the server applies when it
 * stores the order (decision 016): the guest sees the total they will be asked to pay.
 */
export function cartBill(
  page: Pick<CheckoutPage, 'venue' | 'menu'>,
  cart: { lines: readonly CartLine[]; delivery: boolean; spot?: string | null },
  deliveryCostMinor = 0,
): BillFigures {
  const settings = page.venue.tax ?? null;
  const rateOf = new Map(page.menu.map((p) => [p.id, p.tax_rate ?? null]));
  const taxes = computeOrderTaxes(
    settings,
    cart.lines.map((line) => ({
      amount: cartLineTotalMinor(line),
      rate: settings ? (rateOf.get(line.product.id) ?? settings.defaultRate) : '',
    })),
    // The service charge is for table service: not on delivery or pickup (as the server stores it).
    { serviceCharge: !cart.delivery && cart.spot !== PICKUP_SPOT },
  );
  return {
    currency: page.venue.currency,
    subtotal: taxes.subtotal,
    serviceCharge: taxes.serviceCharge,
    tax: taxes.tax,
    taxMode: settings?.mode ?? null,
    deliveryCost: deliveryCostMinor,
    total: taxes.total + deliveryCostMinor,
  };
}
