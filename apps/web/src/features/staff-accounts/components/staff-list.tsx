import { useId, useState } from 'react';
import { useTranslation } from '../../../i18n/react.tsx';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { MailCheck, RotateCw, UserMinus, UserPlus, X } from 'lucide-react';
import { toLanguage } from '@carte/domain/languages';
import type { PendingInvitation, StaffInviteAnswer, StaffMember } from '@carte/domain/contracts/staff';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { notify } from '../../../lib/toast.ts';
import {
  useInvitationAction,
  useInviteStaff,
  usePendingInvitations,
  useRemoveStaff,
  useVenueStaff,
} from '../api/staff.ts';
import {
  ConfirmDialog,
  dangerButton,
  Field,
  inputClass,
  LoadError,
  PageHeading,
  primaryButton,
  secondaryButton,
  Spinner,
  useErrorText,
} from '../../../components/staff/ui.tsx';
import { useFieldError } from '../../../components/staff/ui.tsx';

const inviteSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, { message: 'admin.staffPage.errors.emailRequired' })
    .pipe(z.email({ message: 'admin.staffPage.errors.emailInvalid' })),
});

/** /admin/:id/staff: owners see who works here, invite a manager, remove one. */
export function StaffList({
  venueId,
  role,
  currentUserId,
}: {
  venueId: string;
  role: 'owner' | 'manager';
  currentUserId: string;
}) {
  const { t } = useTranslation();
  const ids = useId();
  const isOwner = role === 'owner';
  const staff = useVenueStaff(venueId, isOwner);
  const [removing, setRemoving] = useState<StaffMember | null>(null);
  const remove = useRemoveStaff(venueId);
  const explain = useErrorText();

  return (
    <section aria-labelledby={`${ids}-title`} className="flex flex-col gap-4">
      <PageHeading id={`${ids}-title`} title={t('admin.nav.staff')} intro={t('admin.staffPage.intro')} />
      {!isOwner ? (
        <p role="status" className="rounded-xl bg-surface-2 px-3 py-2">
          {t('admin.staffPage.ownersOnly')}
        </p>
      ) : (
        <>
          <InviteForm venueId={venueId} />
          <PendingInvitations venueId={venueId} />
          <h2 className="text-lg font-bold">{t('admin.staffPage.listTitle')}</h2>
          {staff.isError ? (
            <LoadError error={staff.error} onRetry={() => void staff.refetch()} />
          ) : !staff.data ? (
            <div aria-busy="true" className="flex flex-col gap-2">
              <Skeleton className="h-16 w-full rounded-2xl" />
              <Skeleton className="h-16 w-full rounded-2xl" />
            </div>
          ) : (
            <ul className="flex flex-col gap-2" aria-label={t('admin.staffPage.listTitle')}>
              {staff.data.map((member) => {
                const fullName = [member.first_name, member.last_name].filter(Boolean).join(' ');
                return (
                  <li
                    key={member.id}
                    className="flex flex-wrap items-center gap-3 rounded-2xl border border-line bg-surface p-3"
                  >
                    <div className="flex min-w-0 flex-1 flex-col">
                      <span className="font-semibold break-all">{fullName || member.email}</span>
                      {fullName ? <span className="text-sm break-all text-muted">{member.email}</span> : null}
                    </div>
                    <span className="rounded-full bg-surface-2 px-3 py-1 text-sm font-semibold">
                      {t(`admin.role.${member.role}`)}
                    </span>
                    {member.role === 'manager' && member.id !== currentUserId ? (
                      <button
                        type="button"
                        className={dangerButton}
                        onClick={() => setRemoving(member)}
                        aria-label={t('admin.staffPage.removeNamed', { email: member.email })}
                      >
                        <UserMinus aria-hidden="true" className="size-5" />
                        {t('admin.staffPage.remove')}
                      </button>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? null : setRemoving(null))}
        title={t('admin.staffPage.removeTitle', { email: removing?.email ?? '' })}
        description={t('admin.staffPage.removeText')}
        confirmLabel={t('admin.staffPage.removeConfirm')}
        busy={remove.isPending}
        onConfirm={() => {
          if (!removing) return;
          const who = removing;
          remove.mutate(who.id, {
            onSuccess: () => notify(t('admin.staffPage.removed', { email: who.email }), { kind: 'success' }),
            onError: (error) => notify(explain(error), { kind: 'error' }),
            onSettled: () => setRemoving(null),
          });
        }}
      />
    </section>
  );
}

function InviteForm({ venueId }: { venueId: string }) {
  const { t, i18n } = useTranslation();
  const fieldError = useFieldError();
  const explain = useErrorText();
  const invite = useInviteStaff(venueId);
  const [answer, setAnswer] = useState<StaffInviteAnswer | null>(null);
  const { register, handleSubmit, formState, reset, setError } = useForm<{ email: string }>({
    resolver: zodResolver(inviteSchema),
    defaultValues: { email: '' },
  });
  const onSubmit = async ({ email }: { email: string }) => {
    setAnswer(null);
    try {
      const language = toLanguage(i18n.language) ?? 'en';
      setAnswer(await invite.mutateAsync({ email: email.trim().toLowerCase(), language }));
      reset({ email: '' });
    } catch (error) {
      setError('email', { type: 'server', message: explain(error) });
    }
  };
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4">
      <h2 className="text-lg font-bold">{t('admin.staffPage.inviteTitle')}</h2>
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-wrap items-start gap-2">
        <Field
          className="min-w-56 flex-1"
          label={t('admin.staffPage.email')}
          hint={t('admin.staffPage.inviteHint')}
          error={fieldError(formState.errors.email?.message)}
        >
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              type="email"
              autoComplete="off"
              className={inputClass}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              {...register('email')}
            />
          )}
        </Field>
        <button type="submit" className={`${primaryButton} sm:mt-6`} disabled={formState.isSubmitting}>
          {formState.isSubmitting ? <Spinner /> : <UserPlus aria-hidden="true" className="size-5" />}
          {t('admin.staffPage.invite')}
        </button>
      </form>
      <div role="status" className="empty:hidden">
        {answer ? <InviteResult answer={answer} onDone={() => setAnswer(null)} /> : null}
      </div>
    </div>
  );
}

/**
 * The invitation's answer, the same whether or not the person has an account (and never a
 * password): where the e-mail with the one-time link went.
 */
function InviteResult({ answer, onDone }: { answer: StaffInviteAnswer; onDone: () => void }) {
  const { t } = useTranslation();
  const text =
    answer.mail === 'sent'
      ? 'admin.staffPage.sentText'
      : answer.mail === 'kept'
        ? 'admin.staffPage.keptText'
        : 'admin.staffPage.failedText';
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-line bg-surface-2 p-3">
      <p className="flex items-start gap-2 font-semibold">
        <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        {t('admin.staffPage.sentTitle', { email: answer.email })}
      </p>
      <p className="text-sm">{t(text)}</p>
      <button type="button" className={`${secondaryButton} self-start`} onClick={onDone}>
        {t('admin.staffPage.done')}
      </button>
    </div>
  );
}

/** The invitations not yet accepted: the owner sends one again (a new 48-hour link) or withdraws it. */
function PendingInvitations({ venueId }: { venueId: string }) {
  const { t, i18n } = useTranslation();
  const ids = useId();
  const pending = usePendingInvitations(venueId);
  const action = useInvitationAction(venueId);
  const explain = useErrorText();
  if (!pending.data || pending.data.length === 0) return null;
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const act = (invitation: PendingInvitation, kind: 'resend' | 'revoke') =>
    action.mutate(
      { id: invitation.id, action: kind },
      {
        onSuccess: () =>
          notify(
            t(kind === 'resend' ? 'admin.staffPage.resent' : 'admin.staffPage.revoked', { email: invitation.email }),
            {
              kind: 'success',
            },
          ),
        onError: (error) => notify(explain(error), { kind: 'error' }),
      },
    );
  return (
    <section aria-labelledby={`${ids}-pending`} className="flex flex-col gap-2">
      <h2 id={`${ids}-pending`} className="text-lg font-bold">
        {t('admin.staffPage.pendingTitle')}
      </h2>
      <ul className="flex flex-col gap-2" aria-labelledby={`${ids}-pending`}>
        {pending.data.map((invitation) => (
          <li
            key={invitation.id}
            className="flex flex-wrap items-center gap-3 rounded-2xl border border-dashed border-line bg-surface p-3"
          >
            <div className="flex min-w-0 flex-1 flex-col">
              <span className="font-semibold break-all">{invitation.email}</span>
              <span
                className={`text-sm ${invitation.expired ? 'font-semibold text-red-700 dark:text-red-400' : 'text-muted'}`}
              >
                {invitation.expired
                  ? t('admin.staffPage.expired')
                  : t('admin.staffPage.validUntil', { date: when(invitation.expires_at) })}
              </span>
            </div>
            <span className="rounded-full bg-surface-2 px-3 py-1 text-sm font-semibold">
              {t(`admin.role.${invitation.role}`)}
            </span>
            <button
              type="button"
              className={secondaryButton}
              disabled={action.isPending}
              aria-label={t('admin.staffPage.resendNamed', { email: invitation.email })}
              onClick={() => act(invitation, 'resend')}
            >
              <RotateCw aria-hidden="true" className="size-5" />
              {t('admin.staffPage.resend')}
            </button>
            <button
              type="button"
              className={dangerButton}
              disabled={action.isPending}
              aria-label={t('admin.staffPage.revokeNamed', { email: invitation.email })}
              onClick={() => act(invitation, 'revoke')}
            >
              <X aria-hidden="true" className="size-5" />
              {t('admin.staffPage.revoke')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
