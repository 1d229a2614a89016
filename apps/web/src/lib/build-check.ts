/**
 * New build check (spec sections 7 and 9): the app asks `/builds/latest.json` every 60 minutes and
 * when the page becomes visible again; when the server serves another build than the one this
 * page booted with, it offers a reload in a toast. Never while the guest is in the middle of
 * something: an open dialog (the cart, the address form, the pay sheet), a form marked as holding
 * unsaved input (`data-unsaved="true"`), a payment under way (`data-payment-active`), or a text
 * field being typed in. A reload is never repeated within 10 s (a stale cache cannot loop).
 * Loaded when the first check is due (build-check-schedule.ts).
 */
import type { I18n } from '../i18n/translator.ts';
import { BUILD_CHECK_INTERVAL_MS } from './build-check-interval.ts';
import { loadSonner } from './toast.ts';

export { BUILD_CHECK_INTERVAL_MS };
export const RELOAD_GUARD_MS = 10_000;
/** While a new build waits for the guest to finish, the page is looked at again this often. */
export const BUSY_RETRY_MS = 30_000;
export const LATEST_BUILD_URL = '/builds/latest.json';
const RELOADED_AT_KEY = 'carte-build-reloaded-at';

const BUSY_SELECTOR = [
  '[role="dialog"]',
  '[role="alertdialog"]',
  '[aria-modal="true"]',
  'dialog[open]',
  '[data-unsaved="true"]',
  '[data-payment-active]',
].join(',');

/** The build this page was served with (index.html's meta tag, written at build time). */
export function bootBuildId(doc: Document = document): string | null {
  return doc.querySelector<HTMLMetaElement>('meta[name="carte-build"]')?.content || null;
}

/** The guest is in the middle of something a reload would lose. */
export function pageIsBusy(doc: Document = document): boolean {
  if (doc.querySelector(BUSY_SELECTOR)) return true;
  const active = doc.activeElement;
  return (
    (active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement) &&
    !active.readOnly &&
    active.value.trim() !== ''
  );
}

export async function fetchLatestBuildId(fetchImpl: typeof fetch = fetch): Promise<string | null> {
  try {
    const res = await fetchImpl(LATEST_BUILD_URL, { cache: 'no-store', headers: { accept: 'application/json' } });
    if (!res.ok) return null;
    const body = (await res.json()) as { id?: unknown };
    return typeof body.id === 'string' && body.id !== '' ? body.id : null;
  } catch {
    return null;
  }
}

export interface BuildCheckDeps {
  /** The id this page booted with; no check without one (a development server). */
  currentId: string | null;
  fetchLatest?: () => Promise<string | null>;
  /** Shows the offer; `reload` reloads unless the guard says it just did. */
  offerReload: (reload: () => void) => void;
  doc?: Document;
  win?: Pick<Window, 'setInterval' | 'clearInterval' | 'setTimeout' | 'clearTimeout' | 'location'>;
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
  now?: () => number;
  /** Ask once at start too (the schedule loads this module when a check is due). */
  checkNow?: boolean;
}

/** Reloads the page unless it was reloaded for a new build less than 10 s ago. */
export function guardedReload(deps: Pick<BuildCheckDeps, 'storage' | 'now' | 'win'>): boolean {
  const now = (deps.now ?? Date.now)();
  const storage = deps.storage === undefined ? safeSessionStorage() : deps.storage;
  const last = Number(storage?.getItem(RELOADED_AT_KEY) ?? 0);
  if (Number.isFinite(last) && now - last >= 0 && now - last < RELOAD_GUARD_MS) return false;
  storage?.setItem(RELOADED_AT_KEY, String(now));
  (deps.win ?? window).location.reload();
  return true;
}

function safeSessionStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Starts checking; returns the function that stops it. */
export function startBuildCheck(deps: BuildCheckDeps): () => void {
  const doc = deps.doc ?? document;
  const win = deps.win ?? window;
  const fetchLatest = deps.fetchLatest ?? (() => fetchLatestBuildId());
  if (!deps.currentId) return () => {};

  let offered: string | null = null;
  let pending: string | null = null;
  let retry: number | undefined;
  let checking = false;
  let stopped = false;

  const offer = () => {
    retry = undefined;
    if (stopped || !pending || pending === offered) return;
    if (pageIsBusy(doc)) {
      retry = win.setTimeout(offer, BUSY_RETRY_MS);
      return;
    }
    offered = pending;
    deps.offerReload(() => {
      guardedReload(deps);
    });
  };

  const check = async () => {
    if (checking || stopped) return;
    checking = true;
    try {
      const latest = await fetchLatest();
      if (latest && latest !== deps.currentId && latest !== offered) {
        pending = latest;
        if (retry === undefined) offer();
      }
    } finally {
      checking = false;
    }
  };

  const onVisible = () => {
    if (doc.visibilityState === 'visible') void check();
  };
  const interval = win.setInterval(() => void check(), BUILD_CHECK_INTERVAL_MS);
  doc.addEventListener('visibilitychange', onVisible);
  if (deps.checkNow) void check();
  return () => {
    stopped = true;
    win.clearInterval(interval);
    if (retry !== undefined) win.clearTimeout(retry);
    doc.removeEventListener('visibilitychange', onVisible);
  };
}

/** In the browser: the offer is a toast with a Reload action that stays until the guest acts on it. */
export function startBuildCheckInBrowser(i18n: I18n, options: Pick<BuildCheckDeps, 'checkNow'> = {}): () => void {
  return startBuildCheck({
    ...options,
    currentId: bootBuildId(),
    offerReload: (reload) =>
      void loadSonner().then(({ toast }) =>
        toast(i18n.t('app.updateAvailable'), {
          id: 'carte-new-build',
          // A reload offer that fades after 4 s is missed.
          duration: Number.POSITIVE_INFINITY,
          action: { label: i18n.t('app.updateReload'), onClick: reload },
        }),
      ),
  });
}
