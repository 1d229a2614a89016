import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../../i18n/react.tsx';
import { Plus } from '../../../components/ui/icons.tsx';
import { useCartActions, type AddableProduct } from '../hooks/use-cart-actions.ts';

const VariationChooser = lazy(() => import('./variation-chooser.tsx'));

/**
 * The add-to-order button of a product card (at least 44 px). A product with options (variations or
 * option groups) opens the chooser, where the guest also writes a note for the kitchen; a product
 * without options is added in one tap; a product without price cannot be added (no button).
 */
export function ProductAddControl({
  product,
  currency,
  compact = false,
}: {
  product: AddableProduct;
  currency: string;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const { addItem } = useCartActions();
  const [choosing, setChoosing] = useState(false);
  if (typeof product.price !== 'number') return null;
  const hasVariations = product.variations.length > 0 || (product.variationGroups?.length ?? 0) > 0;
  return (
    <>
      <button
        type="button"
        aria-label={t('cart.addNamed', { name: product.name })}
        aria-haspopup={hasVariations ? 'dialog' : undefined}
        onClick={() => (hasVariations ? setChoosing(true) : addItem(product, [], 1))}
        className={`inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-full bg-brand font-semibold text-brand-contrast shadow-sm active:scale-95 ${compact ? 'px-2' : 'px-3'}`}
      >
        <Plus aria-hidden="true" className="size-5" />
        {compact ? null : <span className="text-sm">{t('cart.add')}</span>}
      </button>
      {choosing ? (
        <Suspense fallback={null}>
          <VariationChooser
            product={product}
            currency={currency}
            onClose={() => setChoosing(false)}
            onAdd={(ids, quantity, notes) => {
              if (addItem(product, ids, quantity, notes)) setChoosing(false);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
