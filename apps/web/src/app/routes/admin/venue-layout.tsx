import { Suspense } from 'react';
import { Link, NavLink, Outlet, useParams } from 'react-router';
import { useTranslation } from '../../../i18n/react.tsx';
import { ArrowLeftRight, LayoutDashboard, LogOut, ShieldAlert, Store, UserRound } from 'lucide-react';
import { RequireSession, SELECT_VENUE_PATH, useSession, type StaffUser } from '../../../features/auth/index.ts';
import { LanguagePicker } from '../../../features/language-picker/components/language-picker.tsx';
import type { AdminVenueContext } from './admin-venue.ts';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { PlainStaffPage, StaffLoading } from './staff-shell.tsx';
import { VENUE_SECTIONS } from './venue-sections.ts';

/** /admin/:id (id = venueUrl): requires the auth check and a role for that venue. */
export function VenueLayout() {
  return (
    <RequireSession fallback={<StaffLoading />}>
      <VenueArea />
    </RequireSession>
  );
}

function VenueArea() {
  const { id } = useParams();
  const { user, venues } = useSession();
  const venue = venues.find((v) => v.venueUrl === id);
  if (!user) return null;
  if (!venue) return <NoAccess venueUrl={id ?? ''} />;
  const context: AdminVenueContext = { venue, user };
  return (
    <>
      <StaffHeader venueName={venue.name} />
      <div className="mx-auto w-full max-w-[1200px] px-3 sm:px-4 lg:grid lg:grid-cols-[232px_minmax(0,1fr)] lg:gap-8">
        <aside className="flex flex-col gap-2 pt-3 lg:sticky lg:top-14 lg:self-start lg:pt-6">
          <AccountLine user={user} role={venue.role} />
          <VenueNav role={venue.role} />
        </aside>
        <main id="main" tabIndex={-1} className="min-w-0 pt-4 pb-12 outline-none lg:pt-6">
          <Suspense
            fallback={
              <div aria-busy="true" className="flex flex-col gap-3">
                <Skeleton className="h-8 w-48" />
                <Skeleton className="h-24 w-full rounded-2xl" />
              </div>
            }
          >
            <Outlet context={context} />
          </Suspense>
        </main>
      </div>
    </>
  );
}

function StaffHeader({ venueName }: { venueName: string }) {
  const { t } = useTranslation();
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-surface/95 backdrop-blur supports-[backdrop-filter]:bg-surface/85">
      <div className="mx-auto flex h-14 w-full max-w-[1200px] items-center justify-between gap-2 px-3 sm:px-4">
        <div className="flex min-w-0 flex-1 items-center gap-2">
          <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-brand text-brand-contrast">
            <Store aria-hidden="true" className="size-5" />
          </span>
          <span className="flex min-w-0 flex-col leading-tight">
            <span className="truncate font-semibold">{venueName}</span>
            <span className="truncate text-xs text-muted">{t('admin.brand')}</span>
          </span>
        </div>
        <div className="flex shrink-0 items-center gap-1">
          <LanguagePicker />
          <Link
            to="/admin/logout"
            className="inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-lg px-2 text-sm font-semibold hover:bg-surface-2"
          >
            <LogOut aria-hidden="true" className="size-5" />
            <span className="sr-only sm:not-sr-only">{t('admin.signOut')}</span>
          </Link>
        </div>
      </div>
    </header>
  );
}

function AccountLine({ user, role }: { user: StaffUser; role: 'owner' | 'manager' }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-sm lg:flex-col lg:items-start">
      <p className="min-w-0 text-muted">
        <span className="break-all">{t('admin.signedInAs', { email: user.email })}</span>
        {' · '}
        <span className="font-semibold text-fg">{t(`admin.role.${role}`)}</span>
      </p>
      <span className="flex flex-wrap gap-x-4">
        <Link
          to={SELECT_VENUE_PATH}
          className="inline-flex min-h-11 items-center gap-1.5 rounded-lg font-semibold underline-offset-4 hover:underline"
        >
          <ArrowLeftRight aria-hidden="true" className="size-4" />
          {t('admin.switchVenue')}
        </Link>
        <Link
          to="/admin/account"
          className="inline-flex min-h-11 items-center gap-1.5 rounded-lg font-semibold underline-offset-4 hover:underline"
        >
          <UserRound aria-hidden="true" className="size-4" />
          {t('admin.accountLink')}
        </Link>
      </span>
    </div>
  );
}

const navItem =
  'inline-flex min-h-11 shrink-0 items-center gap-2 rounded-full border border-line bg-surface px-4 text-sm font-semibold whitespace-nowrap hover:bg-surface-2 aria-[current=page]:border-brand aria-[current=page]:bg-brand aria-[current=page]:text-brand-contrast lg:w-full lg:rounded-xl lg:text-base';

/** Phones: a row that scrolls sideways under the header; from 1024 px: a column beside the page. */
function VenueNav({ role }: { role: 'owner' | 'manager' }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('admin.navLabel')} className="-mx-3 sm:mx-0">
      <ul className="no-scrollbar flex gap-2 overflow-x-auto px-3 py-1 sm:px-0 lg:flex-col lg:overflow-visible">
        <li>
          <NavLink to="." end className={navItem}>
            <LayoutDashboard aria-hidden="true" className="size-4" />
            {t('admin.nav.home')}
          </NavLink>
        </li>
        {VENUE_SECTIONS.filter((s) => !s.ownersOnly || role === 'owner').map(({ path, icon: Icon }) => (
          <li key={path}>
            <NavLink to={path} className={navItem}>
              <Icon aria-hidden="true" className="size-4" />
              {t(`admin.nav.${path}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function NoAccess({ venueUrl }: { venueUrl: string }) {
  const { t } = useTranslation();
  return (
    <PlainStaffPage>
      <section aria-labelledby="no-access-title" className="mx-auto flex w-full max-w-md flex-col items-start gap-4">
        <ShieldAlert aria-hidden="true" className="size-8 text-muted" />
        <h1 id="no-access-title" className="text-2xl font-bold">
          {t('admin.noAccess.title')}
        </h1>
        <p className="text-muted">{t('admin.noAccess.text', { venue: venueUrl })}</p>
        <Link
          to={SELECT_VENUE_PATH}
          className="inline-flex min-h-12 items-center justify-center rounded-full bg-brand px-6 font-semibold text-brand-contrast"
        >
          {t('admin.noAccess.back')}
        </Link>
      </section>
    </PlainStaffPage>
  );
}
