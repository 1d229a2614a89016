import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/react.tsx';
import { CircleAlert, SearchX } from '../../../components/ui/icons.tsx';

/**
 * Spec section 2: 'Page not found' plus the path for status 404, 'Internal Server Error' for any
 * other status. Each says what to do next.
 */
export function ErrorPage({
  status,
  path,
  homeHref = '/',
  onRetry,
}: {
  status: number;
  path?: string;
  homeHref?: string;
  onRetry?: () => void;
}) {
  const { t } = useTranslation();
  const notFound = status === 404;
  const title = notFound ? t('errors.notFoundTitle') : t('errors.internalTitle');
  useEffect(() => {
    document.title = `${title} · Carte`;
  }, [title]);
  const Icon = notFound ? SearchX : CircleAlert;
  return (
    <section
      className="mx-auto flex w-full max-w-[720px] flex-col items-center gap-4 px-4 py-16 text-center"
      aria-labelledby="error-title"
    >
      <Icon aria-hidden="true" className="size-10 text-muted" />
      <p className="text-sm font-semibold tracking-wide text-muted tabular-nums">{status}</p>
      <h1 id="error-title" className="text-2xl font-bold">
        {title}
      </h1>
      {notFound ? (
        <p className="max-w-prose text-muted">
          {t('errors.notFoundText')}{' '}
          <code className="rounded bg-surface-2 px-1.5 py-0.5 break-all text-fg">{path ?? ''}</code>
        </p>
      ) : (
        <p className="max-w-prose text-muted">{t('errors.internalText')}</p>
      )}
      <div className="flex flex-wrap justify-center gap-2">
        {onRetry ? (
          <ActionButton onClick={onRetry} primary>
            {t('errors.retry')}
          </ActionButton>
        ) : null}
        <Link
          to={homeHref}
          className={`inline-flex min-h-11 items-center justify-center rounded-full px-5 font-semibold ${onRetry ? 'border border-line' : 'bg-brand text-brand-contrast'}`}
        >
          {t('errors.home')}
        </Link>
      </div>
    </section>
  );
}

function ActionButton({ children, onClick, primary }: { children: ReactNode; onClick: () => void; primary?: boolean }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={`inline-flex min-h-11 items-center justify-center rounded-full px-5 font-semibold ${primary ? 'bg-brand text-brand-contrast' : 'border border-line'}`}
    >
      {children}
    </button>
  );
}
