import { MenuEditor } from '../../../features/menu-editor/components/menu-editor.tsx';
import { StaffToaster } from '../../../components/staff/ui.tsx';
import { PageLoading } from '../../../components/staff/page-loading.tsx';
import { useMenuEditorStrings } from '../../../features/menu-editor/i18n/strings.ts';
import { QueryProvider } from '../../query-client.tsx';
import { useAdminVenue } from './admin-venue.ts';

/** /admin/:id/menu: the dishes, and the product form (`?product=<id>` or `?product=new`). */
export default function MenuPage() {
  const ready = useMenuEditorStrings();
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
