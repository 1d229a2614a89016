import {
  createContext,
  createElement,
  useCallback,
  useContext,
  useEffect,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { PublicVenueResponse } from '@carte/domain/public-types';
import { ApiError, isApiError } from '../../../lib/api-client.ts';
import { takeVenueSeeds, type VenueSeed } from '../../../lib/venue-prefetch.ts';
import { getVenue } from './get-venue.ts';

/**
 * The guest pages' venue (GET /api/public/venue), kept per venue slug: the one piece of server state
 * the chat and menu pages need. A small store instead of TanStack Query, whose ~10 KB would be half
 * the guest pages' own code in their first load (docs/decisions/012). It does what the pages relied
 * on Query for:
 * - a server-rendered page starts from the answer it embeds (seed), the server renderer from the one
 *   it was given, so both render the same tree and nothing is asked again;
 * - the answer is asked for when a page that shows the venue mounts and it is older than
 *   VENUE_STALE_MS, missing, or a failure that may pass (one request at a time per venue);
 * - a 4xx stays (an unknown venue stays unknown, no new request); a network failure or a 5xx is tried
 *   twice more, after 1 s and 2 s;
 * - a failed refresh keeps the venue shown: only a venue with no answer yet shows the error.
 */
export const VENUE_STALE_MS = 60_000;
const RETRIES = 2;
const retryDelay = (failures: number) => Math.min(1000 * 2 ** failures, 30_000);

export interface VenueEntry {
  data: PublicVenueResponse | undefined;
  /** The last failure, until an answer replaces it. */
  error: ApiError | Error | null;
  /** When `data` arrived (ms since the epoch). */
  updatedAt: number;
  fetching: boolean;
}

export interface VenueStore {
  get(slug: string): VenueEntry | undefined;
  subscribe(listener: () => void): () => void;
  /** Takes an answer the page already has (embedded by the server, or given to the renderer). */
  seed(seed: VenueSeed): void;
  /** Asks now, unless a request for this venue is under way (then waits for it). */
  fetch(slug: string): Promise<void>;
  /** What a page that mounts calls: asks when the venue is missing, stale or failed in a way that may pass. */
  ensure(slug: string): void;
}

export interface VenueStoreOptions {
  load?: (slug: string) => Promise<PublicVenueResponse>;
  /** Tries after a failure that may pass (tests use 0). */
  retries?: number;
  now?: () => number;
  wait?: (ms: number) => Promise<void>;
}

/** A failure that asking again cannot change: a 4xx (the venue is unknown, the request is wrong). */
const isFinal = (error: unknown) => isApiError(error) && error.status >= 400 && error.status < 500;

export function createVenueStore(options: VenueStoreOptions = {}): VenueStore {
  const load = options.load ?? ((slug: string) => getVenue(slug));
  const retries = options.retries ?? RETRIES;
  const now = options.now ?? Date.now;
  const wait = options.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const entries = new Map<string, VenueEntry>();
  const inFlight = new Map<string, Promise<void>>();
  const listeners = new Set<() => void>();

  const set = (slug: string, change: Partial<VenueEntry>) => {
    const previous = entries.get(slug) ?? { data: undefined, error: null, updatedAt: 0, fetching: false };
    entries.set(slug, { ...previous, ...change });
    for (const listener of listeners) listener();
  };

  const request = async (slug: string) => {
    set(slug, { fetching: true });
    for (let failures = 0; ; failures++) {
      try {
        const data = await load(slug);
        set(slug, { data, error: null, updatedAt: now(), fetching: false });
        return;
      } catch (error) {
        if (isFinal(error) || failures >= retries) {
          set(slug, { error: error instanceof Error ? error : new Error(String(error)), fetching: false });
          return;
        }
        await wait(retryDelay(failures));
      }
    }
  };

  const store: VenueStore = {
    get: (slug) => entries.get(slug),
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    seed({ slug, status, body }) {
      if (body.success) set(slug, { data: body.data, error: null, updatedAt: now(), fetching: false });
      else set(slug, { error: new ApiError(status, body.code, body.error), fetching: false });
    },
    fetch(slug) {
      let pending = inFlight.get(slug);
      if (!pending) {
        pending = request(slug).finally(() => inFlight.delete(slug));
        inFlight.set(slug, pending);
      }
      return pending;
    },
    ensure(slug) {
      const entry = entries.get(slug);
      if (entry?.fetching) return;
      const fresh = entry?.data !== undefined && now() - entry.updatedAt < VENUE_STALE_MS;
      const settled = entry?.data === undefined && entry?.error != null && isFinal(entry.error);
      if (!fresh && !settled) void store.fetch(slug);
    },
  };
  return store;
}

let browserStore: VenueStore | undefined;

/** The browser's one store, seeded with the venue the server embedded in the page. */
function browserVenueStore(): VenueStore {
  if (!browserStore) {
    browserStore = createVenueStore();
    for (const seed of takeVenueSeeds()) browserStore.seed(seed);
  }
  return browserStore;
}

const VenueStoreContext = createContext<VenueStore | null>(null);

/** Gives the pages below their own store (the server renderer per page, tests per test). */
export function VenueStoreProvider({ store, children }: { store: VenueStore; children: ReactNode }) {
  return createElement(VenueStoreContext.Provider, { value: store }, children);
}

export interface VenueState {
  data: PublicVenueResponse | undefined;
  /** The failure to show: only while there is no venue to show. */
  error: ApiError | Error | null;
  isError: boolean;
  isPending: boolean;
  refetch: () => Promise<void>;
}

/** The venue of `slug` for a page that shows it (asked for when missing or stale, see above). */
export function useVenue(slug: string): VenueState {
  const store = useContext(VenueStoreContext) ?? browserVenueStore();
  const read = useCallback(() => store.get(slug), [store, slug]);
  const entry = useSyncExternalStore(store.subscribe, read, read);
  useEffect(() => store.ensure(slug), [store, slug]);
  const refetch = useCallback(() => store.fetch(slug), [store, slug]);
  const data = entry?.data;
  const error = data === undefined ? (entry?.error ?? null) : null;
  return { data, error, isError: error !== null, isPending: data === undefined && error === null, refetch };
}
