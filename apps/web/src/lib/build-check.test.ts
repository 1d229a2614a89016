import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BUILD_CHECK_INTERVAL_MS,
  BUSY_RETRY_MS,
  RELOAD_GUARD_MS,
  bootBuildId,
  fetchLatestBuildId,
  guardedReload,
  pageIsBusy,
  startBuildCheck,
} from './build-check.ts';

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('new build check', () => {
  let latest: string | null;
  let fetchLatest: ReturnType<typeof vi.fn<() => Promise<string | null>>>;
  let offers: (() => void)[];
  let stop: () => void;

  beforeEach(() => {
    vi.useFakeTimers();
    latest = 'build-1';
    fetchLatest = vi.fn(async () => latest);
    offers = [];
    document.body.innerHTML = '';
  });
  afterEach(() => {
    stop?.();
    vi.useRealTimers();
    document.body.innerHTML = '';
    document.head.innerHTML = '';
  });

  const start = (currentId: string | null = 'build-1') => {
    stop = startBuildCheck({ currentId, fetchLatest, offerReload: (reload) => offers.push(reload) });
  };

  it('reads the id the page booted with from index.html', () => {
    expect(bootBuildId()).toBeNull();
    document.head.innerHTML = '<meta name="carte-build" content="abc123">';
    expect(bootBuildId()).toBe('abc123');
  });

  it('asks every 60 minutes, not before', async () => {
    expect(BUILD_CHECK_INTERVAL_MS).toBe(3_600_000);
    start();
    await vi.advanceTimersByTimeAsync(3_599_999);
    expect(fetchLatest).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchLatest).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(fetchLatest).toHaveBeenCalledTimes(2);
    expect(offers).toHaveLength(0);
  });

  it('asks at once when started for a check that is due (checkNow)', async () => {
    latest = 'build-2';
    stop = startBuildCheck({ currentId: 'build-1', fetchLatest, offerReload: (reload) => offers.push(reload), checkNow: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchLatest).toHaveBeenCalledTimes(1);
    expect(offers).toHaveLength(1);
  });

  it('asks when the page becomes visible again, not when it is hidden', async () => {
    start();
    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchLatest).not.toHaveBeenCalled();
    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchLatest).toHaveBeenCalledTimes(1);
  });

  it('offers a reload once when the server serves another build', async () => {
    start();
    latest = 'build-2';
    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(offers).toHaveLength(1);
    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS);
    expect(offers).toHaveLength(1);
    latest = 'build-3';
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS);
    expect(offers).toHaveLength(2);
  });

  it('does nothing without a boot id (a development server) or when the server has none', async () => {
    start(null);
    latest = 'build-2';
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS * 2);
    expect(fetchLatest).not.toHaveBeenCalled();
    stop();
    latest = null;
    start('build-1');
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS);
    expect(offers).toHaveLength(0);
  });

  it.each<[string, () => void]>([
    ['a dialog is open', () => (document.body.innerHTML = '<div role="dialog" aria-modal="true">Cart</div>')],
    ['a payment is under way', () => (document.body.innerHTML = '<div data-payment-active>Pay</div>')],
    ['a form holds unsaved input', () => (document.body.innerHTML = '<form data-unsaved="true"><input></form>')],
    [
      'the guest is typing',
      () => {
        document.body.innerHTML = '<input aria-label="Ask">';
        const input = document.querySelector('input')!;
        input.value = 'Is the tiramisu';
        input.focus();
      },
    ],
  ])('waits while %s, then offers', async (_name, busy) => {
    busy();
    expect(pageIsBusy()).toBe(true);
    start();
    latest = 'build-2';
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS);
    expect(offers).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(BUSY_RETRY_MS);
    expect(offers).toHaveLength(0);
    document.body.innerHTML = '';
    expect(pageIsBusy()).toBe(false);
    await vi.advanceTimersByTimeAsync(BUSY_RETRY_MS);
    expect(offers).toHaveLength(1);
  });

  it('an empty focused field or a closed page is not busy', () => {
    document.body.innerHTML = '<input aria-label="Ask">';
    document.querySelector('input')!.focus();
    expect(pageIsBusy()).toBe(false);
  });

  it('the offer reloads, but never twice within 10 s', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    };
    const reload = vi.fn();
    const win = { location: { reload } } as unknown as Window;
    let now = 1_000_000;
    const deps = { storage, win, now: () => now };
    expect(RELOAD_GUARD_MS).toBe(10_000);
    expect(guardedReload(deps)).toBe(true);
    now += 9_999;
    expect(guardedReload(deps)).toBe(false);
    now += 1;
    expect(guardedReload(deps)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('reads the latest build without any cache and treats failures as no answer', async () => {
    const ok = vi.fn(async () => new Response(JSON.stringify({ id: 'b7', builtAt: '2026-11-22T10:00:00Z' })));
    expect(await fetchLatestBuildId(ok as unknown as typeof fetch)).toBe('b7');
    expect(ok).toHaveBeenCalledWith('/builds/latest.json', expect.objectContaining({ cache: 'no-store' }));
    const down = vi.fn(async () => new Response('nope', { status: 503 }));
    expect(await fetchLatestBuildId(down as unknown as typeof fetch)).toBeNull();
    const offline = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')));
    expect(await fetchLatestBuildId(offline as unknown as typeof fetch)).toBeNull();
  });
});
