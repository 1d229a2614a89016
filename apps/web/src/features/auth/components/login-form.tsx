import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from '../../../i18n/react.tsx';
import { z } from 'zod';
import { Loader2 } from 'lucide-react';
import { primaryButton, secondaryButton } from '../../../components/ui/sheet-dialog.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useLogin } from '../hooks/use-session.ts';
import { FormError, formErrorText as errorText, formField as field } from './form-parts.tsx';

// The messages are i18n keys, localised where they show.
const credentialsSchema = z.object({
  email: z.string().trim().min(1, 'auth.errors.emailRequired').pipe(z.email('auth.errors.emailInvalid')),
  password: z.string().min(1, 'auth.errors.passwordRequired'),
});
type CredentialsInput = z.input<typeof credentialsSchema>;
type CredentialsValues = z.output<typeof credentialsSchema>;

const otpSchema = z.object({
  otp: z
    .string()
    .transform((value) => value.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, 'auth.errors.otpFormat')),
});
type OtpInput = z.input<typeof otpSchema>;
type OtpValues = z.output<typeof otpSchema>;

type ErrorKey =
  'auth.errors.invalidCredentials' | 'auth.errors.invalidOtp' | 'auth.errors.lockedOut' | 'auth.errors.failed';

/** The server's answer (architecture.md 4.6) as the text to show. */
function errorKeyOf(error: unknown, withOtp: boolean): ErrorKey {
  if (isApiError(error)) {
    if (error.status === 429) return 'auth.errors.lockedOut';
    if (error.code === 'INVALID_OTP' || (withOtp && error.code === 'OTP_REQUIRED')) return 'auth.errors.invalidOtp';
    if (error.status === 401 || error.code === 'INVALID_CREDENTIALS') return 'auth.errors.invalidCredentials';
  }
  return 'auth.errors.failed';
}

function SubmitButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <button type="submit" className={primaryButton} disabled={busy}>
      {busy ? <Loader2 aria-hidden="true" className="size-5 animate-spin" /> : null}
      {busy ? busyLabel : label}
    </button>
  );
}

/**
 * Staff sign-in: email and password, then a one-time code when the account asks for one
 * (401 OTP_REQUIRED). On success the session store holds the user; the page decides where to go.
 */
export function LoginForm() {
  const login = useLogin();
  const [pending, setPending] = useState<CredentialsValues | null>(null);
  const [error, setError] = useState<ErrorKey | null>(null);

  const submit = async (credentials: CredentialsValues, otp?: string) => {
    setError(null);
    try {
      await login({ ...credentials, otp });
    } catch (e) {
      if (!otp && isApiError(e) && e.code === 'OTP_REQUIRED') {
        setPending(credentials);
        return;
      }
      setError(errorKeyOf(e, Boolean(otp)));
    }
  };

  return pending ? (
    <OtpStep
      error={error}
      onSubmit={(otp) => submit(pending, otp)}
      onBack={() => {
        setPending(null);
        setError(null);
      }}
    />
  ) : (
    <CredentialsStep error={error} onSubmit={(values) => submit(values)} />
  );
}

function CredentialsStep({
  error,
  onSubmit,
}: {
  error: ErrorKey | null;
  onSubmit: (values: CredentialsValues) => Promise<void>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { register, handleSubmit, formState } = useForm<CredentialsInput, unknown, CredentialsValues>({
    resolver: zodResolver(credentialsSchema),
    mode: 'onSubmit',
    defaultValues: { email: '', password: '' },
  });
  const emailError = formState.errors.email?.message;
  const passwordError = formState.errors.password?.message;
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-4" aria-describedby={`${id}-error`}>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-email`} className="text-sm font-semibold">
          {t('auth.email')}
        </label>
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="username"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          aria-invalid={emailError ? true : undefined}
          aria-describedby={emailError ? `${id}-email-error` : undefined}
          className={field}
          {...register('email')}
        />
        {emailError ? (
          <p id={`${id}-email-error`} className={errorText}>
            {t(emailError)}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-password`} className="text-sm font-semibold">
          {t('auth.password')}
        </label>
        <input
          id={`${id}-password`}
          type="password"
          autoComplete="current-password"
          aria-invalid={passwordError ? true : undefined}
          aria-describedby={passwordError ? `${id}-password-error` : undefined}
          className={field}
          {...register('password')}
        />
        {passwordError ? (
          <p id={`${id}-password-error`} className={errorText}>
            {t(passwordError)}
          </p>
        ) : null}
      </div>
      <FormError id={`${id}-error`} message={error ? t(error) : null} />
      <SubmitButton busy={formState.isSubmitting} label={t('auth.submit')} busyLabel={t('auth.submitting')} />
    </form>
  );
}

function OtpStep({
  error,
  onSubmit,
  onBack,
}: {
  error: ErrorKey | null;
  onSubmit: (otp: string) => Promise<void>;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement | null>(null);
  const { register, handleSubmit, formState } = useForm<OtpInput, unknown, OtpValues>({
    resolver: zodResolver(otpSchema),
    mode: 'onSubmit',
    defaultValues: { otp: '' },
  });
  useEffect(() => input.current?.focus(), []);
  const otpError = formState.errors.otp?.message;
  const { ref, ...otpField } = register('otp');
  return (
    <form
      noValidate
      onSubmit={handleSubmit((values) => onSubmit(values.otp))}
      className="flex flex-col gap-4"
      aria-labelledby={`${id}-title`}
    >
      <div className="flex flex-col gap-1">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {t('auth.otpTitle')}
        </h2>
        <p className="text-sm text-muted">{t('auth.otpIntro')}</p>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-otp`} className="text-sm font-semibold">
          {t('auth.otpLabel')}
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
          className={`${field} text-center text-2xl tracking-[0.4em] tabular-nums`}
          ref={(element) => {
            ref(element);
            input.current = element;
          }}
          {...otpField}
        />
        {otpError ? (
          <p id={`${id}-otp-error`} className={errorText}>
            {t(otpError)}
          </p>
        ) : null}
      </div>
      <FormError id={`${id}-error`} message={error ? t(error) : null} />
      <SubmitButton busy={formState.isSubmitting} label={t('auth.otpSubmit')} busyLabel={t('auth.submitting')} />
      <button type="button" className={secondaryButton} onClick={onBack} disabled={formState.isSubmitting}>
        {t('auth.otpBack')}
      </button>
    </form>
  );
}
