import { useEffect, useState } from 'react';
import type { TableCall } from '@carte/domain/contracts/table-calls';
import { useTranslation } from '../../../i18n/react.tsx';
import { apiRequest, isApiError } from '../../../lib/api-client.ts';
import { createBundledStrings } from '../../../i18n/chunk-strings.ts';
import en from '../i18n/en.json';
import fr from '../i18n/fr.json';
import it from '../i18n/it.json';
import de from '../i18n/de.json';
import th from '../i18n/th.json';

// The call's words are the order feature's: added here too, as this shows before the live order's
// chunk (which adds them as well) has loaded; a render with missing words would print their keys.
const addStrings = createBundledStrings({ en, fr, it, de, th });

/** How often the guest's page asks whether someone answered its call. */
const CHECK_EVERY_MS = 5000;

/**
 * Calls from the table (architecture 4.12): the guest calls the waiter or asks for the bill, then
 * sees that the call is waiting and, once staff acknowledge it, that someone is coming.
 */
export function CallWaiter({ venueUrl, spot }: { venueUrl: string; spot: string }) {
  const { t, i18n } = useTranslation();
  addStrings(i18n);
  const [call, setCall] = useState<TableCall | null>(null);
  const [error, setError] = useState<string | null>(null);
  const waiting = call !== null && call.status !== 'done';

  useEffect(() => {
    if (!call || call.status !== 'open') return;
    const timer = setInterval(() => {
      apiRequest<TableCall>('/api/table/call', { query: { id: call.id } }).then(setCall, () => {});
    }, CHECK_EVERY_MS);
    return () => clearInterval(timer);
  }, [call]);

  const send = async (kind: 'waiter' | 'bill') => {
    setError(null);
    try {
      setCall(await apiRequest<TableCall>('/api/table/call', { method: 'POST', body: { venueUrl, spot, kind } }));
    } catch (e) {
      setError(isApiError(e) && e.code === 'CALL_OPEN' ? t('order.call.alreadyCalled') : t('order.call.failed'));
    }
  };

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        {(['waiter', 'bill'] as const).map((kind) => (
          <button
            key={kind}
            type="button"
            disabled={waiting}
            onClick={() => void send(kind)}
            className="inline-flex min-h-11 items-center rounded-full border-2 border-line px-4 font-semibold hover:bg-surface-2 disabled:opacity-60"
          >
            {t(`order.call.${kind}`)}
          </button>
        ))}
      </div>
      <p role="status" className="text-muted">
        {call && call.status !== 'done' ? t(`order.call.status.${call.status}`) : ''}
        {error}
      </p>
    </div>
  );
}
