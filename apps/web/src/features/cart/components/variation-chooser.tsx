import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Minus, Plus } from 'lucide-react';
import { cartLineUnitPriceMinor, MAX_LINE_QUANTITY } from '@carte/domain/cart';
import { formatPrice, formatPriceDifference, toMinor } from '@carte/domain/money';
import { primaryButton, SheetDialog } from '../../../components/ui/sheet-dialog.tsx';
import type { AddableProduct } from '../hooks/use-cart-actions.ts';

/** Choosing a product's variations: each with its price difference, the total with variations. */
export default function VariationChooser({
  product,
  currency,
  onClose,
  onAdd,
}: {
  product: AddableProduct;
  currency: string;
  onClose: () => void;
  onAdd: (variationIds: string[], quantity: number) => void;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string[]>([]);
  const [quantity, setQuantity] = useState(1);
  const groupId = useId();
  const selected = product.variations.filter((v) => chosen.includes(v.id));
  const unit = cartLineUnitPriceMinor({
    product: { id: product.id, name: product.name, price: product.price },
    variations: selected,
  });
  const total = formatPrice(unit * quantity, currency);
  const toggle = (id: string) => setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));
  const step = 'inline-flex size-11 items-center justify-center rounded-full border border-line disabled:opacity-40';
  return (
    <SheetDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={product.name}
      description={t('cart.chooseVariations')}
      closeLabel={t('dialog.close')}
      footer={
        <div className="flex items-center gap-3">
          <div className="flex items-center gap-1" role="group" aria-label={t('cart.quantity')}>
            <button
              type="button"
              className={step}
              aria-label={t('cart.decrease', { name: product.name })}
              disabled={quantity <= 1}
              onClick={() => setQuantity((q) => Math.max(1, q - 1))}
            >
              <Minus aria-hidden="true" className="size-4" />
            </button>
            <span className="w-7 text-center font-semibold tabular-nums" aria-live="polite">
              {quantity}
            </span>
            <button
              type="button"
              className={step}
              aria-label={t('cart.increase', { name: product.name })}
              disabled={quantity >= MAX_LINE_QUANTITY}
              onClick={() => setQuantity((q) => Math.min(MAX_LINE_QUANTITY, q + 1))}
            >
              <Plus aria-hidden="true" className="size-4" />
            </button>
          </div>
          <button type="button" className={primaryButton} onClick={() => onAdd(chosen, quantity)}>
            {t('cart.addWithTotal', { total })}
          </button>
        </div>
      }
    >
      <fieldset aria-labelledby={`${groupId}-legend`} className="flex flex-col gap-2">
        <legend id={`${groupId}-legend`} className="sr-only">
          {t('cart.variations')}
        </legend>
        {product.variations.map((v) => (
          <label
            key={v.id}
            className="flex min-h-12 cursor-pointer items-center gap-3 rounded-2xl border border-line px-3 has-[:checked]:border-brand has-[:checked]:bg-surface-2"
          >
            <input
              type="checkbox"
              className="size-5 accent-[var(--brand)]"
              checked={chosen.includes(v.id)}
              onChange={() => toggle(v.id)}
            />
            <span className="flex-1">{v.name}</span>
            <span className="text-sm text-muted tabular-nums">
              {formatPriceDifference(toMinor(v.price_variation ?? 0), currency)}
            </span>
          </label>
        ))}
      </fieldset>
      <p className="mt-3 flex justify-between font-semibold">
        <span>{t('cart.totalWithVariations')}</span>
        <span className="tabular-nums">{total}</span>
      </p>
    </SheetDialog>
  );
}
