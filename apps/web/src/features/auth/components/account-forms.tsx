import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import qrcode from 'qrcode-generator';
import { CircleCheck, Loader2, LockKeyhole, ShieldCheck, ShieldOff } from 'lucide-react';
import { useTranslation } from '../../../i18n/react.tsx';
import { primaryButton, secondaryButton } from '../../../components/ui/sheet-dialog.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { changePassword, disableOtp, enableOtp, verifyOtp, type OtpEnableAnswer } from '../api/auth-api.ts';
import { useSessionStore } from '../store/session-store.ts';
import { FormError, formErrorText as errorText, formField as field } from './form-parts.tsx';

/**
 * The account page's forms (/admin/account): the password and the one-time codes of the signed-in
 * owner or manager. The route composes them under its heading.
 */

/** The server's minimum and maximum (MIN_PASSWORD_LENGTH, MAX_PASSWORD_LENGTH of the users module). */
export const MIN_PASSWORD_LENGTH = 8;
const MAX_PASSWORD_LENGTH = 1024;

// The messages are i18n keys, localised where they show.
const passwordSchema = z
  .object({
    current: z.string().min(1, 'admin.account.errors.currentRequired'),
    next: z
      .string()
      .min(MIN_PASSWORD_LENGTH, 'admin.account.errors.tooShort')
      .max(MAX_PASSWORD_LENGTH, 'admin.account.errors.tooLong'),
    repeat: z.string(),
  })
  .refine((v) => v.repeat === v.next, { path: ['repeat'], message: 'admin.account.errors.mismatch' });
type PasswordValues = z.infer<typeof passwordSchema>;

const codeSchema = z.object({
  otp: z
    .string()
    .transform((value) => value.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, 'auth.errors.otpFormat')),
});
type CodeInput = z.input<typeof codeSchema>;
type CodeValues = z.output<typeof codeSchema>;

/** A refusal of the server as the text to show (its code decides; the wording is localised). */
function errorKeyOf(error: unknown): string {
  if (isApiError(error)) {
    if (error.code === 'INVALID_CREDENTIALS') return 'admin.account.errors.wrongCurrent';
    if (error.code === 'LOGIN_LOCKED') return 'admin.account.errors.locked';
    if (error.status === 429) return 'auth.errors.lockedOut';
    if (error.code === 'INVALID_OTP') return 'auth.errors.invalidOtp';
    if (error.code === 'VALIDATION') return 'admin.account.errors.tooShort';
    if (error.code === 'UNAUTHORIZED' || error.code === 'INVALID_TOKEN') return 'auth.expired';
  }
  return 'admin.account.errors.failed';
}

const card = 'flex flex-col gap-4 rounded-2xl border border-line bg-surface p-4 sm:p-6';

function Success({ message }: { message: string | null }) {
  return (
    <div role="status" className="empty:hidden">
      {message ? (
        <p className="flex items-start gap-2 rounded-xl bg-surface-2 px-3 py-2 text-sm font-medium">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-700 dark:text-green-400" />
          {message}
        </p>
      ) : null}
    </div>
  );
}

function Submit({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button type="submit" className={`${primaryButton} sm:w-auto`} disabled={busy}>
      {busy ? <Loader2 aria-hidden="true" className="size-5 animate-spin" /> : null}
      {children}
    </button>
  );
}

/** The signed-in staff member changes their password (the current one first). */
export function PasswordSection() {
  const { t } = useTranslation();
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const { register, handleSubmit, formState, reset } = useForm<PasswordValues>({
    resolver: zodResolver(passwordSchema),
    mode: 'onSubmit',
    defaultValues: { current: '', next: '', repeat: '' },
  });
  const submit = async (values: PasswordValues) => {
    setError(null);
    setDone(false);
    try {
      await changePassword(values.current, values.next);
      reset();
      setDone(true);
    } catch (e) {
      setError(errorKeyOf(e));
    }
  };
  const fields = [
    { name: 'current', label: 'admin.account.current', autoComplete: 'current-password' },
    { name: 'next', label: 'admin.account.new', autoComplete: 'new-password' },
    { name: 'repeat', label: 'admin.account.repeat', autoComplete: 'new-password' },
  ] as const;
  return (
    <section aria-labelledby={`${id}-title`} className={card}>
      <div className="flex flex-col gap-1">
        <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-semibold">
          <LockKeyhole aria-hidden="true" className="size-5 text-muted" />
          {t('admin.account.passwordTitle')}
        </h2>
        <p className="text-sm text-muted">{t('admin.account.passwordIntro')}</p>
      </div>
      <form noValidate onSubmit={handleSubmit(submit)} className="flex flex-col gap-4">
        {fields.map(({ name, label, autoComplete }) => {
          const message = formState.errors[name]?.message;
          const hint = name === 'next' ? `${id}-next-hint` : undefined;
          const described = [hint, message ? `${id}-${name}-error` : undefined].filter(Boolean).join(' ');
          return (
            <div key={name} className="flex flex-col gap-1">
              <label htmlFor={`${id}-${name}`} className="text-sm font-semibold">
                {t(label)}
              </label>
              {hint ? (
                <p id={hint} className="text-sm text-muted">
                  {t('admin.account.newHint', { count: MIN_PASSWORD_LENGTH })}
                </p>
              ) : null}
              <input
                id={`${id}-${name}`}
                type="password"
                autoComplete={autoComplete}
                aria-invalid={message ? true : undefined}
                aria-describedby={described || undefined}
                className={field}
                {...register(name)}
              />
              {message ? (
                <p id={`${id}-${name}-error`} className={errorText}>
                  {t(message, { count: MIN_PASSWORD_LENGTH })}
                </p>
              ) : null}
            </div>
          );
        })}
        <FormError id={`${id}-error`} message={error ? t(error, { count: MIN_PASSWORD_LENGTH }) : null} />
        <Success message={done ? t('admin.account.passwordChanged') : null} />
        <Submit busy={formState.isSubmitting}>
          {formState.isSubmitting ? t('admin.account.saving') : t('admin.account.changePassword')}
        </Submit>
      </form>
    </section>
  );
}

/** The session store learns the new state, so the page (and a later visit) shows it. */
function rememberOtp(enabled: boolean): void {
  useSessionStore.setState((s) => (s.user ? { user: { ...s.user, otp_enabled: enabled } } : {}));
}

/** One-time codes from an authenticator app: turn on (scan, then verify a code) or off (a code). */
export function TwoStepSection({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const [setup, setSetup] = useState<OtpEnableAnswer | null>(null);
  const [turningOff, setTurningOff] = useState(false);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const start = async () => {
    setError(null);
    setDone(null);
    setStarting(true);
    try {
      setSetup(await enableOtp());
    } catch (e) {
      if (isApiError(e) && e.code === 'OTP_ALREADY_ENABLED') rememberOtp(true);
      else setError(errorKeyOf(e));
    } finally {
      setStarting(false);
    }
  };

  const finish = (next: boolean) => {
    rememberOtp(next);
    setSetup(null);
    setTurningOff(false);
    setDone(next ? 'admin.account.otpTurnedOn' : 'admin.account.otpTurnedOff');
  };

  return (
    <section aria-labelledby={`${id}-title`} className={card}>
      <div className="flex flex-col gap-1">
        <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-semibold">
          {enabled ? (
            <ShieldCheck aria-hidden="true" className="size-5 text-green-700 dark:text-green-400" />
          ) : (
            <ShieldOff aria-hidden="true" className="size-5 text-muted" />
          )}
          {t('admin.account.otpTitle')}
        </h2>
        <p className="text-sm text-muted">{t('admin.account.otpIntro')}</p>
        <p className="text-sm font-semibold">{enabled ? t('admin.account.otpOn') : t('admin.account.otpOff')}</p>
      </div>
      <Success message={done ? t(done) : null} />
      {setup ? (
        <OtpSetup
          setup={setup}
          onVerified={() => finish(true)}
          onCancel={() => {
            setSetup(null);
            setError(null);
          }}
        />
      ) : turningOff ? (
        <CodeForm
          label={t('admin.account.otpOffCode')}
          submitLabel={t('admin.account.otpTurnOff')}
          onSubmit={(otp) => disableOtp(otp)}
          onDone={() => finish(false)}
          onNotEnabled={() => finish(false)}
          onCancel={() => setTurningOff(false)}
        />
      ) : (
        <>
          <FormError id={`${id}-error`} message={error ? t(error) : null} />
          {enabled ? (
            <button
              type="button"
              className={`${secondaryButton} sm:w-auto sm:self-start`}
              onClick={() => {
                setDone(null);
                setTurningOff(true);
              }}
            >
              {t('admin.account.otpTurnOff')}
            </button>
          ) : (
            <button
              type="button"
              className={`${primaryButton} sm:w-auto sm:self-start`}
              onClick={() => void start()}
              disabled={starting}
            >
              {starting ? <Loader2 aria-hidden="true" className="size-5 animate-spin" /> : null}
              {t('admin.account.otpTurnOn')}
            </button>
          )}
        </>
      )}
    </section>
  );
}

/** The secret in groups of four letters, easier to type into an authenticator app. */
export function groupSecret(secret: string): string {
  return secret.replace(/\s/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

function OtpSetup({
  setup,
  onVerified,
  onCancel,
}: {
  setup: OtpEnableAnswer;
  onVerified: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1 text-sm">
        <p>{t('admin.account.otpStepScan')}</p>
        <p>{t('admin.account.otpStepCode')}</p>
      </div>
      <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-start">
        <QrSvg text={setup.otpauth_url} label={t('admin.account.otpQrLabel')} />
        <div className="flex w-full min-w-0 flex-col gap-1">
          <p id={`${id}-secret-label`} className="text-sm font-semibold">
            {t('admin.account.otpSecretLabel')}
          </p>
          <code
            aria-labelledby={`${id}-secret-label`}
            className="rounded-xl bg-surface-2 px-3 py-2 font-mono text-base break-words select-all"
            data-testid="otp-secret"
          >
            {groupSecret(setup.secret)}
          </code>
        </div>
      </div>
      <CodeForm
        label={t('admin.account.otpVerifyCode')}
        submitLabel={t('admin.account.otpVerify')}
        onSubmit={(otp) => verifyOtp(otp)}
        onDone={onVerified}
        onNotEnabled={onCancel}
        onCancel={onCancel}
      />
    </div>
  );
}

/** A six-digit code and what to do with it (verify to turn on, or turn off). */
function CodeForm({
  label,
  submitLabel,
  onSubmit,
  onDone,
  onNotEnabled,
  onCancel,
}: {
  label: string;
  submitLabel: string;
  onSubmit: (otp: string) => Promise<void>;
  onDone: () => void;
  onNotEnabled: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset, setFocus } = useForm<CodeInput, unknown, CodeValues>({
    resolver: zodResolver(codeSchema),
    mode: 'onSubmit',
    defaultValues: { otp: '' },
  });
  useEffect(() => setFocus('otp'), [setFocus]);
  const submit = async ({ otp }: CodeValues) => {
    setError(null);
    try {
      await onSubmit(otp);
      onDone();
    } catch (e) {
      if (isApiError(e) && e.code === 'OTP_NOT_ENABLED') return onNotEnabled();
      setError(errorKeyOf(e));
      reset();
      setFocus('otp');
    }
  };
  const otpError = formState.errors.otp?.message;
  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-otp`} className="text-sm font-semibold">
          {label}
        </label>
        <input
          id={`${id}-otp`}
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          aria-invalid={otpError ? true : undefined}
          aria-describedby={otpError ? `${id}-otp-error` : undefined}
          className={`${field} max-w-56 text-center text-2xl tracking-[0.4em] tabular-nums`}
          {...register('otp')}
        />
        {otpError ? (
          <p id={`${id}-otp-error`} className={errorText}>
            {t(otpError)}
          </p>
        ) : null}
      </div>
      <FormError id={`${id}-error`} message={error ? t(error) : null} />
      <div className="flex flex-col gap-2 sm:flex-row">
        <Submit busy={formState.isSubmitting}>{submitLabel}</Submit>
        <button
          type="button"
          className={`${secondaryButton} sm:w-auto`}
          onClick={onCancel}
          disabled={formState.isSubmitting}
        >
          {t('admin.account.cancel')}
        </button>
      </div>
    </form>
  );
}

/** The otpauth URL as a QR code, drawn here (the secret never leaves the page for an image service). */
function QrSvg({ text, label }: { text: string; label: string }) {
  const { size, path } = useMemo(() => {
    const qr = qrcode(0, 'M');
    qr.addData(text, 'Byte');
    qr.make();
    const n = qr.getModuleCount();
    const quiet = 4;
    let d = '';
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) if (qr.isDark(r, c)) d += `M${c + quiet} ${r + quiet}h1v1h-1z`;
    }
    return { size: n + quiet * 2, path: d };
  }, [text]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className="h-48 w-48 shrink-0 rounded-lg border border-line"
    >
      {/* Dark on white in every theme: scanners need the contrast. */}
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
