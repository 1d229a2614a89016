import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  ACCESS_TOKEN_TTL_MS,
  REFRESH_TOKEN_TTL_MS,
  unescapeAngleBrackets,
  type AuthTokenRecord,
  type AuthUser,
  type OtpEnableAnswer,
  type StaffVenue,
} from '@carte/domain';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import {
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  findUserForSignIn,
  hashPassword,
  normaliseEmail,
  verifyPassword,
  verifyPasswordOfNobody,
} from '../users/users.service.ts';
import {
  clearFailures,
  consumeRefreshToken,
  deleteExpiredTokens,
  findAccessToken,
  findLocks,
  findRefreshToken,
  findStaffVenues,
  findUserById,
  insertAccessToken,
  insertRefreshToken,
  countInvitations,
  isStaffGrantLive,
  recordFailure,
  replacePassword,
  revokeFamily,
  setPendingTotpSecret,
  setTotpEnabled,
  useTotpStep,
  type UserRow,
} from './auth.repository.ts';
import type { OrderEventBus } from '../../events/order-events.ts';
import { generateTotpSecret, matchTotp, otpauthUrl } from './totp.ts';

/**
 * Lockout: 5 failed sign-ins for one account, or 20 from one address, within 15 minutes lock that
 * account or address for 15 minutes (LOGIN_LOCKED's message says 15 minutes).
 */
export const LOCKOUT = {
  account: { windowMs: 15 * 60_000, max: 5, lockMs: 15 * 60_000 },
  address: { windowMs: 15 * 60_000, max: 20, lockMs: 15 * 60_000 },
} as const;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function toAuthUser(user: UserRow): AuthUser {
  return { id: user.id, first_name: user.firstName, last_name: user.lastName, email: user.email };
}

/** The user an access token belongs to, for the authentication hook. */
export interface AuthenticatedUser extends AuthUser {
  familyId: string;
  /** When the access token this request came with expires (ms since the epoch). */
  accessExpiresAt: number;
}

export interface LoginInput {
  email: string;
  password: string;
  otp?: string | undefined;
  /** Client address, for the per-address limit. */
  address: string;
}

export interface AuthServiceDeps {
  db: Db;
  now?: () => number;
  /** Tells every process's staff streams that a sign-in ended (absent in tools without a bus). */
  events?: Pick<OrderEventBus, 'publishAccess'> | undefined;
}

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(deps: AuthServiceDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  /** After the revocation committed: the streams of those sign-ins close in every process. */
  const revoked = async (event: { userId?: string; familyId?: string; keepFamilyId?: string }) => {
    await deps.events?.publishAccess({ type: 'access.revoked', ...event });
  };

  async function issueTokens(userId: string, familyId: string, at: number): Promise<AuthTokenRecord> {
    const access = newToken();
    const refresh = newToken();
    await db.transaction(async (tx) => {
      await insertAccessToken(tx, {
        id: hashToken(access),
        userId,
        familyId,
        expiresAt: new Date(at + ACCESS_TOKEN_TTL_MS),
      });
      await insertRefreshToken(tx, {
        id: hashToken(refresh),
        userId,
        familyId,
        expiresAt: new Date(at + REFRESH_TOKEN_TTL_MS),
      });
    });
    return {
      access_token: access,
      refresh_token: refresh,
      expires: ACCESS_TOKEN_TTL_MS,
      expires_at: at + ACCESS_TOKEN_TTL_MS,
    };
  }

  /** Counts the failure for the account and the address; the attempt that reaches a limit is still
   * answered as a plain failure, the next one is locked. */
  async function failLogin(keys: string[], at: Date, code: 'INVALID_CREDENTIALS' | 'INVALID_OTP'): Promise<never> {
    for (const key of keys) {
      await recordFailure(db, key, at, key.startsWith('account:') ? LOCKOUT.account : LOCKOUT.address);
    }
    throw new AppError(code, { logMessage: `login failed (${code})` });
  }

  return {
    /**
     * Password (and one-time code) sign-in. Unknown e-mail and wrong password give the same answer
     * after the same scrypt work; locked accounts or addresses get LOGIN_LOCKED before any check.
     */
    async login(input: LoginInput): Promise<{ tokens: AuthTokenRecord; user: AuthUser }> {
      const at = new Date(now());
      const email = normaliseEmail(unescapeAngleBrackets(input.email));
      const keys = [`account:${email}`, `address:${input.address}`];
      const locks = await findLocks(db, keys, at);
      if (locks.length > 0) {
        const until = Math.max(...locks.map((l) => l.lockedUntil!.getTime()));
        throw new AppError('LOGIN_LOCKED', { logMessage: `locked until ${new Date(until).toISOString()}` });
      }
      const raw = input.password;
      const unescaped = unescapeAngleBrackets(raw);
      const user = email.length > 0 && email.length <= 320 ? await findUserForSignIn(db, email) : undefined;
      let passwordOk = false;
      if (!user || raw.length > MAX_PASSWORD_LENGTH) {
        await verifyPasswordOfNobody(unescaped.slice(0, MAX_PASSWORD_LENGTH));
      } else {
        passwordOk = await verifyPassword(unescaped, user.passwordHash);
        // A password that really contains "&lt;" arrives unchanged: try it as sent too.
        if (!passwordOk && unescaped !== raw) passwordOk = await verifyPassword(raw, user.passwordHash);
      }
      if (!user || !passwordOk) return failLogin(keys, at, 'INVALID_CREDENTIALS');

      if (user.totpEnabled && user.totpSecret) {
        const otp = input.otp?.trim();
        if (!otp) throw new AppError('OTP_REQUIRED');
        const step = matchTotp(user.totpSecret, otp, at.getTime(), user.totpLastStep);
        if (step === null || !(await useTotpStep(db, user.id, step))) return failLogin(keys, at, 'INVALID_OTP');
      }

      await clearFailures(db, keys[0]!);
      await deleteExpiredTokens(db, at);
      const tokens = await issueTokens(user.id, randomUUID(), at.getTime());
      return { tokens, user: toAuthUser(user) };
    },

    /** A new sign-in for a user who just proved who they are another way (an invitation link they accepted). */
    async startSession(userId: string): Promise<AuthTokenRecord> {
      return issueTokens(userId, randomUUID(), now());
    },

    /**
     * Rotates a refresh token: the old one is marked used, a new pair of the same family issued.
     * A used or revoked token presented again revokes the whole family (it was stolen, or the
     * thief already used it).
     */
    async refresh(refreshToken: string | undefined): Promise<AuthTokenRecord> {
      if (!refreshToken) throw new AppError('INVALID_TOKEN', { logMessage: 'no refresh token' });
      const at = new Date(now());
      const hash = hashToken(refreshToken);
      const consumed = await consumeRefreshToken(db, hash, at);
      if (!consumed) {
        const known = await findRefreshToken(db, hash);
        if (known && (known.usedAt || known.revokedAt)) {
          await revokeFamily(db, known.familyId, at);
          await revoked({ userId: known.userId, familyId: known.familyId });
          throw new AppError('INVALID_TOKEN', { logMessage: `refresh token reused: family ${known.familyId} revoked` });
        }
        throw new AppError('INVALID_TOKEN', { logMessage: known ? 'refresh token expired' : 'unknown refresh token' });
      }
      return issueTokens(consumed.userId, consumed.familyId, at.getTime());
    },

    /** Ends the sign-in a refresh token (or an access token's family) belongs to. */
    async logout(opts: { refreshToken?: string | undefined; familyId?: string | undefined }): Promise<void> {
      const at = new Date(now());
      const families = new Set<string>();
      if (opts.familyId) families.add(opts.familyId);
      if (opts.refreshToken) {
        const row = await findRefreshToken(db, hashToken(opts.refreshToken));
        if (row) families.add(row.familyId);
      }
      for (const family of families) {
        await revokeFamily(db, family, at);
        await revoked({ familyId: family });
      }
    },

    /** The user of a live access token, or null (unknown, expired or revoked). */
    async authenticate(accessToken: string): Promise<AuthenticatedUser | null> {
      if (accessToken.length === 0 || accessToken.length > 200) return null;
      const row = await findAccessToken(db, hashToken(accessToken), new Date(now()));
      return row ? { ...toAuthUser(row.user), familyId: row.familyId, accessExpiresAt: row.expiresAt.getTime() } : null;
    },

    /**
     * The user of a live refresh token (not used, revoked or expired), without rotating it: lets
     * GET /_auth/session answer "signed in" after the short-lived access token ran out, so the web
     * app refreshes instead of sending a returning owner to the login page.
     */
    async userOfRefreshToken(refreshToken: string | undefined): Promise<AuthUser | null> {
      if (!refreshToken || refreshToken.length > 200) return null;
      const row = await findRefreshToken(db, hashToken(refreshToken));
      if (!row || row.usedAt || row.revokedAt || row.expiresAt.getTime() <= now()) return null;
      const user = await findUserById(db, row.userId);
      return user ? toAuthUser(user) : null;
    },

    /** Whether sign-in asks the user for a one-time code (verified, not merely enabled). */
    async otpEnabled(userId: string): Promise<boolean> {
      const user = await findUserById(db, userId);
      return Boolean(user?.totpEnabled && user.totpSecret);
    },

    /** How many invitations to a venue's staff wait for the user's answer. */
    async pendingInvitations(userId: string): Promise<number> {
      return countInvitations(db, userId, new Date(now()));
    },

    /** Venues the user owns or manages (one row per venue: a user has one role per venue). */
    async staffVenues(userId: string): Promise<StaffVenue[]> {
      return findStaffVenues(db, userId);
    },

    /**
     * Replaces the password after checking the
     * current one; every other sign-in of the user ends. Failures count towards the lockout.
     */
    async changePassword(
      user: { id: string; email: string; familyId: string },
      input: { password: string; new_password: string; address: string },
    ): Promise<void> {
      const at = new Date(now());
      const keys = [`account:${user.email}`, `address:${input.address}`];
      if ((await findLocks(db, keys, at)).length > 0) throw new AppError('LOGIN_LOCKED');
      const row = await findUserById(db, user.id);
      if (!row) throw new AppError('UNAUTHORIZED');
      const current = unescapeAngleBrackets(input.password);
      const ok =
        (await verifyPassword(current, row.passwordHash)) ||
        (current !== input.password && (await verifyPassword(input.password, row.passwordHash)));
      if (!ok) return failLogin(keys, at, 'INVALID_CREDENTIALS');
      const next = unescapeAngleBrackets(input.new_password);
      if (next.length < MIN_PASSWORD_LENGTH || next.length > MAX_PASSWORD_LENGTH) {
        const message = `must be from ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters`;
        throw new AppError('VALIDATION', {
          issues: [
            {
              path: 'new_password',
              code: next.length < MIN_PASSWORD_LENGTH ? 'too_small' : 'too_big',
              params: { min: MIN_PASSWORD_LENGTH, max: MAX_PASSWORD_LENGTH, origin: 'string' },
              message,
            },
          ],
          message: `new_password: ${message}`,
        });
      }
      await replacePassword(db, user.id, await hashPassword(next), user.familyId, at);
      await revoked({ userId: user.id, keepFamilyId: user.familyId });
    },

    async enableOtp(userId: string): Promise<OtpEnableAnswer> {
      const user = await findUserById(db, userId);
      if (!user) throw new AppError('UNAUTHORIZED');
      if (user.totpEnabled) throw new AppError('OTP_ALREADY_ENABLED');
      const secret = generateTotpSecret();
      await setPendingTotpSecret(db, userId, secret);
      return { secret, otpauth_url: otpauthUrl(secret, user.email) };
    },

    /** Turns on the secret from enableOtp once the user proves their app shows the right code. */
    async verifyOtp(userId: string, otp: string): Promise<void> {
      const user = await findUserById(db, userId);
      if (!user) throw new AppError('UNAUTHORIZED');
      if (user.totpEnabled) throw new AppError('OTP_ALREADY_ENABLED');
      if (!user.totpSecret) throw new AppError('OTP_NOT_ENABLED', { logMessage: 'verify before enable' });
      const step = matchTotp(user.totpSecret, otp, now(), user.totpLastStep);
      if (step === null || !(await useTotpStep(db, userId, step))) throw new AppError('INVALID_OTP');
      await setTotpEnabled(db, userId, true);
    },

    async disableOtp(userId: string, otp: string): Promise<void> {
      const user = await findUserById(db, userId);
      if (!user) throw new AppError('UNAUTHORIZED');
      if (!user.totpEnabled || !user.totpSecret) throw new AppError('OTP_NOT_ENABLED');
      const step = matchTotp(user.totpSecret, otp, now(), user.totpLastStep);
      if (step === null || !(await useTotpStep(db, userId, step))) throw new AppError('INVALID_OTP');
      await setTotpEnabled(db, userId, false);
    },
  };
}

/** Whether a staff stream's sign-in lives on and its user still owns or manages the venue. */
export async function staffGrantIsLive(
  db: Db,
  grant: { userId: string; familyId: string; venueId: string },
  at: Date = new Date(),
): Promise<boolean> {
  return isStaffGrantLive(db, grant, at);
}
