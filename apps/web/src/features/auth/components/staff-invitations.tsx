import { useEffect, useId, useState } from 'react';
import { Check, MailOpen, X } from 'lucide-react';
import { useTranslation } from '../../../i18n/react.tsx';
import { primaryButton, secondaryButton } from '../../../components/ui/sheet-dialog.tsx';
import { answerInvitation, getInvitations, type StaffInvitation } from '../api/auth-api.ts';
import { useSessionStore } from '../store/session-store.ts';

/**
 * The invitations to a venue's staff waiting for the signed-in person's answer (issue 16 item 6):
 * nobody joins a venue without accepting. Shown on the venue choice, where sign-in leads when some
 * are waiting; nothing at all when there are none.
 */
export function StaffInvitations() {
  const { t } = useTranslation();
  const ids = useId();
  const pending = useSessionStore((s) => s.invitations);
  const reloadSession = useSessionStore((s) => s.reloadSession);
  const [list, setList] = useState<StaffInvitation[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    if (pending === 0) return;
    let live = true;
    getInvitations().then(
      (items) => live && setList(items),
      () => live && setList([]),
    );
    return () => {
      live = false;
    };
  }, [pending]);

  if (!list || list.length === 0) {
    return message ? (
      <p role="status" className="rounded-xl bg-surface-2 px-3 py-2">
        {message}
      </p>
    ) : null;
  }

  const answer = async (invitation: StaffInvitation, choice: 'accept' | 'decline') => {
    setBusy(invitation.venueId);
    try {
      await answerInvitation(invitation.venueId, choice);
      setList((items) => (items ?? []).filter((i) => i.venueId !== invitation.venueId));
      setMessage(
        t(choice === 'accept' ? 'admin.invitations.accepted' : 'admin.invitations.declined', {
          venue: invitation.venueName,
        }),
      );
      await reloadSession();
    } catch {
      setMessage(t('admin.invitations.failed'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby={`${ids}-title`} className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4">
      <h2 id={`${ids}-title`} className="flex items-center gap-2 text-lg font-bold">
        <MailOpen aria-hidden="true" className="size-5" />
        {t('admin.invitations.title')}
      </h2>
      <ul className="flex flex-col gap-2">
        {list.map((invitation) => (
          <li key={invitation.venueId} className="flex flex-wrap items-center gap-2 rounded-xl bg-surface-2 p-3">
            <p className="min-w-0 flex-1 break-words">
              {t('admin.invitations.text', { venue: invitation.venueName, role: t(`admin.role.${invitation.role}`) })}
            </p>
            <button
              type="button"
              className={primaryButton}
              disabled={busy !== null}
              aria-label={t('admin.invitations.acceptNamed', { venue: invitation.venueName })}
              onClick={() => void answer(invitation, 'accept')}
            >
              <Check aria-hidden="true" className="size-5" />
              {t('admin.invitations.accept')}
            </button>
            <button
              type="button"
              className={secondaryButton}
              disabled={busy !== null}
              aria-label={t('admin.invitations.declineNamed', { venue: invitation.venueName })}
              onClick={() => void answer(invitation, 'decline')}
            >
              <X aria-hidden="true" className="size-5" />
              {t('admin.invitations.decline')}
            </button>
          </li>
        ))}
      </ul>
      {message ? (
        <p role="status" className="text-sm">
          {message}
        </p>
      ) : null}
    </section>
  );
}
