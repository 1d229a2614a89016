import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * Unsaved changes are never lost silently (ui.md). While `dirty`:
 * - closing or reloading the tab asks the browser's own question (beforeunload);
 * - a click on a link inside the app stays on the page and asks first (`pending` holds where the
 *   user wanted to go; `leave()` goes there, `stay()` stays).
 * The app uses a BrowserRouter (no data router, so no useBlocker): links are caught before
 * React Router sees them. React Router handles Back before any page can; the menu section keeps
 * a form with changes on screen itself (components/menu-editor.tsx).
 */
export function useUnsavedGuard(dirty: boolean) {
  const navigate = useNavigate();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const [pending, setPending] = useState<string | null>(null);
  const allowed = useRef(false);
  const state = useRef({ dirty, here });
  useLayoutEffect(() => {
    state.current = { dirty, here };
  }, [dirty, here]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (allowed.current) return;
      event.preventDefault();
      // Older browsers need a returnValue to show their prompt.
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      if (allowed.current || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || link.hasAttribute('download')) return;
      const url = new URL(link.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      const to = `${url.pathname}${url.search}${url.hash}`;
      if (to === state.current.here) return;
      event.preventDefault();
      event.stopPropagation();
      setPending(to);
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty]);

  /** Leave (to `to`, or where the user asked to go) without asking again. */
  const leave = useCallback(
    (to?: string) => {
      const target = to ?? pending;
      setPending(null);
      if (target === null) return;
      allowed.current = true;
      navigate(target);
      // The page may stay mounted (same route, other search params): guard again afterwards.
      queueMicrotask(() => {
        allowed.current = false;
      });
    },
    [navigate, pending],
  );

  /** Asks before going to `to` when there are changes; goes at once when there are none. */
  const request = useCallback(
    (to: string) => {
      if (state.current.dirty) setPending(to);
      else navigate(to);
    },
    [navigate],
  );

  const stay = useCallback(() => setPending(null), []);
  return { pending, leave, stay, request };
}
