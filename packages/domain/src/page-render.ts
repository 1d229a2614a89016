/**
 * The server renderer's contract: what apps/web/src/entry-server.tsx's `render` takes and answers,
 * and what the server (apps/server/src/modules/web/ssr.ts) calls. The server never imports the web
 * app's code: it loads the built renderer at run time and types it with these.
 */
import type { Language } from './languages.ts';
import type { ApiEnvelope, PublicVenueResponse } from './public-types.ts';

export interface RenderInput {
  /** The path rendered (no query string: nothing in the server's HTML depends on it). */
  url: string;
  /** The venue's slug (`/` shows the default venue). */
  venueUrl: string;
  /** What GET /api/public/venue answers for it: the envelope, and its HTTP status. */
  venue: ApiEnvelope<PublicVenueResponse>;
  status: number;
  /** Chosen by the server with the client's rules (chooseLanguage in languages.ts). */
  language: string;
  /** DEFAULT_VENUE: the venue of `/`. */
  defaultVenue: string;
}

export interface RenderResult {
  /** The app's markup, for `<div id="root">`. */
  html: string;
  /** The page title the pages set once mounted. */
  title: string;
  lang: Language;
  /** The venue's theme colours, as CSS custom properties for `<html style>` ('' when none). */
  themeStyle: string;
  /** The venue's brand colour for `<meta name="theme-color">`, when it has one. */
  themeColor: string | null;
}
