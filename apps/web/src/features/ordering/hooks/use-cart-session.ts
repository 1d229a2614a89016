import { useEffect, useLayoutEffect } from 'react';
import { revalidateSpot, shouldAskDeliveryOrTable, spotFromQuery } from '@carte/domain/spot';
import { useCartStore, type SpotVenueLike } from '../store/cart-store.ts';

/**
 * On load (spec section 4): the stored state of another venue, or after 2 hours of inactivity,
 * or with an order older than 2 hours, is reset; a `?spot=` that is one of the venue's spots (or
 * 'delivery' for a venue with delivery) is taken; a stored spot the venue no longer has is cleared;
 * the order-bar rule opens the delivery-or-table dialog when nothing is chosen yet.
 */
export function useCartSession(
  slug: string,
  venue: SpotVenueLike | undefined,
  spotQuery: string | null,
  askDeliveryOrSpot = true,
) {
  // Before the first paint of the header's count.
  useLayoutEffect(() => {
    useCartStore.getState().syncVenue(slug);
    // A phone left on the table for hours: check again when the page comes back.
    const onVisible = () => {
      if (document.visibilityState === 'visible') useCartStore.getState().syncVenue(slug);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [slug]);

  useEffect(() => {
    if (!venue) return;
    const s = useCartStore.getState();
    const fromQuery = spotFromQuery(venue, spotQuery);
    const spot = fromQuery ?? revalidateSpot(venue, { spot: s.spot, delivery: s.delivery });
    if (spot.spot !== s.spot || spot.delivery !== s.delivery) s.setSpotState(spot);
    if (askDeliveryOrSpot && !s.askedDeliveryOrSpot && shouldAskDeliveryOrTable(venue, spot, Boolean(s.order))) {
      s.markAsked();
      if (!s.dialog) s.openDialog('deliveryOrSpot');
    }
  }, [venue, spotQuery, askDeliveryOrSpot]);
}
