/** Widths the server renders for `/media/<id>.webp?w=` (apps/server/src/modules/media/media-url.ts). */
const SERVER_WIDTHS = [64, 96, 128, 192, 256, 384, 512, 768, 1024] as const;

/** The widths a srcset offers when the image's display size is not given. */
export const MEDIA_WIDTHS = [96, 192, 384] as const;

/** The smallest width the server renders that covers `pixels`, or its largest. */
function serverWidth(pixels: number): number {
  return SERVER_WIDTHS.find((w) => w >= pixels) ?? SERVER_WIDTHS[SERVER_WIDTHS.length - 1]!;
}

function isResizable(url: string): boolean {
  return url.startsWith('/media/') && !url.includes('?');
}

/**
 * A `srcset` for a media URL, or undefined for an image the server does not resize. Given the
 * image's display size in CSS pixels, it offers the variants that cover 1x, 2x and 3x screens only.
 */
export function mediaSrcSet(url: string | null | undefined, cssPixels?: number): string | undefined {
  if (!url || !isResizable(url)) return undefined;
  const widths = cssPixels ? [...new Set([1, 2, 3].map((x) => serverWidth(cssPixels * x)))] : MEDIA_WIDTHS;
  return widths.map((w) => `${url}?w=${w} ${w}w`).join(', ');
}

/** The smallest variant that covers `cssPixels` on a 2x screen, as the plain `src`. */
export function mediaSrc(url: string, cssPixels: number): string {
  if (!isResizable(url)) return url;
  return `${url}?w=${serverWidth(cssPixels * 2)}`;
}
