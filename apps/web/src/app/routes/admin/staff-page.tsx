import { StaffToaster } from '../../../features/back-office/components/ui.tsx';
import { StaffList } from '../../../features/back-office/components/staff-list.tsx';
import { PageLoading } from '../../../features/back-office/components/page-loading.tsx';
import { useBackOfficeStrings } from '../../../features/back-office/i18n/strings.ts';
import { QueryProvider } from '../../query-client.tsx';
import { useAdminVenue } from './admin-venue.ts';

/** /admin/:id/staff: the venue's owners and managers (owners manage them). */
export default function StaffPage() {
  const ready = useBackOfficeStrings();
  const { venue, user } = useAdminVenue();
  if (!ready) return <PageLoading />;
  // The staff shell's query client when it provides one, else the app's (QueryProvider reuses it).
  return (
    <QueryProvider>
      <StaffList venueId={venue.id} role={venue.role} currentUserId={user.id} />
      <StaffToaster />
    </QueryProvider>
  );
}
