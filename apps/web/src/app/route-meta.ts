import { createContext, useContext } from 'react';

/** Route metadata of spec section 2, declared in each route's `handle`. */
export interface RouteMeta {
  isAdmin: boolean;
  pageVariant: 'chat' | 'menu';
}

export const GUEST_CHAT: RouteMeta = { isAdmin: false, pageVariant: 'chat' };
export const GUEST_MENU: RouteMeta = { isAdmin: false, pageVariant: 'menu' };
export const ADMIN: RouteMeta = { isAdmin: true, pageVariant: 'chat' };

export function isRouteMeta(value: unknown): value is RouteMeta {
  return typeof value === 'object' && value !== null && 'isAdmin' in value && 'pageVariant' in value;
}

export const RouteMetaContext = createContext<RouteMeta & { title?: string }>(GUEST_CHAT);

/** The metadata of the deepest matched route that declares it (provided by AppRoutes). */
export function useRouteMeta(): RouteMeta & { title?: string } {
  return useContext(RouteMetaContext);
}
