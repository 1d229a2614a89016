import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { AlertDialog } from 'radix-ui';
import { Loader2 } from 'lucide-react';
import Toaster from '../ui/toaster.tsx';
import { isApiError } from '../../lib/api-client.ts';

/** The staff pages' control styles: the guest pages' tokens, a little denser for lists and forms. */
export const inputClass =
  'min-h-11 w-full rounded-xl border border-line bg-surface px-3 text-base text-fg aria-invalid:border-red-600 disabled:bg-surface-2 disabled:text-muted';
export const primaryButton =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-brand px-5 font-semibold text-brand-contrast disabled:opacity-60';
export const secondaryButton =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full border border-line bg-surface px-4 font-semibold text-fg hover:bg-surface-2 disabled:opacity-60';
export const dangerButton =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full border border-red-700/40 px-4 font-semibold text-red-800 hover:bg-red-50 dark:text-red-300 dark:hover:bg-red-950/40 disabled:opacity-60';
export const errorText = 'text-sm text-red-700 dark:text-red-400';

export function Spinner() {
  return <Loader2 aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />;
}

/** A labelled field with its hint and its error, wired to the control by ids. */
export function Field({
  label,
  hint,
  error,
  children,
  className = '',
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
  className?: string;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`flex min-w-0 flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      {children({ id, describedBy, invalid: Boolean(error) })}
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={errorText}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** An on/off switch with its visible label (role switch, Space toggles it). */
export function SwitchRow({
  label,
  hint,
  checked,
  onChange,
  disabled,
}: {
  label: ReactNode;
  hint?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean | undefined;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="flex min-w-0 flex-col">
        <label htmlFor={id} className="font-semibold">
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="text-sm text-muted">
            {hint}
          </p>
        ) : null}
      </div>
      <Toggle
        id={id}
        checked={checked}
        onChange={onChange}
        disabled={disabled}
        describedBy={hint ? `${id}-hint` : undefined}
      />
    </div>
  );
}

export function Toggle({
  id,
  checked,
  onChange,
  disabled,
  label,
  describedBy,
}: {
  id?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean | undefined;
  label?: string;
  describedBy?: string | undefined;
}) {
  return (
    // A plain button with role switch (Space and Enter toggle it): no hidden form input to measure.
    <button
      type="button"
      role="switch"
      id={id}
      aria-checked={checked}
      aria-label={label}
      aria-describedby={describedBy}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className="relative inline-flex h-11 w-[3.25rem] shrink-0 items-center rounded-full disabled:opacity-50"
    >
      {/* The visible track is 28 px high; the button keeps a 44 px touch target. */}
      <span
        aria-hidden="true"
        className={`absolute inset-x-0 h-7 rounded-full border transition-colors motion-reduce:transition-none ${
          checked ? 'border-transparent bg-brand' : 'border-line bg-surface-2'
        }`}
      />
      <span
        aria-hidden="true"
        className={`relative ml-1 block size-5 rounded-full bg-white shadow ring-1 ring-black/10 transition-transform motion-reduce:transition-none ${
          checked ? 'translate-x-6' : ''
        }`}
      />
    </button>
  );
}

/** A confirmation before something that cannot be undone (radix AlertDialog: focus trapped and returned). */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  busy = false,
  destructive = true,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  busy?: boolean;
  destructive?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/45" />
        <AlertDialog.Content className="fixed inset-x-0 bottom-0 z-50 mx-auto flex w-full max-w-[480px] flex-col gap-3 rounded-t-3xl bg-surface p-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] text-fg shadow-2xl outline-none sm:inset-x-4 sm:top-1/2 sm:bottom-auto sm:-translate-y-1/2 sm:rounded-3xl">
          <AlertDialog.Title className="text-lg font-bold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="text-muted">{description}</AlertDialog.Description>
          <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={secondaryButton}>{t('admin.common.cancel')}</AlertDialog.Cancel>
            <button
              type="button"
              className={destructive ? `${primaryButton} !bg-red-700 !text-white` : primaryButton}
              onClick={onConfirm}
              disabled={busy}
            >
              {busy ? <Spinner /> : null}
              {confirmLabel}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/**
 * A form's refusal shown above the form, brought into view when no field took the focus: the save
 * button sits in a sticky bar at the bottom, far from it on a phone. Give the alert `id`; call `reveal()`
 * with the update that sets its text.
 */
export function useRevealedAlert() {
  const id = useId();
  const [requests, setRequests] = useState(0);
  useEffect(() => {
    if (requests === 0) return;
    const alert = document.getElementById(id);
    if (alert?.textContent) alert.scrollIntoView?.({ block: 'center' });
  }, [id, requests]);
  return { id, reveal: () => setRequests((n) => n + 1) };
}

/** Server refusals the staff pages can meet, by code (the catalogue's words, localised). */
const ERROR_KEYS: Record<string, string> = {
  VALIDATION: 'admin.common.errors.invalid',
  PAYLOAD_TOO_LARGE: 'admin.common.errors.tooMuch',
  RATE_LIMITED: 'admin.common.errors.rateLimited',
  ASSET_FILE_MISSING: 'admin.common.errors.noFile',
  ASSET_INVALID_TYPE: 'admin.common.errors.fileType',
  ASSET_TOO_LARGE: 'admin.common.errors.fileTooLarge',
  STORAGE_UNAVAILABLE: 'admin.common.errors.storageUnavailable',
  PRODUCT_NOT_FOUND: 'admin.common.errors.productNotFound',
  CATEGORY_NOT_FOUND: 'admin.common.errors.categoryNotFound',
  NO_PRODUCT_EDITS: 'admin.common.errors.noEdits',
  NO_PRODUCTS: 'admin.common.errors.noProducts',
  STAFF_EXISTS: 'admin.common.errors.staffExists',
  STAFF_NOT_FOUND: 'admin.common.errors.staffNotFound',
  LAST_OWNER: 'admin.common.errors.lastOwner',
  INVITATION_NOT_FOUND: 'admin.common.errors.invitationNotFound',
  VENUE_NOT_FOUND: 'admin.common.errors.venueNotFound',
  DAY_NOT_OVER: 'admin.common.errors.dayNotOver',
  DAY_ALREADY_CLOSED: 'admin.common.errors.dayClosed',
  Z_REPORT_NOT_FOUND: 'admin.common.errors.zNotFound',
};

/** The image types an upload may have (the server reads the type from the file's bytes). */
const UPLOAD_TYPES = 'JPEG, PNG, WebP, GIF, AVIF';

/** What to tell staff when a call failed: the localised reason for known codes, else the server's words. */
export function useErrorText() {
  const { t } = useTranslation();
  return (error: unknown): string => {
    if (!isApiError(error)) return t('admin.common.errors.generic');
    if (error.code === 'NETWORK') return t('admin.common.errors.network');
    if (error.status === 401) return t('admin.common.errors.signedOut');
    if (error.status === 403) return t('admin.common.errors.forbidden');
    const key = ERROR_KEYS[error.code];
    if (!key) return error.status >= 500 ? t('admin.common.errors.generic') : error.message;
    // 'File size exceeds the maximum of {size} MB': the server's limit (MAX_UPLOAD_MB) is in its words.
    const size = /(\d+(?:[.,]\d+)?)\s*MB/.exec(error.message)?.[1];
    if (error.code === 'ASSET_TOO_LARGE' && !size) return t('admin.common.errors.fileTooLargeNoSize');
    return t(key, { types: UPLOAD_TYPES, size });
  };
}

/** A panel's failure with a retry (a failed load says what to do next). */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const text = useErrorText();
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-2xl border border-line bg-surface p-4">
      <p>{text(error)}</p>
      <button type="button" className={secondaryButton} onClick={onRetry}>
        {t('admin.common.retry')}
      </button>
    </div>
  );
}

/** Toasts for the staff pages (the guest layout's toaster is not mounted here). */
export function StaffToaster() {
  const { t } = useTranslation();
  return <Toaster label={t('admin.common.notifications')} />;
}

/** A page's title and intro, with its main action on the right on wide screens. */
export function PageHeading({
  id,
  title,
  intro,
  action,
}: {
  id: string;
  title: ReactNode;
  intro?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div className="flex min-w-0 flex-col gap-1">
        <h1 id={id} className="text-2xl font-bold">
          {title}
        </h1>
        {intro ? <p className="max-w-prose text-muted">{intro}</p> : null}
      </div>
      {action}
    </div>
  );
}

/**
 * The form's error text: our own messages are i18n keys; the server's arrive already in the staff's
 * language (serverIssueText, by code, when the form set them).
 */
export function useFieldError() {
  const { t } = useTranslation();
  return (message: string | undefined) => (message ? (message.startsWith('admin.') ? t(message) : message) : undefined);
}
