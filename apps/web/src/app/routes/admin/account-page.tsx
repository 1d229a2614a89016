import { Link } from 'react-router';
import { ArrowLeftRight, LogOut } from 'lucide-react';
import { useTranslation } from '../../../i18n/react.tsx';
import { RequireSession, SELECT_VENUE_PATH, useSession } from '../../../features/auth/index.ts';
import { PasswordSection, TwoStepSection } from '../../../features/auth/components/account-forms.tsx';
import { PlainStaffPage, StaffLoading } from './staff-shell.tsx';

/** /admin/account: the signed-in owner's or manager's password and one-time codes. */
export default function AccountPage() {
  return (
    <RequireSession fallback={<StaffLoading />}>
      <Account />
    </RequireSession>
  );
}

function Account() {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!user) return null;
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
      <div className="flex flex-col gap-6">
        <div className="flex flex-col gap-1">
          <Link
            to={SELECT_VENUE_PATH}
            className="inline-flex min-h-11 items-center gap-1.5 self-start rounded-lg text-sm font-semibold underline-offset-4 hover:underline"
          >
            <ArrowLeftRight aria-hidden="true" className="size-4" />
            {t('admin.account.back')}
          </Link>
          <h1 className="text-2xl font-bold">{t('admin.account.title')}</h1>
          <p className="text-sm break-all text-muted">{t('admin.signedInAs', { email: user.email })}</p>
        </div>
        <PasswordSection />
        <TwoStepSection enabled={user.otp_enabled === true} />
      </div>
    </PlainStaffPage>
  );
}
