import { useEffect } from 'react';
import { Toaster as Sonner } from 'sonner';

/**
 * Toasts sit in a lane just under the sticky header (57 px high, 68 px from the top): never over the header's cart
 * button, whatever the screen. A toast under a resting finger or pointer pauses its timer, so
 * one over a control the guest needs next would block it. The dialogs leave this lane free at
 * the top of the screen (see `DIALOG_TOP_CLEARANCE` in sheet-dialog.tsx), so a toast never covers a
 * dialog's title either, and one toast at a time shows while a dialog is open.
 * Spec section 9: 4000 ms, 3 visible, 14 px gap, 356 px wide; Alt+T focuses them (sonner's hotkey).
 * Loaded lazily (see lib/toast.ts).
 */
const TOAST_TOP_OFFSET = 68;
/**
 * A toast placed at the bottom (the "order placed" one, whose next page has its heading at the top)
 * sits above the fixed Chat | Menu bar (about 62 px high with its safe-area padding).
 */
const TOAST_BOTTOM_OFFSET = 80;

export default function Toaster({
  label,
  dialogOpen = false,
  onReady,
}: {
  label: string;
  dialogOpen?: boolean;
  /** Called once sonner listens for toasts (its own effect runs before this component's). */
  onReady?: () => void;
}) {
  useEffect(() => onReady?.(), [onReady]);
  return (
    <Sonner
      position="top-center"
      duration={4000}
      visibleToasts={dialogOpen ? 1 : 3}
      gap={14}
      hotkey={['altKey', 'KeyT']}
      containerAriaLabel={label}
      offset={{ top: TOAST_TOP_OFFSET, bottom: TOAST_BOTTOM_OFFSET }}
      mobileOffset={{ top: TOAST_TOP_OFFSET, bottom: TOAST_BOTTOM_OFFSET, left: 12, right: 12 }}
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
