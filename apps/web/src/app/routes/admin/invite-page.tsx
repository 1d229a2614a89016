import { useEffect, useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Loader2, MailOpen } from 'lucide-react';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type InviteLookupAnswer } from '@carte/domain/contracts/staff';
import { useTranslation } from '../../../i18n/react.tsx';
import { primaryButton } from '../../../components/ui/sheet-dialog.tsx';
import {
  acceptInvite,
  FormError,
  formErrorText as errorText,
  formField as field,
  LOGIN_PATH,
  lookupInvite,
  useSessionStore,
} from '../../../features/auth/index.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { PlainStaffPage, StaffLoading } from './staff-shell.tsx';

/** The page an invitation e-mail's link opens: /admin/invite#<token> (decision 026). */
export const INVITE_PATH = '/admin/invite';

// The messages are i18n keys, localised where they show.
const acceptSchema = z
  .object({
    firstName: z
      .string()
      .trim()
      .min(1, 'admin.invitePage.errors.firstName')
      .max(100, 'admin.invitePage.errors.tooLong'),
    lastName: z.string().trim().max(100, 'admin.invitePage.errors.tooLong'),
    password: z
      .string()
      .min(PASSWORD_MIN_LENGTH, 'admin.account.errors.tooShort')
      .max(PASSWORD_MAX_LENGTH, 'admin.account.errors.tooLong'),
    repeat: z.string(),
  })
  .refine((v) => v.repeat === v.password, { path: ['repeat'], message: 'admin.account.errors.mismatch' });
type AcceptValues = z.infer<typeof acceptSchema>;

/** What a refused link means, by the server's code. */
function linkProblem(error: unknown): string {
  if (isApiError(error)) {
    if (error.code === 'INVITATION_EXPIRED') return 'admin.invitePage.expired';
    if (error.code === 'INVITATION_USED') return 'admin.invitePage.used';
    if (error.code === 'INVITATION_NOT_FOUND') return 'admin.invitePage.notFound';
    if (error.code === 'INVITATION_SIGN_IN') return 'admin.invitePage.signInInstead';
    if (error.status === 429) return 'auth.errors.lockedOut';
  }
  return 'admin.invitePage.failed';
}

type LinkState = { kind: 'loading' } | { kind: 'ready'; invite: InviteLookupAnswer } | { kind: 'problem'; key: string };

/** /admin/invite#token: a new person sets their name and password; an existing account is sent to sign in. */
export default function InvitePage() {
  const { t } = useTranslation();
  const { hash } = useLocation();
  const [token] = useState(() => hash.replace(/^#/, ''));
  const [state, setState] = useState<LinkState>(
    token ? { kind: 'loading' } : { kind: 'problem', key: 'admin.invitePage.notFound' },
  );

  useEffect(() => {
    if (!token) return;
    let live = true;
    lookupInvite(token).then(
      (invite) => live && setState({ kind: 'ready', invite }),
      (error: unknown) => live && setState({ kind: 'problem', key: linkProblem(error) }),
    );
    return () => {
      live = false;
    };
  }, [token]);

  if (state.kind === 'loading') return <StaffLoading />;
  return (
    <PlainStaffPage>
      <section aria-labelledby="invite-title" className="mx-auto flex w-full max-w-md flex-col gap-6">
        <div className="flex flex-col gap-2">
          <MailOpen aria-hidden="true" className="size-8 text-muted" />
          <h1 id="invite-title" className="text-2xl font-bold">
            {t('admin.invitePage.title')}
          </h1>
          {state.kind === 'ready' ? (
            <p className="text-muted">
              {t('admin.invitePage.intro', {
                venue: state.invite.venueName,
                role: t(`admin.role.${state.invite.role}`),
              })}
            </p>
          ) : null}
        </div>
        {state.kind === 'problem' ? (
          <div className="flex flex-col items-start gap-4">
            <p
              role="alert"
              className="rounded-xl border border-red-600/40 bg-red-50 px-3 py-2 font-medium text-red-800 dark:bg-red-950/40 dark:text-red-200"
            >
              {t(state.key)}
            </p>
            <Link to={LOGIN_PATH} className="font-semibold underline underline-offset-4">
              {t('admin.invitePage.toSignIn')}
            </Link>
          </div>
        ) : state.invite.account === 'existing' ? (
          <div className="flex flex-col items-start gap-4 rounded-2xl border border-line bg-surface p-4 sm:p-6">
            <p>{t('admin.invitePage.existing', { email: state.invite.email })}</p>
            <Link to={LOGIN_PATH} className={`${primaryButton} sm:w-auto`}>
              {t('admin.invitePage.signIn')}
            </Link>
          </div>
        ) : (
          <AcceptForm token={token} invite={state.invite} onProblem={(key) => setState({ kind: 'problem', key })} />
        )}
      </section>
    </PlainStaffPage>
  );
}

function AcceptForm({
  token,
  invite,
  onProblem,
}: {
  token: string;
  invite: InviteLookupAnswer;
  onProblem: (key: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const reloadSession = useSessionStore((s) => s.reloadSession);
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState,
    setError: setFieldError,
  } = useForm<AcceptValues>({
    resolver: zodResolver(acceptSchema),
    mode: 'onSubmit',
    defaultValues: { firstName: '', lastName: '', password: '', repeat: '' },
  });
  const submit = async (values: AcceptValues) => {
    setError(null);
    try {
      const joined = await acceptInvite({ token, ...values });
      await reloadSession();
      void navigate(`/admin/${joined.venueUrl}`, { replace: true });
    } catch (e) {
      if (isApiError(e) && e.code === 'VALIDATION') {
        const issues = (e.body?.issues ?? []) as { path?: string }[];
        const paths = issues.map((i) => i.path);
        if (paths.includes('password')) setFieldError('password', { message: 'admin.account.errors.tooShort' });
        else if (paths.includes('first_name'))
          setFieldError('firstName', { message: 'admin.invitePage.errors.firstName' });
        else setError('admin.invitePage.failed');
        return;
      }
      const key = linkProblem(e);
      if (key === 'admin.invitePage.failed' || key === 'auth.errors.lockedOut') setError(key);
      else onProblem(key);
    }
  };
  const fields = [
    { name: 'firstName', label: 'admin.invitePage.firstName', type: 'text', autoComplete: 'given-name' },
    { name: 'lastName', label: 'admin.invitePage.lastName', type: 'text', autoComplete: 'family-name' },
    { name: 'password', label: 'admin.invitePage.password', type: 'password', autoComplete: 'new-password' },
    { name: 'repeat', label: 'admin.invitePage.repeat', type: 'password', autoComplete: 'new-password' },
  ] as const;
  return (
    <form
      noValidate
      onSubmit={handleSubmit(submit)}
      aria-labelledby="invite-title"
      className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-4 sm:p-6"
    >
      <p className="text-sm break-all text-muted">{t('admin.invitePage.account', { email: invite.email })}</p>
      {fields.map(({ name, label, type, autoComplete }) => {
        const message = formState.errors[name]?.message;
        const hint = name === 'password' ? `${id}-password-hint` : undefined;
        const described = [hint, message ? `${id}-${name}-error` : undefined].filter(Boolean).join(' ');
        return (
          <div key={name} className="flex flex-col gap-1">
            <label htmlFor={`${id}-${name}`} className="text-sm font-semibold">
              {t(label)}
            </label>
            {hint ? (
              <p id={hint} className="text-sm text-muted">
                {t('admin.account.newHint', { count: PASSWORD_MIN_LENGTH })}
              </p>
            ) : null}
            <input
              id={`${id}-${name}`}
              type={type}
              autoComplete={autoComplete}
              aria-invalid={message ? true : undefined}
              aria-describedby={described || undefined}
              className={field}
              {...register(name)}
            />
            {message ? (
              <p id={`${id}-${name}-error`} className={errorText}>
                {t(message, { count: PASSWORD_MIN_LENGTH, max: 100 })}
              </p>
            ) : null}
          </div>
        );
      })}
      <FormError id={`${id}-error`} message={error ? t(error) : null} />
      <button type="submit" className={`${primaryButton} sm:w-auto`} disabled={formState.isSubmitting}>
        {formState.isSubmitting ? <Loader2 aria-hidden="true" className="size-5 animate-spin" /> : null}
        {t('admin.invitePage.submit')}
      </button>
    </form>
  );
}
