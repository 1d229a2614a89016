import { useId, useState, type FormEvent } from 'react';
import type { ReceiptEmailAnswer } from '@carte/domain/contracts/receipts';
import type { PublicOrder } from '@carte/domain/contracts/orders';
import { useTranslation } from '../../../i18n/react.tsx';
import { createBundledStrings } from '../../../i18n/chunk-strings.ts';
import { toLanguage } from '../../../i18n/languages.ts';
import { apiRequest, isApiError } from '../../../lib/api-client.ts';
import en from '../i18n/en.json';
import fr from '../i18n/fr.json';
import it from '../i18n/it.json';
import de from '../i18n/de.json';
import th from '../i18n/th.json';

// The receipt's words ship with this lazy chunk, not with the guest page's first load.
const addStrings = createBundledStrings({ en, fr, it, de, th });

/** An address as the order page may show it: not one masked after a day (guest-privacy.ts). */
const PLAIN_EMAIL = /^[^\s@•]+@[^\s@•]+\.[^\s@•]+$/;

export function receiptUrl(orderId: string, language: string, format: 'pdf' | 'html'): string {
  const params = new URLSearchParams({ orderId, format, lang: toLanguage(language) ?? 'en' });
  return `/api/order/receipt?${params.toString()}`;
}

/**
 * A paid order's receipt (architecture 4.13): download the PDF, open the printable page, or have it
 * e-mailed (prefilled with the order's own address when the page still shows it).
 */
export default function OrderReceipt({ order }: { order: PublicOrder }) {
  const { t, i18n } = useTranslation();
  addStrings(i18n);
  const id = useId();
  const [open, setOpen] = useState(false);
  const initial = order.delivery_info?.email && PLAIN_EMAIL.test(order.delivery_info.email) ? order.delivery_info.email : '';
  const [email, setEmail] = useState(initial);
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  if (order.receipt_number === null) return null;
  const language = i18n.resolvedLanguage ?? i18n.language;

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    setFieldError(null);
    const address = email.trim();
    if (!PLAIN_EMAIL.test(address)) {
      setFieldError(t('orderReceipt.invalidEmail'));
      return;
    }
    setSending(true);
    try {
      const answer = await apiRequest<ReceiptEmailAnswer>('/api/order/receipt/email', {
        method: 'POST',
        body: { orderId: order.id, email: address, lang: toLanguage(language) ?? 'en' },
      });
      setResult(
        answer.status === 'failed'
          ? { ok: false, text: t('orderReceipt.notDelivered') }
          : { ok: true, text: t(answer.status === 'sent' ? 'orderReceipt.sent' : 'orderReceipt.kept', { email: answer.to }) },
      );
      if (answer.status !== 'failed') setOpen(false);
    } catch (e) {
      if (isApiError(e) && e.status === 400) setFieldError(t('orderReceipt.invalidEmail'));
      else setResult({ ok: false, text: t(isApiError(e) && e.status === 429 ? 'orderReceipt.tooMany' : 'orderReceipt.failed') });
    } finally {
      setSending(false);
    }
  };

  const button =
    'inline-flex min-h-11 items-center justify-center rounded-full border-2 border-line px-4 font-semibold hover:bg-surface-2 disabled:opacity-60';
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3 rounded-2xl border border-line p-4">
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {t('orderReceipt.title', { number: order.receipt_number })}
      </h2>
      <div className="flex flex-wrap gap-2">
        <a href={receiptUrl(order.id, language, 'pdf')} download={`receipt-${order.receipt_number}.pdf`} className={button}>
          {t('orderReceipt.download')}
        </a>
        <a href={receiptUrl(order.id, language, 'html')} target="_blank" rel="noopener" className={button}>
          {t('orderReceipt.view')}
        </a>
        {open ? null : (
          <button type="button" className={button} onClick={() => setOpen(true)}>
            {t('orderReceipt.emailMe')}
          </button>
        )}
      </div>
      {open ? (
        <form noValidate onSubmit={(e) => void send(e)} className="flex flex-col gap-2" aria-label={t('orderReceipt.emailMe')}>
          <label htmlFor={`${id}-email`} className="text-sm font-semibold">
            {t('orderReceipt.emailLabel')}
          </label>
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? `${id}-email-error` : undefined}
            className="min-h-11 w-full rounded-xl border-2 border-line bg-surface px-3"
          />
          {fieldError ? (
            <p id={`${id}-email-error`} className="text-sm font-semibold text-red-700 dark:text-red-300">
              {fieldError}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <button
              type="submit"
              disabled={sending}
              className="inline-flex min-h-11 items-center rounded-full bg-brand px-5 font-semibold text-brand-contrast disabled:opacity-60"
            >
              {sending ? t('orderReceipt.sending') : t('orderReceipt.send')}
            </button>
            <button type="button" className={button} onClick={() => setOpen(false)}>
              {t('orderReceipt.cancel')}
            </button>
          </div>
        </form>
      ) : null}
      <p role="status" className={result && !result.ok ? 'font-semibold text-red-700 dark:text-red-300' : 'text-muted'}>
        {result?.text ?? ''}
      </p>
    </section>
  );
}
