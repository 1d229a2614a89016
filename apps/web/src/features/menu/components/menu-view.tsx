import { Suspense, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/react.tsx';
import type { PublicProduct, PublicVenue } from '@carte/domain/public-types';
import { ProductCard } from '../../../components/product/product-card.tsx';
import { dietarySymbols } from '../../../components/product/dietary-icons.tsx';
import { PLACEHOLDER_SYMBOL } from '../../../components/product/product-image.tsx';
import { IconSprite, Plus, ShoppingBag, Star, type SpriteSymbol } from '../../../components/ui/icons.tsx';
import { groupByCategory, type MenuSection } from '../lib/group-by-category.ts';
import { CategoryChips } from './category-chips.tsx';

/** Cards above the fold on a phone load their images at once; the rest lazily. */
const EAGER_CARDS = 4;
/** Cards React hydrates in one go (see the Suspense boundaries below). */
const HYDRATION_GROUP = 8;

function inGroups<T>(items: readonly T[], size: number): T[][] {
  const groups: T[][] = [];
  for (let i = 0; i < items.length; i += size) groups.push(items.slice(i, i + size));
  return groups;
}

export interface MenuViewProps {
  venue: PublicVenue;
  menu: PublicProduct[];
  /** The add-to-order control of a card, provided by the cart feature (none until it exists). */
  renderProductAction?: (product: PublicProduct) => ReactNode;
  /** How many of a product are in the cart (the cart feature knows; none until it exists). */
  countInCart?: (productId: string) => number;
}

export function MenuView({ venue, menu, renderProductAction, countInCart }: MenuViewProps) {
  const { t } = useTranslation();
  const sections = groupByCategory(menu, venue.categories ?? []);
  const labelOf = (section: MenuSection) => section.category?.name ?? t('menu.other');
  // Categories outside their own hours or paused (architecture 4.10): still shown, said so.
  // (When the whole venue is closed or paused the banner says so once, not on every heading.)
  const venueOpen = venue.availability?.open !== false && !venue.availability?.paused;
  const notServedNow = new Set(
    venueOpen ? (venue.categories ?? []).filter((c) => c.availableNow === false).map((c) => c.id) : [],
  );
  if (sections.length === 0) {
    return <p className="py-12 text-center text-muted">{t('menu.empty')}</p>;
  }
  let cardIndex = 0;
  return (
    <IconSprite symbols={spriteSymbols(venue, menu)}>
      <div className="flex flex-col gap-2">
        <CategoryChips sections={sections} labelOf={labelOf} />
        {sections.map((section) => (
          <section
            key={section.anchor}
            id={section.anchor}
            aria-labelledby={`${section.anchor}-title`}
            className="flex flex-col gap-3 pt-3"
          >
            <h2 id={`${section.anchor}-title`} tabIndex={-1} className="text-lg font-bold outline-none">
              {labelOf(section)}
              {notServedNow.has(section.category?.id ?? '') ? (
                <span className="ml-2 text-sm font-normal text-muted">{t('availability.notNow')}</span>
              ) : null}
            </h2>
            {/* Cards off screen are neither styled, laid out nor painted until they come near it: a
                long menu costs the phone what its first screen costs (their size is remembered). */}
            <div className="flex flex-col gap-3 [&>*]:[contain-intrinsic-size:auto_8rem] [&>*]:[content-visibility:auto]">
              {/* Every few cards are a Suspense boundary (nothing in them suspends): React takes over
                  a server-rendered menu a group at a time, each its own short task, a tapped group
                  at once, instead of the whole menu in one long commit. */}
              {inGroups(section.products, HYDRATION_GROUP).map((group) => (
                <Suspense key={group[0]!.id} fallback={null}>
                  {group.map((product) => (
                    <ProductCard
                      key={product.id}
                      product={product}
                      currency={venue.currency}
                      defaultImage={venue.defaultImage}
                      eager={cardIndex++ === 0 ? 'high' : cardIndex <= EAGER_CARDS}
                      action={renderProductAction?.(product)}
                      inCart={countInCart?.(product.id) ?? 0}
                    />
                  ))}
                </Suspense>
              ))}
            </div>
          </section>
        ))}
      </div>
    </IconSprite>
  );
}

/**
 * The shapes the cards draw many times, written once for the whole menu (ui/icons.tsx): each card
 * then draws references, not paths (a 500-dish menu was 2,000 inline drawings, half its HTML).
 */
function spriteSymbols(venue: PublicVenue, menu: readonly PublicProduct[]): SpriteSymbol[] {
  const symbols: SpriteSymbol[] = [];
  if (!venue.defaultImage && menu.some((p) => !p.image)) symbols.push(PLACEHOLDER_SYMBOL);
  symbols.push(...dietarySymbols(menu.flatMap((p) => [...p.preferences, ...p.allergenes])));
  for (const shape of [Plus, ShoppingBag, Star]) if (shape.symbol) symbols.push(shape.symbol);
  return symbols;
}
