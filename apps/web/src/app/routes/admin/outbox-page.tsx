import { StaffToaster } from '../../../features/back-office/components/ui.tsx';
import { OutboxList } from '../../../features/back-office/components/outbox-list.tsx';
import { PageLoading } from '../../../features/back-office/components/page-loading.tsx';
import { useBackOfficeStrings } from '../../../features/back-office/i18n/strings.ts';
import { QueryProvider } from '../../query-client.tsx';
import { useAdminVenue } from './admin-venue.ts';

/** /admin/:id/outbox (Settings → Outbox): the venue's e-mails, owners only. */
export default function OutboxPage() {
  const ready = useBackOfficeStrings();
  const { venue } = useAdminVenue();
  if (!ready) return <PageLoading />;
  return (
    <QueryProvider>
      <OutboxList venueId={venue.id} role={venue.role} />
      <StaffToaster />
    </QueryProvider>
  );
}
