import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { I18n } from '../i18n/translator.ts';

const started = vi.hoisted(() => ({ calls: [] as { checkNow?: boolean }[], stops: 0 }));
vi.mock('./build-check.ts', () => ({
  startBuildCheckInBrowser: (_i18n: unknown, options: { checkNow?: boolean }) => {
    started.calls.push(options);
    return () => {
      started.stops += 1;
    };
  },
}));

import { BUILD_CHECK_INTERVAL_MS } from './build-check-interval.ts';
import { scheduleBuildCheck } from './build-check-schedule.ts';

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

/** Lets the dynamic import of the (mocked) check module settle. */
async function settle() {
  for (let i = 0; i < 5; i++) await vi.advanceTimersByTimeAsync(0);
}

describe('the new build check is armed, not downloaded, at start', () => {
  const i18nStub = {} as I18n;
  beforeEach(() => {
    vi.useFakeTimers();
    started.calls = [];
    started.stops = 0;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const table: { name: string; act: () => Promise<void>; loads: boolean }[] = [
    {
      name: 'nothing happens',
      act: async () => void (await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS - 1)),
      loads: false,
    },
    {
      name: 'the page is hidden',
      act: async () => {
        setVisibility('hidden');
        await settle();
      },
      loads: false,
    },
    {
      name: 'the page becomes visible again',
      act: async () => {
        setVisibility('hidden');
        setVisibility('visible');
        await settle();
      },
      loads: true,
    },
    {
      name: 'the interval has passed',
      act: async () => void (await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS)),
      loads: true,
    },
  ];
  it.each(table)('when $name: the check starts = $loads', async ({ act, loads }) => {
    const stop = scheduleBuildCheck(i18nStub);
    await act();
    await settle();
    expect(started.calls).toEqual(loads ? [{ checkNow: true }] : []);
    stop();
    expect(started.stops).toBe(loads ? 1 : 0);
  });

  it('starts once, however many triggers follow', async () => {
    const stop = scheduleBuildCheck(i18nStub);
    setVisibility('visible');
    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS * 2);
    await settle();
    expect(started.calls).toHaveLength(1);
    stop();
  });

  it('a page left before the first check never starts it', async () => {
    const stop = scheduleBuildCheck(i18nStub);
    stop();
    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS);
    await settle();
    expect(started.calls).toEqual([]);
  });
});
