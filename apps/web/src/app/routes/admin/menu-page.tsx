import { MenuEditor } from '../../../features/back-office/components/menu-editor.tsx';
import { StaffToaster } from '../../../features/back-office/components/ui.tsx';
import { PageLoading } from '../../../features/back-office/components/page-loading.tsx';
import { useBackOfficeStrings } from '../../../features/back-office/i18n/strings.ts';
import { QueryProvider } from '../../query-client.tsx';
import { useAdminVenue } from './admin-venue.ts';

/** /admin/:id/menu: the dishes, and the product form (`?product=<id>` or `?product=new`). */
export default function MenuPage() {
  const ready = useBackOfficeStrings();
  const { venue } = useAdminVenue();
  if (!ready) return <PageLoading />;
  // The staff shell's query client when it provides one, else the app's (QueryProvider reuses it).
  return (
    <QueryProvider>
      <MenuEditor venueId={venue.id} />
      <StaffToaster />
    </QueryProvider>
  );
}
