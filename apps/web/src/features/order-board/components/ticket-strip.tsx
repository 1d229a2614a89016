import { Banknote, Printer, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import type { OrderTicket } from '@carte/domain/contracts/tickets';
import { PAID_METHODS, type PaidMethod } from '@carte/domain/contracts/staff-orders';
import type { PublicOrder } from '@carte/domain/contracts/orders';
import { useTranslation } from '../../../i18n/react.tsx';
import { markPaid, reprintTickets, ticketPageUrl } from '../api/service-api.ts';

const TICKET_STYLE: Record<string, string> = {
  printed: 'border-green-700 bg-green-50 text-green-950 dark:bg-green-900/50 dark:text-green-50',
  pending: 'border-line bg-surface-2 text-fg',
  failed: 'border-red-600 bg-red-100 text-red-950 dark:bg-red-900/60 dark:text-red-50',
};
const small =
  'inline-flex min-h-11 items-center gap-1.5 rounded-xl border-2 border-line px-2.5 text-sm font-semibold whitespace-nowrap hover:bg-surface-2 disabled:opacity-60';

/**
 * An order's kitchen tickets on its card (architecture 4.11): each station's state (printed, waiting,
 * printer not answering), a reprint, the printable page for a station without a network printer,
 * and "paid at the venue" for an unpaid table order (4.12).
 */
export function TicketStrip({
  order,
  tickets,
  onChanged,
}: {
  order: PublicOrder;
  tickets: readonly OrderTicket[];
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(false);
  const [paying, setPaying] = useState(false);
  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setError(false);
    try {
      await work();
      onChanged();
    } catch {
      setError(true);
    } finally {
      setBusy(false);
    }
  };
  const unpaid = order.payment_status === 'unpaid' || order.payment_status === 'failed';
  const open = order.status !== 'cancelled';
  if (!tickets.length && !(unpaid && open)) return null;
  return (
    <div className="flex flex-col gap-2">
      {tickets.length ? (
        <ul aria-label={t('admin.kitchen.tickets')} className="flex flex-wrap gap-2">
          {tickets.map((ticket) => (
            <li
              key={`${ticket.station}-${ticket.round}`}
              className={`inline-flex min-h-11 flex-wrap items-center gap-x-2 rounded-xl border-2 px-2 text-sm ${TICKET_STYLE[ticket.status] ?? TICKET_STYLE.pending}`}
            >
              <Printer aria-hidden="true" className="size-4 shrink-0" />
              <span className="font-semibold">
                {ticket.round > 1
                  ? t('admin.kitchen.round', { station: ticket.stationName, round: ticket.round })
                  : ticket.stationName}
              </span>
              {/* Printed from the pass's browser: the Print link says it, the words stay for screen readers. */}
              <span className={ticket.networked || ticket.status === 'failed' ? '' : 'sr-only'}>
                {ticket.status === 'failed'
                  ? t('admin.kitchen.failed', { count: ticket.attempts })
                  : t(`admin.kitchen.status.${ticket.networked ? ticket.status : 'browser'}`)}
              </span>
              {ticket.networked ? null : (
                <a
                  href={ticketPageUrl(order.id, ticket.station)}
                  target="_blank"
                  rel="noopener"
                  className="font-semibold underline underline-offset-2"
                >
                  {t('admin.kitchen.print', { station: ticket.stationName })}
                </a>
              )}
            </li>
          ))}
          <li>
            <button
              type="button"
              disabled={busy}
              className={small}
              onClick={() => void run(() => reprintTickets(order.id))}
            >
              <RotateCcw aria-hidden="true" className="size-4" />
              {t('admin.kitchen.reprint', { number: order.number })}
            </button>
          </li>
        </ul>
      ) : null}
      {unpaid && open && !order.delivery && !paying ? (
        // Folded into one button: three payment methods on every unpaid card would fill the pass.
        <button type="button" aria-expanded={false} className={`${small} self-start`} onClick={() => setPaying(true)}>
          <Banknote aria-hidden="true" className="size-4" />
          {t('admin.kitchen.markPaid')}
        </button>
      ) : null}
      {unpaid && open && !order.delivery && paying ? (
        <fieldset className="flex flex-wrap items-center gap-1.5">
          <legend className="sr-only">{t('admin.kitchen.paidLegend', { number: order.number })}</legend>
          <Banknote aria-hidden="true" className="size-5" />
          {PAID_METHODS.map((method: PaidMethod) => (
            <button
              key={method}
              type="button"
              disabled={busy}
              className={small}
              onClick={() => void run(() => markPaid(order.id, method))}
            >
              {t(`admin.kitchen.paid.${method}`)}
            </button>
          ))}
        </fieldset>
      ) : null}
      {error ? (
        <p role="alert" className="text-base font-semibold text-red-700 dark:text-red-300">
          {t('admin.kitchen.error')}
        </p>
      ) : null}
    </div>
  );
}
