import { useDeferredValue, useId, useMemo, useState } from 'react';
import { useTranslation } from '../../../i18n/react.tsx';
import { ChevronRight, Plus, Search, Star } from 'lucide-react';
import type { PublicCategory, PublicProduct } from '@carte/domain/public-types';
import { ProductImage } from '../../../components/product/product-image.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { displayPrice } from '../../../lib/money.ts';
import { notify } from '../../../lib/toast.ts';
import { useSetProductStatus, useStaffProducts, type ProductStatus } from '../api/products.ts';
import { useStaffVenue } from '../../../lib/staff/venue-api.ts';
import { filterProducts, type AvailabilityFilter } from '../lib/filter-products.ts';
import { CategoryHours } from './category-hours.tsx';
import { CategoryTaxRates } from './category-tax-rates.tsx';
import {
  inputClass,
  LoadError,
  PageHeading,
  primaryButton,
  Toggle,
  useErrorText,
} from '../../../components/staff/ui.tsx';

/** /admin/:id/menu: every dish, searchable and filterable, each with its one-tap sold-out switch. */
export function MenuList({ venueId, onOpen }: { venueId: string; onOpen: (productId: string | 'new') => void }) {
  const { t } = useTranslation();
  const products = useStaffProducts(venueId);
  const venue = useStaffVenue(venueId);
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState('');
  const [availability, setAvailability] = useState<AvailabilityFilter>('all');
  const deferredQuery = useDeferredValue(query);
  const categories = venue.data?.categories ?? [];
  const shown = useMemo(
    () => filterProducts(products.data ?? [], { query: deferredQuery, category, availability }),
    [products.data, deferredQuery, category, availability],
  );
  const ids = useId();
  const soldOut = (products.data ?? []).filter((p) => p.status === 'unavailable').length;

  return (
    <section aria-labelledby={`${ids}-title`} className="flex flex-col gap-4">
      <PageHeading
        id={`${ids}-title`}
        title={t('admin.nav.menu')}
        intro={t('admin.menuPage.intro')}
        action={
          <div className="flex flex-wrap gap-2">
            <button type="button" className={primaryButton} onClick={() => onOpen('new')}>
              <Plus aria-hidden="true" className="size-5" />
              {t('admin.menuPage.add')}
            </button>
            {venue.data?.tax ? <CategoryTaxRates venue={venue.data} tax={venue.data.tax} /> : null}
            {venue.data ? <CategoryHours venue={venue.data} /> : null}
          </div>
        }
      />
      {/* Sized by the column, not the screen: beside the staff menu and on a tablet the column is
          narrow, and a select must show its whole choice ("Available and sold out"). */}
      <div className="@container">
        <div role="search" className="grid gap-2 @lg:grid-cols-2 @3xl:grid-cols-[minmax(0,1fr)_auto_auto]">
          <div className="relative @lg:col-span-2 @3xl:col-span-1">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted"
            />
            <input
              type="search"
              aria-label={t('admin.menuPage.search')}
              placeholder={t('admin.menuPage.searchPlaceholder')}
              className={`${inputClass} pl-10`}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
            />
          </div>
          <select
            aria-label={t('admin.menuPage.category')}
            className={inputClass}
            value={category}
            onChange={(e) => setCategory(e.target.value)}
          >
            <option value="">{t('admin.menuPage.allCategories')}</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
            <option value="__none">{t('admin.menuPage.noCategory')}</option>
          </select>
          <select
            aria-label={t('admin.menuPage.availability')}
            className={inputClass}
            value={availability}
            onChange={(e) => setAvailability(e.target.value as AvailabilityFilter)}
          >
            <option value="all">{t('admin.menuPage.allDishes')}</option>
            <option value="available">{t('admin.menuPage.availableOnly')}</option>
            <option value="unavailable">{t('admin.menuPage.soldOutOnly')}</option>
          </select>
        </div>
      </div>
      {products.isPending ? (
        <ListSkeleton />
      ) : products.isError ? (
        <LoadError error={products.error} onRetry={() => void products.refetch()} />
      ) : (
        <>
          <p role="status" className="text-sm text-muted">
            {t('admin.menuPage.count', { count: shown.length, total: products.data.length })}
            {soldOut > 0 ? ` · ${t('admin.menuPage.soldOutCount', { count: soldOut })}` : ''}
          </p>
          {shown.length === 0 ? (
            <p className="rounded-2xl border border-dashed border-line p-6 text-center text-muted">
              {products.data.length === 0 ? t('admin.menuPage.empty') : t('admin.menuPage.noMatch')}
            </p>
          ) : (
            <ul className="flex flex-col gap-2" aria-label={t('admin.menuPage.listLabel')}>
              {shown.map((product) => (
                <ProductRow
                  key={product.id}
                  product={product}
                  venueId={venueId}
                  currency={venue.data?.currency ?? 'eur'}
                  categories={categories}
                  onOpen={() => onOpen(product.id)}
                />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

function ProductRow({
  product,
  venueId,
  currency,
  categories,
  onOpen,
}: {
  product: PublicProduct;
  venueId: string;
  currency: string;
  categories: PublicCategory[];
  onOpen: () => void;
}) {
  const { t, i18n } = useTranslation();
  const setStatus = useSetProductStatus(venueId);
  const errorText = useErrorText();
  const price = displayPrice(product.price, currency, i18n.language);
  const names = product.categories.map((c) => categories.find((k) => k.id === c.id)?.name ?? c.name).join(', ');
  const soldOut = product.status === 'unavailable';
  const toggle = (checked: boolean) => {
    const status: ProductStatus = checked ? 'unavailable' : 'available';
    // mutateAsync: the toast still comes when a filter has already taken the row off the list.
    setStatus.mutateAsync({ id: product.id, status }).then(
      () =>
        notify(t(checked ? 'admin.menuPage.markedSoldOut' : 'admin.menuPage.markedAvailable', { name: product.name }), {
          kind: 'success',
        }),
      (error: unknown) =>
        notify(t('admin.menuPage.statusFailed', { name: product.name, reason: errorText(error) }), { kind: 'error' }),
    );
  };
  return (
    <li
      className={`flex items-center gap-2 rounded-2xl border border-line bg-surface p-2 pr-3 sm:gap-3 ${soldOut ? 'bg-surface-2' : ''}`}
    >
      <button
        type="button"
        onClick={onOpen}
        className="flex min-h-16 min-w-0 flex-1 items-center gap-3 rounded-xl p-1 text-left hover:bg-surface-2"
      >
        <span className={soldOut ? 'opacity-60 grayscale' : ''}>
          <ProductImage image={product.image} fallback={null} size={56} />
        </span>
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="flex items-center gap-1.5 font-semibold">
            <span className="truncate">{product.name}</span>
            {product.recommended ? (
              <Star
                role="img"
                aria-label={t('product.recommended')}
                className="size-4 shrink-0 fill-current text-brand"
                strokeWidth={0}
              />
            ) : null}
          </span>
          <span className="flex flex-wrap items-center gap-x-2 text-sm text-muted">
            <span className="font-medium text-fg tabular-nums">{price ?? t('product.askForPrice')}</span>
            {names ? <span className="truncate">{names}</span> : null}
            {soldOut ? (
              <span className="rounded-full bg-red-100 px-2 text-xs font-semibold text-red-800 dark:bg-red-950 dark:text-red-200">
                {t('admin.menuPage.soldOutBadge')}
              </span>
            ) : null}
          </span>
        </span>
        <ChevronRight aria-hidden="true" className="hidden size-5 shrink-0 text-muted sm:block" />
      </button>
      <div className="flex shrink-0 flex-col items-center">
        <span aria-hidden="true" className="text-xs text-muted">
          {t('admin.menuPage.soldOut')}
        </span>
        <Toggle checked={soldOut} onChange={toggle} label={t('admin.menuPage.soldOutSwitch', { name: product.name })} />
      </div>
    </li>
  );
}

function ListSkeleton() {
  return (
    <ul aria-hidden="true" className="flex flex-col gap-2">
      {[0, 1, 2, 3, 4].map((i) => (
        <li key={i} className="flex items-center gap-3 rounded-2xl border border-line bg-surface p-3">
          <Skeleton className="size-14 rounded-xl" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-4 w-1/3" />
          </div>
          <Skeleton className="h-7 w-12 rounded-full" />
        </li>
      ))}
    </ul>
  );
}
