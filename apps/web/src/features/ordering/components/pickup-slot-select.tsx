import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../../i18n/react.tsx';
import { formatWallTime } from '../../../lib/venue-time.ts';
import { getPickupSlots } from '../api/checkout-api.ts';

/** The prompt's value: a select option never has an empty value (spec section 5). */
const NO_CHOICE = 'choose';

type SlotsState = { status: 'loading' } | { status: 'ready'; slots: string[] } | { status: 'error' };

/**
 * The pickup time (decision 032): the slots the server offers now, written in the venue's time (the
 * offset of each slot) and the guest's language. `refresh` changes when the server refused a time
 * that had passed meanwhile: the list is read again (the caller clears the choice).
 */
export function PickupSlotSelect({
  venueUrl,
  value,
  onChange,
  refresh = 0,
}: {
  venueUrl: string;
  value: string | null;
  onChange: (slot: string | null) => void;
  refresh?: number;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const key = `${venueUrl}|${refresh}`;
  const [result, setResult] = useState<{ key: string; state: SlotsState } | null>(null);
  // Loading until the answer to this very request is in.
  const state: SlotsState = result && result.key === key ? result.state : { status: 'loading' };

  useEffect(() => {
    const controller = new AbortController();
    getPickupSlots(venueUrl, controller.signal).then(
      (answer) => setResult({ key, state: { status: 'ready', slots: answer.slots } }),
      (error: unknown) => {
        if (error instanceof DOMException && error.name === 'AbortError') return;
        setResult({ key, state: { status: 'error' } });
      },
    );
    return () => controller.abort();
  }, [venueUrl, key]);

  if (state.status === 'loading') {
    return (
      <p role="status" className="text-sm text-muted">
        {t('checkout.pickupLoading')}
      </p>
    );
  }
  if (state.status === 'error') {
    return (
      <p role="alert" className="text-sm text-red-700 dark:text-red-400">
        {t('checkout.pickupError')}
      </p>
    );
  }
  if (state.slots.length === 0) {
    return (
      <p role="alert" className="text-sm font-semibold">
        {t('checkout.pickupNone')}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold">
        {t('checkout.pickupTime')}
      </label>
      <select
        id={id}
        value={value ?? NO_CHOICE}
        onChange={(e) => onChange(e.target.value === NO_CHOICE ? null : e.target.value)}
        className="min-h-11 rounded-xl border border-line bg-surface px-3 text-base"
      >
        <option value={NO_CHOICE} disabled>
          {t('checkout.pickupChoose')}
        </option>
        {state.slots.map((slot) => (
          <option key={slot} value={slot}>
            {formatWallTime(slot, i18n.language)}
          </option>
        ))}
      </select>
    </div>
  );
}
