import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

/** Tooltip timing of spec section 9: open after 700 ms; 300 ms after one closed, the next opens at once. */
export const HINT_DELAY_MS = 700;
export const HINT_SKIP_DELAY_MS = 300;

let lastClosedAt = 0;

/**
 * A small control whose label shows as a tooltip: after a pause under the mouse, at once on
 * keyboard focus, and on tap (phones have no hover). Escape or a tap elsewhere closes it.
 */
export function Hint({ label, children, className = '' }: { label: string; children: ReactNode; className?: string }) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const root = useRef<HTMLSpanElement>(null);
  const id = useId();
  // A tap focuses the button, then clicks it: the click must not close what the focus opened.
  const focusedAt = useRef(0);

  const close = () => {
    clearTimeout(timer.current);
    setOpen((was) => {
      if (was) lastClosedAt = Date.now();
      return false;
    });
  };
  const openAfter = (delay: number) => {
    clearTimeout(timer.current);
    const wait = Date.now() - lastClosedAt < HINT_SKIP_DELAY_MS ? 0 : delay;
    if (wait === 0) setOpen(true);
    else timer.current = setTimeout(() => setOpen(true), wait);
  };

  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) close();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  return (
    <span ref={root} className="relative inline-flex">
      <button
        type="button"
        aria-label={label}
        aria-describedby={open ? id : undefined}
        className={className}
        onPointerEnter={(event) => event.pointerType === 'mouse' && openAfter(HINT_DELAY_MS)}
        onPointerLeave={(event) => event.pointerType === 'mouse' && close()}
        onFocus={() => {
          focusedAt.current = Date.now();
          openAfter(0);
        }}
        onBlur={close}
        onClick={() => (open && Date.now() - focusedAt.current > 500 ? close() : openAfter(0))}
        onKeyDown={(event) => event.key === 'Escape' && close()}
      >
        {children}
      </button>
      {open ? (
        <span
          role="tooltip"
          id={id}
          className="pointer-events-none absolute bottom-full left-0 z-10 mb-1.5 rounded-md bg-fg px-2 py-1 text-xs font-medium whitespace-nowrap text-bg shadow-md"
        >
          {label}
        </span>
      ) : null}
    </span>
  );
}
