import { useTranslation } from '../../../i18n/react.tsx';
import { Link } from 'react-router';
import { Receipt, ShoppingBag } from '../../../components/ui/icons.tsx';
import { openCart } from '../hooks/use-cart-actions.ts';
import { signalCartIntent } from '../lib/cart-intent.ts';
import { selectCount, useCartStore } from '../store/cart-store.ts';

/** The header's cart button with its item count (spec sections 2 and 4). */
export function CartButton() {
  const { t } = useTranslation();
  const count = useCartStore(selectCount);
  const label =
    count === 0 ? t('cart.buttonEmpty') : count === 1 ? t('cart.buttonOne') : t('cart.buttonOther', { count });
  return (
    <button
      type="button"
      onClick={openCart}
      onPointerDown={signalCartIntent}
      onPointerEnter={signalCartIntent}
      onFocus={signalCartIntent}
      aria-label={label}
      className="relative inline-flex size-11 items-center justify-center rounded-full text-fg hover:bg-surface-2"
    >
      <ShoppingBag aria-hidden="true" className="size-6" />
      {count > 0 ? (
        <span
          aria-hidden="true"
          className="absolute top-0.5 right-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-brand px-1 text-xs leading-5 font-bold text-brand-contrast tabular-nums"
        >
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </button>
  );
}

/** The header's link to the current order, when there is one. */
export function CurrentOrderLink({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const order = useCartStore((s) => s.order);
  if (!order) return null;
  return (
    <Link
      to={`/${slug}/order?orderId=${encodeURIComponent(order.id)}`}
      aria-label={order.number ? t('cart.currentOrderNumber', { number: order.number }) : t('cart.currentOrder')}
      className="inline-flex size-11 items-center justify-center rounded-full text-fg hover:bg-surface-2"
    >
      <Receipt aria-hidden="true" className="size-6" />
    </Link>
  );
}
