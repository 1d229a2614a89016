import { useEffect, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../../i18n/react.tsx';
import { CircleCheck, Info, LockKeyhole, LogOut, UserRound } from 'lucide-react';
import {
  afterLoginPath,
  LOGIN_PATH,
  LoginForm,
  REDIRECT_PARAM,
  RequireSession,
  SELECT_VENUE_PATH,
  StaffInvitations,
  useLogout,
  useSession,
  VenueChoice,
} from '../../../features/auth/index.ts';
import { PlainStaffPage, StaffLoading } from './staff-shell.tsx';

/** /admin: to the login page, or to the venue choice once signed in. */
export function AdminEntryPage() {
  const { ready, loggedIn } = useSession();
  if (!ready) return <StaffLoading />;
  return <Navigate to={loggedIn ? SELECT_VENUE_PATH : LOGIN_PATH} replace />;
}

/** /admin/login (spec section 2). A signed-in user goes on to where they were headed. */
export function LoginPage() {
  const { t } = useTranslation();
  const { ready, loggedIn, venues, ended, invitations } = useSession();
  const [search] = useSearchParams();
  if (ready && loggedIn) {
    return <Navigate to={afterLoginPath(venues, search.get(REDIRECT_PARAM), invitations)} replace />;
  }
  return (
    <PlainStaffPage>
      <section aria-labelledby="login-title" className="mx-auto flex w-full max-w-md flex-col gap-6">
        <div className="flex flex-col gap-2">
          <LockKeyhole aria-hidden="true" className="size-8 text-muted" />
          <h1 id="login-title" className="text-2xl font-bold">
            {t('admin.loginTitle')}
          </h1>
          <p className="text-muted">{t('auth.intro')}</p>
        </div>
        {ended === 'expired' ? (
          <p role="status" className="flex items-start gap-2 rounded-xl bg-surface-2 px-3 py-2 text-sm">
            <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {t('auth.expired')}
          </p>
        ) : null}
        <div className="rounded-2xl border border-line bg-surface p-4 sm:p-6">
          <LoginForm />
        </div>
      </section>
    </PlainStaffPage>
  );
}

/** /admin/logout: signs out (server tokens and app session), then says so. */
export function LogoutPage() {
  const { t } = useTranslation();
  const logout = useLogout();
  const [done, setDone] = useState(false);
  useEffect(() => {
    let live = true;
    void logout().then(() => live && setDone(true));
    return () => {
      live = false;
    };
  }, [logout]);
  return (
    <PlainStaffPage>
      <section
        aria-labelledby="logout-title"
        aria-busy={!done}
        className="mx-auto flex w-full max-w-md flex-col items-start gap-4"
      >
        <CircleCheck aria-hidden="true" className={`size-8 ${done ? 'text-green-700 dark:text-green-400' : 'text-muted'}`} />
        <h1 id="logout-title" className="text-2xl font-bold">
          {done ? t('auth.signedOutTitle') : t('auth.signingOut')}
        </h1>
        {done ? (
          <>
            <p className="text-muted">{t('auth.signedOutText')}</p>
            <Link
              to={LOGIN_PATH}
              className="inline-flex min-h-12 items-center justify-center rounded-full bg-brand px-6 font-semibold text-brand-contrast"
            >
              {t('auth.signInAgain')}
            </Link>
          </>
        ) : null}
      </section>
    </PlainStaffPage>
  );
}

/** /admin/select-venue: the venues the user owns or manages (requires the auth check). */
export function SelectVenuePage() {
  return (
    <RequireSession fallback={<StaffLoading />}>
      <SelectVenue />
    </RequireSession>
  );
}

function SelectVenue() {
  const { t } = useTranslation();
  const { user, venues } = useSession();
  return (
    <PlainStaffPage
      actions={
        <Link
          to="/admin/logout"
          className="inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-lg px-2 text-sm font-semibold hover:bg-surface-2"
        >
          <LogOut aria-hidden="true" className="size-5" />
          <span className="sr-only sm:not-sr-only">{t('admin.signOut')}</span>
        </Link>
      }
    >
      <section aria-labelledby="select-title" className="flex flex-col gap-5">
        <div className="flex flex-col gap-1">
          <h1 id="select-title" className="text-2xl font-bold">
            {t('admin.selectVenueTitle')}
          </h1>
          <p className="text-muted">{t('admin.selectVenue.intro')}</p>
          {user ? <p className="text-sm break-all text-muted">{t('admin.signedInAs', { email: user.email })}</p> : null}
          <Link
            to="/admin/account"
            className="inline-flex min-h-11 items-center gap-1.5 self-start rounded-lg text-sm font-semibold underline-offset-4 hover:underline"
          >
            <UserRound aria-hidden="true" className="size-4" />
            {t('admin.accountLink')}
          </Link>
        </div>
        <StaffInvitations />
        <VenueChoice venues={venues} />
      </section>
    </PlainStaffPage>
  );
}
