import { StaffToaster } from '../../../components/staff/ui.tsx';
import { TablesList } from '../../../features/tables/components/tables-list.tsx';
import { PageLoading } from '../../../components/staff/page-loading.tsx';
import { useTablesStrings } from '../../../features/tables/i18n/strings.ts';
import { QueryProvider } from '../../query-client.tsx';
import { useAdminVenue } from './admin-venue.ts';

/** /admin/:id/tables: the tables' guest addresses and their printable QR codes. */
export default function TablesPage() {
  const ready = useTablesStrings();
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
