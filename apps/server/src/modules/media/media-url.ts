/** Where the browser loads an asset; `?w=<width>` picks a resized variant (see MEDIA_WIDTHS). */
export function mediaUrl(assetId: string | null | undefined): string | null {
  return assetId ? `/media/${assetId}.webp` : null;
}

/** The widths `/media/<id>.webp?w=` serves (other values snap up to the next one): use them in srcset. */
export const MEDIA_WIDTHS = [64, 96, 128, 192, 256, 384, 512, 768, 1024] as const;
export type MediaWidth = (typeof MEDIA_WIDTHS)[number];

/** The smallest allowed width at least as large as asked for, or the largest one. */
export function snapWidth(requested: number): MediaWidth {
  return MEDIA_WIDTHS.find((w) => w >= requested) ?? MEDIA_WIDTHS[MEDIA_WIDTHS.length - 1]!;
}
