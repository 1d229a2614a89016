import { useLocation, useParams } from 'react-router';
import { ErrorPage } from '../../../features/errors/components/error-page.tsx';

/** An unknown page of a venue's back office: 'Page not found' plus the path, and the way home. */
export function AdminNotFound() {
  const { pathname } = useLocation();
  const { id } = useParams();
  return <ErrorPage status={404} path={pathname} homeHref={`/admin/${encodeURIComponent(id ?? '')}`} />;
}
