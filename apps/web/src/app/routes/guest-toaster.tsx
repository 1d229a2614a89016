import { lazy, Suspense, useEffect, useState } from 'react';
import { registerToasterMount } from '../../lib/toast.ts';
import { useTranslation } from '../../i18n/react.tsx';
import { useCartStore } from '../../features/ordering/index.ts';

const Toaster = lazy(() => import('../../components/ui/toaster.tsx'));

/** A promise with its resolve function (resolved when the toaster listens). */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/**
 * The toaster of the guest pages. It (and sonner) mounts on the first toast: it is not part of the
 * page load. While a checkout dialog is open, one toast at a time shows.
 */
export function GuestToaster() {
  const { t } = useTranslation();
  const dialogOpen = useCartStore((s) => s.dialog !== null);
  const [toaster, setToaster] = useState(false);
  const [toasterReady] = useState(deferred);
  useEffect(
    () =>
      registerToasterMount(() => {
        setToaster(true);
        return toasterReady.promise;
      }),
    [toasterReady],
  );
  return toaster ? (
    <Suspense fallback={null}>
      <Toaster label={t('checkout.toasts')} dialogOpen={dialogOpen} onReady={toasterReady.resolve} />
    </Suspense>
  ) : null;
}
