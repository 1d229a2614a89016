import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/react.tsx';
import { ChevronRight, Store } from 'lucide-react';
import type { StaffVenue } from '../api/auth-api.ts';

/** One large link per venue the user owns or manages, with the venue's name and the user's role. */
export function VenueChoice({ venues }: { venues: readonly StaffVenue[] }) {
  const { t } = useTranslation();
  if (venues.length === 0) {
    return <p className="rounded-2xl border border-line bg-surface p-4 text-muted">{t('admin.selectVenue.empty')}</p>;
  }
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      {venues.map((venue) => (
        <li key={venue.id}>
          <Link
            to={`/admin/${encodeURIComponent(venue.venueUrl)}`}
            className="flex min-h-20 items-center gap-3 rounded-2xl border border-line bg-surface p-4 hover:bg-surface-2"
          >
            <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-surface-2">
              <Store aria-hidden="true" className="size-6 text-muted" />
            </span>
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="text-lg leading-snug font-semibold break-words">{venue.name}</span>
              <span className="text-sm text-muted">{t(`admin.role.${venue.role}`)}</span>
            </span>
            <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-muted" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
