import { lazy, Suspense, useEffect, useMemo, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, useLocation, useNavigationType, useRoutes, type RouteObject } from 'react-router';
import { RouteErrorBoundary } from '../features/errors/components/route-error-boundary.tsx';
import { ADMIN, GUEST_CHAT, GUEST_MENU, isRouteMeta, RouteMetaContext, type RouteMeta } from './route-meta.ts';
import { GenericErrorPage, NotFoundPage } from './routes/plain-pages.tsx';
import { ShellFallback } from './routes/shell-fallback.tsx';
import type * as GuestPagesModule from './routes/guest-pages.ts';

// The guest pages: the layout's chunk (guest-pages.ts) and one chunk per page, fetched at start in
// parallel with the venue (see main.tsx): the entry holds what the first paint needs, a guest
// downloads the page they opened. The staff area is a chunk of its own.
type GuestModule = typeof GuestPagesModule;
type GuestPageName = 'chat' | 'menu' | 'order';

/** A chunk downloaded once, kept once here (a failed download is tried again on the next call). */
function chunk<T>(download: () => Promise<T>) {
  let value: T | undefined;
  let pending: Promise<T> | undefined;
  return {
    get: () => value,
    load: (): Promise<T> =>
      (pending ??= download().then(
        (loaded) => (value = loaded),
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      )),
  };
}

const guestChunk = chunk<GuestModule>(() => import('./routes/guest-pages.ts'));
const pageChunks: Record<GuestPageName, ReturnType<typeof chunk<ComponentType>>> = {
  chat: chunk(() => import('./routes/chat-page.tsx').then((m) => m.ChatPage)),
  menu: chunk(() => import('./routes/menu-page.tsx').then((m) => m.MenuPage)),
  order: chunk(() => import('./routes/order-page.tsx').then((m) => m.OrderPage)),
};

/**
 * A component of a guest chunk, lazy. Once its chunk is loaded it renders at once, with no
 * Suspense: React takes a module handed over synchronously (a thenable that resolves when asked)
 * without suspending. The server renderer and a browser hydrating a server-rendered page load the
 * chunks first, so both render the same tree synchronously.
 */
function guestComponent(get: () => ComponentType | undefined, load: () => Promise<ComponentType>) {
  return lazy(() => {
    const loaded = get();
    if (!loaded) return load().then((component) => ({ default: component }));
    const ready = {
      then(resolve: (module: { default: ComponentType }) => void) {
        resolve({ default: loaded });
      },
    };
    return ready as unknown as Promise<{ default: ComponentType }>;
  });
}

function layoutPart(name: keyof GuestModule) {
  return guestComponent(
    () => guestChunk.get()?.[name],
    () => guestChunk.load().then((module) => module[name]),
  );
}

const GuestLayout = layoutPart('GuestLayout');
const OrderErrorPage = layoutPart('OrderErrorPage');
const VenueErrorPage = layoutPart('VenueErrorPage');
const VenueNotFoundPage = layoutPart('VenueNotFoundPage');
const ChatPage = guestComponent(pageChunks.chat.get, pageChunks.chat.load);
const MenuPage = guestComponent(pageChunks.menu.get, pageChunks.menu.load);
const OrderPage = guestComponent(pageChunks.order.get, pageChunks.order.load);
const AdminPage = lazy(() => import('./routes/admin/admin-page.tsx'));

/** Which guest page's chunk a path shows (routes below), if any. */
const pageOfRoute = new WeakMap<RouteObject, GuestPageName>();

export function guestPageAt(pathname: string): GuestPageName | undefined {
  const matches = matchRoutes(routes, pathname);
  const leaf = matches?.[matches.length - 1]?.route;
  return leaf ? pageOfRoute.get(leaf) : undefined;
}

/**
 * Loads the guest layout's chunk and the chunk of the page at `pathname`; with no path, every guest
 * page (the server renders any of them).
 */
export async function loadGuestPages(pathname?: string): Promise<void> {
  const page = pathname === undefined ? undefined : guestPageAt(pathname);
  const pages = pathname === undefined ? (Object.keys(pageChunks) as GuestPageName[]) : page ? [page] : [];
  await Promise.all([guestChunk.load(), ...pages.map((name) => pageChunks[name].load())]);
}

export function preloadGuestPages(pathname: string): void {
  void loadGuestPages(pathname).catch(() => undefined);
}

function Boundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <RouteErrorBoundary resetKey={pathname}>{children}</RouteErrorBoundary>;
}

/** A route with its metadata (spec section 2: isAdmin, pageVariant) and its own error boundary. */
function page(meta: RouteMeta & { title?: string }, element: ReactNode, rest: Partial<RouteObject> = {}): RouteObject {
  return { ...rest, handle: meta, element: <Boundary>{element}</Boundary> } as RouteObject;
}

/** A route to one of the guest pages that are chunks of their own. */
function guestRoute(name: GuestPageName, meta: RouteMeta, element: ReactNode, rest: Partial<RouteObject>): RouteObject {
  const route = page(meta, element, rest);
  pageOfRoute.set(route, name);
  return route;
}

/** Every route of spec section 2. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <GuestLayout />,
    children: [guestRoute('chat', GUEST_CHAT, <ChatPage />, { index: true })],
  },
  page(GUEST_CHAT, <GenericErrorPage />, { path: '/error' }),
  // The staff area declares its own routes (and their titles) inside its chunk.
  page(ADMIN, <AdminPage />, { path: '/admin/*' }),
  {
    path: '/:id',
    element: <GuestLayout />,
    children: [
      guestRoute('chat', GUEST_CHAT, <ChatPage />, { index: true }),
      guestRoute('menu', GUEST_MENU, <MenuPage />, { path: 'menu' }),
      guestRoute('order', GUEST_MENU, <OrderPage />, { path: 'order' }),
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
