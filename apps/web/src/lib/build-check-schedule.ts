import type { I18n } from '../i18n/translator.ts';
import { BUILD_CHECK_INTERVAL_MS } from './build-check-interval.ts';

/**
 * Arms the new build check (build-check.ts) without downloading it: its chunk is fetched when the
 * first check is due, that is when the page becomes visible again after being hidden or after
 * BUILD_CHECK_INTERVAL_MS, and that check runs at once. A guest reading the menu never downloads
 * it; the guest's first load carries only these lines.
 */
export function scheduleBuildCheck(i18n: I18n): () => void {
  let stop: (() => void) | undefined;
  let cancelled = false;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    disarm();
    void import('./build-check.ts').then(
      (check) => {
        if (!cancelled) stop = check.startBuildCheckInBrowser(i18n, { checkNow: true });
      },
      // A failed download is tried again when the next check is due.
      () => {
        started = false;
        if (!cancelled) arm();
      },
    );
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') start();
  };
  let timer: number | undefined;
  const arm = () => {
    timer = window.setTimeout(start, BUILD_CHECK_INTERVAL_MS);
    document.addEventListener('visibilitychange', onVisible);
  };
  const disarm = () => {
    window.clearTimeout(timer);
    document.removeEventListener('visibilitychange', onVisible);
  };
  arm();
  return () => {
    cancelled = true;
    disarm();
    stop?.();
  };
}
