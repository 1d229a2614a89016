import { Toaster as Sonner } from 'sonner';

/**
 * Spec section 9: 4000 ms, 3 visible, 14 px gap, 356 px wide; Alt+T focuses them (sonner's hotkey).
 * Shown at the bottom, above the order bar. Loaded lazily (see lib/toast.ts).
 */
export default function Toaster({ label, dialogOpen = false }: { label: string; dialogOpen?: boolean }) {
  return (
    <Sonner
      // Over an open dialog (a bottom sheet on phones) toasts go to the top, off its main action.
      position={dialogOpen ? 'top-center' : 'bottom-right'}
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
