import { useState } from 'react';
import { TriangleAlert, Check } from 'lucide-react';
import { allergyBanner } from '@carte/domain/allergens';
import type { PublicOrder } from '@carte/domain/contracts/orders';
import { useTranslation } from '../../../i18n/react.tsx';
import { notify } from '../../../lib/toast.ts';
import { acknowledgeAllergies } from '../api/board-api.ts';

/**
 * The allergy banner of an order on the board (issue 17 item 2, ui.md "impossible to miss"): bold,
 * red, with the guest's allergens and diets, and the button that records who read it. Until then the
 * order cannot move to preparing (the server refuses with 409 ALLERGY_NOT_ACKNOWLEDGED).
 */
export function AllergyBanner({
  order,
  onAcknowledged,
}: {
  order: PublicOrder;
  onAcknowledged: (o: PublicOrder) => void;
}) {
  const { t, i18n } = useTranslation();
  const [sending, setSending] = useState(false);
  const banner = allergyBanner(order.allergyProfile);
  if (!banner) return null;
  const list = [...banner.allergens.map((a) => t(`allergen.${a}`)), ...banner.diets.map((d) => t(`diet.${d}`))].join(
    ', ',
  );
  const acked = order.allergyAcknowledged;
  const acknowledge = async () => {
    if (sending) return;
    setSending(true);
    try {
      onAcknowledged(await acknowledgeAllergies(order.id));
    } catch {
      notify(t('admin.board.allergy.ackFailed', { number: order.number }), { kind: 'error' });
    } finally {
      setSending(false);
    }
  };
  return (
    <div
      role="group"
      aria-label={t('admin.board.allergy.title')}
      className="flex flex-col gap-2 rounded-xl border-2 border-red-600 bg-red-50 p-3 text-red-950 dark:bg-red-950 dark:text-red-50"
    >
      <p className="flex items-start gap-2 text-xl font-extrabold">
        <TriangleAlert aria-hidden="true" className="mt-1 size-6 shrink-0" />
        <span>
          {t('admin.board.allergy.title')}: {list}
        </span>
      </p>
      {acked ? (
        <p className="flex items-center gap-1.5 text-base font-semibold">
          <Check aria-hidden="true" className="size-5" />
          {t('admin.board.allergy.acknowledged', {
            time: new Date(acked.at).toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' }),
          })}
        </p>
      ) : (
        <button
          type="button"
          aria-disabled={sending || undefined}
          onClick={() => void acknowledge()}
          className="inline-flex min-h-12 items-center justify-center rounded-2xl bg-red-700 px-4 text-lg font-bold text-white aria-disabled:opacity-60"
        >
          {t('admin.board.allergy.acknowledge')}
        </button>
      )}
    </div>
  );
}

/** Whether the order waits for the staff to acknowledge its allergies before it may be prepared. */
export function awaitsAllergyAck(order: PublicOrder): boolean {
  return allergyBanner(order.allergyProfile) !== null && order.allergyAcknowledged === null;
}
