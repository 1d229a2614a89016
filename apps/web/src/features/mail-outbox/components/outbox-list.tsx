import { useId, useState } from 'react';
import { Mail, Paperclip, RefreshCw } from 'lucide-react';
import type { MailSummary } from '@carte/domain/contracts/mail';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useTranslation } from '../../../i18n/react.tsx';
import { notify } from '../../../lib/toast.ts';
import { useMessage, useOutbox, useResend } from '../api/mail.ts';
import { LoadError, PageHeading, secondaryButton, Spinner, useErrorText } from '../../../components/staff/ui.tsx';

const STATUS_STYLE: Record<MailSummary['status'], string> = {
  sent: 'border-green-700 bg-green-50 text-green-950 dark:bg-green-900/50 dark:text-green-50',
  kept: 'border-line bg-surface-2 text-fg',
  failed: 'border-red-600 bg-red-50 text-red-950 dark:bg-red-900/60 dark:text-red-50',
};

/**
 * /admin/:id/outbox (Settings → Outbox): every e-mail Carte sent or kept about the venue, newest
 * first, 50 a page; one opens to read it, a failed one is sent again. Owners only.
 */
export function OutboxList({ venueId, role }: { venueId: string; role: 'owner' | 'manager' }) {
  const { t, i18n } = useTranslation();
  const ids = useId();
  const isOwner = role === 'owner';
  // The pages seen so far: `before` cursors, the first page's being undefined.
  const [pages, setPages] = useState<(string | undefined)[]>([undefined]);
  const before = pages[pages.length - 1];
  const outbox = useOutbox(venueId, before, isOwner);
  const [openId, setOpenId] = useState<string | null>(null);
  const resend = useResend(venueId);
  const explain = useErrorText();
  const date = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  const sendAgain = (message: MailSummary) =>
    resend.mutate(message.id, {
      onSuccess: (answer) =>
        notify(
          answer.status === 'sent'
            ? t('admin.outbox.resent', { to: answer.to })
            : t('admin.outbox.resendFailed', { error: answer.error ?? '' }),
        ),
      onError: (error) => notify(explain(error)),
    });

  return (
    <section aria-labelledby={`${ids}-title`} className="flex flex-col gap-4">
      <PageHeading
        id={`${ids}-title`}
        title={t('admin.outbox.title')}
        intro={
          outbox.data
            ? t(outbox.data.delivery === 'smtp' ? 'admin.outbox.introSmtp' : 'admin.outbox.introKept')
            : undefined
        }
      />
      {!isOwner ? (
        <p role="status" className="rounded-xl bg-surface-2 px-3 py-2">
          {t('admin.outbox.ownersOnly')}
        </p>
      ) : outbox.isError ? (
        <LoadError error={outbox.error} onRetry={() => void outbox.refetch()} />
      ) : !outbox.data ? (
        <div aria-busy="true" className="flex flex-col gap-2">
          <Skeleton className="h-20 w-full rounded-2xl" />
          <Skeleton className="h-20 w-full rounded-2xl" />
        </div>
      ) : outbox.data.messages.length === 0 ? (
        <p className="text-muted">{t('admin.outbox.empty')}</p>
      ) : (
        <>
          <ul aria-label={t('admin.outbox.listLabel')} className="flex flex-col gap-2">
            {outbox.data.messages.map((message) => {
              const open = openId === message.id;
              const canResend =
                message.status === 'failed' || (message.status === 'kept' && outbox.data.delivery === 'smtp');
              return (
                <li key={message.id} className="flex flex-col gap-2 rounded-2xl border border-line bg-surface p-3">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="flex min-w-0 flex-col gap-0.5">
                      <p className="font-semibold break-words">{message.subject}</p>
                      <p className="text-muted break-all">
                        <span className="sr-only">{t('admin.outbox.to')} </span>
                        {message.to}
                      </p>
                      <p className="text-sm text-muted">
                        <time dateTime={message.created_at}>{date(message.created_at)}</time>
                        {message.attachments.length ? (
                          <>
                            {' · '}
                            <Paperclip aria-hidden="true" className="inline size-4" />
                            {t('admin.outbox.attachments', { count: message.attachments.length })}
                          </>
                        ) : null}
                      </p>
                    </div>
                    <span
                      className={`rounded-full border px-2 py-0.5 text-sm font-semibold ${STATUS_STYLE[message.status]}`}
                    >
                      {t(`admin.outbox.status.${message.status}`)}
                    </span>
                  </div>
                  {message.status === 'failed' && message.error ? (
                    <p className="text-sm text-red-700 dark:text-red-300">
                      {t('admin.outbox.error', { error: message.error })}
                    </p>
                  ) : null}
                  <div className="flex flex-wrap gap-2">
                    <button
                      type="button"
                      className={secondaryButton}
                      aria-expanded={open}
                      aria-controls={`${ids}-${message.id}`}
                      onClick={() => setOpenId(open ? null : message.id)}
                    >
                      <Mail aria-hidden="true" className="size-4" />
                      {t(open ? 'admin.outbox.close' : 'admin.outbox.open', { subject: message.subject })}
                    </button>
                    {canResend ? (
                      <button
                        type="button"
                        className={secondaryButton}
                        disabled={resend.isPending}
                        onClick={() => sendAgain(message)}
                      >
                        {resend.isPending && resend.variables === message.id ? (
                          <Spinner />
                        ) : (
                          <RefreshCw aria-hidden="true" className="size-4" />
                        )}
                        {t('admin.outbox.resend', { to: message.to })}
                      </button>
                    ) : null}
                  </div>
                  {open ? <MessageBody venueId={venueId} id={message.id} regionId={`${ids}-${message.id}`} /> : null}
                </li>
              );
            })}
          </ul>
          <div className="flex flex-wrap gap-2">
            {pages.length > 1 ? (
              <button type="button" className={secondaryButton} onClick={() => setPages([undefined])}>
                {t('admin.outbox.newest')}
              </button>
            ) : null}
            {outbox.data.next_before ? (
              <button
                type="button"
                className={secondaryButton}
                onClick={() => setPages([...pages, outbox.data.next_before!])}
              >
                {t('admin.outbox.older')}
              </button>
            ) : null}
          </div>
        </>
      )}
    </section>
  );
}

function MessageBody({ venueId, id, regionId }: { venueId: string; id: string; regionId: string }) {
  const { t } = useTranslation();
  const message = useMessage(venueId, id);
  if (message.isError) return <LoadError error={message.error} onRetry={() => void message.refetch()} />;
  if (!message.data) return <Skeleton className="h-24 w-full rounded-xl" />;
  const m = message.data;
  return (
    <div id={regionId} role="region" aria-label={m.subject} className="flex flex-col gap-2 rounded-xl bg-surface-2 p-3">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-semibold">{t('admin.outbox.from')}</dt>
        <dd className="break-all">{m.from}</dd>
        <dt className="font-semibold">{t('admin.outbox.to')}</dt>
        <dd className="break-all">{m.to}</dd>
        <dt className="font-semibold">{t('admin.outbox.attempts')}</dt>
        <dd>{m.attempts}</dd>
      </dl>
      <pre className="font-sans text-base break-words whitespace-pre-wrap">{m.text}</pre>
      {m.attachments.length ? (
        <ul aria-label={t('admin.outbox.attachments', { count: m.attachments.length })} className="text-sm">
          {m.attachments.map((a) => (
            <li key={a.filename}>
              <Paperclip aria-hidden="true" className="inline size-4" /> {a.filename} ({Math.ceil(a.size / 1024)} KB)
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
