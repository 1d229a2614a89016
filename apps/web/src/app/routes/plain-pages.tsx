import type { ReactNode } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { Header } from '../../components/layout/header.tsx';
import { CarteLogo } from '../../components/brand/carte-logo.tsx';
import { ErrorPage } from '../../features/errors/components/error-page.tsx';
import { LanguagePicker } from '../../features/language-picker/components/language-picker.tsx';
import { SkipLink } from '../../components/layout/skip-link.tsx';

function PlainShell({ children }: { children: ReactNode }) {
  return (
    <>
      <SkipLink />
      <Header
        brand={
          <span className="flex min-h-11 items-center gap-2 font-semibold">
            <CarteLogo />
            Carte
          </span>
        }
        actions={<LanguagePicker />}
      />
      <main id="main" tabIndex={-1} className="outline-none">
        {children}
      </main>
    </>
  );
}

/** `/error`: the generic error page; `?status=404&path=/x` lets the server say what failed. */
export function GenericErrorPage() {
  const [search] = useSearchParams();
  const status = Number(search.get('status')) || 500;
  return (
    <PlainShell>
      <ErrorPage status={status} path={search.get('path') ?? undefined} />
    </PlainShell>
  );
}

/** Any unknown path: 'Page not found' plus the path. */
export function NotFoundPage() {
  const location = useLocation();
  return (
    <PlainShell>
      <ErrorPage status={404} path={location.pathname} />
    </PlainShell>
  );
}
