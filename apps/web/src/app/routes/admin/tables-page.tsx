import { StaffToaster } from '../../../features/back-office/components/ui.tsx';
import { TablesList } from '../../../features/back-office/components/tables-list.tsx';
import { PageLoading } from '../../../features/back-office/components/page-loading.tsx';
import { useBackOfficeStrings } from '../../../features/back-office/i18n/strings.ts';
import { QueryProvider } from '../../query-client.tsx';
import { useAdminVenue } from './admin-venue.ts';

/** /admin/:id/tables: the tables' guest addresses and their printable QR codes. */
export default function TablesPage() {
  const ready = useBackOfficeStrings();
  const { venue } = useAdminVenue();
  if (!ready) return <PageLoading />;
  // The staff shell's query client when it provides one, else the app's (QueryProvider reuses it).
  return (
    <QueryProvider>
      <TablesList venueId={venue.id} settingsHref={`/admin/${encodeURIComponent(venue.venueUrl)}/settings`} />
      <StaffToaster />
    </QueryProvider>
  );
}
