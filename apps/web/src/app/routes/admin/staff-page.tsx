import { StaffToaster } from '../../../components/staff/ui.tsx';
import { StaffList } from '../../../features/staff-accounts/components/staff-list.tsx';
import { PageLoading } from '../../../components/staff/page-loading.tsx';
import { useStaffAccountsStrings } from '../../../features/staff-accounts/i18n/strings.ts';
import { QueryProvider } from '../../query-client.tsx';
import { useAdminVenue } from './admin-venue.ts';

/** /admin/:id/staff: the venue's owners and managers (owners manage them). */
export default function StaffPage() {
  const ready = useStaffAccountsStrings();
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
