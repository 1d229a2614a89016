import { useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useStaffProducts } from '../api/products.ts';
import { useStaffVenue } from '../api/venue.ts';
import { MenuList } from './menu-list.tsx';
import { ProductForm } from './product-form.tsx';
import { LoadError, secondaryButton } from './ui.tsx';

export const PRODUCT_PARAM = 'product';

/**
 * The menu section: the list, or the product form when the address says `?product=<id>` (or
 * `new`), so Back, reload and a shared link all land on the same dish.
 */
export function MenuEditor({ venueId }: { venueId: string }) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const open = search.get(PRODUCT_PARAM);
  const venue = useStaffVenue(venueId);
  const products = useStaffProducts(venueId);
  const listHref = useLocation().pathname;

  if (!open) return <MenuList venueId={venueId} onOpen={(id) => setSearch({ [PRODUCT_PARAM]: id })} />;
  if (venue.isError) return <LoadError error={venue.error} onRetry={() => void venue.refetch()} />;
  if (open !== 'new' && products.isError) return <LoadError error={products.error} onRetry={() => void products.refetch()} />;
  if (!venue.data || (open !== 'new' && !products.data)) {
    return (
      <div aria-busy="true" className="flex flex-col gap-3">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-64 w-full rounded-2xl" />
      </div>
    );
  }
  const product = open === 'new' ? null : (products.data?.find((p) => p.id === open) ?? undefined);
  if (product === undefined) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3">
        <p>{t('admin.productForm.notFound')}</p>
        <button type="button" className={secondaryButton} onClick={() => setSearch({})}>
          {t('admin.productForm.back')}
        </button>
      </div>
    );
  }
  // A new key per dish: the form starts from that dish's values.
  return <ProductForm key={open} venue={venue.data} product={product} listHref={listHref} />;
}
