import { lazy, Suspense, useEffect, useMemo, type ReactNode } from 'react';
import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router';
import { useTranslation } from '../../../i18n/react.tsx';
import { SkipLink } from '../../../components/layout/skip-link.tsx';
import { RouteErrorBoundary } from '../../../features/errors/components/route-error-boundary.tsx';
import { useAdminStrings } from '../../../i18n/admin-strings.ts';
import { ADMIN, RouteMetaContext, useRouteMeta } from '../../route-meta.ts';
import AccountPage from './account-page.tsx';
import { AdminNotFound } from './admin-not-found.tsx';
import { AdminEntryPage, LoginPage, LogoutPage, SelectVenuePage } from './session-pages.tsx';
import { StaffLoading } from './staff-shell.tsx';
import { VenueHomePage } from './venue-home-page.tsx';
import { VenueLayout } from './venue-layout.tsx';

// Each back office section is a chunk of its own, loaded when opened.
const MenuPage = lazy(() => import('./menu-page.tsx'));
const OrdersPage = lazy(() => import('./orders-page.tsx'));
const SettingsPage = lazy(() => import('./settings-page.tsx'));
const TablesPage = lazy(() => import('./tables-page.tsx'));
const PrintingPage = lazy(() => import('./printing-page.tsx'));
const StaffPage = lazy(() => import('./staff-page.tsx'));
const SalesPage = lazy(() => import('./sales-page.tsx'));
const OutboxPage = lazy(() => import('./outbox-page.tsx'));
const InvitePage = lazy(() => import('./invite-page.tsx'));

function Boundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <RouteErrorBoundary resetKey={pathname}>{children}</RouteErrorBoundary>;
}

/** A staff route: route meta isAdmin (spec section 2), its title key, its own error boundary. */
function page(title: string, element: ReactNode, rest: Partial<RouteObject> = {}): RouteObject {
  return { ...rest, handle: { ...ADMIN, title }, element: <Boundary>{element}</Boundary> } as RouteObject;
}

/** The routes under /admin (spec section 2), relative to it. */
const adminRoutes: RouteObject[] = [
  page('admin.title', <AdminEntryPage />, { index: true }),
  page('admin.loginTitle', <LoginPage />, { path: 'login' }),
  page('admin.logoutTitle', <LogoutPage />, { path: 'logout' }),
  page('admin.selectVenueTitle', <SelectVenuePage />, { path: 'select-venue' }),
  page('admin.account.title', <AccountPage />, { path: 'account' }),
  page('admin.invitePage.title', <InvitePage />, { path: 'invite' }),
  page('admin.venueTitle', <VenueLayout />, {
    path: ':id',
    children: [
      page('admin.venueTitle', <VenueHomePage />, { index: true }),
      page('admin.nav.menu', <MenuPage />, { path: 'menu' }),
      page('admin.nav.orders', <OrdersPage />, { path: 'orders' }),
      page('admin.nav.settings', <SettingsPage />, { path: 'settings' }),
      page('admin.nav.tables', <TablesPage />, { path: 'tables' }),
      page('admin.nav.printing', <PrintingPage />, { path: 'printing' }),
      page('admin.nav.staff', <StaffPage />, { path: 'staff' }),
      page('admin.nav.sales', <SalesPage />, { path: 'sales' }),
      page('admin.nav.outbox', <OutboxPage />, { path: 'outbox' }),
      page('admin.title', <AdminNotFound />, { path: '*' }),
    ],
  }),
  page('admin.title', <AdminNotFound />, { path: '*' }),
];

/**
 * The staff area, /admin/* (a lazy chunk of its own, never in the guest page's first load): the
 * staff strings of the current language, the page title, and the staff routes. The route meta
 * is isAdmin, so no guest cart button, order link or order bar is rendered here.
 */
export default function AdminRoot() {
  const ready = useAdminStrings();
  const { t } = useTranslation();
  const location = useLocation();
  const outer = useRouteMeta();
  const element = useRoutes(adminRoutes);
  const meta = useMemo(() => {
    const matches = matchRoutes(adminRoutes, location, '/admin') ?? [];
    const handle = matches[matches.length - 1]?.route.handle as (typeof outer & { title: string }) | undefined;
    return handle ?? { ...outer, title: 'admin.title' };
  }, [location, outer]);
  const title = ready ? t(meta.title) : null;
  useEffect(() => {
    if (title) document.title = `${title} · Carte`;
  }, [title]);
  if (!ready) return <StaffLoading />;
  return (
    <RouteMetaContext.Provider value={meta}>
      <SkipLink />
      <Suspense fallback={<StaffLoading />}>{element}</Suspense>
    </RouteMetaContext.Provider>
  );
}
