import { useSyncExternalStore } from 'react';

/** The assistant's html through the client's allow-list (sanitize-html.ts: DOMPurify, architecture.md section 9). */
export type Sanitize = (html: string) => string;

export interface SanitizerState {
  /** Once its chunk is here. Until then no assistant html reaches the page (chat-message.tsx shows its text). */
  sanitize: Sanitize | null;
  /** The last download failed; the next need downloads it again. */
  failed: boolean;
}

let state: SanitizerState = { sanitize: null, failed: false };
let pending: Promise<Sanitize | null> | null = null;
const listeners = new Set<() => void>();

function settle(next: SanitizerState) {
  state = next;
  for (const listener of listeners) listener();
}

/**
 * Downloads the sanitiser, DOMPurify and our allow-list (~10 KB), a chunk of its own: a first visit
 * has no reply to show, so it is not part of the page load. It is asked for when a reply must be
 * shown (a stored conversation, the staff chat) or is coming (the guest starts to write, taps a
 * suggestion, sends). Once per page; a failed download is forgotten, so the next need asks again.
 * Never rejects: null when the download failed.
 */
export function loadSanitizer(): Promise<Sanitize | null> {
  if (state.sanitize) return Promise.resolve(state.sanitize);
  pending ??= import('./sanitize-html.ts').then(
    ({ sanitizeAssistantHtml }) => {
      settle({ sanitize: sanitizeAssistantHtml, failed: false });
      return sanitizeAssistantHtml;
    },
    () => {
      pending = null;
      settle({ sanitize: null, failed: true });
      return null;
    },
  );
  return pending;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getState = () => state;

/** The sanitiser's state, re-rendering when it arrives or its download fails. */
export function useSanitizer(): SanitizerState {
  return useSyncExternalStore(subscribe, getState, getState);
}
