/**
 * Toasts through sonner, loaded on first use so it stays out of the first load. The Toaster
 * (components/ui/toaster.tsx) is mounted lazily by the guest layout; both share sonner's chunk.
 */
import type * as SonnerModule from 'sonner';

type Sonner = typeof SonnerModule;

let sonner: Promise<Sonner> | undefined;
export function loadSonner(): Promise<Sonner> {
  sonner ??= import('sonner');
  return sonner;
}

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export function notify(
  message: string,
  options: { kind?: 'success' | 'error' | 'info'; action?: ToastAction; id?: string | number } = {},
): void {
  void loadSonner().then(({ toast }) => {
    const opts = {
      ...(options.id !== undefined ? { id: options.id } : {}),
      ...(options.action ? { action: options.action } : {}),
    };
    if (options.kind === 'success') toast.success(message, opts);
    else if (options.kind === 'error') toast.error(message, opts);
    else toast(message, opts);
  });
}

/** A loading toast that becomes a success or an error toast (spec section 8). */
export function notifyPromise<T>(
  promise: Promise<T>,
  messages: { loading: string; success: string; error: string },
): void {
  void loadSonner().then(({ toast }) => {
    toast.promise(promise, messages);
  });
}
