import type { I18n } from '../i18n/translator.ts';

/**
 * Starts the new build check once the page is idle, from its own chunk (build-check.ts): the
 * guest's first load carries only these lines.
 */
export function scheduleBuildCheck(i18n: I18n): () => void {
  let stop: (() => void) | undefined;
  let cancelled = false;
  const start = () => {
    void import('./build-check.ts').then((check) => {
      if (!cancelled) stop = check.startBuildCheckInBrowser(i18n);
    });
  };
  // Safari has no requestIdleCallback: a few seconds after start is idle enough there.
  const hasIdle = typeof window.requestIdleCallback === 'function';
  const idle = hasIdle ? window.requestIdleCallback(start, { timeout: 10_000 }) : window.setTimeout(start, 3_000);
  return () => {
    cancelled = true;
    if (hasIdle) window.cancelIdleCallback(idle);
    else window.clearTimeout(idle);
    stop?.();
  };
}
