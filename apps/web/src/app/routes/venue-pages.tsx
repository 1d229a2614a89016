import { Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/react.tsx';
import { ErrorPage } from '../../features/errors/components/error-page.tsx';
import { useVenueOutlet } from './venue-outlet.ts';

/** `/:id/order-error`: a delivery order that yielded no order (spec section 2). */
export function OrderErrorPage() {
  const { t } = useTranslation();
  const { menuHref } = useVenueOutlet();
  return (
    <section aria-labelledby="order-error-title" className="flex flex-col items-start gap-3 pt-6">
      <h1 id="order-error-title" className="text-2xl font-bold">
        {t('order.errorTitle')}
      </h1>
      <p className="text-muted">{t('order.errorText')}</p>
      <Link
        to={menuHref}
        className="inline-flex min-h-11 items-center rounded-full bg-brand px-5 font-semibold text-brand-contrast"
      >
        {t('order.backToMenu')}
      </Link>
    </section>
  );
}

/** `/:id/error`: the venue's error page, inside its own header. */
export function VenueErrorPage() {
  const { chatHref } = useVenueOutlet();
  const [search] = useSearchParams();
  const status = Number(search.get('status')) || 500;
  return <ErrorPage status={status} path={search.get('path') ?? undefined} homeHref={chatHref} />;
}

/** An unknown page under a known venue: the 404 page inside the venue's header. */
export function VenueNotFoundPage() {
  const { chatHref } = useVenueOutlet();
  const location = useLocation();
  return <ErrorPage status={404} path={location.pathname} homeHref={chatHref} />;
}
