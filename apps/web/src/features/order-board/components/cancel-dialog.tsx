import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/react.tsx';
import type { PublicOrder } from '@carte/domain/contracts/orders';
import { primaryButton, secondaryButton, SheetDialog } from '../../../components/ui/sheet-dialog.tsx';

const QUICK_REASONS = ['outOfStock', 'kitchenClosed', 'guestAsked'] as const;
const REASON_MAX = 200;

/** Asks why an order is cancelled: a quick choice or a reason typed by staff. */
export function CancelDialog({
  order,
  onClose,
  onConfirm,
}: {
  order: PublicOrder | null;
  onClose: () => void;
  onConfirm: (order: PublicOrder, reason: string) => void;
}) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<string>('');
  const [other, setOther] = useState('');
  const [error, setError] = useState(false);
  const otherId = useId();
  const errorId = useId();
  const reason = choice === 'other' ? other.trim() : choice ? t(`admin.board.reasons.${choice}`) : '';

  const close = () => {
    setChoice('');
    setOther('');
    setError(false);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!order) return;
    if (!reason) {
      setError(true);
      return;
    }
    onConfirm(order, reason);
    close();
  };
  const formId = `${otherId}-form`;
  return (
    <SheetDialog
      open={order !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title={order ? t('admin.board.cancelTitle', { number: order.number }) : ''}
      description={t('admin.board.cancelIntro')}
      closeLabel={t('admin.board.close')}
      footer={
        <div className="flex flex-col gap-2 sm:flex-row-reverse">
          <button type="submit" form={formId} className={`${primaryButton} !bg-red-700 !text-white`}>
            {t('admin.board.confirmCancel')}
          </button>
          <button type="button" onClick={close} className={secondaryButton}>
            {t('admin.board.keepOrder')}
          </button>
        </div>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-3">
        <fieldset className="flex flex-col gap-2" aria-describedby={error ? errorId : undefined}>
          <legend className="mb-2 font-semibold">{t('admin.board.reasonLabel')}</legend>
          {[...QUICK_REASONS, 'other' as const].map((key) => (
            <label
              key={key}
              className="flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border-2 border-line px-4 text-lg font-semibold has-[:checked]:border-brand has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-[var(--focus)]"
            >
              <input
                type="radio"
                name="reason"
                value={key}
                checked={choice === key}
                onChange={() => {
                  setChoice(key);
                  setError(false);
                }}
                className="size-5 accent-[var(--brand)]"
              />
              {t(key === 'other' ? 'admin.board.reasonOther' : `admin.board.reasons.${key}`)}
            </label>
          ))}
        </fieldset>
        {choice === 'other' ? (
          <div className="flex flex-col gap-1">
            <label htmlFor={otherId} className="font-semibold">
              {t('admin.board.reasonOtherLabel')}
            </label>
            <input
              id={otherId}
              value={other}
              maxLength={REASON_MAX}
              autoFocus
              aria-invalid={error || undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(e) => {
                setOther(e.target.value);
                setError(false);
              }}
              className="min-h-12 rounded-xl border-2 border-line bg-surface px-3 text-lg"
            />
          </div>
        ) : null}
        {error ? (
          <p id={errorId} role="alert" className="font-semibold text-red-700 dark:text-red-300">
            {t('admin.board.reasonRequired')}
          </p>
        ) : null}
      </form>
    </SheetDialog>
  );
}
