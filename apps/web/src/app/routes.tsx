import { lazy, Suspense, useEffect, useMemo, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, useLocation, useNavigationType, useRoutes, type RouteObject } from 'react-router';
import { RouteErrorBoundary } from '../features/errors/components/route-error-boundary.tsx';
import { ADMIN, GUEST_CHAT, GUEST_MENU, isRouteMeta, RouteMetaContext, type RouteMeta } from './route-meta.ts';
import { GenericErrorPage, NotFoundPage } from './routes/plain-pages.tsx';
import { ShellFallback } from './routes/shell-fallback.tsx';
import type * as GuestPagesModule from './routes/guest-pages.ts';

// The guest pages are one chunk, fetched at start in parallel with the venue (see main.tsx):
// the entry holds what the first paint needs. The staff area is a chunk of its own.
type GuestModule = typeof GuestPagesModule;
let guestModule: GuestModule | undefined;
let guestLoad: Promise<GuestModule> | undefined;

/** Loads the guest chunk once (a failed download is tried again on the next call). */
export function loadGuestPages(): Promise<GuestModule> {
  guestLoad ??= import('./routes/guest-pages.ts').then(
    (module) => (guestModule = module),
    (error: unknown) => {
      guestLoad = undefined;
      throw error;
    },
  );
  return guestLoad;
}

/**
 * A page of the guest chunk, lazy. Once the chunk is loaded its pages render at once, with no
 * Suspense: React takes a module handed over synchronously (a thenable that resolves when asked)
 * without suspending. The server renderer and a browser hydrating a server-rendered page load the
 * chunk first, so both render the same tree synchronously.
 */
function guestPage(name: keyof GuestModule) {
  return lazy(() => {
    const loaded = guestModule;
    if (!loaded) return loadGuestPages().then((module) => ({ default: module[name] as ComponentType }));
    const ready = {
      then(resolve: (module: { default: ComponentType }) => void) {
        resolve({ default: loaded[name] as ComponentType });
      },
    };
    return ready as unknown as Promise<{ default: ComponentType }>;
  });
}

const GuestLayout = guestPage('GuestLayout');
const ChatPage = guestPage('ChatPage');
const MenuPage = guestPage('MenuPage');
const OrderPage = guestPage('OrderPage');
const OrderErrorPage = guestPage('OrderErrorPage');
const VenueErrorPage = guestPage('VenueErrorPage');
const VenueNotFoundPage = guestPage('VenueNotFoundPage');
const AdminPage = lazy(() => import('./routes/admin/admin-page.tsx'));

export function preloadGuestPages(): void {
  void loadGuestPages().catch(() => undefined);
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
