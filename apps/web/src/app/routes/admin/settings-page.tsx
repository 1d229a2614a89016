import { Mail } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/react.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useStaffVenue } from '../../../lib/staff/venue-api.ts';
import { SettingsForm } from '../../../features/venue-settings/components/settings-form.tsx';
import { OpeningHoursForm } from '../../../features/venue-settings/components/opening-hours-form.tsx';
import { TaxSettingsForm } from '../../../features/venue-settings/components/tax-settings-form.tsx';
import { LoadError, StaffToaster } from '../../../components/staff/ui.tsx';
import { PageLoading } from '../../../components/staff/page-loading.tsx';
import { useVenueSettingsStrings } from '../../../features/venue-settings/i18n/strings.ts';
import { QueryProvider } from '../../query-client.tsx';
import { useAdminVenue } from './admin-venue.ts';

/** /admin/:id/settings: owners edit, managers read. */
export default function SettingsPage() {
  const ready = useVenueSettingsStrings();
  if (!ready) return <PageLoading />;
  // The staff shell's query client when it provides one, else the app's (QueryProvider reuses it).
  return (
    <QueryProvider>
      <Settings />
      <StaffToaster />
    </QueryProvider>
  );
}

function Settings() {
  const { t } = useTranslation();
  const { venue } = useAdminVenue();
  const settings = useStaffVenue(venue.id);
  if (settings.isError) return <LoadError error={settings.error} onRetry={() => void settings.refetch()} />;
  if (!settings.data) {
    return (
      <div aria-busy="true" className="flex flex-col gap-3">
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-48 w-full rounded-2xl" />
        <Skeleton className="h-48 w-full rounded-2xl" />
      </div>
    );
  }
  // A fresh form when the saved settings come back (its starting point is the server's).
  return (
    <div className="flex flex-col gap-6">
      <SettingsForm key={settings.dataUpdatedAt} venue={settings.data} />
      <OpeningHoursForm key={`hours-${settings.dataUpdatedAt}`} venue={settings.data} />
      <TaxSettingsForm key={`tax-${settings.dataUpdatedAt}`} venue={settings.data} />
      {venue.role === 'owner' ? (
        <Link
          to="../outbox"
          className="inline-flex min-h-11 items-center gap-2 self-start rounded-full border border-line bg-surface px-4 font-semibold hover:bg-surface-2"
        >
          <Mail aria-hidden="true" className="size-4" />
          {t('admin.outbox.link')}
        </Link>
      ) : null}
    </div>
  );
}
