type Listener = () => void;

const listeners = new Set<Listener>();

/**
 * The guest reaching for the cart: a pointer down (or hover) on the cart button, or focus on it,
 * just before the tap that opens the cart. The checkout subscribes its preload (use-checkout-preload.ts), so the sheet's
 * chunk is on its way before the click. Returns the unsubscribe function.
 */
export function onCartIntent(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function signalCartIntent(): void {
  for (const listener of listeners) listener();
}
