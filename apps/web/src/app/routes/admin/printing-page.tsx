import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useStaffVenue } from '../../../lib/staff/venue-api.ts';
import { LoadError, StaffToaster } from '../../../components/staff/ui.tsx';
import { PageLoading } from '../../../components/staff/page-loading.tsx';
import { PrintingForm } from '../../../features/printing/components/printing-form.tsx';
import { usePrintingStrings } from '../../../features/printing/i18n/strings.ts';
import { QueryProvider } from '../../query-client.tsx';
import { useAdminVenue } from './admin-venue.ts';

/** /admin/:id/printing: kitchen stations, printers, when tickets print, each category's station. */
export default function PrintingPage() {
  const ready = usePrintingStrings();
  if (!ready) return <PageLoading />;
  // The staff shell's query client when it provides one, else the app's (QueryProvider reuses it).
  return (
    <QueryProvider>
      <Printing />
      <StaffToaster />
    </QueryProvider>
  );
}

function Printing() {
  const { venue } = useAdminVenue();
  const settings = useStaffVenue(venue.id);
  if (settings.isError) return <LoadError error={settings.error} onRetry={() => void settings.refetch()} />;
  if (!settings.data) {
    return (
      <div aria-busy="true" className="flex flex-col gap-3">
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-48 w-full rounded-2xl" />
      </div>
    );
  }
  // A fresh form when the saved settings come back (its starting point is the server's).
  return <PrintingForm key={settings.dataUpdatedAt} venue={settings.data} />;
}
