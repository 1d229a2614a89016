import { useId, useState } from 'react';
import { useTranslation } from '../../../i18n/react.tsx';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Copy, KeyRound, UserMinus, UserPlus } from 'lucide-react';
import type { StaffMember } from '@carte/domain/contracts/staff';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { notify } from '../../../lib/toast.ts';
import { useInviteStaff, useRemoveStaff, useVenueStaff } from '../api/staff.ts';
import { ConfirmDialog, dangerButton, Field, inputClass, LoadError, PageHeading, primaryButton, secondaryButton, Spinner, useErrorText } from './ui.tsx';
import { useFieldError } from './option-groups-editor.tsx';

const inviteSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, { message: 'admin.staffPage.errors.emailRequired' })
    .pipe(z.email({ message: 'admin.staffPage.errors.emailInvalid' })),
});

/** /admin/:id/staff: owners see who works here, invite a manager, remove one. */
export function StaffList({ venueId, role, currentUserId }: { venueId: string; role: 'owner' | 'manager'; currentUserId: string }) {
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
                  <li key={member.id} className="flex flex-wrap items-center gap-3 rounded-2xl border border-line bg-surface p-3">
                    <div className="flex min-w-0 flex-1 flex-col">
                      <span className="font-semibold break-all">{fullName || member.email}</span>
                      {fullName ? <span className="text-sm break-all text-muted">{member.email}</span> : null}
                    </div>
                    <span className="rounded-full bg-surface-2 px-3 py-1 text-sm font-semibold">{t(`admin.role.${member.role}`)}</span>
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
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const explain = useErrorText();
  const invite = useInviteStaff(venueId);
  const [answer, setAnswer] = useState<{ email: string; password: string | null } | null>(null);
  const { register, handleSubmit, formState, reset, setError } = useForm<{ email: string }>({
    resolver: zodResolver(inviteSchema),
    defaultValues: { email: '' },
  });
  const onSubmit = async ({ email }: { email: string }) => {
    setAnswer(null);
    try {
      const result = await invite.mutateAsync(email.trim().toLowerCase());
      setAnswer({ email: result.member.email, password: result.temporaryPassword });
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
        {answer ? <InviteResult email={answer.email} password={answer.password} onDone={() => setAnswer(null)} /> : null}
      </div>
    </div>
  );
}

/** The temporary password, shown once: the owner passes it on; it is never shown again. */
function InviteResult({ email, password, onDone }: { email: string; password: string | null; onDone: () => void }) {
  const { t } = useTranslation();
  const copy = async () => {
    if (!password) return;
    try {
      await navigator.clipboard.writeText(password);
      notify(t('admin.common.copied'), { kind: 'success' });
    } catch {
      notify(t('admin.common.copyFailed'), { kind: 'error' });
    }
  };
  if (!password) {
    return (
      <p className="rounded-xl bg-surface-2 px-3 py-2">{t('admin.staffPage.addedExisting', { email })}</p>
    );
  }
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-amber-600/50 bg-amber-50 p-3 text-amber-950 dark:bg-amber-950/40 dark:text-amber-100">
      <p className="flex items-start gap-2 font-semibold">
        <KeyRound aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        {t('admin.staffPage.createdTitle', { email })}
      </p>
      <p className="text-sm">{t('admin.staffPage.createdText')}</p>
      <div className="flex flex-wrap items-center gap-2">
        <code aria-label={t('admin.staffPage.temporaryPassword')} className="rounded-lg bg-surface px-3 py-2 font-mono text-base break-all text-fg select-all">
          {password}
        </code>
        <button type="button" className={secondaryButton} onClick={() => void copy()}>
          <Copy aria-hidden="true" className="size-5" />
          {t('admin.staffPage.copyPassword')}
        </button>
        <button type="button" className={secondaryButton} onClick={onDone}>
          {t('admin.staffPage.done')}
        </button>
      </div>
    </div>
  );
}
