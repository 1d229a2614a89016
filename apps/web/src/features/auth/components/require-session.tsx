import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../hooks/use-session.ts';
import { loginHref } from '../lib/redirect.ts';

/**
 * Spec section 6, "requires the auth check": children once a user is signed in; `fallback` while
 * the first session fetch runs; the login page (with the way back) when nobody is signed in,
 * including right after a refresh failed.
 */
export function RequireSession({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const { ready, loggedIn } = useSession();
  const location = useLocation();
  if (!ready) return <>{fallback}</>;
  if (!loggedIn) return <Navigate to={loginHref(`${location.pathname}${location.search}`)} replace />;
  return <>{children}</>;
}
