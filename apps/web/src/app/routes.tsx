import { lazy, Suspense, useEffect, useMemo, type ReactNode } from 'react';
import { matchRoutes, useLocation, useNavigationType, useRoutes, type RouteObject } from 'react-router';
import { RouteErrorBoundary } from '../features/errors/components/route-error-boundary.tsx';
import { ADMIN, GUEST_CHAT, GUEST_MENU, isRouteMeta, RouteMetaContext, type RouteMeta } from './route-meta.ts';
import { GenericErrorPage, NotFoundPage } from './routes/plain-pages.tsx';
import { ShellFallback } from './routes/shell-fallback.tsx';

// The guest pages are one chunk, fetched at start in parallel with the venue (see main.tsx):
// the entry holds what the first paint needs. The staff area is a chunk of its own.
const loadGuest = () => import('./routes/guest-pages.ts');
const GuestLayout = lazy(() => loadGuest().then((m) => ({ default: m.GuestLayout })));
const ChatPage = lazy(() => loadGuest().then((m) => ({ default: m.ChatPage })));
const MenuPage = lazy(() => loadGuest().then((m) => ({ default: m.MenuPage })));
const OrderPage = lazy(() => loadGuest().then((m) => ({ default: m.OrderPage })));
const OrderErrorPage = lazy(() => loadGuest().then((m) => ({ default: m.OrderErrorPage })));
const VenueErrorPage = lazy(() => loadGuest().then((m) => ({ default: m.VenueErrorPage })));
const VenueNotFoundPage = lazy(() => loadGuest().then((m) => ({ default: m.VenueNotFoundPage })));
const AdminPage = lazy(() => import('./routes/admin/admin-page.tsx'));

export function preloadGuestPages(): void {
  void loadGuest();
}

function Boundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <RouteErrorBoundary resetKey={pathname}>{children}</RouteErrorBoundary>;
}

/** A route with its metadata (spec section 2: isAdmin, pageVariant) and its own error boundary. */
function page(meta: RouteMeta & { title?: string }, element: ReactNode, rest: Partial<RouteObject> = {}): RouteObject {
  return { ...rest, handle: meta, element: <Boundary>{element}</Boundary> } as RouteObject;
}

/** Every route of spec section 2. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <GuestLayout />,
    children: [page(GUEST_CHAT, <ChatPage />, { index: true })],
  },
  page(GUEST_CHAT, <GenericErrorPage />, { path: '/error' }),
  // The staff area declares its own routes (and their titles) inside its chunk.
  page(ADMIN, <AdminPage />, { path: '/admin/*' }),
  {
    path: '/:id',
    element: <GuestLayout />,
    children: [
      page(GUEST_CHAT, <ChatPage />, { index: true }),
      page(GUEST_MENU, <MenuPage />, { path: 'menu' }),
      page(GUEST_MENU, <OrderPage />, { path: 'order' }),
      page(GUEST_MENU, <OrderErrorPage />, { path: 'order-error' }),
      page(GUEST_CHAT, <VenueErrorPage />, { path: 'error' }),
      page(GUEST_CHAT, <VenueNotFoundPage />, { path: '*' }),
    ],
  },
  page(GUEST_CHAT, <NotFoundPage />, { path: '*' }),
];

/** Scroll to the top on a new page; the browser restores the position on back and forward. */
function ScrollToTop() {
  const { pathname } = useLocation();
  const type = useNavigationType();
  useEffect(() => {
    if (type !== 'POP') window.scrollTo(0, 0);
  }, [pathname, type]);
  return null;
}

export function AppRoutes() {
  const location = useLocation();
  const element = useRoutes(routes);
  const meta = useMemo(() => {
    const matches = matchRoutes(routes, location) ?? [];
    for (let i = matches.length - 1; i >= 0; i--) {
      const handle: unknown = matches[i]?.route.handle;
      if (isRouteMeta(handle)) return handle;
    }
    return GUEST_CHAT;
  }, [location]);
  return (
    <RouteMetaContext.Provider value={meta}>
      <ScrollToTop />
      <Suspense fallback={<ShellFallback />}>{element}</Suspense>
    </RouteMetaContext.Provider>
  );
}
