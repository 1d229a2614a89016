import { create } from 'zustand';
import { TOKEN_REFRESH_MARGIN_MS } from '@carte/domain/auth';
import {
  deleteSession,
  getSession,
  login as loginCall,
  logout as logoutCall,
  refreshSession,
  type Credentials,
  type SessionExpiry,
  type StaffUser,
  type StaffVenue,
} from '../api/auth-api.ts';
import { mergeVenues } from '../lib/merge-venues.ts';

/** Spec section 9: the token refreshes automatically 30,000 ms before it expires. */
export const REFRESH_BEFORE_EXPIRY_MS = TOKEN_REFRESH_MARGIN_MS;
/** The access token's expiry, shared by the tabs of this browser (the cookies are shared too). */
export const EXPIRY_STORAGE_KEY = 'carte-staff-expires-at';
const MAX_TIMER_MS = 2_147_483_647;

export interface SessionState {
  /** False until the first GET /api/_auth/session has answered (spec section 4). */
  ready: boolean;
  user: StaffUser | null;
  venues: StaffVenue[];
  /** Invitations to a venue's staff waiting for the user's answer (the venue choice shows them). */
  invitations: number;
  /** When the access token expires (epoch ms, this browser's clock). */
  expiresAt: number | null;
  /** Why the last session ended without the user asking: the login page says so. */
  ended: 'expired' | null;
  /** The first session fetch (once; later calls share it). */
  loadSession: () => Promise<void>;
  /** Spec section 4: the store resets, logs in, then loads the user. Rejects with the ApiError. */
  login: (credentials: Credentials) => Promise<void>;
  /** POST /api/auth/logout and DELETE /api/_auth/session, then the store resets. */
  logout: () => Promise<void>;
  /** Rotates the tokens; a failure leaves no session (and the guards send to the login page). */
  refresh: () => Promise<boolean>;
  reset: () => void;
  /** Reads the session again (after the user answered an invitation: their venues changed). */
  reloadSession: () => Promise<void>;
}

let timer: ReturnType<typeof setTimeout> | undefined;
let loading: Promise<void> | null = null;
let refreshing: Promise<boolean> | null = null;
let loggingOut: Promise<void> | null = null;

/** Local expiry from the lifetime, so a server clock that differs from this one does not matter. */
export function expiryFrom(answer: SessionExpiry, now = Date.now()): number {
  if (typeof answer.expires === 'number' && answer.expires > 0) return now + answer.expires;
  const at = typeof answer.expires_at === 'number' ? answer.expires_at : Date.parse(answer.expires_at);
  return Number.isFinite(at) ? at : now;
}

function readStoredExpiry(): number | null {
  try {
    const value = Number(localStorage.getItem(EXPIRY_STORAGE_KEY));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

function writeStoredExpiry(value: number | null): void {
  try {
    if (value === null) localStorage.removeItem(EXPIRY_STORAGE_KEY);
    else localStorage.setItem(EXPIRY_STORAGE_KEY, String(value));
  } catch {
    // Private mode without storage: this tab still refreshes on its own timer.
  }
}

const isDue = (expiresAt: number) => expiresAt - REFRESH_BEFORE_EXPIRY_MS <= Date.now();

/**
 * Tabs share the cookies, and a refresh token used twice revokes the whole family: only one tab
 * refreshes at a time, and a tab that finds a fresh expiry (another tab refreshed) adopts it.
 */
async function oneTabAtATime<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request('carte-staff-refresh', work) : work();
}

export const useSessionStore = create<SessionState>()((set, get) => {
  const schedule = (expiresAt: number) => {
    clearTimeout(timer);
    const delay = Math.min(Math.max(expiresAt - REFRESH_BEFORE_EXPIRY_MS - Date.now(), 0), MAX_TIMER_MS);
    timer = setTimeout(() => void get().refresh(), delay);
  };

  const keep = (expiresAt: number) => {
    writeStoredExpiry(expiresAt);
    set({ expiresAt });
    schedule(expiresAt);
  };

  const clear = (ended: SessionState['ended']) => {
    clearTimeout(timer);
    timer = undefined;
    writeStoredExpiry(null);
    set({ user: null, venues: [], invitations: 0, expiresAt: null, ended });
  };

  const applySession = (user: StaffUser | null, venues: StaffVenue[] | undefined, invitations = 0) => {
    set({ ready: true, user, venues: user ? mergeVenues(venues) : [], invitations: user ? invitations : 0 });
  };

  listenAcrossTabs(get, schedule, set);

  return {
    ready: false,
    user: null,
    venues: [],
    invitations: 0,
    expiresAt: null,
    ended: null,

    reloadSession: async () => {
      const session = await getSession();
      applySession(session.user ?? null, session.venues, session.invitations);
    },

    loadSession: () => {
      if (get().ready) return Promise.resolve();
      loading ??= getSession()
        .then(
          (session) => {
            applySession(session.user ?? null, session.venues, session.invitations);
            if (!session.user) return clear(null);
            // A reload: carry on with the expiry this browser knows, or learn it by refreshing.
            const known = readStoredExpiry();
            if (known !== null && !isDue(known)) keep(known);
            else void get().refresh();
          },
          () => {
            // No retry: a failed fetch is an empty session.
            applySession(null, []);
          },
        )
        .finally(() => {
          loading = null;
        });
      return loading;
    },

    login: async (credentials) => {
      get().reset();
      const answer = await loginCall(credentials);
      keep(expiryFrom(answer));
      const session = await getSession();
      if (!session.user) {
        clear(null);
        throw new Error('The session has no user after signing in.');
      }
      applySession(session.user, session.venues, session.invitations);
    },

    logout: () => {
      loggingOut ??= (async () => {
        clearTimeout(timer);
        try {
          await logoutCall().catch(() => undefined);
          await deleteSession().catch(() => undefined);
        } finally {
          get().reset();
          set({ ready: true });
          loggingOut = null;
        }
      })();
      return loggingOut;
    },

    refresh: () => {
      refreshing ??= oneTabAtATime(async () => {
        const stored = readStoredExpiry();
        if (stored !== null && stored !== get().expiresAt && !isDue(stored)) {
          keep(stored);
          return true;
        }
        const answer = await refreshSession();
        keep(expiryFrom(answer));
        return true;
      })
        .catch(() => {
          clear('expired');
          return false;
        })
        .finally(() => {
          refreshing = null;
        });
      return refreshing;
    },

    reset: () => {
      clear(null);
    },
  };
});

/**
 * Another tab that refreshed writes the new expiry: this tab adopts it instead of refreshing
 * with a token that is already used. A tab coming back from the background refreshes at once
 * when its timer was held back past the due time.
 */
function listenAcrossTabs(
  get: () => SessionState,
  schedule: (expiresAt: number) => void,
  set: (partial: Partial<SessionState>) => void,
): void {
  if (typeof window === 'undefined') return;
  window.addEventListener('storage', (event) => {
    if (event.key !== EXPIRY_STORAGE_KEY || !get().user) return;
    const value = Number(event.newValue);
    if (event.newValue && Number.isFinite(value) && value > 0) {
      set({ expiresAt: value });
      schedule(value);
    }
  });
  document.addEventListener('visibilitychange', () => {
    const { user, expiresAt } = get();
    if (document.visibilityState === 'visible' && user && expiresAt !== null && isDue(expiresAt)) {
      void get().refresh();
    }
  });
}

/** Back to the first-load state (tests start from here). */
export function resetSessionStore(): void {
  clearTimeout(timer);
  timer = undefined;
  loading = null;
  refreshing = null;
  loggingOut = null;
  useSessionStore.setState({ ready: false, user: null, venues: [], expiresAt: null, ended: null });
}
