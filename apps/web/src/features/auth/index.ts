export type { AuthSession, Credentials, OtpEnableAnswer, StaffRole, StaffUser, StaffVenue } from './api/auth-api.ts';
export { acceptInvite, changePassword, disableOtp, enableOtp, lookupInvite, verifyOtp } from './api/auth-api.ts';
export { FormError, formErrorText, formField } from './components/form-parts.tsx';
export { LoginForm } from './components/login-form.tsx';
export { RequireSession } from './components/require-session.tsx';
export { VenueChoice } from './components/venue-choice.tsx';
export { StaffInvitations } from './components/staff-invitations.tsx';
export { useLogin, useLogout, useSession } from './hooks/use-session.ts';
export {
  afterLoginPath,
  LOGIN_PATH,
  loginHref,
  REDIRECT_PARAM,
  safeRedirect,
  SELECT_VENUE_PATH,
} from './lib/redirect.ts';
export { mergeVenues } from './lib/merge-venues.ts';
export { REFRESH_BEFORE_EXPIRY_MS, resetSessionStore, useSessionStore } from './store/session-store.ts';
