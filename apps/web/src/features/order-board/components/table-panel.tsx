import { BellRing, Check, Plus, Receipt } from 'lucide-react';
import { useState } from 'react';
import type { TableCall } from '@carte/domain/contracts/table-calls';
import { useTranslation } from '../../../i18n/react.tsx';
import { answerCall } from '../api/service-api.ts';
import { StaffOrderDialog } from './staff-order-dialog.tsx';

/**
 * The table view beside the columns (issue 18 items 4 and 5): the calls from the tables, oldest first,
 * each acknowledged ("someone is coming") then closed, and the button to enter an order for a table.
 */
export function TablePanel({
  venueId,
  calls,
  onCallsChanged,
  onOrderPlaced,
}: {
  venueId: string;
  calls: readonly TableCall[];
  onCallsChanged: () => void;
  onOrderPlaced: () => void;
}) {
  const { t } = useTranslation();
  const [entering, setEntering] = useState(false);
  const [failed, setFailed] = useState(false);
  const answer = async (id: string, status: 'acknowledged' | 'done') => {
    setFailed(false);
    try {
      await answerCall(id, status);
    } catch {
      setFailed(true);
    }
    onCallsChanged();
  };
  return (
    <section
      aria-labelledby="tables-title"
      className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-2xl border-2 border-line bg-surface p-2 px-3"
    >
      <h2 id="tables-title" className="text-lg font-bold">
        {t('admin.tables.title')}
      </h2>
      {/* One row on a tablet: the calls between the title and the button; under them on a phone. */}
      <div
        aria-live="polite"
        className="order-last w-full @[44rem]:order-none @[44rem]:w-auto @[44rem]:min-w-0 @[44rem]:flex-1"
      >
        {calls.length === 0 ? (
          <p className="text-base text-muted">{t('admin.tables.noCalls')}</p>
        ) : (
          <ul aria-label={t('admin.tables.calls')} className="flex flex-col gap-2">
            {calls.map((call) => (
              <li
                key={call.id}
                className={`flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border-2 px-2 py-1 text-lg ${
                  call.status === 'open' ? 'border-red-600 bg-red-50 dark:bg-red-900/40' : 'border-line'
                }`}
              >
                {call.kind === 'bill' ? (
                  <Receipt aria-hidden="true" className="size-5" />
                ) : (
                  <BellRing aria-hidden="true" className="size-5" />
                )}
                <span className="font-bold">{t(`admin.tables.call.${call.kind}`, { spot: call.spot })}</span>
                <span className="text-base">{t(`admin.tables.callStatus.${call.status}`)}</span>
                {call.status === 'open' ? (
                  <button
                    type="button"
                    onClick={() => void answer(call.id, 'acknowledged')}
                    className="ml-auto inline-flex min-h-11 items-center gap-1.5 rounded-xl bg-brand px-3 font-semibold text-brand-contrast"
                  >
                    {t('admin.tables.acknowledge', { spot: call.spot })}
                  </button>
                ) : (
                  <button
                    type="button"
                    onClick={() => void answer(call.id, 'done')}
                    className="ml-auto inline-flex min-h-11 items-center gap-1.5 rounded-xl border-2 border-line px-3 font-semibold"
                  >
                    <Check aria-hidden="true" className="size-4" />
                    {t('admin.tables.done', { spot: call.spot })}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      <button
        type="button"
        onClick={() => setEntering(true)}
        className="ml-auto inline-flex min-h-11 items-center gap-2 rounded-xl bg-brand px-4 text-base font-bold text-brand-contrast"
      >
        <Plus aria-hidden="true" className="size-5" />
        {t('admin.tables.enterOrder')}
      </button>
      {failed ? (
        <p role="alert" className="order-last w-full font-semibold text-red-700 dark:text-red-300">
          {t('admin.kitchen.error')}
        </p>
      ) : null}
      {entering ? (
        <StaffOrderDialog
          venueId={venueId}
          onClose={() => setEntering(false)}
          onPlaced={() => {
            setEntering(false);
            onOrderPlaced();
          }}
        />
      ) : null}
    </section>
  );
}
