import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/react.tsx';
import { Header } from '../../../components/layout/header.tsx';
import { CarteLogo } from '../../../components/brand/carte-logo.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { LanguagePicker } from '../../../features/language-picker/components/language-picker.tsx';

/** "Carte staff" with Carte's mark: the brand of the staff pages that are not about one venue. */
export function StaffBrand() {
  const { t } = useTranslation();
  return (
    <span className="flex min-h-11 min-w-0 items-center gap-2 font-semibold">
      <CarteLogo className="shrink-0" />
      <span className="truncate">{t('admin.brand')}</span>
    </span>
  );
}

/** Sign-in, sign-out, venue choice, no access: the guest header in staff mode and one column. */
export function PlainStaffPage({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <>
      <Header
        brand={<StaffBrand />}
        actions={
          <>
            <LanguagePicker />
            {actions}
          </>
        }
      />
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-[720px] px-4 py-8 outline-none sm:py-12">
        {children}
      </main>
    </>
  );
}

/** The shape of a staff page while its strings, its chunk or the session arrive. */
export function StaffLoading() {
  return (
    <div aria-busy="true">
      <Header
        brand={
          <span className="flex min-h-11 items-center gap-2">
            <Skeleton className="size-8" />
            <Skeleton className="h-5 w-36" />
          </span>
        }
      />
      <div className="mx-auto flex w-full max-w-[720px] flex-col gap-3 px-4 py-8">
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-5 w-full max-w-sm" />
        <Skeleton className="mt-3 h-20 w-full rounded-2xl" />
        <Skeleton className="h-20 w-full rounded-2xl" />
      </div>
    </div>
  );
}
