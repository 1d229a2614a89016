import type { ReactNode } from 'react';
import type { CartLine } from '@carte/domain/cart';
import { chosenDietary } from '@carte/domain/options';
import type { PublicProduct } from '@carte/domain/public-types';
import { ProductCard, type ProductCardVariation } from '../../../components/product/product-card.tsx';
import type { CheckoutPage } from '../lib/checkout-types.ts';

/** A cart line as a product card in its 'cart' (editable) or 'order' (read-only) variation. */
export function CheckoutLineCard({
  page,
  line,
  variation,
  children,
}: {
  page: CheckoutPage;
  line: CartLine;
  variation: Exclude<ProductCardVariation, 'default'>;
  children?: ReactNode;
}) {
  const menuProduct = page.menu.find((p) => p.id === line.product.id);
  const fallback: PublicProduct = {
    id: line.product.id,
    name: line.product.name,
    description: null,
    price: line.product.price,
    image: null,
    status: 'available',
    recommended: false,
    preferences: [],
    allergenes: [],
    categories: [],
    variations: [],
    variationGroups: [],
  };
  // The card's icons are the dish as chosen: an anchovy topping adds fish and drops "vegetarian".
  const chosen = (menuProduct?.variations ?? []).filter((v) => line.variations.some((c) => c.id === v.id));
  const product: PublicProduct = menuProduct ? { ...menuProduct, ...chosenDietary(menuProduct, chosen) } : fallback;
  return (
    <ProductCard
      product={product}
      currency={page.venue.currency}
      defaultImage={page.venue.defaultImage}
      variation={variation}
      headingLevel={3}
      eager
    >
      {children}
    </ProductCard>
  );
}
