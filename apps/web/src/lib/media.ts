/** Widths the server renders for `/media/<id>.webp?w=` (product images and header icons). */
export const MEDIA_WIDTHS = [96, 192, 384] as const;

function isResizable(url: string): boolean {
  return url.startsWith('/media/') && !url.includes('?');
}

/** A `srcset` for a media URL, or undefined for an image the server does not resize. */
export function mediaSrcSet(url: string | null | undefined): string | undefined {
  if (!url || !isResizable(url)) return undefined;
  return MEDIA_WIDTHS.map((w) => `${url}?w=${w} ${w}w`).join(', ');
}

/** The smallest variant that covers `cssPixels` on a 2x screen, as the plain `src`. */
export function mediaSrc(url: string, cssPixels: number): string {
  if (!isResizable(url)) return url;
  const wanted = cssPixels * 2;
  const width = MEDIA_WIDTHS.find((w) => w >= wanted) ?? MEDIA_WIDTHS[MEDIA_WIDTHS.length - 1];
  return `${url}?w=${width}`;
}
