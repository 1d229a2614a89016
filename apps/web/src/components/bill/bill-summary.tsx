import type { TaxBreakdownEntry, TaxMode } from '@carte/domain/tax';
import { formatPrice } from '@carte/domain/money';
import { useTranslation } from '../../i18n/react.tsx';

export interface BillFigures {
  currency: string;
  /** Minor units throughout. */
  subtotal: number;
  serviceCharge: number;
  tax: readonly TaxBreakdownEntry[];
  taxMode: TaxMode | null;
  deliveryCost: number;
  total: number;
}

/**
 * The money part of a bill, as the cart recap, the order page and the receipt show it: subtotal,
 * service charge, the tax by rate (added lines when prices exclude tax, "incl. VAT" under the total
 * when they include it), delivery and the total (architecture 4.13).
 */
export function BillSummary({ bill, totalLabel }: { bill: BillFigures; totalLabel?: string }) {
  const { t, i18n } = useTranslation();
  const money = (minor: number) => formatPrice(minor, bill.currency, i18n.language);
  const exclusive = bill.taxMode === 'exclusive';
  const showSubtotal = bill.deliveryCost > 0 || bill.serviceCharge > 0 || (exclusive && bill.tax.length > 0);
  const row = 'flex justify-between gap-3 text-muted';
  return (
    <dl className="flex flex-col gap-1">
      {showSubtotal ? (
        <div className={row}>
          <dt>{t('checkout.subtotal')}</dt>
          <dd className="tabular-nums">{money(bill.subtotal)}</dd>
        </div>
      ) : null}
      {bill.serviceCharge > 0 ? (
        <div className={row}>
          <dt>{t('bill.serviceCharge')}</dt>
          <dd className="tabular-nums">{money(bill.serviceCharge)}</dd>
        </div>
      ) : null}
      {exclusive
        ? bill.tax.map((entry) => (
            <div key={entry.rate} className={row}>
              <dt>{entry.name}</dt>
              <dd className="tabular-nums">{money(entry.amount)}</dd>
            </div>
          ))
        : null}
      {bill.deliveryCost > 0 ? (
        <div className={row}>
          <dt>{t('order.deliveryCost')}</dt>
          <dd className="tabular-nums">{money(bill.deliveryCost)}</dd>
        </div>
      ) : null}
      <div className="flex justify-between gap-3 text-lg font-bold">
        <dt>{totalLabel ?? t('order.total')}</dt>
        <dd className="tabular-nums">{money(bill.total)}</dd>
      </div>
      {bill.taxMode === 'inclusive' && bill.tax.length > 0 ? (
        <div className="flex justify-end text-sm text-muted">
          <dt className="sr-only">{t('bill.taxIncluded')}</dt>
          <dd className="text-right">
            {bill.tax
              .map((entry) => t('bill.inclusiveLine', { name: entry.name, amount: money(entry.amount) }))
              .join(' · ')}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
