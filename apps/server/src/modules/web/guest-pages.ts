import { isDomainError, RESERVED_VENUE_URLS, VENUE_URL_PATTERN } from '@carte/domain';
import { fail } from '../../http/envelope.ts';
import type { PublicVenueBody, PublicVenueService } from '../public-venue/public-venue.service.ts';
import {
  fillPageTemplate,
  guestPageKind,
  pageEtag,
  toRenderedPage,
  type PageTemplate,
  type RenderedPage,
  type ServerRenderer,
} from './ssr.ts';

/** Rendered pages kept: a page per venue, path and language (3 paths x 5 languages a venue)... */
const MAX_PAGES = 600;
/** ...within this many bytes (a 500-dish menu page is about 2 MB with its compressed forms). */
const MAX_PAGE_BYTES = 64 * 1024 * 1024;
/** Not-found pages carry their path: a few are kept, so a burst of one wrong link costs one render. */
const MAX_NOT_FOUND = 200;

export interface GuestPageRequest {
  /** `/`, `/<venue>` or `/<venue>/menu` (no query string: nothing in the HTML depends on it). */
  path: string;
  venueUrl: string;
  language: string;
}

export interface GuestPages {
  /**
   * The server-rendered page of a venue path in a language: 200 (cached per venue version, path,
   * language and build, with an ETag), or 404 with the not-found page for an unknown venue. A
   * database that cannot be reached throws (the caller answers with `unavailable`).
   */
  page(request: GuestPageRequest): Promise<RenderedPage>;
  /** The error page with 503, while the database is away (never cached). */
  unavailable(request: GuestPageRequest): Promise<RenderedPage>;
}

/**
 * The guest pages rendered on the server from the same public venue bodies as GET /api/public/venue
 * (the service given: its bodies are re-read when the venue's version changes, within
 * REVALIDATE_MS from another process, at once in this one). A cached page is kept with the ETag of
 * the venue body it was made from, so a menu change makes the next request render it again.
 */
export function createGuestPages(opts: {
  renderer: ServerRenderer;
  template: PageTemplate;
  venues: PublicVenueService;
  buildId: string;
  defaultVenue: string;
}): GuestPages {
  const pages = new Map<string, { venueEtag: string; page: RenderedPage }>();
  let pageBytes = 0;
  const sizeOf = (page: RenderedPage) => page.identity.length + (page.br?.length ?? 0) + (page.gzip?.length ?? 0);
  const forget = (key: string) => {
    const entry = pages.get(key);
    if (!entry) return;
    pages.delete(key);
    pageBytes -= sizeOf(entry.page);
  };
  const notFound = new Map<string, RenderedPage>();
  const flights = new Map<string, Promise<RenderedPage>>();

  const renderPage = async (
    request: GuestPageRequest,
    status: number,
    json: string,
    etag: string | null,
  ): Promise<RenderedPage> => {
    const result = await opts.renderer.render({
      url: request.path,
      venueUrl: request.venueUrl,
      venue: JSON.parse(json) as Parameters<ServerRenderer['render']>[0]['venue'],
      status,
      language: request.language,
      defaultVenue: opts.defaultVenue,
    });
    const kind = status === 200 ? guestPageKind(request.path) : null;
    const html = fillPageTemplate(opts.template, result, { venueUrl: request.venueUrl, status, json }, kind);
    return toRenderedPage(html, status, etag);
  };

  const once = (key: string, build: () => Promise<RenderedPage>): Promise<RenderedPage> => {
    let flight = flights.get(key);
    if (!flight) {
      const started = build().finally(() => {
        if (flights.get(key) === started) flights.delete(key);
      });
      flight = started;
      flights.set(key, flight);
    }
    return flight;
  };

  const pageOfVenue = (request: GuestPageRequest, body: PublicVenueBody): Promise<RenderedPage> => {
    const key = `${request.path}\n${request.language}`;
    const cached = pages.get(key);
    if (cached && cached.venueEtag === body.etag) return Promise.resolve(cached.page);
    return once(`${key}\n${body.etag}`, async () => {
      const etag = pageEtag([opts.buildId, request.path, request.language, body.etag]);
      const page = await renderPage(request, 200, body.identity.toString('utf8'), etag);
      const current = pages.get(key);
      // The page of the body this request saw; a request that sees another body renders again.
      if (!current || current.venueEtag !== body.etag) {
        forget(key);
        pages.set(key, { venueEtag: body.etag, page });
        pageBytes += sizeOf(page);
        // The oldest pages go first; the page just made always stays.
        while (pages.size > 1 && (pages.size > MAX_PAGES || pageBytes > MAX_PAGE_BYTES)) {
          forget(pages.keys().next().value!);
        }
      }
      return page;
    });
  };

  const pageNotFound = (request: GuestPageRequest): Promise<RenderedPage> => {
    const key = `${request.path}\n${request.language}`;
    const cached = notFound.get(key);
    if (cached) return Promise.resolve(cached);
    return once(`404\n${key}`, async () => {
      const page = await renderPage(request, 404, JSON.stringify(fail('VENUE_NOT_FOUND')), null);
      notFound.set(key, page);
      if (notFound.size > MAX_NOT_FOUND) notFound.delete(notFound.keys().next().value!);
      return page;
    });
  };

  return {
    async page(request) {
      const { venueUrl } = request;
      if (!VENUE_URL_PATTERN.test(venueUrl) || RESERVED_VENUE_URLS.includes(venueUrl)) return pageNotFound(request);
      let body: PublicVenueBody;
      try {
        body = await opts.venues.get(venueUrl);
      } catch (error) {
        if (isDomainError(error) && error.code === 'VENUE_NOT_FOUND') return pageNotFound(request);
        throw error;
      }
      return pageOfVenue(request, body);
    },
    unavailable(request) {
      return renderPage(request, 503, JSON.stringify(fail('SERVICE_UNAVAILABLE')), null);
    },
  };
}
