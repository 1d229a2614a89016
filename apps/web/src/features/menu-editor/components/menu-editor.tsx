import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../../i18n/react.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useStaffProducts } from '../api/products.ts';
import { useStaffVenue } from '../../../lib/staff/venue-api.ts';
import { MenuList } from './menu-list.tsx';
import { ProductForm } from './product-form.tsx';
import { ConfirmDialog, LoadError, secondaryButton } from '../../../components/staff/ui.tsx';

export const PRODUCT_PARAM = 'product';

/**
 * The menu section: the list, or the product form when the address says `?product=<id>` (or
 * `new`), so Back, reload and a shared link all land on the same dish. When the address moves
 * away from a form with unsaved changes (the browser's Back button), the form stays on screen,
 * the address comes back to it, and staff are asked whether to leave.
 */
export function MenuEditor({ venueId }: { venueId: string }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const open = search.get(PRODUCT_PARAM);
  const [shown, setShown] = useState(open);
  const [formDirty, setFormDirty] = useState(false);
  const [leaveTo, setLeaveTo] = useState<string | null>(null);
  const hrefOf = useCallback(
    (id: string | null) => (id ? `${pathname}?${PRODUCT_PARAM}=${encodeURIComponent(id)}` : pathname),
    [pathname],
  );

  // Adjusting state to the address during render (React's pattern for derived state).
  if (open !== shown) {
    if (shown !== null && formDirty) {
      const wanted = hrefOf(open);
      if (leaveTo !== wanted) setLeaveTo(wanted);
    } else {
      setShown(open);
    }
  }
  // Back to the form's address while we ask.
  useEffect(() => {
    if (shown !== null && open !== shown && formDirty) navigate(hrefOf(shown));
  }, [open, shown, formDirty, navigate, hrefOf]);

  const venue = useStaffVenue(venueId);
  const products = useStaffProducts(venueId);
  const onDirtyChange = useCallback((dirty: boolean) => setFormDirty(dirty), []);

  let content;
  if (!shown) {
    content = <MenuList venueId={venueId} onOpen={(id) => navigate(hrefOf(id))} />;
  } else if (venue.isError) {
    content = <LoadError error={venue.error} onRetry={() => void venue.refetch()} />;
  } else if (shown !== 'new' && products.isError) {
    content = <LoadError error={products.error} onRetry={() => void products.refetch()} />;
  } else if (!venue.data || (shown !== 'new' && !products.data)) {
    content = (
      <div aria-busy="true" className="flex flex-col gap-3">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-64 w-full rounded-2xl" />
      </div>
    );
  } else {
    const product = shown === 'new' ? null : (products.data?.find((p) => p.id === shown) ?? undefined);
    content =
      product === undefined ? (
        <div role="alert" className="flex flex-col items-start gap-3">
          <p>{t('admin.productForm.notFound')}</p>
          <button type="button" className={secondaryButton} onClick={() => navigate(pathname)}>
            {t('admin.productForm.back')}
          </button>
        </div>
      ) : (
        // A new key per dish: the form starts from that dish's values.
        <ProductForm
          key={shown}
          venue={venue.data}
          product={product}
          listHref={pathname}
          onDirtyChange={onDirtyChange}
        />
      );
  }

  return (
    <>
      {content}
      <ConfirmDialog
        open={leaveTo !== null && open === shown}
        onOpenChange={(isOpen) => (isOpen ? null : setLeaveTo(null))}
        title={t('admin.common.discardTitle')}
        description={t('admin.common.discardText')}
        confirmLabel={t('admin.common.discard')}
        onConfirm={() => {
          const to = leaveTo;
          setLeaveTo(null);
          setFormDirty(false);
          if (to) navigate(to);
        }}
      />
    </>
  );
}
