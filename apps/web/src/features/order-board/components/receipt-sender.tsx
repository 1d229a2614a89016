import { Mail } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { PublicOrder } from '@carte/domain/contracts/orders';
import { useTranslation } from '../../../i18n/react.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { sendOrderReceipt } from '../api/service-api.ts';

const small =
  'inline-flex min-h-11 items-center gap-1.5 rounded-xl border-2 border-line px-3 text-base font-semibold hover:bg-surface-2 disabled:opacity-60';

/**
 * "Send the receipt" on a paid order's card (issue 19 item 3): to the order's e-mail (a delivery's)
 * or the one the staff type, through the outbox.
 */
export function ReceiptSender({ venueId, order }: { venueId: string; order: PublicOrder }) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState(order.delivery_info?.email ?? '');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  if (order.receipt_number === null) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setResult(null);
    try {
      const answer = await sendOrderReceipt(venueId, order.id, email.trim() || undefined);
      setResult(
        answer.status === 'failed'
          ? { ok: false, text: t('admin.receipt.failed', { error: answer.error ?? '' }) }
          : {
              ok: true,
              text: t(answer.status === 'sent' ? 'admin.receipt.sent' : 'admin.receipt.kept', { to: answer.to }),
            },
      );
      if (answer.status !== 'failed') setOpen(false);
    } catch (e) {
      // A 400 names the address; anything else is said the same way, with the server's word kept.
      setResult({
        ok: false,
        text: isApiError(e) && e.status !== 400 ? `${t('admin.receipt.error')} ${e.message}` : t('admin.receipt.error'),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-2">
      {open ? (
        <form
          onSubmit={(e) => void submit(e)}
          className="flex flex-col gap-2"
          aria-label={t('admin.receipt.legend', { number: order.number })}
        >
          <label htmlFor={`${id}-email`} className="text-base font-semibold">
            {t('admin.receipt.email')}
          </label>
          <input
            id={`${id}-email`}
            type="email"
            required
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            className="min-h-11 w-full rounded-xl border-2 border-line bg-surface px-3 text-base"
          />
          <div className="flex flex-wrap gap-2">
            <button type="submit" disabled={busy} className={small}>
              <Mail aria-hidden="true" className="size-4" />
              {t('admin.receipt.submit')}
            </button>
            <button type="button" className={small} onClick={() => setOpen(false)}>
              {t('admin.receipt.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className={`${small} self-start`} onClick={() => setOpen(true)}>
          <Mail aria-hidden="true" className="size-4" />
          {t('admin.receipt.send', { number: order.receipt_number })}
        </button>
      )}
      {result ? (
        <p
          role={result.ok ? 'status' : 'alert'}
          className={result.ok ? 'text-base' : 'text-base font-semibold text-red-700 dark:text-red-300'}
        >
          {result.text}
        </p>
      ) : null}
    </div>
  );
}
