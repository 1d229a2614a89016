import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/react.tsx';
import { Check, Copy, Download, ExternalLink, FileText, LayoutGrid } from 'lucide-react';
import { tableUrl } from '@carte/domain/staff-menu';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { notify } from '../../../lib/toast.ts';
import { downloadQrPdf, type QrLayout } from '../api/qr.ts';
import { useStaffVenue } from '../../../lib/staff/venue-api.ts';
import {
  LoadError,
  PageHeading,
  primaryButton,
  secondaryButton,
  Spinner,
  useErrorText,
} from '../../../components/staff/ui.tsx';

/** /admin/:id/tables: each table with its guest address, and the printable QR codes. */
export function TablesList({ venueId, settingsHref }: { venueId: string; settingsHref: string }) {
  const { t } = useTranslation();
  const ids = useId();
  const venue = useStaffVenue(venueId);
  const explain = useErrorText();
  const [busy, setBusy] = useState<QrLayout | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  // The server's word (PUBLIC_URL, or the address this page was reached at when it is unset).
  const origin = venue.data?.publicUrl ?? window.location.origin;

  const download = async (layout: QrLayout) => {
    if (!venue.data) return;
    setBusy(layout);
    try {
      await downloadQrPdf(venueId, venue.data.venueUrl, layout);
      notify(t('admin.tablesPage.downloaded'), { kind: 'success' });
    } catch (error) {
      notify(t('admin.tablesPage.downloadFailed', { reason: explain(error) }), { kind: 'error' });
    } finally {
      setBusy(null);
    }
  };

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(url);
      notify(t('admin.common.copied'), { kind: 'success' });
    } catch {
      notify(t('admin.common.copyFailed'), { kind: 'error' });
    }
  };

  return (
    <section aria-labelledby={`${ids}-title`} className="flex flex-col gap-4">
      <PageHeading id={`${ids}-title`} title={t('admin.nav.tables')} intro={t('admin.tablesPage.intro')} />
      {venue.isError ? (
        <LoadError error={venue.error} onRetry={() => void venue.refetch()} />
      ) : !venue.data ? (
        <div aria-busy="true" className="flex flex-col gap-2">
          <Skeleton className="h-11 w-72 rounded-full" />
          <Skeleton className="h-14 w-full rounded-2xl" />
          <Skeleton className="h-14 w-full rounded-2xl" />
        </div>
      ) : (
        <>
          {venue.data.publicUrlConfigured === false ? (
            <p
              role="note"
              className="rounded-2xl border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50"
            >
              {t('admin.tablesPage.publicUrlUnset', { url: origin })}
            </p>
          ) : null}
          <div className="flex flex-col gap-2 rounded-2xl border border-line bg-surface p-4">
            <h2 className="text-lg font-bold">{t('admin.tablesPage.printTitle')}</h2>
            <p className="text-sm text-muted">{t('admin.tablesPage.printHint')}</p>
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                className={primaryButton}
                onClick={() => void download('pages')}
                disabled={busy !== null || venue.data.spots.length === 0}
              >
                {busy === 'pages' ? <Spinner /> : <FileText aria-hidden="true" className="size-5" />}
                {t('admin.tablesPage.downloadPages')}
              </button>
              <button
                type="button"
                className={secondaryButton}
                onClick={() => void download('cards')}
                disabled={busy !== null || venue.data.spots.length === 0}
              >
                {busy === 'cards' ? <Spinner /> : <LayoutGrid aria-hidden="true" className="size-5" />}
                {t('admin.tablesPage.downloadCards')}
              </button>
            </div>
          </div>
          <h2 className="text-lg font-bold">{t('admin.tablesPage.listTitle', { count: venue.data.spots.length })}</h2>
          {venue.data.spots.length === 0 ? (
            <p className="rounded-2xl border border-dashed border-line p-6 text-center text-muted">
              {t('admin.tablesPage.empty')}{' '}
              <Link to={settingsHref} className="font-semibold underline">
                {t('admin.nav.settings')}
              </Link>
            </p>
          ) : (
            <ul className="grid grid-cols-1 gap-2 md:grid-cols-2">
              {venue.data.spots.map((spot) => {
                const url = tableUrl(origin, venue.data.venueUrl, spot);
                return (
                  <li key={spot} className="flex items-center gap-3 rounded-2xl border border-line bg-surface p-3">
                    <span className="flex min-w-11 shrink-0 items-center justify-center rounded-xl bg-surface-2 px-2 py-2 font-bold">
                      {spot}
                    </span>
                    <span className="min-w-0 flex-1 truncate font-mono text-sm text-muted" title={url}>
                      {url.replace(/^https?:\/\//, '')}
                    </span>
                    <button
                      type="button"
                      className="inline-flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-surface-2"
                      aria-label={t('admin.tablesPage.copy', { table: spot })}
                      onClick={() => void copy(url)}
                    >
                      {copied === url ? (
                        <Check aria-hidden="true" className="size-5" />
                      ) : (
                        <Copy aria-hidden="true" className="size-5" />
                      )}
                    </button>
                    <a
                      href={url}
                      target="_blank"
                      rel="noopener"
                      className="inline-flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-surface-2"
                      aria-label={t('admin.tablesPage.open', { table: spot })}
                    >
                      <ExternalLink aria-hidden="true" className="size-5" />
                    </a>
                  </li>
                );
              })}
            </ul>
          )}
          <p className="flex items-center gap-2 text-sm text-muted">
            <Download aria-hidden="true" className="size-4" />
            {t('admin.tablesPage.cliHint', { command: `npm run venue:qr -- ${venue.data.venueUrl}` })}
          </p>
        </>
      )}
    </section>
  );
}
