import type { CSSProperties } from 'react';

/** A quiet placeholder block: skeletons while loading, not spinners (ui.md). */
export function Skeleton({ className = '', style }: { className?: string; style?: CSSProperties }) {
  return <div aria-hidden="true" className={`skeleton ${className}`} style={style} />;
}
