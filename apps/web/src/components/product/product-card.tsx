import { useId, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { ShoppingBag, Star } from '../ui/icons.tsx';
import type { PublicProduct } from '@carte/domain/public-types';
import { NO_ALLERGENS, type ProductSafety } from '@carte/domain/allergens';
import { displayPrice } from '../../lib/money.ts';
import { DietaryIcons } from './dietary-icons.tsx';
import { SafetyNote } from './safety-note.tsx';
import { ProductDescription } from './product-description.tsx';
import { ProductImage } from './product-image.tsx';

/** Spec section 2: the card is shown in the menu (default), in an order recap (order) and in the cart (cart). */
export type ProductCardVariation = 'default' | 'order' | 'cart';

export interface ProductCardProps {
  product: PublicProduct;
  currency: string;
  /** The venue's default image, second in the image fallback chain. */
  defaultImage?: string | null;
  variation?: ProductCardVariation;
  /** Load the image at once (cards above the fold; 'high' for the first one); the others load lazily. */
  eager?: boolean | 'high';
  headingLevel?: 2 | 3 | 4;
  /**
   * The add-to-order control, shown in the default variation only. The cart feature provides it;
   * without it no button is rendered (never a dead control).
   */
  action?: ReactNode;
  /** Extra rows for the order and cart variations (selected variations, quantity, line total). */
  children?: ReactNode;
  /** How many of this product the guest has in the cart: a badge in the default variation when above 0. */
  inCart?: number;
  /** The allergy filter's verdict for this dish (menu page, with a profile): unsafe dims the card with the reasons. */
  safety?: ProductSafety | null;
}

const IMAGE_PX: Record<ProductCardVariation, number> = { default: 96, order: 64, cart: 64 };

export function ProductCard({
  product,
  currency,
  defaultImage,
  variation = 'default',
  eager = false,
  headingLevel = 3,
  action,
  children,
  inCart = 0,
  safety = null,
}: ProductCardProps) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const Heading = `h${headingLevel}` as const;
  const price = displayPrice(product.price, currency, i18n.language);
  // `none` (no allergen of the 14) is the venue's statement for the allergy filter, not an icon.
  const dietary = [...product.preferences, ...product.allergenes.filter((a) => a !== NO_ALLERGENS)];
  const showDescription = variation !== 'order' && Boolean(product.description);
  const isDefault = variation === 'default';
  return (
    <article
      aria-labelledby={headingId}
      data-variation={variation}
      data-safety={safety?.verdict}
      className={`flex gap-3 rounded-2xl border border-line bg-surface p-3 ${safety?.verdict === 'unsafe' ? 'opacity-70' : ''}`}
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <Heading id={headingId} className="text-base leading-snug font-bold text-fg">
          {product.name}
        </Heading>
        {showDescription && product.description ? (
          // The cart's recap stays compact: the whole text is one tap away on the menu.
          <ProductDescription
            text={product.description}
            lines={variation === 'cart' ? 1 : 2}
            expandable={variation === 'default'}
          />
        ) : null}
        <DietaryIcons ids={dietary} />
        {safety ? <SafetyNote safety={safety} /> : null}
        <div className="mt-auto flex flex-wrap items-center gap-x-2 gap-y-1 pt-1">
          {price ? (
            <span className="font-semibold tabular-nums text-fg">{price}</span>
          ) : (
            <span className="text-sm font-medium text-muted italic">{t('product.askForPrice')}</span>
          )}
          {isDefault && inCart > 0 ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-brand px-2 py-0.5 text-xs font-semibold text-brand-contrast tabular-nums">
              <ShoppingBag aria-hidden="true" className="size-3" />
              {t('product.inCart', { count: inCart })}
            </span>
          ) : null}
          {isDefault && product.recommended ? (
            <span className="inline-flex items-center gap-1 rounded-full border border-line px-2 py-0.5 text-xs font-medium text-muted">
              <Star aria-hidden="true" className="size-3 fill-current text-brand" strokeWidth={0} />
              {t('product.recommended')}
            </span>
          ) : null}
        </div>
        {children}
      </div>
      <div className="flex shrink-0 flex-col items-end justify-between gap-2">
        <ProductImage image={product.image} fallback={defaultImage} size={IMAGE_PX[variation]} eager={eager} />
        {isDefault && action ? action : null}
      </div>
    </article>
  );
}
