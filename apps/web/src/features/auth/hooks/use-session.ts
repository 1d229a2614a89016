import { useEffect } from 'react';
import { useSessionStore } from '../store/session-store.ts';

/**
 * The staff session (spec section 4): `ready` once the first session fetch answered, `loggedIn`
 * when it holds a user. Mounting it starts that fetch.
 */
export function useSession() {
  // One selector per field (each is a stable value): no shallow-compare helper shared with the
  // guest chunk, so the guest page's JavaScript stays as it is.
  const ready = useSessionStore((s) => s.ready);
  const user = useSessionStore((s) => s.user);
  const venues = useSessionStore((s) => s.venues);
  const ended = useSessionStore((s) => s.ended);
  const invitations = useSessionStore((s) => s.invitations);
  const loadSession = useSessionStore((s) => s.loadSession);
  useEffect(() => {
    void loadSession();
  }, [loadSession]);
  return { ready, user, venues, ended, invitations, loggedIn: user !== null };
}

export const useLogin = () => useSessionStore((s) => s.login);
export const useLogout = () => useSessionStore((s) => s.logout);
