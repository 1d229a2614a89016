import type { ComponentType } from 'react';
import type { CheckoutDialogName, CheckoutPage } from '../lib/checkout-types.ts';

type Dialog = ComponentType<{ page: CheckoutPage }>;

/**
 * Three chunks. The delivery-or-table question, which opens by itself on a first visit, is small
 * and alone (two buttons on the browser's own `<dialog>`, components/ui/native-sheet.tsx: about
 * 1.8 KB gzipped, no Radix); the table choice, cart recap and delivery recap (checkout-steps.ts)
 * load on the guest's first touch of the page (a tap, a key, a scroll), the address form (react-hook-form and
 * the domain's zod schema) a step ahead of it; all of them on the first tap that needs them
 * (../hooks/use-checkout-preload.ts).
 */
const LOADERS: Record<CheckoutDialogName, () => Promise<Dialog>> = {
  deliveryOrSpot: () => import('./delivery-or-spot-dialog.tsx').then((m) => m.DeliveryOrSpotDialog),
  selectSpot: () => import('./checkout-steps.ts').then((m) => m.SelectSpotDialog),
  displayOrder: () => import('./checkout-steps.ts').then((m) => m.CartRecapDialog),
  delivery: () => import('./address-dialog.tsx').then((m) => m.AddressDialog),
  deliveryRecap: () => import('./checkout-steps.ts').then((m) => m.DeliveryRecapDialog),
};

const loaded = new Map<CheckoutDialogName, { Dialog: Dialog }>();
const loading = new Map<CheckoutDialogName, Promise<void>>();
const listeners = new Set<() => void>();
let version = 0;

/** Starts the download of a dialog's chunk once (a failed one is tried again on the next call). */
export function loadDialog(name: CheckoutDialogName): Promise<void> {
  let started = loading.get(name);
  if (!started) {
    started = LOADERS[name]().then(
      (dialog) => {
        loaded.set(name, { Dialog: dialog });
        version += 1;
        for (const listener of listeners) listener();
      },
      () => {
        loading.delete(name);
      },
    );
    loading.set(name, started);
  }
  return started;
}

/** Starts the download of the given dialogs (all of them by default); cheap to call again. */
export function preloadDialogs(names: readonly CheckoutDialogName[] = Object.keys(LOADERS) as CheckoutDialogName[]) {
  for (const name of names) void loadDialog(name);
}

/** The dialog's component once its chunk is there. */
export function loadedDialog(name: CheckoutDialogName): { Dialog: Dialog } | undefined {
  return loaded.get(name);
}

/** For useSyncExternalStore: a render follows each chunk that arrives. */
export function subscribeToDialogs(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function dialogsVersion(): number {
  return version;
}
