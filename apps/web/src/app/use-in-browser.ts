import { startTransition, useEffect, useState } from 'react';

/** True once this browser renders on its own: after the first effect, or from the start of a page it renders itself. */
let hydrated = false;

/** A page the browser renders without server markup (main.tsx): controls are usable from its first render. */
export function markBrowserRendered(): void {
  hydrated = true;
}

/**
 * False on the server and while the browser hydrates a server-rendered page, true after (and from
 * the first render of a page the browser renders itself). What only this browser knows (its stored
 * conversation) or can do (controls that need their handlers) waits for it, so the server's HTML
 * and the hydrating render are the same. The switch is a transition: it never forces the rest of a
 * long menu's hydration into one blocking task.
 */
export function useInBrowser(): boolean {
  const [inBrowser, setInBrowser] = useState(hydrated);
  useEffect(() => {
    hydrated = true;
    if (!inBrowser) startTransition(() => setInBrowser(true));
  }, [inBrowser]);
  return inBrowser;
}
