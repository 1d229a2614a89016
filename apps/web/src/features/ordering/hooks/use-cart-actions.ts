import { useCallback, useMemo } from 'react';
import { useTranslation } from '../../../i18n/react.tsx';
import { cartToOrderItems, lineKey, type CartLine, type CartVariation } from '@carte/domain/cart';
import { choiceProblems } from '@carte/domain/options';
import type { PublicProduct } from '@carte/domain/public-types';
import { notify } from '../../../lib/toast.ts';
import { useCartStore, type CartChange } from '../store/cart-store.ts';

/**
 * What the cart needs of a product: the public API shape is enough. Its groups decide which choices
 * can be added; its dietary tags head the chooser.
 */
export type AddableProduct = Pick<PublicProduct, 'id' | 'name' | 'price' | 'variations'> &
  Partial<Pick<PublicProduct, 'variationGroups' | 'preferences' | 'allergenes'>>;

export interface CartActions {
  /**
   * Adds `quantity` of the product with the chosen variation ids and the guest's note for the kitchen,
   * and shows a toast with Undo. Returns false when the product cannot be added: no price, a bad
   * quantity, an unknown option, a choice that breaks one of its groups (a required size left open,
   * two sizes) or a note over ITEM_NOTES_MAX_LENGTH characters.
   */
  addItem: (
    product: AddableProduct,
    variationIds?: readonly string[],
    quantity?: number,
    notes?: string | null,
  ) => boolean;
  /**
   * Removes `quantity` (or the whole line) of the product with exactly this variation set; toast with
   * Undo. The assistant does not know the guest's notes: without a line of that exact key, the only
   * line of that product and variation set is meant, whatever its note.
   */
  removeItem: (productId: string, variationIds?: readonly string[], quantity?: number) => boolean;
  /** Sets a line's quantity (0 or less removes it); toast with Undo on removal. */
  setLineQuantity: (key: string, quantity: number) => void;
  /** Removes a line by its key; toast with Undo. */
  removeLine: (key: string) => void;
  /** The header cart button's action (spec section 4): the recap with a spot, else table selection. */
  openCart: () => void;
  /** The cart as POST /api/order and POST /api/chat want it. */
  getItems: () => { productId: string; variationIds: string[]; quantity: number; notes?: string }[];
}

function pickVariations(product: AddableProduct, ids: readonly string[]): CartVariation[] | null {
  const chosen: CartVariation[] = [];
  for (const id of new Set(ids)) {
    const v = product.variations.find((x) => x.id === id);
    if (!v) return null;
    chosen.push({ id: v.id, name: v.name, price_variation: v.price_variation ?? 0 });
  }
  return chosen;
}

/** The line of this product and variation set: the one without a note, else the only one with a note. */
function findLine(
  lines: readonly CartLine[],
  productId: string,
  variationIds: readonly string[],
): CartLine | undefined {
  const key = lineKey(productId, variationIds);
  const exact = lines.find((l) => l.key === key);
  if (exact) return exact;
  const ids = [...new Set(variationIds)].sort().join('\n');
  const same = lines.filter(
    (l) => l.product.id === productId && [...new Set(l.variations.map((v) => v.id))].sort().join('\n') === ids,
  );
  return same.length === 1 ? same[0] : undefined;
}

/** Opens the cart the way the header button does (usable outside React, e.g. by the chat). */
export function openCart(): void {
  const s = useCartStore.getState();
  if (s.spot) {
    s.openDialog('displayOrder');
  } else {
    s.setOrderPending(true);
    s.openDialog('selectSpot');
  }
}

export function useCartActions(): CartActions {
  const { t } = useTranslation();

  const undoToast = useCallback(
    (message: string, change: CartChange) => {
      if (change.kind === 'none') return;
      notify(message, {
        action: { label: t('cart.undo'), onClick: () => useCartStore.getState().revert(change) },
      });
    },
    [t],
  );

  const addItem = useCallback<CartActions['addItem']>(
    (product, variationIds = [], quantity = 1, notes = null) => {
      if (typeof product.price !== 'number') return false;
      const variations = pickVariations(product, variationIds);
      if (!variations) return false;
      if (choiceProblems(product, variationIds).length > 0) {
        notify(t('cart.chooseOptionsFirst', { name: product.name }), { kind: 'error' });
        return false;
      }
      try {
        const change = useCartStore
          .getState()
          .add({ id: product.id, name: product.name, price: product.price }, variations, quantity, notes);
        undoToast(t('cart.added', { name: product.name, count: quantity }), change);
        return true;
      } catch {
        notify(t('cart.cannotAdd'), { kind: 'error' });
        return false;
      }
    },
    [t, undoToast],
  );

  const removeLine = useCallback(
    (key: string) => {
      const line = useCartStore.getState().cart.lines.find((l) => l.key === key);
      if (!line) return;
      undoToast(t('cart.removed', { name: line.product.name }), useCartStore.getState().remove(key));
    },
    [t, undoToast],
  );

  const removeItem = useCallback<CartActions['removeItem']>(
    (productId, variationIds = [], quantity) => {
      const line = findLine(useCartStore.getState().cart.lines, productId, variationIds);
      if (!line) {
        notify(t('cart.notInCart'), { kind: 'error' });
        return false;
      }
      try {
        const change = useCartStore.getState().remove(line.key, quantity);
        undoToast(t('cart.removed', { name: line.product.name }), change);
        return true;
      } catch {
        return false;
      }
    },
    [t, undoToast],
  );

  const setLineQuantity = useCallback(
    (key: string, quantity: number) => {
      const line = useCartStore.getState().cart.lines.find((l) => l.key === key);
      if (!line) return;
      try {
        const change = useCartStore.getState().setQuantity(key, quantity);
        if (quantity <= 0) undoToast(t('cart.removed', { name: line.product.name }), change);
      } catch {
        // Above the line limit: nothing changes.
      }
    },
    [t, undoToast],
  );

  return useMemo(
    () => ({
      addItem,
      removeItem,
      setLineQuantity,
      removeLine,
      openCart,
      getItems: () => cartToOrderItems(useCartStore.getState().cart),
    }),
    [addItem, removeItem, setLineQuantity, removeLine],
  );
}
