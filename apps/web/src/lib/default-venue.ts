/** Same default as the server's DEFAULT_VENUE (apps/server/src/env.ts). */
const FALLBACK_DEFAULT_VENUE = 'trattoria-da-luca';

let serverDefault: string | undefined;

/** The server renderer (entry-server.tsx) has no document: it names the default venue here. */
export function setServerDefaultVenue(slug: string): void {
  serverDefault = slug;
}

/**
 * The venue served at `/`. The server names it in a `<meta name="carte-default-venue">` tag when it
 * serves index.html (it knows DEFAULT_VENUE); a build can also fix it with VITE_DEFAULT_VENUE.
 * No extra request and no inline script (the CSP forbids them).
 */
export function defaultVenueSlug(
  doc: Document | undefined = typeof document === 'undefined' ? undefined : document,
): string {
  if (!doc && serverDefault) return serverDefault;
  const meta = doc?.querySelector<HTMLMetaElement>('meta[name="carte-default-venue"]')?.content?.trim();
  if (meta) return meta;
  const built = import.meta.env.VITE_DEFAULT_VENUE as string | undefined;
  return built?.trim() || FALLBACK_DEFAULT_VENUE;
}
