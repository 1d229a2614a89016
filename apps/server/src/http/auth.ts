import {
  REFRESH_TOKEN_TTL_MS,
  type AuthTokenRecord,
  type AuthUser,
  type StaffRole,
  type StaffVenue,
} from '@carte/domain';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Env } from '../env.ts';
import { AppError } from './app-error.ts';

/**
 * The authentication seam every staff route stands on (architecture 4.6):
 * - the hook puts the signed-in user (or null) on `request.user`, from `Authorization: Bearer
 *   <access token>` or else the access-token cookie;
 * - `requireUser` / `requireVenueRole` answer 401 without a user and 403 when the user neither owns
 *   nor manages the venue;
 * - a cookie-authenticated write (POST, PATCH, PUT, DELETE) must be same-origin (CSRF); a bearer
 *   token is never sent by a browser on its own, so bearer writes need no such check.
 */

export interface RequestUser extends AuthUser {
  /** The sign-in (token family) this request's token belongs to. */
  familyId: string;
  /** When this request's access token expires (ms since the epoch). */
  accessExpiresAt: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff user, or null (no token, or an unknown, expired or revoked one). */
    user: RequestUser | null;
    /** Where the user's token came from. */
    authVia: 'bearer' | 'cookie' | null;
    /** Venue id -> the user's role there (loaded once per request). */
    staffRoles(): Promise<Map<string, StaffRole>>;
  }
}

export const ACCESS_COOKIE = 'carte_access_token';
export const REFRESH_COOKIE = 'carte_refresh_token';
/** Both cookies go to the API only: guest pages and assets never carry them. */
export const AUTH_COOKIE_PATH = '/api';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ROLES_KEY = Symbol('staffRoles');

export interface Authenticator {
  authenticate(accessToken: string): Promise<RequestUser | null>;
  staffVenues(userId: string): Promise<StaffVenue[]>;
}

export function cookieSecure(env: Env): boolean {
  return env.COOKIE_SECURE ?? env.PUBLIC_URL.startsWith('https:');
}

function bearerToken(request: FastifyRequest): string | null | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

function requestOrigin(request: FastifyRequest): URL | null {
  const origin = request.headers.origin;
  const referer = request.headers.referer;
  const candidate =
    typeof origin === 'string' && origin !== 'null' ? origin : typeof referer === 'string' ? referer : null;
  if (!candidate) return null;
  try {
    return new URL(candidate);
  } catch {
    return null;
  }
}

/**
 * True when Origin (or else Referer) names this server. With PUBLIC_URL set, only that origin
 * counts: the Host header is the client's word and a proxy may pass it through, so comparing with it
 * would let any site that sends a matching Host in. Without PUBLIC_URL (a machine reached directly,
 * the back office warns), the request's own Host is all there is to compare with.
 */
export function isSameOrigin(request: FastifyRequest, publicUrl: string, publicUrlSet = true): boolean {
  const origin = requestOrigin(request);
  if (!origin || (origin.protocol !== 'http:' && origin.protocol !== 'https:')) return false;
  if (origin.origin === new URL(publicUrl).origin) return true;
  if (publicUrlSet) return false;
  try {
    return origin.host === new URL(`${origin.protocol}//${request.host}`).host;
  } catch {
    return false;
  }
}

/** Refuses a cross-site request that would act with the browser's cookies. */
export function assertSameOrigin(request: FastifyRequest, env: Env): void {
  if (!isSameOrigin(request, env.PUBLIC_URL, env.publicUrlSet !== false)) {
    throw new AppError('CSRF_REJECTED', { logMessage: `cross-origin ${request.method} ${request.url}` });
  }
}

/**
 * The hook, registered once in the /api scope (it skips encapsulation so every module's routes get
 * `request.user`).
 */
export function createAuthHook(auth: Authenticator, env: Env): FastifyPluginAsync {
  const plugin: FastifyPluginAsync = async (app) => {
    app.decorateRequest('user', null);
    app.decorateRequest('authVia', null);
    app.decorateRequest(
      'staffRoles',
      function (this: FastifyRequest & { [ROLES_KEY]?: Promise<Map<string, StaffRole>> }) {
        const user = this.user;
        if (!user) return Promise.resolve(new Map<string, StaffRole>());
        this[ROLES_KEY] ??= auth
          .staffVenues(user.id)
          .then((venues) => new Map(venues.map((v) => [v.id, v.role] as const)));
        return this[ROLES_KEY];
      },
    );
    app.addHook('onRequest', async (request) => {
      const bearer = bearerToken(request);
      if (bearer !== undefined) {
        // A malformed Authorization header is no user, never a fallback to the cookie.
        request.user = bearer ? await auth.authenticate(bearer) : null;
        request.authVia = request.user ? 'bearer' : null;
        return;
      }
      const cookie = request.cookies?.[ACCESS_COOKIE];
      if (!cookie) return;
      request.user = await auth.authenticate(cookie);
      request.authVia = request.user ? 'cookie' : null;
      if (request.user && UNSAFE_METHODS.has(request.method)) assertSameOrigin(request, env);
    });
  };
  (plugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
  return plugin;
}

/** The signed-in user, or 401 UNAUTHORIZED. */
export function requireUser(request: FastifyRequest): RequestUser {
  if (!request.user) throw new AppError('UNAUTHORIZED');
  return request.user;
}

/** As a route hook: `{ preValidation: authenticated }` answers 401 before the body is looked at. */
export async function authenticated(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  requireUser(request);
}

/**
 * The user's role at the venue when it is one of `roles`: 401 without a user, 403 FORBIDDEN when the
 * user neither owns nor manages the venue (or has another role than those allowed). An unknown
 * venue is 403 too, so ids of other venues cannot be probed.
 */
export async function requireVenueRole(
  request: FastifyRequest,
  venueId: string,
  roles: readonly StaffRole[] = ['owner', 'manager'],
): Promise<StaffRole> {
  requireUser(request);
  const role = (await request.staffRoles()).get(venueId);
  if (!role || !roles.includes(role)) {
    throw new AppError('FORBIDDEN', { logMessage: `no ${roles.join('/')} role at venue ${venueId}` });
  }
  return role;
}

/** Ids of the venues the signed-in user owns or manages (empty without a user). */
export async function staffVenueIds(request: FastifyRequest): Promise<string[]> {
  return [...(await request.staffRoles()).keys()];
}

/**
 * The address guests' links and QR codes carry (issue 16 item 7): PUBLIC_URL when the operator set
 * it; otherwise the origin this request came to (behind a proxy, as TRUST_PROXY lets Fastify read
 * it), so a server started on another port prints links that work, and the back office warns that
 * PUBLIC_URL is unset.
 */
export function publicAddress(request: FastifyRequest, env: Env): { url: string; configured: boolean } {
  if (env.publicUrlSet !== false) return { url: new URL(env.PUBLIC_URL).origin, configured: true };
  try {
    return { url: new URL(`${request.protocol}://${request.host}`).origin, configured: false };
  } catch {
    return { url: new URL(env.PUBLIC_URL).origin, configured: false };
  }
}

/** Puts a sign-in's tokens in httpOnly cookies (session mode: login, refresh, an accepted invitation). */
export function setTokenCookies(reply: FastifyReply, env: Env, tokens: AuthTokenRecord): void {
  const base = { httpOnly: true, sameSite: 'lax' as const, secure: cookieSecure(env), path: AUTH_COOKIE_PATH };
  reply.setCookie(ACCESS_COOKIE, tokens.access_token, { ...base, maxAge: Math.floor(tokens.expires / 1000) });
  reply.setCookie(REFRESH_COOKIE, tokens.refresh_token, { ...base, maxAge: Math.floor(REFRESH_TOKEN_TTL_MS / 1000) });
}
