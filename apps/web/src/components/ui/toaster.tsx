import { useSyncExternalStore } from 'react';
import { Toaster as Sonner } from 'sonner';

const PHONE = '(max-width: 639px)';
const subscribe = (onChange: () => void) => {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(PHONE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
const isPhone = () => typeof window.matchMedia === 'function' && window.matchMedia(PHONE).matches;

/**
 * Spec section 9: 4000 ms, 3 visible, 14 px gap, 356 px wide; Alt+T focuses them (sonner's hotkey).
 * Shown at the bottom right on wide screens, above the order bar. On phones the bottom holds the
 * chat input, the order bar and the sheets' main actions, so toasts go to the top there, and over
 * an open dialog everywhere. Loaded lazily (see lib/toast.ts).
 */
export default function Toaster({ label, dialogOpen = false }: { label: string; dialogOpen?: boolean }) {
  const phone = useSyncExternalStore(subscribe, isPhone, () => false);
  return (
    <Sonner
      position={dialogOpen || phone ? 'top-center' : 'bottom-right'}
      duration={4000}
      visibleToasts={3}
      gap={14}
      hotkey={['altKey', 'KeyT']}
      containerAriaLabel={label}
      offset={{ bottom: 88, top: 16 }}
      mobileOffset={{ bottom: 88, top: 16 }}
      style={{ ['--width' as string]: '356px' }}
      toastOptions={{
        classNames: {
          toast: '!bg-surface !text-fg !border-line',
          actionButton: '!bg-brand !text-brand-contrast !min-h-8 !px-3 !font-semibold',
        },
      }}
    />
  );
}
