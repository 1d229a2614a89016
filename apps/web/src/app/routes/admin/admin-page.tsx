import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LockKeyhole } from 'lucide-react';
import { Header } from '../../../components/layout/header.tsx';
import { CarteLogo } from '../../../components/brand/carte-logo.tsx';
import { LanguagePicker } from '../../../features/language-picker/components/language-picker.tsx';
import { useRouteMeta } from '../../route-meta.ts';

type AdminTitle =
  'admin.title' | 'admin.loginTitle' | 'admin.logoutTitle' | 'admin.selectVenueTitle' | 'admin.venueTitle';

/**
 * The staff area shell (lazy chunk, never in the guest bundle): the header in admin mode (no cart,
 * no order link, no order bar). Staff sign-in and the admin chat arrive with their own issue; until
 * then the page says how menus are managed today instead of showing controls that do nothing.
 */
export default function AdminPage() {
  const { t } = useTranslation();
  const meta = useRouteMeta();
  const title = t((meta.title as AdminTitle | undefined) ?? 'admin.title');
  useEffect(() => {
    document.title = `${title} · Carte`;
  }, [title]);
  return (
    <>
      <Header
        brand={
          <span className="flex min-h-11 items-center gap-2 font-semibold">
            <CarteLogo />
            {t('admin.brand')}
          </span>
        }
        actions={<LanguagePicker />}
      />
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-[960px] px-4 py-10 outline-none">
        <section aria-labelledby="admin-title" className="flex flex-col items-start gap-3">
          <LockKeyhole aria-hidden="true" className="size-8 text-muted" />
          <h1 id="admin-title" className="text-2xl font-bold">
            {title}
          </h1>
          <p className="max-w-prose text-muted">{t('admin.unavailable')}</p>
          <p className="max-w-prose text-muted">
            {t('admin.importHint')}{' '}
            <code className="rounded bg-surface-2 px-1.5 py-0.5 text-fg">npm run venue:import -- venue.json</code>
          </p>
        </section>
      </main>
    </>
  );
}
