import { StaffToaster } from '../../../components/staff/ui.tsx';
import { OutboxList } from '../../../features/mail-outbox/components/outbox-list.tsx';
import { PageLoading } from '../../../components/staff/page-loading.tsx';
import { useMailOutboxStrings } from '../../../features/mail-outbox/i18n/strings.ts';
import { QueryProvider } from '../../query-client.tsx';
import { useAdminVenue } from './admin-venue.ts';

/** /admin/:id/outbox (Settings → Outbox): the venue's e-mails, owners only. */
export default function OutboxPage() {
  const ready = useMailOutboxStrings();
  const { venue } = useAdminVenue();
  if (!ready) return <PageLoading />;
  return (
    <QueryProvider>
      <OutboxList venueId={venue.id} role={venue.role} />
      <StaffToaster />
    </QueryProvider>
  );
}
