/**
 * Toasts through sonner, loaded on first use so it stays out of the first load. The Toaster
 * (components/ui/toaster.tsx) is mounted by the guest layout on the first toast; both share sonner's chunk.
 */
import type * as SonnerModule from 'sonner';

type Sonner = typeof SonnerModule;

let sonner: Promise<Sonner> | undefined;
export function loadSonner(): Promise<Sonner> {
  sonner ??= import('sonner');
  return sonner;
}

/**
 * The guest pages mount their toaster on the first toast (sonner is not part of the page load):
 * they register here how to mount it, resolved once it listens. Staff pages mount their own.
 */
type MountToaster = () => Promise<void>;
let mountToaster: MountToaster | null = null;
export function registerToasterMount(mount: MountToaster): () => void {
  mountToaster = mount;
  return () => {
    if (mountToaster === mount) mountToaster = null;
  };
}

async function ready(): Promise<Sonner> {
  const loaded = loadSonner();
  if (mountToaster) await mountToaster();
  return loaded;
}

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export function notify(
  message: string,
  options: { kind?: 'success' | 'error' | 'info'; action?: ToastAction; id?: string | number } = {},
): void {
  void ready().then(({ toast }) => {
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
  messages: { loading: string; success: string; error: string | ((error: unknown) => string) },
  options: {
    /**
     * Where the success toast shows instead of the top lane: the page the success leads to may
     * have its heading there (the order page after "order placed").
     */
    successPosition?: 'bottom-center';
  } = {},
): void {
  void ready().then(({ toast }) => {
    const { successPosition } = options;
    if (!successPosition) {
      toast.promise(promise, messages);
      return;
    }
    // The loading and error toasts keep the top lane (a dialog's actions sit at the bottom); the
    // success replaces them at its own position.
    const id = toast.loading(messages.loading);
    promise.then(
      () => {
        // The page changes with the success: the toasts of the one left behind (the cart's "added")
        // go with it, so none stays over the next page's heading.
        toast.dismiss();
        toast.success(messages.success, { position: successPosition });
      },
      (error: unknown) => {
        toast.error(typeof messages.error === 'function' ? messages.error(error) : messages.error, { id });
      },
    );
  });
}
