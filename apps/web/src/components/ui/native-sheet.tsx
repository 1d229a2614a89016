import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { X } from './icons.tsx';

const TABBABLE =
  'button:not(:disabled), a[href], input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

/**
 * The look of sheet-dialog.tsx (ui.md: a bottom sheet on phones with a drag handle, a centred
 * dialog of at most 640 px on wide screens, the top 9rem left to the header and the toasts' lane)
 * on the platform's modal `<dialog>`: showModal() puts it in the top layer, makes the rest of the
 * page inert, moves focus to its first control and turns Escape into a `cancel` event, so it needs
 * none of Radix's code (~12 KB gzipped). For the one dialog that must be light to download, the
 * delivery-or-table question that opens by itself on a first visit; the dialogs that load later
 * keep SheetDialog. The class lists repeat sheet-dialog.tsx's: change them together.
 *
 * Dismissed like SheetDialog: Escape, a press outside the sheet (on the backdrop) or the close
 * button call `onClose`; the parent unmounts the sheet. Focus goes back to what held it before
 * the sheet opened, and the page behind does not scroll while it is open. Unlike SheetDialog's,
 * the toasts are inert under it (they are not in the top layer): the question comes before
 * anything that toasts, and the new-build offer waits while a `dialog[open]` shows.
 */
export function NativeSheet({
  title,
  description,
  closeLabel,
  onClose,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  closeLabel: string;
  onClose: () => void;
  children?: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  useLayoutEffect(() => {
    onCloseRef.current = onClose;
  });

  // Opened before the first paint, closed before the element leaves the document (a layout
  // effect's cleanup runs before React removes the nodes).
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const before = document.activeElement;
    const returnTo = before instanceof HTMLElement && before !== document.body ? before : null;
    // The page behind keeps its place and does not scroll (as Radix's scroll lock did); a classic
    // scroll bar's width stays reserved, so nothing shifts sideways.
    const root = document.documentElement;
    const scrollbar = window.innerWidth - root.clientWidth;
    const { overflow, scrollbarGutter } = root.style;
    root.style.overflow = 'hidden';
    if (scrollbar > 0) root.style.scrollbarGutter = 'stable';
    if (!dialog.open) dialog.showModal();

    const dismiss = () => onCloseRef.current();
    // Escape: the browser would close the dialog itself; the parent decides (it unmounts it).
    const onCancel = (event: Event) => {
      event.preventDefault();
      dismiss();
    };
    // Chromium closes without a cancelable `cancel` when the page had no user activation since
    // the last Escape (close watchers): the dialog is closed already, the parent is told.
    const onNativeClose = () => dismiss();
    // A click on the backdrop is dispatched to the dialog itself, outside its box. Both the press
    // and the release must be outside: a text selection dragged out of the sheet does not close it.
    const outside = (event: MouseEvent) => {
      if (event.target !== dialog) return false;
      const box = dialog.getBoundingClientRect();
      return (
        event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom
      );
    };
    let pressedOutside = false;
    const onPointerDown = (event: PointerEvent) => {
      pressedOutside = outside(event);
    };
    const onClick = (event: MouseEvent) => {
      if (pressedOutside && outside(event)) dismiss();
      pressedOutside = false;
    };
    // Tab from the last control comes back to the first (and Shift+Tab the other way), as with
    // Radix and the ARIA modal dialog pattern, instead of leaving for the browser's own controls.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const controls = [...dialog.querySelectorAll<HTMLElement>(TABBABLE)];
      const first = controls[0];
      const last = controls.at(-1);
      const at = document.activeElement;
      if (!first || !last) return;
      if (event.shiftKey ? at === first || at === dialog : at === last) {
        event.preventDefault();
        (event.shiftKey ? last : first).focus();
      }
    };
    dialog.addEventListener('keydown', onKeyDown);
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onNativeClose);
    dialog.addEventListener('pointerdown', onPointerDown);
    dialog.addEventListener('click', onClick);
    return () => {
      dialog.removeEventListener('keydown', onKeyDown);
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onNativeClose);
      dialog.removeEventListener('pointerdown', onPointerDown);
      dialog.removeEventListener('click', onClick);
      const focusWasInside = dialog.contains(document.activeElement);
      if (dialog.open) dialog.close();
      root.style.overflow = overflow;
      root.style.scrollbarGutter = scrollbarGutter;
      // A dialog that follows (the table choice) takes focus itself once it shows.
      if (returnTo?.isConnected && (focusWasInside || document.activeElement === document.body)) returnTo.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      className="fixed inset-x-0 top-auto bottom-0 mx-auto max-h-[calc(100dvh-9rem)] w-full max-w-[640px] flex-col overflow-visible rounded-t-3xl bg-surface text-fg shadow-2xl outline-none open:flex backdrop:bg-[rgb(0_0_0/0.45)] motion-safe:animate-[sheet-up_200ms_ease-out] motion-safe:backdrop:animate-[sheet-fade_150ms_ease-out] sm:inset-x-4 sm:top-[calc(50%+4.5rem)] sm:bottom-auto sm:max-h-[calc(100dvh-10rem)] sm:-translate-y-1/2 sm:rounded-3xl sm:motion-safe:animate-[sheet-fade_150ms_ease-out]"
    >
      <div aria-hidden="true" className="mx-auto mt-2 h-1.5 w-10 shrink-0 rounded-full bg-line sm:hidden" />
      <div className="flex items-start justify-between gap-3 px-4 pt-3 pb-2">
        <div className="min-w-0">
          <h2 id={titleId} className="text-lg leading-snug font-bold">
            {title}
          </h2>
          {description ? (
            <p id={descriptionId} className="text-sm text-muted">
              {description}
            </p>
          ) : null}
        </div>
        <button
          type="button"
          aria-label={closeLabel}
          onClick={onClose}
          className="-mr-1 inline-flex size-11 shrink-0 items-center justify-center rounded-full text-muted hover:bg-surface-2"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-4 pb-3">{children}</div>
    </dialog>
  );
}
