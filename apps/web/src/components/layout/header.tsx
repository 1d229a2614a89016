import type { ReactNode } from 'react';

/**
 * The sticky, compact header. `brand` sits on the left; `actions` on the right
 * (language picker, and the cart button and current-order link when the cart feature provides them).
 */
export function Header({ brand, actions }: { brand: ReactNode; actions?: ReactNode }) {
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-surface">
      <div className="mx-auto flex h-14 w-full max-w-[720px] items-center justify-between gap-2 px-3">
        <div className="min-w-0 flex-1">{brand}</div>
        {actions ? <div className="flex shrink-0 items-center gap-1">{actions}</div> : null}
      </div>
    </header>
  );
}
