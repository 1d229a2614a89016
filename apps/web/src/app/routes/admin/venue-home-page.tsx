import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChevronRight, ExternalLink } from 'lucide-react';
import { useAdminVenue } from './admin-venue.ts';
import { VENUE_SECTIONS } from './venue-sections.ts';

/** /admin/:id: the venue's back office home, one large card per section. */
export function VenueHomePage() {
  const { t } = useTranslation();
  const { venue } = useAdminVenue();
  return (
    <section aria-labelledby="venue-home-title" className="flex flex-col gap-5">
      <div className="flex flex-col gap-1">
        <h1 id="venue-home-title" className="text-2xl font-bold">
          {venue.name}
        </h1>
        <p className="text-muted">{t('admin.home.intro')}</p>
      </div>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {VENUE_SECTIONS.map(({ path, icon: Icon }) => (
          <li key={path}>
            <Link
              to={path}
              className="flex h-full min-h-24 items-start gap-3 rounded-2xl border border-line bg-surface p-4 hover:bg-surface-2"
            >
              <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-surface-2">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                <span className="text-lg font-semibold">{t(`admin.nav.${path}`)}</span>
                <span className="text-sm text-muted">{t(`admin.sections.${path}`)}</span>
              </span>
              <ChevronRight aria-hidden="true" className="mt-3 size-5 shrink-0 text-muted" />
            </Link>
          </li>
        ))}
      </ul>
      <a
        href={`/${encodeURIComponent(venue.venueUrl)}/menu`}
        target="_blank"
        rel="noopener"
        className="inline-flex min-h-11 items-center gap-2 self-start font-semibold underline-offset-4 hover:underline"
      >
        <ExternalLink aria-hidden="true" className="size-4" />
        {t('admin.home.guestPage')}
      </a>
    </section>
  );
}
