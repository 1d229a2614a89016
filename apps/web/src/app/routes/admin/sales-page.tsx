import { StaffToaster } from '../../../components/staff/ui.tsx';
import { SalesReport } from '../../../features/reports/components/sales-report.tsx';
import { PageLoading } from '../../../components/staff/page-loading.tsx';
import { useReportsStrings } from '../../../features/reports/i18n/strings.ts';
import { useTranslation } from '../../../i18n/react.tsx';
import { QueryProvider } from '../../query-client.tsx';
import { useAdminVenue } from './admin-venue.ts';

/** /admin/:id/sales: the venue's sales, CSV exports and Z reports (owners; issue 19 item 5). */
export default function SalesPage() {
  const ready = useReportsStrings();
  const { t } = useTranslation();
  const { venue } = useAdminVenue();
  if (!ready) return <PageLoading />;
  if (venue.role !== 'owner')
    return (
      <section aria-labelledby="sales-title" className="flex flex-col gap-2">
        <h1 id="sales-title" className="text-2xl font-bold">
          {t('admin.salesPage.title')}
        </h1>
        <p className="text-muted">{t('admin.salesPage.ownersOnly')}</p>
      </section>
    );
  return (
    <QueryProvider>
      <SalesReport venueId={venue.id} />
      <StaffToaster />
    </QueryProvider>
  );
}
