import { escapeAngleBrackets } from '@carte/domain/auth';
import type { OtpEnableAnswer, SessionAnswer, SessionTokenAnswer } from '@carte/domain/contracts/auth';
import type { InviteAcceptAnswer, InviteLookupAnswer, StaffInvitation } from '@carte/domain/contracts/staff';
import { apiRequest, isApiError } from '../../../lib/api-client.ts';

/** Staff sign-in calls of architecture.md section 4.6, in `session` mode (httpOnly cookies). */

export type { OtpEnableAnswer, SessionUser as StaffUser, StaffRole, StaffVenue } from '@carte/domain/contracts/auth';
export type { StaffInvitation } from '@carte/domain/contracts/staff';
/** GET /api/_auth/session */
export type AuthSession = SessionAnswer;

/**
 * What login and refresh answer in session mode (the tokens themselves stay in httpOnly cookies).
 * `expires_at` is epoch ms; an ISO date is read too.
 */
export type SessionExpiry = Omit<SessionTokenAnswer, 'expires_at'> & { expires_at: number | string };

export interface Credentials {
  email: string;
  password: string;
  otp?: string | undefined;
}

export function login({ email, password, otp }: Credentials): Promise<SessionExpiry> {
  return apiRequest<SessionExpiry>('/api/auth/login', {
    method: 'POST',
    body: {
      // Spec section 5: angle brackets escaped before sending (the server undoes it).
      email: escapeAngleBrackets(email),
      password: escapeAngleBrackets(password),
      ...(otp ? { otp } : {}),
      mode: 'session',
    },
  });
}

export function refreshSession(): Promise<SessionExpiry> {
  return apiRequest<SessionExpiry>('/api/auth/refresh', { method: 'POST', body: { mode: 'session' } });
}

/** A call whose answer carries nothing we need; 204 (no body) is a success. */
async function send(path: string, init: { method: string; body?: unknown }): Promise<void> {
  try {
    await apiRequest<unknown>(path, init);
  } catch (error) {
    if (isApiError(error) && error.status === 204) return;
    throw error;
  }
}

export function logout(): Promise<void> {
  return send('/api/auth/logout', { method: 'POST', body: { mode: 'session' } });
}

/** Spec section 7: accept JSON, no retry; the caller treats a failure as an empty session. */
export function getSession(): Promise<AuthSession> {
  return apiRequest<AuthSession>('/api/_auth/session');
}

/** GET /api/staff/invitations: the invitations to a venue's staff waiting for this user's answer. */
export function getInvitations(): Promise<StaffInvitation[]> {
  return apiRequest<StaffInvitation[]>('/api/staff/invitations');
}

/** POST /api/staff/invitations/accept|decline {venueId}. */
export function answerInvitation(venueId: string, choice: 'accept' | 'decline'): Promise<void> {
  return send(`/api/staff/invitations/${choice}`, { method: 'POST', body: { venueId } });
}

/** POST /api/staff/invite/lookup {token}: what an invitation link offers (the token stays out of URLs). */
export function lookupInvite(token: string): Promise<InviteLookupAnswer> {
  return apiRequest<InviteLookupAnswer>('/api/staff/invite/lookup', { method: 'POST', body: { token } });
}

/** POST /api/staff/invite/accept: a new person's name and password (escaped like login); signs them in. */
export function acceptInvite(input: {
  token: string;
  firstName: string;
  lastName: string;
  password: string;
}): Promise<InviteAcceptAnswer> {
  return apiRequest<InviteAcceptAnswer>('/api/staff/invite/accept', {
    method: 'POST',
    body: {
      token: input.token,
      first_name: input.firstName,
      ...(input.lastName.trim() ? { last_name: input.lastName } : {}),
      password: escapeAngleBrackets(input.password),
    },
  });
}

export function deleteSession(): Promise<void> {
  return send('/api/_auth/session', { method: 'DELETE' });
}

/** POST /api/users/me/password: both escaped like the login (the server undoes it). */
export function changePassword(current: string, next: string): Promise<void> {
  return send('/api/users/me/password', {
    method: 'POST',
    body: { password: escapeAngleBrackets(current), new_password: escapeAngleBrackets(next) },
  });
}

/** POST /api/auth/otp/enable: a new secret, not asked at sign-in until /otp/verify accepts a code. */
export function enableOtp(): Promise<OtpEnableAnswer> {
  return apiRequest<OtpEnableAnswer>('/api/auth/otp/enable', { method: 'POST' });
}

export function verifyOtp(otp: string): Promise<void> {
  return send('/api/auth/otp/verify', { method: 'POST', body: { otp } });
}

export function disableOtp(otp: string): Promise<void> {
  return send('/api/auth/otp/disable', { method: 'POST', body: { otp } });
}
