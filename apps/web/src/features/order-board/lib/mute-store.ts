import { useCallback, useSyncExternalStore } from 'react';

/** The board's mute switch, kept in this browser (the pass tablet stays muted after a reload). */
export const MUTE_STORAGE_KEY = 'carte-board-muted';

const listeners = new Set<() => void>();
// Private mode without storage: the switch still works for this visit.
let memory = false;

function read(): boolean {
  try {
    return localStorage.getItem(MUTE_STORAGE_KEY) === '1';
  } catch {
    return memory;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === MUTE_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function isMuted(): boolean {
  return read();
}

export function useMuted(): [boolean, (muted: boolean) => void] {
  const muted = useSyncExternalStore(subscribe, read, () => false);
  const setMuted = useCallback((value: boolean) => {
    memory = value;
    try {
      if (value) localStorage.setItem(MUTE_STORAGE_KEY, '1');
      else localStorage.removeItem(MUTE_STORAGE_KEY);
    } catch {
      // No storage: `memory` holds the choice.
    }
    listeners.forEach((l) => l());
  }, []);
  return [muted, setMuted];
}
