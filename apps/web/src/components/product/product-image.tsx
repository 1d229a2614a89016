import { useState } from 'react';
import { mediaSrc, mediaSrcSet } from '../../lib/media.ts';
import { useSpriteSymbol, type SpriteSymbol } from '../ui/icons.tsx';

/**
 * A square product image with its box reserved (width and height set, so nothing shifts while it
 * loads). Images below the fold load lazily and decode off the main thread; `eager` ones (the first
 * screen) load at once, and `eager="high"` (the first card) also asks for a high fetch priority.
 * Fallback chain (spec section 2): the product image, then the venue's default image, then
 * a placeholder drawing.
 */
export function ProductImage({
  image,
  fallback,
  size,
  eager = false,
}: {
  image: string | null | undefined;
  fallback: string | null | undefined;
  size: number;
  eager?: boolean | 'high';
}) {
  const candidates = [image, fallback].filter((url, i, all): url is string => Boolean(url) && all.indexOf(url) === i);
  const [failures, setFailures] = useState(0);
  const url = candidates[failures];
  const box = 'shrink-0 overflow-hidden rounded-xl bg-surface-2';
  if (!url) {
    return (
      <div className={box} style={{ width: size, height: size }} data-testid="image-placeholder">
        <PlaceholderArt />
      </div>
    );
  }
  return (
    <img
      key={url}
      src={mediaSrc(url, size)}
      srcSet={mediaSrcSet(url, size)}
      sizes={`${size}px`}
      width={size}
      height={size}
      alt=""
      loading={eager ? 'eager' : 'lazy'}
      decoding={eager ? undefined : 'async'}
      fetchPriority={eager === 'high' ? 'high' : undefined}
      className={`${box} aspect-square object-cover`}
      onError={() => setFailures((n) => n + 1)}
    />
  );
}

const PLACEHOLDER_SHAPE = (
  <>
    <circle cx="48" cy="50" r="26" fill="none" stroke="currentColor" strokeOpacity="0.35" strokeWidth="3" />
    <circle cx="48" cy="50" r="17" fill="currentColor" fillOpacity="0.08" />
    <path
      d="M20 24v16m-4-16v10a4 4 0 0 0 8 0V24M76 24c-5 3-6 10-6 15h6v19"
      fill="none"
      stroke="currentColor"
      strokeOpacity="0.35"
      strokeWidth="3"
      strokeLinecap="round"
    />
  </>
);

/** The placeholder drawing as a sprite symbol: a page of many cards writes it once (ui/icons.tsx). */
export const PLACEHOLDER_SYMBOL: SpriteSymbol = {
  id: 'product-placeholder',
  viewBox: '0 0 96 96',
  shape: PLACEHOLDER_SHAPE,
};

function PlaceholderArt() {
  const sprited = useSpriteSymbol(PLACEHOLDER_SYMBOL.id);
  return (
    <svg viewBox="0 0 96 96" width="100%" height="100%" aria-hidden="true" focusable="false" className="text-muted">
      {sprited ? <use href={`#${PLACEHOLDER_SYMBOL.id}`} /> : PLACEHOLDER_SHAPE}
    </svg>
  );
}
