import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { server } from './server.ts';

// Two shared cores on CI: the first render of a lazy route compiles its chunk.
configure({ asyncUtilTimeout: 5_000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

// A test that logs console.error fails (epic-stack setup-test-env): React warnings are bugs.
let consoleErrors: unknown[][] = [];
beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  });
  window.history.replaceState(null, '', '/');
  // Stored state (chat history, cart) must not leak from one test into the next.
  localStorage.clear();
  sessionStorage.clear();
  const errors = consoleErrors;
  consoleErrors = [];
  if (errors.length > 0) {
    throw new Error(`console.error was called:\n${errors.map((a) => a.map(String).join(' ')).join('\n')}`);
  }
});

// jsdom has no layout: the few browser APIs the menu uses for scrolling.
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
if (!window.scrollTo || String(window.scrollTo).includes('notImplemented')) window.scrollTo = () => {};
// Nor pointer capture, which the toasts' swipe-to-dismiss uses when a toast's button is pressed.
if (!Element.prototype.setPointerCapture) Element.prototype.setPointerCapture = () => {};
if (!Element.prototype.releasePointerCapture) Element.prototype.releasePointerCapture = () => {};
if (!Element.prototype.hasPointerCapture) Element.prototype.hasPointerCapture = () => false;

// jsdom (29) has <dialog> and its `open` attribute but not showModal() or close(), which the
// delivery-or-table question's sheet uses (components/ui/native-sheet.tsx). This stand-in follows
// the HTML spec's steps the app relies on: showModal() sets `open` and focuses the first control
// (the dialog focusing steps), Escape fires a cancelable `cancel` and closes unless it is
// cancelled, close() removes `open`, gives focus back to what had it and fires `close` in a task.
// It has no top layer and does not make the page inert: the e2e journeys check those in Chromium.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  const FOCUSABLE = 'button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])';
  const modals: HTMLDialogElement[] = [];
  const returnFocus = new WeakMap<HTMLDialogElement, Element | null>();
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    if (this.open) throw new DOMException('The dialog is already open.', 'InvalidStateError');
    if (!this.isConnected) throw new DOMException('The dialog is not in a document.', 'InvalidStateError');
    this.setAttribute('open', '');
    modals.push(this);
    returnFocus.set(this, document.activeElement);
    const control =
      this.querySelector<HTMLElement>('[autofocus]') ??
      [...this.querySelectorAll<HTMLElement>(FOCUSABLE)].find((el) => !el.matches(':disabled'));
    (control ?? this).focus();
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.removeAttribute('open');
    modals.splice(modals.indexOf(this), 1);
    const previous = returnFocus.get(this);
    if (previous instanceof HTMLElement && this.contains(document.activeElement)) previous.focus();
    setTimeout(() => this.dispatchEvent(new Event('close')));
  };
  document.addEventListener('keydown', (event) => {
    const top = modals.at(-1);
    if (event.key !== 'Escape' || event.defaultPrevented || !top) return;
    if (top.dispatchEvent(new Event('cancel', { cancelable: true }))) top.close();
  });
}
