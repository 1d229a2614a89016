import {
  loginPayloadSchema,
  otpBodySchema,
  otpEnableAnswerSchema,
  otpStateSchema,
  passwordChangeSchema,
  refreshPayloadSchema,
  authUserSchema,
  nothing,
  sessionAnswerSchema,
  tokenAnswerSchema,
  type AuthTokenRecord,
  type AuthUser,
  type SessionAnswer,
  type SessionTokenAnswer,
} from '@carte/domain';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Env } from '../../env.ts';
import {
  ACCESS_COOKIE,
  AUTH_COOKIE_PATH,
  REFRESH_COOKIE,
  assertSameOrigin,
  authenticated,
  cookieSecure,
  createAuthHook,
  requireUser,
  setTokenCookies,
} from '../../http/auth.ts';
import { contract } from '../../http/contract.ts';
import { ok } from '../../http/envelope.ts';
import type { ModuleDeps } from '../../http/module.ts';
import { createAuthService, type AuthService } from './auth.service.ts';

/** Per address and minute, on top of the lockout kept in the database. */
export const LOGIN_RATE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;
export const REFRESH_RATE_LIMIT = { max: 60, timeWindow: '1 minute' } as const;

export interface AuthModuleOptions {
  /** The clock (tests move it to expire tokens). */
  now?: () => number;
}

function clearTokenCookies(reply: FastifyReply, env: Env): void {
  const base = { httpOnly: true, sameSite: 'lax' as const, secure: cookieSecure(env), path: AUTH_COOKIE_PATH };
  reply.clearCookie(ACCESS_COOKIE, base);
  reply.clearCookie(REFRESH_COOKIE, base);
}

function answer(reply: FastifyReply, env: Env, mode: 'json' | 'session', tokens: AuthTokenRecord) {
  if (mode === 'json') return ok<AuthTokenRecord>(tokens);
  setTokenCookies(reply, env, tokens);
  return ok<SessionTokenAnswer>({ expires: tokens.expires, expires_at: tokens.expires_at });
}

function hasAuthCookie(request: FastifyRequest): boolean {
  return Boolean(request.cookies?.[ACCESS_COOKIE] || request.cookies?.[REFRESH_COOKIE]);
}

function buildRoutes(service: AuthService): FastifyPluginAsync<ModuleDeps> {
  return async (fastify, deps) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { env } = deps;
    app.addHook('onSend', async (_request, reply, payload) => {
      reply.header('cache-control', 'no-store');
      return payload;
    });

    app.post(
      '/auth/login',
      {
        schema: contract({
          summary: 'Sign in: tokens in the answer (mode json) or as httpOnly cookies (mode session)',
          tag: 'auth',
          auth: 'public',
          body: loginPayloadSchema,
          data: tokenAnswerSchema,
          errors: ['INVALID_CREDENTIALS', 'OTP_REQUIRED', 'INVALID_OTP', 'LOGIN_LOCKED', 'CSRF_REJECTED'],
        }),
        config: { rateLimit: LOGIN_RATE_LIMIT },
      },
      async (request, reply) => {
        const mode = request.body.mode ?? 'session';
        // A cross-site form must not sign the browser in to someone else's account.
        if (mode === 'session') assertSameOrigin(request, env);
        const { tokens } = await service.login({ ...request.body, address: request.ip });
        return answer(reply, env, mode, tokens);
      },
    );

    app.post(
      '/auth/refresh',
      {
        schema: contract({
          summary: 'A new token pair for a refresh token (a token used twice ends its whole family)',
          tag: 'auth',
          auth: 'public',
          body: refreshPayloadSchema,
          data: tokenAnswerSchema,
          errors: ['INVALID_TOKEN', 'CSRF_REJECTED'],
        }),
        config: { rateLimit: REFRESH_RATE_LIMIT },
      },
      async (request, reply) => {
        const mode = request.body.mode ?? 'json';
        if (mode === 'session') assertSameOrigin(request, env);
        const token = mode === 'session' ? request.cookies[REFRESH_COOKIE] : request.body.refresh_token;
        try {
          return answer(reply, env, mode, await service.refresh(token));
        } catch (e) {
          if (mode === 'session') clearTokenCookies(reply, env);
          throw e;
        }
      },
    );

    const logoutContract = contract({
      summary: 'Sign out: the refresh token (json) or the session cookies (session) stop working',
      tag: 'auth',
      auth: 'optional',
      body: refreshPayloadSchema,
      data: nothing,
      errors: ['CSRF_REJECTED'],
    });
    app.post('/auth/logout', { schema: logoutContract }, async (request, reply) => {
      const mode = request.body.mode ?? 'json';
      if (mode === 'session' || request.authVia === 'cookie') assertSameOrigin(request, env);
      const refreshToken = mode === 'session' ? request.cookies[REFRESH_COOKIE] : request.body.refresh_token;
      await service.logout({ refreshToken, familyId: request.user?.familyId });
      if (mode === 'session') clearTokenCookies(reply, env);
      return ok(null);
    });

    const meContract = contract({ summary: 'The signed-in user', tag: 'auth', auth: 'staff', data: authUserSchema });
    app.get('/users/me', { preValidation: authenticated, schema: meContract }, async (request) => {
      const { familyId: _family, accessExpiresAt: _expires, ...user } = requireUser(request);
      return ok(user);
    });

    app.post(
      '/users/me/password',
      {
        preValidation: authenticated,
        schema: contract({
          summary: "Change the signed-in user's password",
          tag: 'auth',
          auth: 'staff',
          body: passwordChangeSchema,
          data: nothing,
          errors: ['INVALID_CREDENTIALS'],
        }),
        config: { rateLimit: LOGIN_RATE_LIMIT },
      },
      async (request) => {
        await service.changePassword(requireUser(request), { ...request.body, address: request.ip });
        return ok(null);
      },
    );

    const sessionContract = contract({
      summary: "The browser session's user and venues (user null when signed out)",
      tag: 'auth',
      auth: 'optional',
      data: sessionAnswerSchema,
    });
    app.get('/_auth/session', { schema: sessionContract }, async (request) => {
      let user: AuthUser | null = null;
      if (request.user) {
        const { familyId: _family, accessExpiresAt: _expires, ...rest } = request.user;
        user = rest;
      } else if (request.authVia === null && !request.headers.authorization) {
        // The access cookie expired but the sign-in lives on: the web app refreshes next.
        user = await service.userOfRefreshToken(request.cookies[REFRESH_COOKIE]);
      }
      if (!user) return ok<SessionAnswer>({ user: null, venues: [] });
      const [otpEnabled, venues, invitations] = await Promise.all([
        service.otpEnabled(user.id),
        service.staffVenues(user.id),
        service.pendingInvitations(user.id),
      ]);
      return ok<SessionAnswer>({ user: { ...user, otp_enabled: otpEnabled }, venues, invitations });
    });

    const endSession = contract({
      summary: "End the browser's session (cookies cleared)",
      tag: 'auth',
      auth: 'optional',
      data: nothing,
      errors: ['CSRF_REJECTED'],
    });
    app.delete('/_auth/session', { schema: endSession }, async (request, reply) => {
      if (hasAuthCookie(request) && request.authVia !== 'bearer') assertSameOrigin(request, env);
      await service.logout({ refreshToken: request.cookies[REFRESH_COOKIE], familyId: request.user?.familyId });
      clearTokenCookies(reply, env);
      return ok(null);
    });

    const otpEnable = contract({
      summary: 'Start one-time codes: the secret to scan (active once verified)',
      tag: 'auth',
      auth: 'staff',
      data: otpEnableAnswerSchema,
      errors: ['OTP_ALREADY_ENABLED'],
    });
    app.post('/auth/otp/enable', { preValidation: authenticated, schema: otpEnable }, async (request) => {
      return ok(await service.enableOtp(requireUser(request).id));
    });

    const otpVerify = contract({
      summary: 'Turn one-time codes on with a first code',
      tag: 'auth',
      auth: 'staff',
      body: otpBodySchema,
      data: otpStateSchema,
      errors: ['INVALID_OTP', 'OTP_ALREADY_ENABLED'],
    });
    app.post('/auth/otp/verify', { preValidation: authenticated, schema: otpVerify }, async (request) => {
      await service.verifyOtp(requireUser(request).id, request.body.otp);
      return ok({ enabled: true });
    });

    const otpDisable = contract({
      summary: 'Turn one-time codes off with a current code',
      tag: 'auth',
      auth: 'staff',
      body: otpBodySchema,
      data: otpStateSchema,
      errors: ['INVALID_OTP', 'OTP_NOT_ENABLED'],
    });
    app.post('/auth/otp/disable', { preValidation: authenticated, schema: otpDisable }, async (request) => {
      await service.disableOtp(requireUser(request).id, request.body.otp);
      return ok({ enabled: false });
    });
  };
}

/** The hook and the routes sharing one service (and one clock). */
export function createAuthModule(options: AuthModuleOptions = {}) {
  // One service per database: the same module serves every app built in a test process.
  const services = new WeakMap<object, AuthService>();
  const serviceFor = (deps: ModuleDeps): AuthService => {
    let service = services.get(deps.database);
    if (!service) {
      service = createAuthService({
        db: deps.database.db,
        events: deps.events,
        ...(options.now ? { now: options.now } : {}),
      });
      services.set(deps.database, service);
    }
    return service;
  };
  const hook: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
    await app.register(createAuthHook(serviceFor(deps), deps.env));
  };
  (hook as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
  const routes: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
    await app.register(buildRoutes(serviceFor(deps)), deps);
  };
  return { hook, routes };
}

const defaultModule = createAuthModule();
/** Register in the /api scope before every module: puts `request.user` on every API request. */
export const authHook = defaultModule.hook;
/** POST /auth/login, /auth/refresh, /auth/logout, /auth/otp/*; GET /users/me; GET+DELETE /_auth/session. */
export const authRoutes = defaultModule.routes;
