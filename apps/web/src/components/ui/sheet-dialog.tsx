import { useState, type ReactNode } from 'react';
import { Dialog } from 'radix-ui';
import { X } from './icons.tsx';

let returnTarget: HTMLElement | null = null;

/**
 * The top 9rem of the screen stay clear of dialogs: the header (56 px) and, under it, the toasts'
 * lane (components/ui/toaster.tsx). A toast never covers a dialog's title or close button, and a
 * dialog never hides the toast whose Undo the guest may want.
 */
const DIALOG_POSITION =
  'fixed inset-x-0 bottom-0 max-h-[calc(100dvh-9rem)] sm:inset-x-4 sm:top-[calc(50%+4.5rem)] sm:bottom-auto sm:max-h-[calc(100dvh-10rem)] sm:-translate-y-1/2';

/**
 * ui.md: a bottom sheet on phones (full width, rounded top, drag handle), a centred dialog of at
 * most 640 px on wide screens. Radix traps and returns focus, Escape closes, the title names it.
 * The body scrolls; `footer` (totals and the main action) stays visible.
 */
export function SheetDialog({
  open,
  onOpenChange,
  title,
  description,
  closeLabel,
  children,
  footer,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  closeLabel: string;
  children?: ReactNode;
  footer?: ReactNode;
}) {
  // Dialogs open from state (no Radix trigger), and one may lead to the next: focus goes back to
  // what the guest used to open the first of them once the last one closes. (`dialog`: a native
  // one, native-sheet.tsx, may come first.)
  useState(() => {
    const active = document.activeElement;
    if (active instanceof HTMLElement && !active.closest('dialog, [role="dialog"]')) returnTarget = active;
    return null;
  });
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/45 motion-safe:animate-[sheet-fade_150ms_ease-out]" />
        <Dialog.Content
          className={`${DIALOG_POSITION} z-50 mx-auto flex w-full max-w-[640px] flex-col rounded-t-3xl bg-surface text-fg shadow-2xl outline-none motion-safe:animate-[sheet-up_200ms_ease-out] sm:rounded-3xl sm:motion-safe:animate-[sheet-fade_150ms_ease-out]`}
          {...(description ? {} : { 'aria-describedby': undefined })}
          // A toast's Undo is usable while a dialog is open: it is not an outside click.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (!document.querySelector('dialog[open], [role="dialog"]') && returnTarget?.isConnected)
              returnTarget.focus();
          }}
          onInteractOutside={(event) => {
            if (event.target instanceof Element && event.target.closest('[data-sonner-toaster]'))
              event.preventDefault();
          }}
        >
          <div aria-hidden="true" className="mx-auto mt-2 h-1.5 w-10 shrink-0 rounded-full bg-line sm:hidden" />
          <div className="flex items-start justify-between gap-3 px-4 pt-3 pb-2">
            <div className="min-w-0">
              <Dialog.Title className="text-lg leading-snug font-bold">{title}</Dialog.Title>
              {description ? (
                <Dialog.Description className="text-sm text-muted">{description}</Dialog.Description>
              ) : null}
            </div>
            <Dialog.Close
              aria-label={closeLabel}
              className="-mr-1 inline-flex size-11 shrink-0 items-center justify-center rounded-full text-muted hover:bg-surface-2"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-4 pb-3">{children}</div>
          {footer ? (
            <div className="shrink-0 border-t border-line px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
              {footer}
            </div>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The look of the dialogs' buttons. */
export const primaryButton =
  'inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-full bg-brand px-5 font-semibold text-brand-contrast disabled:cursor-not-allowed disabled:opacity-45';
export const secondaryButton =
  'inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-full border border-line bg-surface px-5 font-semibold text-fg hover:bg-surface-2 disabled:opacity-45';
