import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False on the server and while the browser hydrates a server-rendered page, true after (and from
 * the first render of a page the browser renders itself). What only this browser knows (its stored
 * conversation) or can do (controls that need their handlers) waits for it, so the server's HTML
 * and the hydrating render are the same.
 */
export function useInBrowser(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
