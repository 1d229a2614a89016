import type { PublicOrder } from '@carte/domain/contracts/orders';
import { toMinor } from '@carte/domain/money';
import type { BillFigures } from './bill-summary.tsx';

/** A placed order's bill as stored when it was placed (never recomputed): the guest's page and the board. */
export function orderBill(order: PublicOrder): BillFigures {
  return {
    currency: order.currency,
    subtotal: toMinor(order.subtotal),
    serviceCharge: toMinor(order.service_charge),
    tax: order.tax.map((entry) => ({ ...entry, base: toMinor(entry.base), amount: toMinor(entry.amount) })),
    taxMode: order.tax_mode,
    deliveryCost: toMinor(order.delivery_cost),
    total: toMinor(order.total),
  };
}

/** Whether the bill says more than its total: taxes or a service charge. */
export function hasBillDetail(order: PublicOrder): boolean {
  return order.tax.length > 0 || toMinor(order.service_charge) > 0;
}
